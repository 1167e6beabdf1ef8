"""Tuomas's Petanque bench: matches to 13 between two teams of two (up to six
balls a team), a round one tap: a team's 1–4 points or a blank round."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table((0, 1, 0, 1))


def _round(rng: random.Random) -> dict:
    if rng.random() < 0.1:
        return {}
    return {"side": rng.randrange(2), "points": rng.choice((1, 1, 2, 2, 3, 4))}


def cases() -> list[Case]:
    game = get_game("tuomas-petanque")
    deals, matches = played_matches(
        game, _round, rng=random.Random(63), count=20, table=TABLE
    )
    return [
        Case(name="tuomas-petanque: rounds", game=game, deals=deals, matches=matches)
    ]
