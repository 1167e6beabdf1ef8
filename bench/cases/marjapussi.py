"""Marjapussi bench: random pips, announcements and sweeps, folded to exactly 12."""

from __future__ import annotations

import random

from bench.engine import Case
from games.rules.marjapussi import Marjapussi

SUITS = ("S", "H", "D", "C")


def _deal(rng: random.Random) -> dict:
    if rng.random() < 0.05:  # a sweep: side 1 goes to Porvoo
        return {"last_trick": 0, "pips": [120, 0], "no_tricks": 1}
    pips = rng.randint(0, 120)
    raw: dict = {"last_trick": rng.randint(0, 1), "pips": [pips, 120 - pips]}
    if rng.random() < 0.7:
        suits = rng.sample(SUITS, rng.randint(1, 4))
        raw["trumps"], raw["trumps_by"] = suits[0], rng.randint(0, 1)
        little: list[list[str]] = [[], []]
        for suit in suits[1:]:
            little[rng.randint(0, 1)].append(suit)
        raw["little_ones"] = little
    return raw


def cases() -> list[Case]:
    game = Marjapussi()
    rng = random.Random(7)
    deals = []
    matches = []
    for i in range(100):
        options = {"both_twelve": ("draw", "last_trick", "play_on")[i % 3]}
        state = game.start(options)
        raws = []
        while not state.finished and len(raws) < 200:
            raw = _deal(rng)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append((options, raws))
    return [Case(name="marjapussi: deals", game=game, deals=deals, matches=matches)]
