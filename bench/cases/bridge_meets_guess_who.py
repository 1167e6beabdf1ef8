"""Bridge Meets Guess Who bench: matches played until a player cannot pay, as a
club enters them — a contract near what was made, a few questions and error
messages, all pass now and then."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import get_game

STRAINS = ["clubs", "diamonds", "hearts", "spades", "no_trump"]


def _deal(rng: random.Random) -> dict:
    taken = rng.randint(3, 12)
    raw: dict = {
        "tricks": [taken, 13 - taken],
        "questions": [rng.randint(0, 4), rng.randint(0, 4)],
        "error_messages": [rng.randint(0, 2), rng.randint(0, 2)],
    }
    if rng.random() < 0.9:
        declarer = rng.randrange(2)
        own = taken if declarer == 0 else 13 - taken
        raw |= {
            "declarer": declarer,
            "level": min(13, max(7, own + rng.randint(-1, 1))),
            "strain": rng.choice(STRAINS),
            "doubled": rng.random() < 0.1,
        }
    return raw


def cases() -> list[Case]:
    game = get_game("bridge-meets-guess-who")
    rng = random.Random(10)
    deals = []
    matches = []
    for _ in range(100):
        state = game.start({})
        raws = []
        while not state.finished and len(raws) < 60:
            raw = _deal(rng)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [
        Case(
            name="bridge-meets-guess-who: deals",
            game=game,
            deals=deals,
            matches=matches,
        )
    ]
