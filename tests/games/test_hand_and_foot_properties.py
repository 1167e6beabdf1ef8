"""Hand and Foot properties: legal deals score as an independent count says, broken
ones are rejected, and folding a list equals folding a prefix then the rest."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected
from games.engine.cards import JOKER, RANKS, Card, Suit
from games.engine.decks import FIVE_54
from games.rules.canasta.hand_and_foot import HandAndFoot, opening_requirement

GAME = HandAndFoot()
NATURAL_RANKS = RANKS[2:]  # 4 … A
# Five-deck hands and feet: each property's examples take 7-10 s on this machine.
pytestmark = pytest.mark.slow(reason="five-deck deals: 7-10 s a property")

VALUE = {"4": 5, "5": 5, "6": 5, "7": 5, "A": 20, "2": 20, "Jo": 50}


def rank_of(code: str) -> str:
    return "Jo" if code == "Jo" else code[:-1]


def is_wild(code: str) -> bool:
    return rank_of(code) in ("Jo", "2")


def value(code: str) -> int:
    """28.1, written out again so the test does not trust the module's table."""
    return VALUE.get(rank_of(code), 10)


def cost(code: str) -> int:
    """A card in a hand or a foot (32.6 for threes)."""
    if rank_of(code) == "3":
        return 500 if code[-1] in "HD" else 100
    return value(code)


class Stock:
    """The five decks, shuffled; cards are taken out as the deal is built."""

    def __init__(self, rnd: random.Random):
        self.rnd = rnd
        self.cards = [c.code for c in FIVE_54.copies for _ in range(FIVE_54.holds(c))]
        rnd.shuffle(self.cards)

    def take(self, match=lambda code: True) -> str | None:
        for i, code in enumerate(self.cards):
            if match(code):
                return self.cards.pop(i)
        return None

    def meld(self, size: int, wilds: int, rank: str | None = None) -> list[str] | None:
        rank = rank or self.rnd.choice(NATURAL_RANKS)
        naturals = [
            self.take(lambda c: rank_of(c) == rank) for _ in range(size - wilds)
        ]
        extra = [self.take(is_wild) for _ in range(wilds)]
        cards = naturals + extra
        if None in cards:
            self.cards.extend(c for c in cards if c is not None)
            return None
        return cards


def legal_deal(rnd: random.Random, number: int = 1) -> dict:
    """A legal card-entry deal for deal ``number`` of the match."""
    stock = Stock(rnd)
    went_out = rnd.choice([None, 0, 1, 2, 3])
    teams = []
    for side in (0, 1):
        melds: list[list[str]] = []
        if went_out is not None and went_out % 2 == side:
            for i in range(5):
                meld = None
                while meld is None:  # a rank may run out: try another
                    meld = stock.meld(7, 0 if i < 2 else rnd.randint(1, 3))
                melds.append(meld)
        for _ in range(rnd.randint(0, 4)):
            size = rnd.randint(3, 7)
            meld = stock.meld(size, rnd.randint(0, min(3, size - 2)))
            if meld is not None:
                melds.append(meld)
        rnd.shuffle(melds)
        opening, points = [], 0
        for i, meld in enumerate(melds):
            if points >= opening_requirement(number):
                break
            opening.append(i)
            points += sum(value(c) for c in meld)
        teams.append(
            {
                "melds": [" ".join(m) for m in melds],
                "opening": opening if points >= opening_requirement(number) else None,
                "hands": [],
                "feet": [],
            }
        )
    for seat in range(4):
        entry = teams[seat % 2]
        if seat == went_out:
            entry["hands"].append([])
            entry["feet"].append(None)
            continue
        entry["hands"].append([stock.take() for _ in range(rnd.randint(1, 6))])
        unplayed = rnd.random() < 0.4
        entry["feet"].append([stock.take() for _ in range(11)] if unplayed else None)
    # Partners are entered in seat order: side 0 is seats 0, 2 — already so.
    return {"mode": "cards", "teams": teams, "went_out": went_out}


def expected_points(raw: dict) -> tuple[int, int]:
    out = []
    for side, entry in enumerate(raw["teams"]):
        total = 0
        for meld in entry["melds"]:
            cards = meld.split()
            total += sum(value(c) for c in cards)
            if len(cards) == 7:
                wild = any(is_wild(c) for c in cards)
                total += 300 if wild else 500
        if raw["went_out"] is not None and raw["went_out"] % 2 == side:
            total += 100
        for hand in entry["hands"]:
            total -= sum(cost(c) for c in hand)
        for foot in entry["feet"]:
            total -= sum(cost(c) for c in foot or ())
        out.append(total)
    return tuple(out)


def rejected_codes(raw: dict, state=None) -> set[str]:
    try:
        GAME.score(state or GAME.start(), raw)
    except DealRejected as rejected:
        return {e.code for e in rejected.errors}
    raise AssertionError("the deal was accepted")


def state_at(number: int):
    return GAME.fold([{"mode": "totals", "points": [0, 0]}] * (number - 1)).state


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 4))
def test_legal_deals_verify_and_score_as_counted(rnd, number):
    raw = legal_deal(rnd, number)
    result = GAME.score(state_at(number), raw)
    assert result.verified
    assert result.points == expected_points(raw)
    assert all(p % 5 == 0 for p in result.points)
    assert [s["total"] for s in result.detail["sides"]] == list(result.points)


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_copy_beyond_the_five_decks_is_rejected(rnd):
    raw = legal_deal(rnd)
    entered = Counter(
        c
        for entry in raw["teams"]
        for pile in (
            *[m.split() for m in entry["melds"]],
            *entry["hands"],
            *[f for f in entry["feet"] if f],
        )
        for c in pile
    )
    card = rnd.choice([*(c.code for c in FIVE_54.copies)])
    held = FIVE_54.holds(JOKER if card == "Jo" else _card(card))
    seat = rnd.choice([s for s in range(4) if s != raw["went_out"]])
    raw["teams"][seat % 2]["hands"][seat // 2] += [card] * (held - entered[card] + 1)
    assert "too_many_copies" in rejected_codes(raw)


def _card(code: str) -> Card:
    return Card(code[:-1], Suit(code[-1]))


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_meld_stripped_of_its_naturals_is_rejected(rnd):
    raw = legal_deal(rnd)
    melds = [(s, i) for s in (0, 1) for i in range(len(raw["teams"][s]["melds"]))]
    if not melds:
        return
    side, i = rnd.choice(melds)
    cards = raw["teams"][side]["melds"][i].split()
    wild = [c for c in cards if is_wild(c)]
    natural = [c for c in cards if c not in wild]
    raw["teams"][side]["melds"][i] = " ".join([*wild, natural[0]])
    assert rejected_codes(raw) & {"too_few_naturals", "meld_too_short"}


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False))
def test_an_eighth_card_in_a_meld_is_rejected(rnd):
    raw = legal_deal(rnd)
    full = [
        (s, i)
        for s in (0, 1)
        for i, m in enumerate(raw["teams"][s]["melds"])
        if len(m.split()) == 7
    ]
    if not full:
        return
    side, i = rnd.choice(full)
    cards = raw["teams"][side]["melds"][i].split()
    natural = next(c for c in cards if not is_wild(c))
    raw["teams"][side]["melds"][i] += " " + rank_of(natural) + "H"
    assert "meld_too_long" in rejected_codes(raw)


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_short_unplayed_foot_is_rejected(rnd):
    raw = legal_deal(rnd)
    feet = [(s, i) for s in (0, 1) for i, f in enumerate(raw["teams"][s]["feet"]) if f]
    if not feet:
        return
    side, i = rnd.choice(feet)
    raw["teams"][side]["feet"][i].pop()
    assert "foot_not_11" in rejected_codes(raw)


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False))
def test_going_out_short_of_five_canastas_is_rejected(rnd):
    raw = legal_deal(rnd)
    if raw["went_out"] is None:
        return
    entry = raw["teams"][raw["went_out"] % 2]
    entry["melds"] = [m for m in entry["melds"] if len(m.split()) < 7]
    entry["opening"] = None
    assert "going_out_needs_canasta" in rejected_codes(raw)


@st.composite
def matches(draw) -> list[dict]:
    count = draw(st.integers(0, 4))
    deals = []
    for number in range(1, count + 1):
        if draw(st.booleans()):
            deals.append(legal_deal(draw(st.randoms(use_true_random=False)), number))
        else:
            points = draw(
                st.tuples(*[st.integers(-400, 1200).map(lambda p: p * 5)] * 2)
            )
            deals.append({"mode": "totals", "points": list(points)})
    return deals


@settings(max_examples=60, deadline=None)
@given(matches(), st.integers(0, 4))
def test_fold_equals_fold_of_prefix_then_rest(deals, cut):
    cut = min(cut, len(deals))
    whole = GAME.fold(deals)
    prefix = GAME.fold(deals[:cut])
    rest = GAME.fold_from(prefix.state, deals[cut:], earlier=prefix.deals)
    assert rest.state == whole.state
    assert rest.deals == whole.deals
    assert rest.next_deal == whole.next_deal
    assert not whole.needs_attention
    assert whole.finished == (len(deals) == 4)
