"""Vazhushal bench: stock-out counts as a club enters them at a table of three (108
cards): the negative joker, and for each player a pure sequence, a set with a joker,
a sequence with a wild and a few cards in hand; every card drawn from the deck once,
so each deal is legal. One game is the match, so every deal is a new match."""

from __future__ import annotations

import random
from collections import Counter

from bench.cases import played_matches
from bench.engine import Case
from games.engine import DealRejected, Table, get_game
from games.engine.cards import RANKS

TABLE = Table((0, 1, 2))
GAME = get_game("vazhushal")
SUITS = "CDHS"
PIPS = [r for r in RANKS if r != "A"]  # 2 … K


def _candidate(rng: random.Random) -> dict:
    left = Counter({f"{r}{s}": 2 for r in RANKS for s in SUITS} | {"Jo": 4})

    def take(code: str) -> str:
        if left[code] <= 0:
            raise ValueError(code)
        left[code] -= 1
        return code

    players = []
    ranks = rng.sample(PIPS, 3)
    for seat in range(3):
        suit = SUITS[seat]
        start = rng.randrange(0, len(PIPS) - 5)
        pure = [take(f"{r}{suit}") for r in PIPS[start : start + rng.randint(3, 5)]]
        kept = [take(f"{ranks[seat]}S"), take(f"{ranks[seat]}C"), take("Jo")]
        high = PIPS[start + 6 : start + 8] if start + 8 <= len(PIPS) else PIPS[:2]
        mixed = [take(f"{r}{suit}") for r in high] + [take("Jo")] if seat < 1 else []
        melds = [" ".join(m) for m in (pure, kept, mixed) if m]
        pool = [c for c, n in left.items() for _ in range(n)]
        hand = [take(c) for c in rng.sample(pool, rng.randint(0, 6))]
        players.append({"melds": melds, "hand": " ".join(hand)})
    pool = [c for c, n in left.items() for _ in range(n)]
    return {"mode": "cards", "negative_joker": rng.choice(pool), "players": players}


def _deal(rng: random.Random) -> dict:
    state = GAME.start({}, TABLE)
    while True:
        try:
            raw = _candidate(rng)
            GAME.score(state, raw)
            return raw
        except (DealRejected, ValueError):
            continue  # a negative joker that spoils a pure sequence: draw again


def cases() -> list[Case]:
    deals, matches = played_matches(
        GAME, _deal, rng=random.Random(1), count=200, table=TABLE
    )
    return [Case(name="vazhushal: deals", game=GAME, deals=deals, matches=matches)]
