"""Huutopussi bench: games to 500 as a club enters them — declarer, final bid
(sometimes raised), card points per side, an announcement or two, now and then a
läpäri; a side at −500 or less bids only as the dealer opening 50."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import get_game

SUITS = ["S", "C", "D", "H"]


def _deal(rng: random.Random, state) -> dict:
    declarer = rng.randrange(4)
    bid = 5 * rng.randint(10, 40)
    if state.totals[declarer % 2] <= -500:
        declarer, bid = state.dealer, 50
    side = declarer % 2
    raw = {"declarer": declarer, "bid": bid}
    if rng.random() < 0.3:
        raw["contract"] = bid + 5 * rng.randint(1, 6)
    trumps: list[list[str]] = [[], []]
    if rng.random() < 0.05:
        raw["card_points"] = [160, 0] if side == 0 else [0, 160]
        raw["no_tricks"] = 1 - side
        trumps[side] = rng.sample(SUITS, rng.randint(0, 2))
    else:
        own = 5 * min(32, max(0, round(rng.gauss(18, 5))))
        raw["card_points"] = [own, 160 - own] if side == 0 else [160 - own, own]
        for suit in rng.sample(SUITS, rng.randint(0, 2)):
            trumps[rng.randrange(2)].append(suit)
    raw["trumps"] = trumps
    return raw


def cases() -> list[Case]:
    game = get_game("huutopussi")
    rng = random.Random(12)
    deals = []
    matches = []
    for _ in range(100):
        state = game.start({})
        raws = []
        while not state.finished and len(raws) < 60:
            raw = _deal(rng, state)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [Case(name="huutopussi: deals", game=game, deals=deals, matches=matches)]
