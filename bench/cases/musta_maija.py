"""Musta Maija bench: games at a table of five entered as places (players out
together sharing a place, one loser) or only the loser; matches of ten games."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table(tuple(range(5)))
OPTIONS = {"games": 10}


def tied_places(rng: random.Random, players: int) -> list[int]:
    """A random finishing order with some players out together, one last."""
    order = rng.sample(range(players), players)
    places = [0] * players
    k = 0
    while k < players - 1:
        size = rng.choice((1, 1, 2)) if k < players - 2 else 1
        for seat in order[k : k + size]:
            places[seat] = k + 1
        k += size
    places[order[-1]] = players
    return places


def _deal(rng: random.Random) -> dict:
    if rng.random() < 0.3:
        return {"mode": "loser", "loser": rng.randrange(5)}
    return {"places": tied_places(rng, 5)}


def cases() -> list[Case]:
    game = get_game("musta-maija")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(34), count=20, table=TABLE, options=OPTIONS
    )
    return [Case(name="musta-maija: games", game=game, deals=deals, matches=matches)]
