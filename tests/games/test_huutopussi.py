"""Math students' Huutopussi (book §12): bids 50–440 in fives, a raised contract,
card points 140 + last trick 20, trump announcements ♠40 ♣60 ♦80 ♥100, läpäri,
the −500 bidding rule; first to 500; win/loss only (§1.2)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal, get_game
from games.engine.decks import PIQUET_36
from games.engine.tricks import HUUTOPUSSI_CARD_POINTS

GAME = get_game("huutopussi")
RANKS_BY_VALUE = {"A": 10, "10": 10, "K": 5, "Q": 5, "J": 5}


def deal(declarer, bid, points, trumps=((), ()), **more):
    raw = {
        "declarer": declarer,
        "bid": bid,
        "card_points": list(points),
        "trumps": [list(t) for t in trumps],
    }
    return raw | more


def at(totals, dealer=0):
    return replace(GAME.start(), totals=tuple(totals), dealer=dealer)


def rejected(raw, state=None):
    with pytest.raises(DealRejected) as caught:
        GAME.score(state or GAME.start(), raw)
    return [(e.path, e.code) for e in caught.value.errors]


def test_the_game_is_registered_as_win_loss_only_to_500():
    assert GAME.source == "001_b57793035adc3f64.txt §12"
    assert GAME.stakes_per_point is False
    assert GAME.start().table.seats == (0, 1, 0, 1)
    assert GAME.match_goal(GAME.parse_options({})) == MatchGoal(target=500)


def test_the_card_points_of_the_book():
    """12.5: aces and tens 10, kings, queens and jacks 5, the last trick 20: a
    36-card deck holds 140, a deal 160; the announcements 40 + 60 + 80 + 100 make
    the highest bid 440."""
    assert dict(HUUTOPUSSI_CARD_POINTS.by_rank) == RANKS_BY_VALUE
    assert HUUTOPUSSI_CARD_POINTS.deck_total(PIQUET_36) == 140
    assert HUUTOPUSSI_CARD_POINTS.deal_total(PIQUET_36) == 160
    assert 160 + 40 + 60 + 80 + 100 == 440


# 12.5, as (deal, points per side). The declarer is seat 0 (side 0) or 1.
BOOK_EXAMPLES = [
    # made: card points (with announcements) at least the contract → + contract;
    # the opponents their card points
    (deal(0, 100, (100, 60)), (100, 60)),
    (deal(0, 100, (60, 100), (("S",), ())), (100, 100)),  # 60 + ♠40 = 100: made
    (deal(1, 130, (90, 70), ((), ("C",))), (90, 130)),  # 70 + ♣60 = 130: made
    # failed: − contract ("A team's score can go below zero")
    (deal(1, 200, (90, 70), ((), ("C",))), (90, -200)),
    (deal(0, 250, (120, 40), (("H", "D"), ("S",))), (250, 80)),  # 120 + 180
    # the raised contract counts, not the final bid
    (deal(0, 100, (130, 30), contract=150), (-150, 30)),
    (deal(0, 100, (160, 0), (("H",), ()), contract=240), (240, 0)),
    # läpäri: the side with no trick loses the original final bid
    (deal(0, 120, (160, 0), no_tricks=1), (120, -120)),
    (deal(0, 120, (160, 0), contract=150, no_tricks=1), (150, -120)),
    # "If the contract is over 160 … läpäri and still not make the contract":
    # the declarers lose the contract, the opponents the final bid
    (deal(0, 180, (160, 0), contract=250, no_tricks=1), (-250, -180)),
    # all four announcements and all the tricks: 440
    (deal(0, 440, (160, 0), (("S", "C", "D", "H"), ()), no_tricks=1), (440, -440)),
]


@pytest.mark.parametrize(("raw", "points"), BOOK_EXAMPLES)
def test_the_book_examples_score_as_the_book_says(raw, points):
    assert GAME.score(GAME.start(), raw).points == points


def test_a_declarer_side_without_tricks_fails_and_loses_the_bid():
    """Reading: both sentences of 12.5 apply to the declarers too."""
    result = GAME.score(GAME.start(), deal(1, 60, (160, 0), no_tricks=1))
    assert result.points == (160, -60 - 60)


@pytest.mark.parametrize(
    ("raw", "errors"),
    [
        (deal(0, 105, (100, 60)), []),
        (deal(0, 103, (100, 60)), [("bid", "not_a_multiple_of_5")]),
        (deal(0, 100, (100, 60), contract=95), [("contract", "contract_below_bid")]),
        (deal(0, 100, (100, 60), contract=101), [("contract", "not_a_multiple_of_5")]),
        (deal(0, 100, (100, 50)), [("card_points", "card_points_do_not_add_up")]),
        (
            deal(0, 100, (102, 58)),
            [
                ("card_points.0", "not_a_multiple_of_5"),
                ("card_points.1", "not_a_multiple_of_5"),
            ],
        ),
        (
            deal(0, 100, (100, 60), (("S",), ("S",))),
            [("trumps.1.0", "suit_announced_twice")],
        ),
        (
            deal(0, 100, (160, 0), ((), ("H",)), no_tricks=1),
            [("trumps.1.0", "announcement_without_trick")],
        ),
        (
            deal(0, 100, (150, 10), no_tricks=1),
            [("card_points.1", "card_points_without_tricks")],
        ),
        (
            {"declarer": 0, "bid": 100},
            [("card_points", "card_points_required")],
        ),
    ],
)
def test_every_rule_broken_is_named_at_its_field(raw, errors):
    if not errors:
        GAME.score(GAME.start(), raw)
        return
    assert rejected(raw) == errors


def test_out_of_range_bids_are_refused_at_their_field():
    assert {p for p, _ in rejected(deal(0, 45, (100, 60)))} == {"bid"}
    assert {p for p, _ in rejected(deal(0, 445, (100, 60)))} == {"bid"}
    assert {p for p, _ in rejected(deal(0, 100, (100, 60), contract=450))} == {
        "contract"
    }


def test_a_side_at_minus_500_may_only_open_50_as_dealer():
    """12.5: "If a team has -500 game points or less, they are not allowed to bid
    except that the dealer is allowed to make the initial bid of 50 points." """
    state = at((-500, 0), dealer=2)  # seat 2 (side 0) deals
    assert rejected(deal(0, 50, (100, 60)), state) == [("declarer", "may_not_bid")]
    assert rejected(deal(2, 55, (100, 60)), state) == [("declarer", "may_not_bid")]
    assert GAME.score(state, deal(2, 50, (100, 60), contract=90)).points == (90, 60)
    assert GAME.score(at((-495, 0)), deal(0, 100, (100, 60))).points == (100, 60)
    nxt = GAME.next_deal(state)
    assert nxt.may_bid == (1, 2, 3)
    rows = {row.code: row.value for row in nxt.context}
    assert rows["barred_from_bidding"].startswith("side 1")
    assert rows["opening_bid"] == 2


def test_first_to_500_wins_and_both_over_500_more_points_wins():
    """12.5: "The team that first gets at least 500 game points wins … If both
    teams break the 500 limit in the same deal, the team that has more game
    points wins the game." """
    state = at((450, 420))
    after = GAME.advance(state, GAME.score(state, deal(0, 100, (100, 60))))
    assert after.totals == (550, 480) and after.finished and after.winners == (0,)
    after = GAME.advance(state, GAME.score(state, deal(0, 60, (60, 100))))
    assert after.totals == (510, 520) and after.finished and after.winners == (1,)
    after = GAME.advance(state, GAME.score(state, deal(0, 50, (80, 80))))
    assert after.totals == (500, 500) and after.winners == (0, 1)


def _split(draw):
    cards = sorted(PIQUET_36.copies, key=lambda c: c.code)
    mask = draw(st.lists(st.booleans(), min_size=9, max_size=9))
    order = draw(st.permutations(cards))
    tricks = [order[4 * i : 4 * i + 4] for i in range(9)]
    won = ([], [])
    for trick, side in zip(tricks, mask, strict=True):
        won[int(side)].extend(trick)
    last = int(mask[-1])
    return won, last


@given(st.data())
def test_card_points_from_the_cards_add_up_to_160(data):
    """Issue 18's property: both sides' card points sum to 160 with the last
    trick, entered as cards or as points, and score the same either way."""
    won, last = _split(data.draw)
    codes = [" ".join(c.code for c in side) for side in won]
    points = HUUTOPUSSI_CARD_POINTS.sides(won, last)
    assert sum(points) == 160
    by_cards = GAME.score(
        GAME.start(),
        {"declarer": 0, "bid": 50, "cards": codes, "last_trick": last},
    )
    empty = [side for side in (0, 1) if not won[side]]
    extra = {"no_tricks": empty[0]} if empty else {}
    by_points = GAME.score(GAME.start(), deal(0, 50, points, **extra))
    assert by_cards.points == by_points.points
    assert by_cards.detail["card_points"] == list(points)


def test_cards_that_are_not_the_deck_are_refused():
    cards = ["AS AH AD AC", "AS 6S 7S 8S"]
    errors = rejected({"declarer": 0, "bid": 50, "cards": cards, "last_trick": 0})
    assert ("cards.1", "too_many_copies") in errors
    assert ("cards", "cards_not_36") in errors


@given(
    st.lists(
        st.tuples(
            st.integers(0, 3),
            st.integers(10, 88).map(lambda b: 5 * b),
            st.integers(0, 32).map(lambda c: 5 * c),
        ),
        min_size=1,
        max_size=30,
    )
)
def test_the_totals_are_the_sums_and_the_first_to_500_wins(played):
    state = GAME.start()
    for declarer, bid, own in played:
        if state.finished:
            break
        side = declarer % 2
        if state.totals[side] <= -500:
            declarer, bid = state.dealer, 50
            side = declarer % 2
        points = (own, 160 - own) if side == 0 else (160 - own, own)
        result = GAME.score(state, deal(declarer, bid, points))
        assert result.points[side] == (bid if own >= bid else -bid)
        assert result.points[1 - side] == 160 - own
        after = GAME.advance(state, result)
        assert after.totals == tuple(
            t + p for t, p in zip(state.totals, result.points, strict=True)
        )
        assert after.finished == (max(after.totals) >= 500)
        state = after


def test_the_worked_example_of_the_doc_scores_as_the_doc_says():
    doc = (Path(__file__).parents[2] / "docs/games/huutopussi.md").read_text()
    example = re.search(r"<!-- example -->\s*```json\n(.*?)```", doc, re.S).group(1)
    assert GAME.score(GAME.start(), json.loads(example)).points == (-150, 120)
