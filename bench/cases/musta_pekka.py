"""Musta Pekka bench: games at a table of four entered as places (with ties, one
left with the joker), the winner or the loser; matches of ten games."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.cases.musta_maija import tied_places
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table(tuple(range(4)))
OPTIONS = {"games": 10}


def _deal(rng: random.Random) -> dict:
    roll = rng.random()
    if roll < 0.2:
        return {"mode": "winner", "winner": rng.randrange(4)}
    if roll < 0.4:
        return {"mode": "loser", "loser": rng.randrange(4)}
    return {"places": tied_places(rng, 4)}


def cases() -> list[Case]:
    game = get_game("musta-pekka")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(35), count=20, table=TABLE, options=OPTIONS
    )
    return [Case(name="musta-pekka: games", game=game, deals=deals, matches=matches)]
