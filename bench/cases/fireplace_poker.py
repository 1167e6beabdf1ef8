"""Fireplace Poker bench: two-player games entered turn by turn as melds (pairs of
jacks and better and full houses from the five decks, robbing the opponent's lower
melds where a card fits), verified against the melds on the table, until a side is
out of its 31 chips."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import DealRejected, Table, get_game
from games.engine.cards import RANKS

TABLE = Table((0, 1))
HIGH = ["J", "Q", "K", "A"]


def _meld(rng: random.Random) -> list[str]:
    rank = rng.choice(HIGH)
    suits = rng.sample("SHDC", 4)
    other = rng.choice([r for r in RANKS if r != rank])
    if rng.random() < 0.5:
        return [rank + s for s in suits[:3]] + [other + s for s in suits[:2]]
    kickers = rng.sample([r for r in RANKS if r != rank], 3)
    return [rank + s for s in suits[:2]] + [k + rng.choice("SHDC") for k in kickers]


def cases() -> list[Case]:
    game = get_game("fireplace-poker")
    rng = random.Random(22)
    deals: list = []
    matches: list = []
    for _ in range(10):
        state = game.start({}, TABLE)
        raws: list = []
        refused = 0
        # A table full of five copies of the high cards refuses every meld drawn
        # here: stop that game after a run of refusals instead of drawing forever.
        while not state.finished and len(raws) < 200 and refused < 500:
            side = TABLE.seats[state.dealer]
            cards = _meld(rng)
            theirs = state.melds[1 - side]
            robbed = [
                i
                for i, meld in enumerate(theirs, 1)
                if cards[-1] in meld.split() and rng.random() < 0.5
            ][:1]
            raw = {"meld": " ".join(cards), "robbed": robbed}
            try:
                score = game.score(state, raw)
            except DealRejected:  # a meld the rules refuse: draw again
                refused += 1
                continue
            refused = 0
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, score)
        matches.append(({}, raws))
    return [
        Case(name="fireplace-poker: turns", game=game, deals=deals, matches=matches)
    ]
