"""Curling bench: matches of eight ends between two teams, each end one tap —
a team's 1–3 points (now and then 4) or a blank end — the hammer carried."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table((0, 1))


def _end(rng: random.Random) -> dict:
    if rng.random() < 0.2:
        return {}
    return {"side": rng.randrange(2), "points": rng.choice((1, 1, 2, 2, 3, 4))}


def cases() -> list[Case]:
    game = get_game("curling")
    deals, matches = played_matches(
        game, _end, rng=random.Random(76), count=20, table=TABLE
    )
    return [Case(name="curling: ends", game=game, deals=deals, matches=matches)]
