"""Screw Misere bench: games to 100 minus as a club enters them — tricks per side
and where the four aces fell — with the choice entered where it is open."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import get_game
from games.rules.screw_misere import choice_open

SUITS = ("AS", "AH", "AD", "AC")


def _deal(rng: random.Random) -> tuple[dict, tuple[int, int]]:
    seats = [rng.randrange(4) for _ in range(13)]
    tricks = rng.sample(range(1, 14), 4)
    per_side = [sum(1 for s in seats if s % 2 == side) for side in (0, 1)]
    normal = tuple(
        per_side[side] + sum(t for t in tricks if seats[t - 1] % 2 == side)
        for side in (0, 1)
    )
    raw = {
        "tricks": per_side,
        "aces": [
            {"card": card, "trick": t, "seat": seats[t - 1]}
            for card, t in zip(SUITS, tricks, strict=True)
        ],
    }
    return raw, normal


def cases() -> list[Case]:
    game = get_game("screw-misere")
    rng = random.Random(19)
    deals = []
    matches = []
    for _ in range(100):
        state = game.start({})
        raws = []
        while not state.finished:
            raw, normal = _deal(rng)
            if choice_open(state.totals, normal, 100):
                raw["choice"] = rng.choice(["normal", "protected"])
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [Case(name="screw-misere: deals", game=game, deals=deals, matches=matches)]
