"""Rymypallo bench: matches of twelve goals and the whistle."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game


def cases() -> list[Case]:
    game = get_game("rymypallo")
    rng = random.Random(73)

    def goal(rng: random.Random) -> dict:
        raw: dict = {"by": rng.randrange(2)}
        if rng.random() < 1 / 12:
            raw["end"] = True
        return raw

    deals, matches = played_matches(
        game, goal, rng=rng, count=60, table=Table((0, 1)), most_deals=30
    )
    return [Case(name="rymypallo: goals", game=game, deals=deals, matches=matches)]
