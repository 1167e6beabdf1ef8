"""Valepaska bench: games at a table of six entered as a finishing order, or the
winner and the loser; matches of ten games."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table(tuple(range(6)))
OPTIONS = {"games": 10}


def _deal(rng: random.Random) -> dict:
    if rng.random() < 0.3:
        winner, loser = rng.sample(range(6), 2)
        return {"mode": "winner_loser", "winner": winner, "loser": loser}
    return {"places": rng.sample(range(1, 7), 6)}


def cases() -> list[Case]:
    game = get_game("valepaska")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(40), count=20, table=TABLE, options=OPTIONS
    )
    return [Case(name="valepaska: games", game=game, deals=deals, matches=matches)]
