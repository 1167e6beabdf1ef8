"""Jäkis bench: games of random goals, each checked against the stock's cap, the
end entered when the next goal would not fit."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import get_game
from games.rules.jakis import STOCK, stock_needed


def cases() -> list[Case]:
    game = get_game("jakis")
    rng = random.Random(36)
    deals: list = []
    matches: list = []
    for _ in range(200):
        state = game.start({})
        raws: list = []
        while not state.finished:
            by = rng.randrange(2)
            goals = list(state.totals)
            goals[by] += 1
            raw: dict = {"by": by} if stock_needed(*goals) <= STOCK else {"end": True}
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [Case(name="jakis: goals", game=game, deals=deals, matches=matches)]
