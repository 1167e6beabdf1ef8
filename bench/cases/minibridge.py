"""Tuomas's Minibridge bench: ten-deal matches as a club enters them — a declarer,
one of the fifteen contracts (the low ones more often), and an outcome near the
promise."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import get_game
from games.rules.minibridge import CONTRACTS

LEGAL = [(n, t) for n, ts in CONTRACTS.items() for t in ts]
WEIGHTS = [4 if n == 7 else 2 if n < 12 else 1 for n, _ in LEGAL]


def _deal(rng: random.Random) -> dict:
    contract, trumps = rng.choices(LEGAL, WEIGHTS)[0]
    outcome = min(13, max(0, contract + rng.randint(-3, 2)))
    return {
        "declarer": rng.randrange(3),
        "contract": contract,
        "trumps": trumps,
        "tricks": [outcome, 13 - outcome],
    }


def cases() -> list[Case]:
    game = get_game("minibridge")
    rng = random.Random(11)
    deals = []
    matches = []
    for _ in range(100):
        state = game.start({})
        raws = []
        while not state.finished:
            raw = _deal(rng)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [Case(name="minibridge: deals", game=game, deals=deals, matches=matches)]
