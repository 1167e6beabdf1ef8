"""Sakaali bench: card-entry deals (two hands of five per team, or the ten together)
dealt from a shuffled deck, a few totals-only, scored against the state of a real
game to 100; and duplicate stanzas of four boards folded."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine.cards import STANDARD_CARDS
from games.rules.sakaali import Sakaali


def _ten(rng: random.Random, pool: dict[str, list[str]]) -> list[str]:
    """Ten cards a team might keep: signalling gathers sets and pairs of a few
    ranks, and some singles stay."""
    ten: list[str] = []
    while len(ten) < 10:
        rank = rng.choice([r for r, suits in pool.items() if suits])
        want = min(rng.choice((1, 2, 3, 3, 4)), len(pool[rank]), 10 - len(ten))
        for _ in range(want):
            ten.append(rank + pool[rank].pop())
    return ten


def _deal(rng: random.Random) -> dict:
    if rng.random() < 0.1:
        # A totals-only club: card points as written on the sheet.
        return {"mode": "totals", "card_points": [rng.choice((0, 25, 46, 50)), 71]}
    pool = {card.rank: [] for card in STANDARD_CARDS}
    for card in STANDARD_CARDS:
        pool[card.rank].append(card.suit.value)
    for suits in pool.values():
        rng.shuffle(suits)
    teams = []
    for _side in range(2):
        ten = _ten(rng, pool)
        rng.shuffle(ten)
        if rng.random() < 0.7:
            teams.append({"hands": [" ".join(ten[:5]), " ".join(ten[5:])]})
        else:
            teams.append({"cards": ten})
    return {"teams": teams}


def cases() -> list[Case]:
    game = Sakaali()
    rng = random.Random(39)
    deals = []
    matches = []
    for _ in range(60):
        state = game.start()
        raws = []
        while not state.finished and len(raws) < 40:
            raw = _deal(rng)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    boards = {"boards": ["D1", "D2", "D3", "D4"]}
    stanza_deals = []
    stanzas = []
    for _ in range(40):
        state = game.start(boards)
        raws = [_deal(rng) for _ in range(4)]
        for raw in raws:
            stanza_deals.append((state, raw))
            state = game.advance(state, game.score(state, raw))
        stanzas.append((boards, raws))
    return [
        Case(name="sakaali: deals", game=game, deals=deals, matches=matches),
        Case(
            name="sakaali: duplicate stanzas",
            game=game,
            deals=stanza_deals,
            matches=stanzas,
        ),
    ]
