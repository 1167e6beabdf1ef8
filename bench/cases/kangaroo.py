"""Kangaroo bench: two to four players, turns aimed at the number each tries, with
the bull finish, until someone finishes."""

from __future__ import annotations

import random
from typing import Any

from bench.cases.round_the_clock import aimed_dart, dart_matches
from bench.engine import Case
from games.engine import Table


def cases() -> list[Case]:
    def turn(rng: random.Random, state: Any) -> dict:
        target = state.totals[state.thrower] + 1
        if target > 20:
            return {"darts": [rng.choice(["OB", "IB", "M", "M", "20"]) for _ in "abc"]}
        return {"darts": [aimed_dart(rng, target) for _ in range(3)]}

    return [
        dart_matches(
            "kangaroo",
            turn,
            seed=59,
            count=40,
            tables=[Table((0, 1)), Table((0, 1, 2)), Table((0, 1, 2, 3))],
            options={"bull_finish": True},
        )
    ]
