"""Contract Samba properties: random legal deals (auction, failed openings, melds,
hands) score as an independent count says; broken ones are rejected; folding a list
equals folding a prefix then the rest."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.cases.contract_samba import (
    GAME,
    RANK_MELD_RANKS,
    clean,
    is_wild,
    legal_deal,
    rank_of,
)
from games.engine import DealRejected
from games.engine.cards import JOKER, Card, Suit
from games.engine.decks import TRIPLE_54


def value(code: str) -> int:
    """28.1 (a three on the table counts 5, 31.10), written out independently."""
    rank = rank_of(code)
    if rank == "Jo":
        return 50
    if rank in ("A", "2"):
        return 20
    if rank in ("3", "4", "5", "6", "7"):
        return 5
    return 10


def cost(code: str) -> int:
    """A card left in hand (31.10 for threes)."""
    if rank_of(code) == "3":
        return 500 if code[-1] in "HD" else 100
    return value(code)


def bonus(cards: list[str]) -> int:
    """31.10 and 28.5: the bonus a meld of these cards earns."""
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


def expected_points(raw: dict) -> tuple[int, int]:
    bids, failed, doubled = raw["_expect"]
    items = []
    for side, entry in enumerate(raw["teams"]):
        melds = [m.split() for m in entry["melds"]]
        item = {
            "melds": sum(value(c) for m in melds for c in m),
            "bonuses": sum(bonus(m) for m in melds),
            "red": -300 * len(entry["red_threes"]),
            "out": 200
            if raw["went_out"] is not None and raw["went_out"] % 2 == side
            else 0,
            "hands": -sum(cost(c) for h in entry["hands"] for c in h),
        }
        items.append(item)
    points = [sum(item.values()) for item in items]
    for _level, _kind, seat in bids[len(bids) - failed :]:
        points[seat % 2] -= 1000
    if failed < len(bids) and raw["went_out"] is not None:
        level, _kind, seat = bids[len(bids) - 1 - failed]
        item = items[seat % 2]
        count = item["bonuses"] + item["red"] + item["out"] + item["hands"]
        if level >= 5:
            count += item["melds"]
        factor = 2 if doubled and failed == 0 else 1
        if count >= 1000 * level:
            points[seat % 2] += factor * 500 * level
        else:
            points[1 - seat % 2] += factor * 1000 * level
    return tuple(points)


def rejected_codes(raw: dict) -> set[str]:
    try:
        GAME.score(GAME.start(), clean(raw))
    except DealRejected as rejected:
        return {e.code for e in rejected.errors}
    raise AssertionError("the deal was accepted")


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_legal_deals_verify_and_score_as_counted(rnd):
    raw = legal_deal(rnd)
    result = GAME.score(GAME.start(), clean(raw))
    assert result.verified
    assert result.points == expected_points(raw)
    assert all(p % 5 == 0 for p in result.points)


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_copy_beyond_the_three_decks_is_rejected(rnd):
    raw = legal_deal(rnd)
    entered = Counter(
        c
        for entry in raw["teams"]
        for pile in (
            *[m.split() for m in entry["melds"]],
            entry["red_threes"],
            *entry["hands"],
        )
        for c in pile
    )
    card = rnd.choice([c.code for c in TRIPLE_54.copies])
    face = JOKER if card == "Jo" else Card(card[:-1], Suit(card[-1]))
    raw["discard_pile"] = [card] * (TRIPLE_54.holds(face) - entered[card] + 1)
    assert "too_many_copies" in rejected_codes(raw)


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_bid_not_higher_is_rejected(rnd):
    raw = legal_deal(rnd)
    at = [i for i, call in enumerate(raw["auction"]) if call[0].isdigit()]
    if not at:
        return
    i = rnd.choice(at)
    raw["auction"].insert(i + 1, raw["auction"][i])
    assert "bid_not_higher" in rejected_codes(raw)


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_rank_meld_stripped_of_naturals_is_rejected(rnd):
    raw = legal_deal(rnd)
    found = [
        (s, i)
        for s in (0, 1)
        for i, m in enumerate(raw["teams"][s]["melds"])
        if len({c[-1] for c in m.split()}) > 1
        and any(rank_of(c) in RANK_MELD_RANKS for c in m.split())
    ]
    if not found:
        return
    side, i = rnd.choice(found)
    cards = raw["teams"][side]["melds"][i].split()
    wild = [c for c in cards if is_wild(c)]
    natural = [c for c in cards if not is_wild(c)]
    raw["teams"][side]["melds"][i] = " ".join([*wild, natural[0]])
    assert rejected_codes(raw)


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_third_wild_card_is_rejected(rnd):
    raw = legal_deal(rnd)
    found = [
        (s, i)
        for s in (0, 1)
        for i, m in enumerate(raw["teams"][s]["melds"])
        if rank_of(m.split()[0]) in RANK_MELD_RANKS
        and not all(c[-1] == m.split()[0][-1] for c in m.split())
    ]
    if not found:
        return
    side, i = rnd.choice(found)
    cards = raw["teams"][side]["melds"][i].split()
    extra = 3 - sum(1 for c in cards if is_wild(c))
    raw["teams"][side]["melds"][i] += " Jo" * extra
    assert rejected_codes(raw) & {"too_many_wilds", "too_many_copies"}


@st.composite
def matches(draw) -> list[dict]:
    deals = []
    for _ in range(draw(st.integers(0, 5))):
        if draw(st.booleans()):
            deals.append(clean(legal_deal(draw(st.randoms(use_true_random=False)))))
        else:
            p = draw(st.tuples(*[st.integers(-400, 2000).map(lambda x: x * 5)] * 2))
            deals.append({"mode": "totals", "points": list(p)})
    return deals


@settings(max_examples=60, deadline=None)
@given(matches(), st.integers(0, 5))
def test_fold_equals_fold_of_prefix_then_rest(deals, cut):
    cut = min(cut, len(deals))
    whole = GAME.fold(deals)
    prefix = GAME.fold(deals[:cut])
    rest = GAME.fold_from(prefix.state, deals[cut:], earlier=prefix.deals)
    assert rest.state == whole.state
    assert rest.deals == whole.deals
    assert rest.next_deal == whole.next_deal
