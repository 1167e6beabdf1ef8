"""Seinis bench: games of eight entered drop by drop (who missed the kick), until
one is left; matches of three games."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table(tuple(range(8)))
OPTIONS = {"games": 3}


def cases() -> list[Case]:
    game = get_game("seinis")
    rng = random.Random(66)
    deals: list = []
    matches: list = []
    for _ in range(20):
        state = game.start(OPTIONS, TABLE)
        raws: list = []
        while not state.finished:
            raw = {"out": rng.choice([s for s in range(8) if s not in state.out])}
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append((OPTIONS, raws))
    return [Case(name="seinis: drops", game=game, deals=deals, matches=matches)]
