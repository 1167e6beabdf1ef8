"""Sinkki bench: every player's seven cards at a table of four, dealt from a shuffled
deck (one in ten with a sinkki call), each hand split by the engine's solver; sessions
of twelve deals."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game
from games.engine.cards import STANDARD_CARDS

TABLE = Table((0, 1, 2, 3))
CODES = [card.code for card in STANDARD_CARDS]
OPTIONS = {"deals": 12}


def _deal(rng: random.Random) -> dict:
    cards = rng.sample(CODES, 28)
    hands = [cards[7 * s : 7 * s + 7] for s in range(4)]
    sinkki = rng.randrange(4) if rng.random() < 0.1 else None
    return {"hands": hands, "sinkki": sinkki}


def cases() -> list[Case]:
    game = get_game("sinkki")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(43), count=20, table=TABLE, options=OPTIONS
    )
    return [Case(name="sinkki: deals at four", game=game, deals=deals, matches=matches)]
