"""Finnish dartboard bench: two to four players, ten rounds of five rings."""

from __future__ import annotations

import random
from typing import Any

from bench.cases.round_the_clock import dart_matches
from bench.engine import Case
from games.engine import Table


def cases() -> list[Case]:
    def turn(rng: random.Random, state: Any) -> dict:
        return {"darts": [min(10, max(0, round(rng.gauss(6, 3)))) for _ in range(5)]}

    return [
        dart_matches(
            "finnish-dartboard",
            turn,
            seed=57,
            count=40,
            tables=[Table((0, 1)), Table((0, 1, 2)), Table((0, 1, 2, 3))],
        )
    ]
