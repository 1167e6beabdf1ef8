"""Believe or Doubt bench: games of four to ten, question by question (half
believed, the rest doubted right or wrong by another player than the answerer)."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table((0, 1, 2, 3))


def cases() -> list[Case]:
    game = get_game("believe-or-doubt")
    rng = random.Random(41)
    deals: list = []
    matches: list = []
    for _ in range(40):
        state = game.start({}, TABLE)
        raws: list = []
        while not state.finished:
            raw: dict = {}
            if rng.random() < 0.5:
                others = [s for s in range(4) if s != state.answerer]
                raw = {
                    "doubter": rng.choice(others),
                    "answer": rng.choice(["right", "wrong"]),
                }
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [
        Case(
            name="believe-or-doubt: questions", game=game, deals=deals, matches=matches
        )
    ]
