"""Umtali bench: hands entered as both sides' melds (sets, sequences, a marriage,
singles), scored against real four-hand matches."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table((0, 1))
MELDS = [
    "5H 6H 7H",
    "KC QC",
    "JD",
    "2S 2D 2C",
    "9S 9D 9C",
    "AH",
    "4D",
    "10S",
    "3C 4C 5C 6C",
    "QH KH",
    "JS",
    "7S 7D",
]


def _deal(rng: random.Random) -> dict:
    chosen = rng.sample(MELDS, 10)
    cut = rng.randint(2, 8)
    return {"sides": [{"melds": chosen[:cut]}, {"melds": chosen[cut:]}]}


def cases() -> list[Case]:
    game = get_game("umtali")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(1), count=40, table=TABLE
    )
    return [Case(name="umtali: deals", game=game, deals=deals, matches=matches)]
