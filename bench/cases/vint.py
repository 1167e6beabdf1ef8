"""Vint bench: trick-count entry with the honours held (counts per side, now and then
a hand of aces or a sequence), one deal in ten all-pass, scored against the state of
real rubbers."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import get_game

STRAINS = ("spades", "clubs", "diamonds", "hearts", "no_trump")


def _deal(rng: random.Random) -> dict:
    if rng.random() < 0.1:
        return {"all_pass": True}
    declarer = rng.randrange(4)
    side = declarer % 2
    level = rng.choice((1, 2, 2, 3, 3, 4, 5, 6, 7))
    taken = min(13, max(0, level + 6 + rng.choice((-2, -1, 0, 0, 1, 2))))
    tricks = [0, 0]
    tricks[side], tricks[1 - side] = taken, 13 - taken
    strain = rng.choice(STRAINS)
    aces = rng.randint(0, 4)
    raw: dict = {
        "strain": strain,
        "level": level,
        "declarer": declarer,
        "tricks": tricks,
        "aces": [aces, 4 - aces],
    }
    if strain != "no_trump":
        trumps = rng.randint(0, 5)
        raw["trumps"] = [trumps, 5 - trumps]
        if trumps >= 3 and aces >= 1 and rng.random() < 0.3:
            raw["sequences"] = [{"seat": 2, "suit": strain, "length": 3}]
    if aces >= 3 and rng.random() < 0.3:
        raw["aces_in_hand"] = [{"seat": 2, "aces": 3}]
    raw["first_to_game"] = side
    return raw


def cases() -> list[Case]:
    game = get_game("vint")
    rng = random.Random(18)
    deals = []
    matches = []
    for _ in range(80):
        state = game.start()
        raws = []
        while not state.finished:
            raw = _deal(rng)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [
        Case(
            name="vint: deals",
            game=game,
            deals=deals,
            matches=matches,
            target_per_second=50_000,
        )
    ]
