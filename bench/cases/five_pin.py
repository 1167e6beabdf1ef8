"""5 Pin Billiards bench: shot by shot (hits, pins, misses, own ball in the pins) in
a match to two frames of 60."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table((0, 1))
OPTIONS = {"frames": 2}


def _deal(rng: random.Random) -> dict:
    missed = rng.random() < 0.1
    centre, boundary = rng.random() < 0.3, rng.randrange(5)
    return {
        "mode": "shot",
        "target": "none" if missed else rng.choice(["none", "own", "opponent"]),
        "centre_pin": centre,
        "boundary_pins": boundary,
        "missed": missed,
        "own_ball_pins": (centre or boundary > 0) and rng.random() < 0.05,
    }


def cases() -> list[Case]:
    game = get_game("five-pin")
    deals, matches = played_matches(
        game,
        _deal,
        rng=random.Random(79),
        count=20,
        table=TABLE,
        options=OPTIONS,
        most_deals=400,
    )
    return [Case(name="five-pin: shots", game=game, deals=deals, matches=matches)]
