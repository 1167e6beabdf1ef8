"""Machiavelli bench: the one game entered with its final table (four players, six
to ten melds checked against 104 cards), folded as one-deal matches."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table((0, 1, 2, 3))
MELDS = [
    "7H 7D 7C",
    "QS KS AS",
    "AH 2H 3H 4H",
    "9C 9D 9S 9H",
    "5D 6D 7D 8D 9D",
    "JC QC KC",
    "2S 3S 4S",
    "10H 10D 10C",
    "6C 7C 8C",
    "4D 4S 4C",
]


def _deal(rng: random.Random) -> dict:
    return {"winner": rng.randrange(4), "table": rng.sample(MELDS, rng.randint(6, 10))}


def cases() -> list[Case]:
    game = get_game("machiavelli")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(1), count=200, table=TABLE
    )
    return [Case(name="machiavelli: deals", game=game, deals=deals, matches=matches)]
