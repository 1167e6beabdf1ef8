"""Carioca bench: card-entry hands as a club enters them (four players, the one out
with the hand's contract as trios/escaleras, the others' hands of 1–6 cards), scored
against real matches of seven hands."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game
from games.engine.cards import STANDARD_CARDS

TABLE = Table((0, 1, 2, 3))
TRIOS = ["7H 7D Jo", "KS KC KD KH", "4C 4D 4S"]
ESCALERAS = ["5S 6S Jo 8S", "JD QD KD AD", "AC 2C 3C 4C"]
IN_MELDS = {code for meld in TRIOS + ESCALERAS for code in meld.split()}
CODES = [c.code for c in STANDARD_CARDS if c.code not in IN_MELDS]
# The contracts of hands 1–7 as (trios, escaleras).
CONTRACTS = [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)]


def _deal(rng: random.Random, hand: int) -> dict:
    out = rng.randrange(4)
    trios, escaleras = CONTRACTS[(hand - 1) % 7]
    melds = [{"kind": "trio", "cards": m} for m in rng.sample(TRIOS, trios)] + [
        {"kind": "escalera", "cards": m} for m in rng.sample(ESCALERAS, escaleras)
    ]
    cards = rng.sample(CODES, 24)
    players = [
        {"melds": melds}
        if seat == out
        else {"hand": cards[6 * seat : 6 * seat + rng.randint(1, 6)]}
        for seat in range(4)
    ]
    return {"went_out": out, "players": players}


def cases() -> list[Case]:
    game = get_game("carioca")
    hand = iter(range(1, 10_000))
    deals, matches = played_matches(
        game,
        lambda rng: _deal(rng, (next(hand) - 1) % 7 + 1),
        rng=random.Random(1),
        count=20,
        table=TABLE,
    )
    return [Case(name="carioca: deals", game=game, deals=deals, matches=matches)]
