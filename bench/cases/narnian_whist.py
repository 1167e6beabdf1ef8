"""Narnian Whist bench: six-deal matches with a 30-card deck (7 tricks), each
player attacking once before the seat swap and once after it."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import get_game


def _match(rng: random.Random) -> list[dict]:
    order = [*rng.sample(range(3), 3), *rng.sample(range(3), 3)]
    took = [rng.randint(0, 7) for _ in order]
    return [
        {"attacker": a, "tricks": [t, 7 - t]} for a, t in zip(order, took, strict=True)
    ]


def cases() -> list[Case]:
    game = get_game("narnian-whist")
    rng = random.Random(5)
    matches = [({}, _match(rng)) for _ in range(100)]
    deals = []
    for _, raws in matches:
        state = game.start({})
        for raw in raws:
            deals.append((state, raw))
            state = game.advance(state, game.score(state, raw))
    return [Case(name="narnian-whist: deals", game=game, deals=deals, matches=matches)]
