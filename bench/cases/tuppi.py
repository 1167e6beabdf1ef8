"""Tuppi bench: realistic deals (mostly rami, some nolo and sooli, a few with the
bidding recorded or conceded) scored against the state of a real match."""

from __future__ import annotations

import random

from bench.engine import Case
from games.rules.tuppi import Tuppi

BID_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "A")


def _deal(rng: random.Random, dealer: int, rising: int | None) -> dict:
    roll = rng.random()
    side_0 = min(13, max(0, round(rng.gauss(6.5, 2))))
    tricks = [side_0, 13 - side_0]
    if rising is not None and roll < 0.05:
        return {"contract": "nolo", "conceded_by": rising}
    if roll < 0.15:
        return {"contract": "nolo", "tricks": tricks}
    if roll < 0.2:
        soloist = rng.randrange(4)
        alone = 0 if rng.random() < 0.6 else rng.randint(1, 3)
        side_tricks = [13 - alone] * 2
        side_tricks[soloist % 2] = alone
        return {"contract": "sooli", "soloist": soloist, "tricks": side_tricks}
    declarer = rng.randrange(4)
    raw = {"contract": "rami", "declarer": declarer, "tricks": tricks}
    if roll < 0.3:
        # A recorded bidding: black cards up to the declarer's red one.
        count = (declarer - dealer - 1) % 4 + 1
        cards = rng.sample([r + s for r in BID_RANKS for s in "SC"], count - 1)
        raw = {
            "contract": "rami",
            "bids": [*cards, rng.choice(BID_RANKS) + rng.choice("HD")],
            "tricks": tricks,
        }
    return raw


def cases() -> list[Case]:
    game = Tuppi()
    rng = random.Random(9)
    deals = []
    matches = []
    for _ in range(40):
        state = game.start()
        raws = []
        while not state.finished and len(raws) < 60:
            raw = _deal(rng, state.dealer, state.rising)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [
        Case(
            name="tuppi: deals",
            game=game,
            deals=deals,
            matches=matches,
            target_per_second=100_000,
        )
    ]
