"""Multimulta bench: random trick counts, folded as games and rubbers."""

from __future__ import annotations

import random

from bench.engine import Case
from games.rules.multimulta import Multimulta


def cases() -> list[Case]:
    game = Multimulta()
    rng = random.Random(6)
    deals = []
    matches = []
    for i in range(100):
        options = {"rubber": i % 2 == 1}
        state = game.start(options)
        raws = []
        while not state.finished:
            side_0 = rng.randint(0, 9)
            raw = {"tricks": [side_0, 9 - side_0]}
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append((options, raws))
    return [Case(name="multimulta: deals", game=game, deals=deals, matches=matches)]
