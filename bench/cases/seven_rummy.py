"""Seven Rummy bench: card-entry deals as a club enters them (one winner, the others
holding one to seven of their seven cards), scored against the state of real matches."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game
from games.engine.cards import STANDARD_CARDS

TABLE = Table((0, 1, 2, 3))
CODES = [card.code for card in STANDARD_CARDS]


def _deal(rng: random.Random) -> dict:
    cards = rng.sample(CODES, 28)
    out = rng.randrange(4)
    hands = [
        [] if s == out else cards[7 * s : 7 * s + rng.randint(1, 7)] for s in range(4)
    ]
    return {"went_out": out, "one_go": rng.random() < 0.1, "hands": hands}


def cases() -> list[Case]:
    game = get_game("seven-rummy")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(1), count=20, table=TABLE
    )
    return [Case(name="seven-rummy: deals", game=game, deals=deals, matches=matches)]
