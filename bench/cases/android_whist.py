"""Android Whist bench: random trick counts, folded as matches to 5 at two."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import get_game


def cases() -> list[Case]:
    game = get_game("android-whist")
    rng = random.Random(4)
    deals = []
    matches = []
    for _ in range(100):
        state = game.start({})
        raws = []
        while not state.finished:
            side_0 = min(13, max(0, round(rng.gauss(6.5, 2))))
            raw = {"tricks": [side_0, 13 - side_0]}
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [Case(name="android-whist: deals", game=game, deals=deals, matches=matches)]
