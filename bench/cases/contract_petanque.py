"""Contract Petanque bench: games of ten rounds for three, every contract level,
a fleer now and then, the declarer's ball points at random."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import DealRejected, Table, get_game

TABLE = Table((0, 1, 2))


def _round(rng: random.Random) -> dict:
    declarer = rng.randrange(3)
    contract = rng.choice(("plain", "plain", "doubled", "redoubled"))
    deal = {
        "declarer": declarer,
        "bid": rng.randint(1, 3),
        "contract": contract,
        "ball_points": rng.randint(0, 5),
    }
    if contract != "plain" and rng.random() < 0.3:
        deal["fled"] = rng.choice([s for s in range(3) if s != declarer])
    return deal


def cases() -> list[Case]:
    game = get_game("contract-petanque")
    rng = random.Random(64)
    deals, matches = [], []
    for _ in range(20):
        state = game.start({}, TABLE)
        raws = []
        while not state.finished:
            raw = _round(rng)
            try:  # the last round's far-behind rule refuses some: draw again
                score = game.score(state, raw)
            except DealRejected:
                continue
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, score)
        matches.append(({}, raws))
    return [
        Case(name="contract-petanque: rounds", game=game, deals=deals, matches=matches)
    ]
