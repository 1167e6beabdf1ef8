"""Sneaky Pete bench: hands dealt from a shuffled double deck at a table of four —
the cards left in three hands (a few to a dozen each), the melds of the player who
went out in half of them — scored against a seven-hand game; a few totals-only."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import Table
from games.rules.sneaky_pete import SneakyPete

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NEEDS = ((1, 1), (2, 0), (0, 2), (2, 1), (1, 2), (3, 0), (0, 3))
VALUE = {"Jo": 50, "A": 20, "9": 10, "10": 10, "J": 10, "Q": 10, "K": 10}


def _melds(rng: random.Random, pool: list[str], hand: int) -> list[dict] | None:
    sets, runs = NEEDS[hand - 1]
    melds = []
    for kind in ["set"] * sets + ["run"] * runs:
        for _ in range(40):
            if kind == "set":
                rank = rng.choice(RANKS[:13])
                wanted = [rank + rng.choice("SHDC") for _ in range(3)]
            else:
                suit = rng.choice("SHDC")
                start = rng.randrange(0, len(RANKS) - 4)
                wanted = [r + suit for r in RANKS[start : start + rng.choice((4, 5))]]
            if all(pool.count(c) >= wanted.count(c) for c in wanted):
                for card in wanted:
                    pool.remove(card)
                melds.append({"kind": kind, "cards": " ".join(wanted)})
                break
        else:
            return None
    return melds


def _hand(rng: random.Random, number: int, players: int = 4) -> dict:
    out = rng.randrange(players)
    pool = [r + s for r in RANKS[:13] for s in "SHDC"] * 2 + ["Jo"] * 4
    rng.shuffle(pool)
    if rng.random() < 0.1:
        points = [
            0
            if seat == out
            else sum(
                VALUE.get(c[:-1] if c != "Jo" else c, 5)
                for c in pool[seat * 8 : seat * 8 + 6]
            )
            for seat in range(players)
        ]
        return {"mode": "totals", "went_out": out, "points": points}
    entries = []
    for seat in range(players):
        if seat == out:
            melds = _melds(rng, pool, number) if rng.random() < 0.5 else None
            entries.append({} if melds is None else {"melds": melds})
        else:
            entries.append(
                {"hand": " ".join(pool.pop() for _ in range(rng.randint(1, 12)))}
            )
    return {"went_out": out, "players": entries}


def cases() -> list[Case]:
    game = SneakyPete()
    rng = random.Random(13)
    table = Table((0, 1, 2, 3))
    deals = []
    matches = []
    for _ in range(60):
        state = game.start({}, table)
        raws = []
        while not state.finished:
            raw = _hand(rng, state.deal_number)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [
        Case(name="sneaky-pete: hands at four", game=game, deals=deals, matches=matches)
    ]
