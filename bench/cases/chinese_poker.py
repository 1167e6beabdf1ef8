"""Chinese Poker bench: hands at a table of four entered as each player's place;
matches of ten hands scored by places."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table(tuple(range(4)))
OPTIONS = {"hands": 10, "scoring": "places"}


def _deal(rng: random.Random) -> dict:
    return {"places": rng.sample(range(1, 5), 4)}


def cases() -> list[Case]:
    game = get_game("chinese-poker")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(24), count=20, table=TABLE, options=OPTIONS
    )
    return [Case(name="chinese-poker: hands", game=game, deals=deals, matches=matches)]
