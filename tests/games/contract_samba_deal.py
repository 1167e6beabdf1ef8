"""Contract Samba's test deal, shared by its test modules: a hand-computed deal
(the comment below) and the helpers that score it against a match."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from games.engine import DealRejected
from games.rules.canasta.contract_samba import ContractSamba

GAME = ContractSamba()

# Dealer seat 0, so the auction starts with seat 1: 1C (seat 1), 2H (seat 2), pass,
# 4H (seat 0), three passes. Contract 4 hearts, declarer seat 0 (side 0), who opens
# with 5-6-7 of hearts (31.3: three consecutive cards of the contract's suit).
#
# Side 0 (seat 0 goes out):
#   samba 5H-JH 55 + 1500, natural canasta of aces 140 + 1000, mixed canasta of
#   kings 120 + 300, 8s 30, natural canasta of twos 140 + 3000
#   → melds 485, bonuses 5800; one red three melded -300; going out 200;
#   seat 2 holds 4C 3S: -5 - 100 = -105.
#   Contract count (level 4, no card points): 5800 - 300 + 200 - 105 = 5595 ≥ 4000:
#   made, bonus 2000.                                         → 8080
# Side 1: QH QD QS Jo 80 (the opening), 6C 7C 8C 20; seat 1 holds a red three and a
#   joker (-500 - 50), seat 3 two nines (-20).                 → -470
AUCTION = ["1C", "2 hearts", "pass", "4 hearts", "pass", "pass", "pass"]
BASE = {
    "mode": "cards",
    "auction": AUCTION,
    "teams": [
        {
            "melds": [
                "5H 6H 7H 8H 9H 10H JH",
                "AH AD AS AC AH AD AS",
                "KH KD KS KC KH 2C Jo",
                "8C 8D 8S",
                "2H 2D 2S 2C 2H 2D 2S",
            ],
            "opening": ["5H 6H 7H"],
            "red_threes": ["3H"],
            "hands": [[], ["4C", "3S"]],
        },
        {
            "melds": ["QH QD QS Jo", "6C 7C 8C"],
            "opening": [0],
            "hands": [["3D", "Jo"], ["9H", "9D"]],
        },
    ],
    "went_out": 0,
}
NO_BIDS = ["pass"] * 4


def deal(**changes) -> dict:
    raw = copy.deepcopy(BASE)
    raw.update(changes)
    return raw


def team(raw: dict, side: int) -> dict:
    return raw["teams"][side]


def start(totals=(0, 0), **options):
    state = GAME.start(options)
    return replace(state, totals=totals) if totals != (0, 0) else state


def score(raw: dict, state=None, **options):
    return GAME.score(state or start(**options), raw)


def errors(raw: dict, state=None, **options) -> dict[str, str]:
    with pytest.raises(DealRejected) as rejected:
        score(raw, state, **options)
    return {e.code: e.path for e in rejected.value.errors}


def codes_of(result) -> list[str]:
    return [f.code for f in result.facts]
