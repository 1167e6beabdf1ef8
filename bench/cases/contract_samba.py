"""Contract Samba: card-entry deals with a recorded auction, failed openings, melds
of all kinds (rank melds, melds of twos, round-the-corner samba melds), melded red
threes and hands.

:func:`legal_deal` builds a random deal the rules accept for a match at 0–0 (the
property tests use it too): a legal auction (rising bids, passes, now and then a
double), a few failed openings, the melds a going-out side needs (its contract on the
table for the declarer side; two canastas, one natural, and a samba otherwise), some
more melds, openings by a complete canasta or by points, and hands. The key
``_expect`` holds the bids for the tests' independent count; drop it before scoring
(:func:`clean`).
"""

from __future__ import annotations

import random
from typing import Any

from bench.engine import Case
from games.engine.decks import TRIPLE_54
from games.rules.canasta.contract_samba import BID_TYPES, ContractSamba

GAME = ContractSamba()
CYCLE = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_MELD_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def rank_of(code: str) -> str:
    return "Jo" if code == "Jo" else code[:-1]


def is_wild(code: str) -> bool:
    return rank_of(code) in ("Jo", "2")


def value(code: str) -> int:
    """28.1 (a three on the table counts 5, 31.10)."""
    rank = rank_of(code)
    if rank == "Jo":
        return 50
    if rank in ("A", "2"):
        return 20
    if rank in ("3", "4", "5", "6", "7"):
        return 5
    return 10


def bonus(cards: list[str]) -> int:
    if len(cards) < 7:
        return 0
    ranks = {rank_of(c) for c in cards}
    suits = {c[-1] for c in cards}
    if "Jo" not in ranks and len(suits) == 1 and len(ranks) == 7:
        return 1500  # samba
    natural = not any(is_wild(c) for c in cards)
    if ranks <= {"2", "Jo"}:
        return 3000 if "Jo" not in ranks else 2000
    rank = next(iter(ranks - {"2", "Jo"}))
    if rank == "A":
        return 1000 if natural else 500
    return 500 if natural else 300


class Stock:
    def __init__(self, rnd: random.Random):
        self.rnd = rnd
        self.cards = [
            c.code for c in TRIPLE_54.copies for _ in range(TRIPLE_54.holds(c))
        ]
        rnd.shuffle(self.cards)

    def take(self, match=lambda code: True) -> str | None:
        for i, code in enumerate(self.cards):
            if match(code):
                return self.cards.pop(i)
        return None

    def _all(self, wanted: list) -> list[str] | None:
        got = [self.take(w) for w in wanted]
        if None in got:
            self.cards.extend(c for c in got if c is not None)
            return None
        return got

    def rank_meld(self, size: int, wilds: int) -> list[str] | None:
        rank = self.rnd.choice(RANK_MELD_RANKS)
        return self._all(
            [lambda c, r=rank: rank_of(c) == r] * (size - wilds) + [is_wild] * wilds
        )

    def twos_meld(self, size: int, jokers: int) -> list[str] | None:
        return self._all(
            [lambda c: rank_of(c) == "2"] * (size - jokers)
            + [lambda c: c == "Jo"] * jokers
        )

    def samba_meld(self, size: int) -> list[str] | None:
        suit = self.rnd.choice("CDHS")
        start = self.rnd.randrange(13)
        ranks = [CYCLE[(start + k) % 13] for k in range(size)]
        return self._all([lambda c, r=r: c == r + suit for r in ranks])

    def any_meld(self) -> list[str] | None:
        kind = self.rnd.random()
        if kind < 0.55:
            size = self.rnd.randint(3, 8)
            wilds = self.rnd.randint(0, min(2, size - 2))
            if size == 8 and wilds == 0:
                wilds = 1  # a natural canasta is closed at seven
            return self.rank_meld(size, wilds)
        if kind < 0.65:
            size = self.rnd.randint(3, 7)
            return self.twos_meld(size, self.rnd.randint(0, min(2, size - 2)))
        return self.samba_meld(self.rnd.randint(3, 7))


def random_auction(rnd: random.Random, first: int) -> tuple[list[str], list, bool]:
    """A legal auction: calls, the bids as (level, type index, seat), doubled."""
    calls: list[str] = []
    bids: list[tuple[int, int, int]] = []
    passes = 0
    while True:
        seat = (first + len(calls)) % 4
        roll = rnd.random()
        if bids and bids[-1][2] % 2 != seat % 2 and roll < 0.08:
            calls.append("double")
            return calls, bids, True
        if roll < 0.35 and (not bids or bids[-1][0] < 6):
            level, kind = bids[-1][:2] if bids else (1, -1)
            if kind == len(BID_TYPES) - 1 or rnd.random() < 0.5:
                level, kind = level + 1, rnd.randrange(len(BID_TYPES))
            else:
                kind = rnd.randrange(kind + 1, len(BID_TYPES))
            if not bids:
                level = rnd.randint(1, 5)
            bids.append((level, kind, seat))
            calls.append(f"{level} {BID_TYPES[kind]}")
            passes = 0
        else:
            calls.append("pass")
            passes += 1
            if passes == (3 if bids else 4):
                return calls, bids, False


def legal_deal(rnd: random.Random, dealer: int = 0) -> dict:
    """A legal deal for a match at 0–0 whose dealer is ``dealer``."""
    stock = Stock(rnd)
    calls, bids, doubled = random_auction(rnd, (dealer + 1) % 4)
    failed = rnd.choice([0, 0, 0, 1, len(bids)]) if bids else 0
    failed = min(failed, len(bids))
    contract = bids[len(bids) - 1 - failed] if failed < len(bids) else None
    declarer_side = None if contract is None else contract[2] % 2

    melds: list[list[list[str]]] = [[], []]
    red_threes: list[list[str]] = [[], []]
    went_out = rnd.choice([None, 0, 1, 2, 3])
    if went_out is not None:
        side = went_out % 2
        if side == declarer_side:
            level = contract[0]
            for _ in range(12):
                table = sum(bonus(m) for m in melds[side])
                table += sum(value(c) for m in melds[side] for c in m) * (level >= 5)
                if table >= 1000 * level:
                    break
                meld = rnd.choice(
                    [
                        lambda: stock.rank_meld(7, 0),
                        lambda: stock.samba_meld(7),
                        lambda: stock.twos_meld(7, 0),
                    ]
                )()
                if meld is not None:
                    melds[side].append(meld)
            else:
                went_out = None
        else:
            for build in (
                lambda: stock.rank_meld(7, 0),
                lambda: stock.rank_meld(7, rnd.randint(1, 2)),
                lambda: stock.samba_meld(7),
            ):
                meld = None
                while meld is None:
                    meld = build()
                melds[side].append(meld)
    for side in (0, 1):
        for _ in range(rnd.randint(1 if side == declarer_side else 0, 3)):
            meld = stock.any_meld()
            if meld is not None:
                melds[side].append(meld)
        if side == declarer_side and not melds[side]:
            # The stock can run short of one kind of meld; try the others too.
            meld = stock.samba_meld(3) or stock.rank_meld(3, 0) or stock.rank_meld(3, 1)
            if meld is not None:
                melds[side].append(meld)
        declarer_out = went_out is not None and went_out % 2 == side == declarer_side
        if melds[side] and not declarer_out and rnd.random() < 0.3:
            red = stock.take(lambda c: c in ("3H", "3D"))
            if red:
                red_threes[side].append(red)
        rnd.shuffle(melds[side])
    if went_out is not None and rnd.random() < 0.2:
        threes = stock._all([lambda c: c in ("3C", "3S")] * 3)
        if threes:
            melds[went_out % 2].append(threes)

    teams = []
    for side in (0, 1):
        opening = None
        complete = [
            i for i, m in enumerate(melds[side]) if len(m) >= 7 and bonus(m) != 1500
        ]
        if complete:
            opening = [complete[0]]
        else:
            parts, points = [], 0
            for i, m in enumerate(melds[side]):
                if points >= 50:
                    break
                if {rank_of(c) for c in m} <= {"2", "Jo"} or rank_of(m[0]) == "3":
                    continue  # five twos, black threes: keep the opening simple
                parts.append(i)
                points += sum(value(c) for c in m)
            if points >= 50:
                opening = parts
        hands = []
        for seat in (side, side + 2):
            if seat == went_out:
                hands.append([])
            else:
                hands.append([stock.take() for _ in range(rnd.randint(1, 5))])
        teams.append(
            {
                "melds": [" ".join(m) for m in melds[side]],
                "opening": opening,
                "red_threes": red_threes[side],
                "hands": hands,
            }
        )
    return {
        "mode": "cards",
        "auction": calls,
        "failed_openings": failed,
        "teams": teams,
        "went_out": went_out,
        "_expect": (bids, failed, doubled),
    }


def clean(raw: dict) -> dict:
    """The deal as a scorer sends it (without the generator's ``_expect``)."""
    return {k: v for k, v in raw.items() if not k.startswith("_")}


def cases() -> list[Case]:
    rng = random.Random(20240531)
    start = GAME.start()
    deals: list[tuple[Any, dict]] = [
        (start, clean(legal_deal(rng))) for _ in range(200)
    ]
    matches = [({}, [clean(legal_deal(rng)) for _ in range(8)]) for _ in range(10)]
    return [
        Case(
            name="contract-samba cards",
            game=GAME,
            deals=deals,
            matches=matches,
        ),
        Case(
            name="contract-samba totals",
            game=GAME,
            deals=[
                (start, {"mode": "totals", "points": [5 * rng.randint(-400, 2000)] * 2})
                for _ in range(200)
            ],
        ),
    ]
