"""The Bleep Game bench: drives of three, shout by shout (nine in ten at a car),
ended by the organiser after sixty shouts."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table((0, 1, 2))
SHOUTS = 60


def cases() -> list[Case]:
    game = get_game("bleep-game")
    rng = random.Random(37)
    deals: list = []
    matches: list = []
    for _ in range(20):
        state = game.start({}, TABLE)
        raws: list = []
        for n in range(SHOUTS + 1):
            if n == SHOUTS:
                raw: dict = {"end": True}
            else:
                raw = {"by": rng.randrange(3)}
                if rng.random() < 0.1:
                    raw["event"] = "other"
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [Case(name="bleep-game: shouts", game=game, deals=deals, matches=matches)]
