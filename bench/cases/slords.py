"""Slords bench: rounds entered as each player's sets (three players, 0–3 sets each
from the 50 cards and the joker), scored against real matches to 50 points."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table((0, 1, 2))
SETS = [
    "9D 10D JD",
    "4H 5H 6H",
    "QH Jo AH",
    "7S 7C 7H",
    "KS AS 2S",
    "2D 2C 2H",
    "5D 5C 5S",
    "8H 8D 8C",
    "JC QC 10C",
]


def _deal(rng: random.Random) -> dict:
    chosen = rng.sample(SETS, 6)
    players, start = [], 0
    for _ in range(3):
        n = rng.randint(0, 2)
        players.append({"sets": chosen[start : start + n]})
        start += n
    return {"players": players}


def cases() -> list[Case]:
    game = get_game("slords")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(1), count=20, table=TABLE
    )
    return [Case(name="slords: deals", game=game, deals=deals, matches=matches)]
