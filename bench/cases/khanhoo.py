"""Khanhoo bench: hands entered as each player's melds (three players; the one out
with fifteen cards in five catalogue melds, the others one or two, some with the
joker), scored against real matches to 50 points."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table((0, 1, 2))
OUT = ["AH 2S 3D", "KC 9H 9H", "JC QC KC", "5H 5S 5D", "6H 7H 8H"]
OTHERS = [
    "QC 8S 8S",
    "AS AD Jo",
    "4H 4S 4D",
    "2D 3D 4D 5D",
    "JC 7D 7D",
    "5S 6S 7S",
    "2H 2S 2D",
]


def _deal(rng: random.Random) -> dict:
    out = rng.randrange(3)
    chosen = rng.sample(OTHERS, 4)
    players = [{"melds": chosen[:2]}, {"melds": chosen[2:]}]
    players.insert(out, {"melds": OUT})
    return {"went_out": out, "players": players}


def cases() -> list[Case]:
    game = get_game("khanhoo")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(1), count=20, table=TABLE
    )
    return [Case(name="khanhoo: deals", game=game, deals=deals, matches=matches)]
