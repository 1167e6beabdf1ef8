"""9-ball bench: one tap a frame for its winner, teams of two; races to five."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table((0, 1, 0, 1))
OPTIONS = {"frames": 5}


def _deal(rng: random.Random) -> dict:
    return {"side": rng.randrange(2), "points": 1}


def cases() -> list[Case]:
    game = get_game("nine-ball")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(78), count=40, table=TABLE, options=OPTIONS
    )
    return [Case(name="nine-ball: frames", game=game, deals=deals, matches=matches)]
