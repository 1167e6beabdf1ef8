"""Triple Play: card-entry deals of 6 × 54 cards, knees and feet.

:func:`legal_deal` builds a random deal the rules accept: one side often goes out
with its basic book (5s, 7s, wilds, a natural and a mixed canasta) and more melds,
the other side holds a few melds; hands, unplayed knees and feet hold the rest. A
deal enters about 115 cards on average.
"""

from __future__ import annotations

import random
from typing import Any

from bench.engine import Case
from games.rules.canasta.triple_play import (
    FOOT_SIZE,
    KNEE_SIZE,
    SIX_54,
    TriplePlay,
)

GAME = TriplePlay()
OTHER_RANKS = ("4", "6", "8", "9", "10", "J", "Q", "K", "A")


class _Pool:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.by_rank: dict[str, list[str]] = {}
        for card, n in SIX_54.copies.items():
            self.by_rank.setdefault(card.rank, []).extend([card.code] * n)
        for cards in self.by_rank.values():
            rng.shuffle(cards)

    def take(self, rank: str, n: int) -> list[str]:
        cards = self.by_rank[rank]
        taken, self.by_rank[rank] = cards[:n], cards[n:]
        assert len(taken) == n
        return taken

    def wilds(self, n: int) -> list[str]:
        out = []
        for _ in range(n):
            ranks = [r for r in ("2", "Jo") if self.by_rank[r]]
            out += self.take(self.rng.choice(ranks), 1)
        return out

    def any(self, n: int) -> list[str]:
        out = []
        for _ in range(n):
            ranks = [r for r, cards in self.by_rank.items() if cards]
            out += self.take(self.rng.choice(ranks), 1)
        return out

    def red_threes(self, n: int) -> list[str]:
        cards = self.by_rank["3"]
        reds = [c for c in cards if c[-1] in "HD"][:n]
        for c in reds:
            cards.remove(c)
        return reds


def _meld(pool: _Pool, rank: str, size: int, wilds: int) -> str:
    return " ".join(pool.take(rank, size - wilds) + pool.wilds(wilds))


def _side(pool: _Pool, rng: random.Random, *, book: bool) -> dict[str, Any]:
    melds = []
    ranks = list(OTHER_RANKS)
    rng.shuffle(ranks)
    if book:
        melds += [
            _meld(pool, "5", 7, 0),
            _meld(pool, "7", 7, 0),
            " ".join(pool.wilds(7)),
            _meld(pool, ranks.pop(), 7, 0),
            _meld(pool, ranks.pop(), 7, rng.choice((1, 2))),
        ]
    for _ in range(rng.randint(1, 4)):
        size = rng.randint(3, 7)
        wild = rng.randint(0, 1 if size <= 5 else 2)
        melds.append(_meld(pool, ranks.pop(), size, wild))
    return {
        "melds": melds,
        "red_threes": pool.red_threes(rng.randint(0, 4)),
        "reminder_penalties": int(rng.random() < 0.05),
    }


def legal_deal(rng: random.Random) -> dict[str, Any]:
    pool = _Pool(rng)
    out_side = rng.choice((0, 1, None))
    teams = [_side(pool, rng, book=out_side == s) for s in (0, 1)]
    went_out = None if out_side is None else out_side + 2 * rng.randint(0, 1)
    for s, team in enumerate(teams):
        hands, knees, feet = [], [], []
        for i in (0, 1):
            seat = s + 2 * i
            if seat == went_out:
                hands.append("")
                knees.append(None)
                feet.append(None)
                continue
            stage = rng.choice(("knee", "foot", "played"))
            # Typed as one string each, as the entry form posts them.
            knees.append(" ".join(pool.any(KNEE_SIZE)) if stage == "knee" else None)
            feet.append(" ".join(pool.any(FOOT_SIZE)) if stage != "played" else None)
            hands.append(" ".join(pool.any(rng.randint(1, 15))))
        team.update(hands=hands, knees=knees, feet=feet)
    return {"mode": "cards", "teams": teams, "went_out": went_out}


def cases() -> list[Case]:
    rng = random.Random(55)
    states = [
        GAME.fold([{"mode": "totals", "points": [0, 0]}] * n).state for n in range(4)
    ]
    deals = [(states[i % 4], legal_deal(rng)) for i in range(200)]
    matches = [({}, [legal_deal(rng) for _ in range(4)]) for _ in range(5)]
    return [
        Case(
            "triple play: card entry, ~115 cards",
            GAME,
            deals,
            matches,
            target_per_second=10_000,
        )
    ]
