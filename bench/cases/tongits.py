"""Tong-Its bench: hands as a club enters them at a table of three — a stock-out or
a challenged draw entered with every hand's cards (split by the engine's solver) in
half the deals, the rest tongits and draws entered by winner; sessions of twelve
hands, so that the pot is taken now and then."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game
from games.engine.cards import STANDARD_CARDS

TABLE = Table((0, 1, 2))
CODES = [card.code for card in STANDARD_CARDS]
OPTIONS = {"deals": 12}


def _deal(rng: random.Random) -> dict:
    winner = rng.randrange(2)  # two likely winners: wins in a row happen
    extras = {"aces": rng.randrange(3), "concealed_fours": int(rng.random() < 0.1)}
    kind = rng.random()
    if kind < 0.25:
        return {"how": "tongit", "winner": winner, **extras}
    if kind < 0.5:
        return {"how": "draw", "caller": winner, **extras}
    cards = rng.sample(CODES, 30)
    hands = [cards[10 * s : 10 * s + rng.randint(4, 10)] for s in range(3)]
    if kind < 0.75:
        return {"mode": "cards", "how": "stock", "last_drawer": winner, "hands": hands}
    challenger = (winner + 1) % 3
    return {
        "mode": "cards",
        "how": "challenged",
        "caller": winner,
        "challenged": [s == challenger for s in range(3)],
        "hands": hands,
    }


def cases() -> list[Case]:
    game = get_game("tongits")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(58), count=20, table=TABLE, options=OPTIONS
    )
    return [
        Case(name="tongits: hands at three", game=game, deals=deals, matches=matches)
    ]
