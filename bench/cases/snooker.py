"""Snooker bench: frames entered as the two scores (sometimes with foul points or a
concession); matches to three frames won."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table((0, 1))
OPTIONS = {"frames": 3}


def _deal(rng: random.Random) -> dict:
    a, b = rng.sample(range(0, 74), 2)
    frame: dict = {"points": [a + 4, b], "foul_points": [4, 0]}
    # a frame under 42 from balls was given up (§77.3 l.4179: it ends otherwise
    # only when every ball is pocketed)
    if a + b < 42 or rng.random() < 0.3:
        frame["conceded_by"] = 0 if a + 4 < b else 1
    return frame


def cases() -> list[Case]:
    game = get_game("snooker")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(77), count=40, table=TABLE, options=OPTIONS
    )
    return [Case(name="snooker: frames", game=game, deals=deals, matches=matches)]
