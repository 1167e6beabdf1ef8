"""Sleazy bench: realistic end-of-round collections (a dozen pairs and sets, the
colour card), scored against the state of a four-round game; a few totals-only."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine.cards import RANKS
from games.rules.sleazy import Sleazy


def _round(rng: random.Random, red_side: int) -> dict:
    colour_card = rng.choice(RANKS) + rng.choice("SHDC")
    if rng.random() < 0.1:
        return {
            "mode": "totals",
            "points": [25 * rng.randint(0, 20), 25 * rng.randint(0, 20)],
        }
    joker_free = True
    pairs: list[str] = []
    sides: list[list[dict]] = [[], []]
    for rank in RANKS:
        cards = [rank + s for s in "SHDC"]
        if rank == colour_card[:-1]:
            cards.remove(colour_card)
        roll = rng.random()
        if roll < 0.45:
            # A pair: mixed or pure, whatever the last shuffle left.
            pairs.append(" ".join(rng.sample(cards, 2)))
        elif roll < 0.85:
            use_joker = len(cards) == 3 or (joker_free and roll < 0.55)
            if use_joker and not joker_free:
                continue
            joker_free = joker_free and not use_joker
            members = cards[:3] + (["Jo"] if use_joker else [cards[3]])
            kind = "full" if rng.random() < 0.5 else "basic"
            sides[rng.randrange(2)].append({"kind": kind, "cards": members})
    return {
        "colour_card": colour_card,
        "red": red_side if colour_card[-1] in "HD" else 1 - red_side,
        "pairs": pairs,
        "sides": [{"sets": sides[0]}, {"sets": sides[1]}],
    }


def cases() -> list[Case]:
    game = Sleazy()
    rng = random.Random(11)
    deals = []
    matches = []
    for _ in range(50):
        state = game.start()
        raws = []
        while not state.finished:
            non_dealer = 1 - state.table.side_of(state.dealer)
            raw = _round(rng, non_dealer)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [Case(name="sleazy: rounds", game=game, deals=deals, matches=matches)]
