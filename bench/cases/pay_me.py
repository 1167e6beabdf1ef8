"""Pay Me bench: card-entry hands as a club enters them (four players, one out with
two melds, the others' deadwood after laying off), scored against real matches."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game
from games.engine.cards import STANDARD_CARDS

TABLE = Table((0, 1, 2, 3))
MELDS = ["7H 7D 7C", "5S 6S Jo", "KH KD 2C", "9C 10C JC"]
IN_MELDS = {code for meld in MELDS for code in meld.split()}
CODES = [card.code for card in STANDARD_CARDS if card.code not in IN_MELDS]


def _deal(rng: random.Random) -> dict:
    out = rng.randrange(4)
    cards = rng.sample(CODES, 12)
    players = []
    for seat in range(4):
        if seat == out:
            players.append({"melds": rng.sample(MELDS, 2)})
        else:
            players.append({"deadwood": cards[3 * seat : 3 * seat + rng.randint(0, 3)]})
    return {"went_out": out, "players": players}


def cases() -> list[Case]:
    game = get_game("pay-me")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(1), count=20, table=TABLE
    )
    return [Case(name="pay-me: deals", game=game, deals=deals, matches=matches)]
