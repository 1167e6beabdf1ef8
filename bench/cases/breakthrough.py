"""Breakthrough bench: halves of attackers through, three rounds of teams of 10."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

OPTIONS = {"team_sizes": [10, 10], "rounds": 3}


def _deal(rng: random.Random) -> dict:
    return {"points": rng.randrange(11)}


def cases() -> list[Case]:
    game = get_game("breakthrough")
    deals, matches = played_matches(
        game,
        _deal,
        rng=random.Random(74),
        count=40,
        table=Table((0, 1)),
        options=OPTIONS,
    )
    return [Case(name="breakthrough: halves", game=game, deals=deals, matches=matches)]
