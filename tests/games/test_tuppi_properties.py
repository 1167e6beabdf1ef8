"""Tuppi properties: legal deals score, broken ones are rejected, folds compose."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected
from games.rules.tuppi import Tuppi

GAME = Tuppi()

BID_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "A")


@st.composite
def deals(draw) -> dict:
    """A legal deal as a scorer would enter it (no concession, no bidding)."""
    contract = draw(st.sampled_from(["rami", "nolo", "sooli"]))
    side_0 = draw(st.integers(0, 13))
    tricks = [side_0, 13 - side_0]
    if draw(st.booleans()):  # per seat
        a = draw(st.integers(0, tricks[0]))
        b = draw(st.integers(0, tricks[1]))
        tricks = [a, b, tricks[0] - a, tricks[1] - b]
    raw: dict = {"contract": contract, "tricks": tricks}
    if contract == "rami":
        raw["declarer"] = draw(st.integers(0, 3))
    elif contract == "sooli":
        soloist = draw(st.integers(0, 3))
        raw["soloist"] = soloist
        if len(tricks) == 4:
            # The partner sits out: move its tricks to the soloist.
            partner = (soloist + 2) % 4
            tricks[soloist] += tricks[partner]
            tricks[partner] = 0
    return raw


@st.composite
def bidding(draw, dealer: int = 0) -> dict:
    """A legal recorded bidding and the deal it leads to (dealer seat 0)."""
    count = draw(st.integers(1, 4))
    bids = []
    used = set()
    for i in range(count):
        red = i == count - 1 and (count < 4 or draw(st.booleans()))
        suits = "HD" if red else "SC"
        card = draw(
            st.sampled_from([r + s for r in BID_RANKS for s in suits]).filter(
                lambda c: c not in used
            )
        )
        used.add(card)
        bids.append(draw(st.sampled_from([card, "rami" if red else "nolo"])))
    rami = bids[-1] in ("rami",) or bids[-1][-1] in "HD"
    side_0 = draw(st.integers(0, 13))
    raw = {"bids": bids, "tricks": [side_0, 13 - side_0]}
    raw["contract"] = "rami" if rami else "nolo"
    return raw


@settings(max_examples=300)
@given(deals())
def test_legal_deals_always_score_one_side(raw):
    result = GAME.score(GAME.start(), raw)
    assert sum(1 for p in result.points if p) == 1
    assert all(p % 4 == 0 for p in result.points)


@given(bidding())
def test_legal_biddings_always_score(raw):
    result = GAME.score(GAME.start(), raw)
    if raw["contract"] == "rami":
        assert result.detail["declarer"] == len(raw["bids"]) % 4


@given(deals(), st.integers(-13, 13).filter(bool))
def test_tricks_not_adding_to_13_are_rejected(raw, change):
    tricks = list(raw["tricks"])
    tricks[0] += change
    if not 0 <= tricks[0] <= 13:
        return
    raw = {**raw, "tricks": tricks}
    try:
        GAME.score(GAME.start(), raw)
    except DealRejected as rejected:
        assert "tricks_not_13" in {e.code for e in rejected.errors}
    else:
        raise AssertionError("accepted tricks that do not add up to 13")


@given(bidding(), st.sampled_from(["2", "J", "Q", "K"]))
def test_a_barred_bidding_card_is_rejected(raw, rank):
    bids = list(raw["bids"])
    colour = "H" if raw["contract"] == "rami" and len(bids) == 1 else "S"
    bids[0] = rank + colour
    try:
        GAME.score(GAME.start(), {**raw, "bids": bids})
    except DealRejected as rejected:
        assert "bad_bidding_card" in {e.code for e in rejected.errors}
    else:
        raise AssertionError("accepted a two or face card as a bidding card")


@given(bidding())
def test_a_repeated_bidding_card_is_rejected(raw):
    cards = [b for b in raw["bids"] if b not in ("rami", "nolo")]
    if len(cards) < 2 or (raw["contract"] == "rami" and len(raw["bids"]) < 2):
        return
    bids = list(raw["bids"])
    # Copy a black card over another black one (keeps the contract as bid).
    blacks = [i for i, b in enumerate(bids) if b[-1] in "SC" and b != "nolo"]
    if len(blacks) < 2:
        return
    bids[blacks[1]] = bids[blacks[0]]
    try:
        GAME.score(GAME.start(), {**raw, "bids": bids})
    except DealRejected as rejected:
        assert "too_many_copies" in {e.code for e in rejected.errors}
    else:
        raise AssertionError("accepted the same card bid twice")


@settings(max_examples=100)
@given(
    st.lists(deals(), max_size=30),
    st.integers(0, 30),
    st.sampled_from(["back_to_zero", "scorer_rises"]),
)
def test_fold_equals_fold_of_prefix_then_rest(raws, cut, mode):
    options = {"when_opponents_score": mode}
    whole = GAME.fold(raws, options)
    cut = min(cut, len(raws))
    prefix = GAME.fold(raws[:cut], options)
    rest = GAME.fold_from(prefix.state, raws[cut:], earlier=prefix.deals)
    assert rest.state == whole.state
    assert rest.deals == whole.deals
    for record in whole.deals:
        assert 0 in record.totals  # only the rising side holds points
