"""Merirosvo bench: two players; the defender aims at open sectors (his bulls
close one of his choice), the attacker at open sectors too; both halves."""

from __future__ import annotations

import random
from typing import Any

from bench.cases.round_the_clock import aimed_dart, dart_matches
from bench.engine import Case
from games.engine import Table


def cases() -> list[Case]:
    def turn(rng: random.Random, state: Any) -> dict:
        open_sectors = [s for s in range(1, 21) if s not in state.closed]
        darts = [aimed_dart(rng, rng.choice(open_sectors)) for _ in range(3)]
        if state.thrower != state.defender:
            return {"darts": darts}
        chosen = []
        left = list(open_sectors)
        for dart in darts:
            if dart in ("OB", "IB"):
                choice = rng.choice(left) if left else 1
                chosen.append(choice)
            elif dart != "M":
                choice = int(dart.lstrip("DT"))
            else:
                continue
            left = [s for s in left if s != choice]
        return {"darts": darts, "bull_closes": chosen} if chosen else {"darts": darts}

    return [dart_matches("merirosvo", turn, seed=60, count=40, tables=[Table((0, 1))])]
