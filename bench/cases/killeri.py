"""Killeri bench: three to six players after the draw, turns aimed at the thrower's
own sector (or, for a killer, at another player's), until one is left."""

from __future__ import annotations

import random
from typing import Any

from bench.cases.round_the_clock import aimed_dart, dart_matches
from bench.engine import Case
from games.engine import Table

SECTORS = [20, 3, 11, 6, 16, 9]


def cases() -> list[Case]:
    def turn(rng: random.Random, state: Any) -> dict:
        me = state.thrower
        live = [s for s in range(len(state.table.seats)) if s not in state.out]
        if state.scores[me] == 5:
            aim = state.sectors[rng.choice([s for s in live if s != me])]
        else:
            aim = state.sectors[me]
        return {"darts": [aimed_dart(rng, aim) for _ in range(3)]}

    return [
        dart_matches(
            "killeri",
            turn,
            seed=61,
            count=40,
            tables=[Table(tuple(range(n))) for n in (3, 4, 5, 6)],
            first={"mode": "draw", "own_sectors": SECTORS},
        )
    ]
