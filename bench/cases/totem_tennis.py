"""Totem Tennis bench: one tap a rally, games to ten."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game


def _deal(rng: random.Random) -> dict:
    return {"side": rng.randrange(2), "points": 1}


def cases() -> list[Case]:
    game = get_game("totem-tennis")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(67), count=40, table=Table((0, 1))
    )
    return [Case(name="totem-tennis: rallies", game=game, deals=deals, matches=matches)]
