"""Kiertopokeri (book ch 23, l.1700–1739): announcements in the book's words, a
doubt puts the liar or the doubter out, the last one left wins."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game
from games.engine.cards import parse_cards
from games.engine.poker import poker_hand
from games.rules.kiertopokeri import parse_announcement
from tests.games.strategies.kiertopokeri import CODES, announcement_for

GAME = get_game("kiertopokeri")
FOUR = Table((0, 1, 2, 3))


def true(announced: str, cards: str) -> bool:
    return parse_announcement(announced).matches(poker_hand(parse_cards(cards)))


@pytest.mark.parametrize(
    ("announced", "cards", "truth"),
    [
        # §23.1's examples: "a pair of queens and a jack" …
        ("pair Q J", "QS QH JD 7C 3S", True),
        ("pair Q J", "QS QH 9D 7C 3S", False),  # the best other card is a nine
        ("pair Q J", "QS QH AD JC 3S", False),  # … an ace: not what was said
        # "A pair of queens, a pair of tens and a five"
        ("two pair Q 10 5", "QS QH 10D 10C 5S", True),
        ("two pair Q 10 5", "QS QH 10D 10C 4S", False),
        ("full house Q 10", "QS QH QD 10C 10S", True),
        # "A flush, with a queen and a ten"
        ("flush Q 10", "QH 10H 7H 4H 2H", True),
        ("flush Q 10", "QH 10D 7H 4H 2H", False),  # not a flush at all
        ("high card Q 10", "QH 10D 7H 4H 2C", True),
        ("straight 9", "9S 8H 7D 6C 5S", True),
        ("straight 5", "5S 4H 3D 2C AS", True),  # the wheel's top card is the five
        ("straight flush 9", "9S 8S 7S 6S 5S", True),
        ("straight 9", "9S 8S 7S 6S 5S", False),  # a straight flush is no straight
        ("three of a kind 8 K", "8S 8H 8D KC 2S", True),
        ("four of a kind 5 2", "5S 5H 5D 5C 2S", True),
    ],
)
def test_announcements_are_checked_against_the_five_cards(announced, cards, truth):
    """§23.1: the announcement names the type and the cards the book says; it is
    true when the hand is exactly that."""
    assert true(announced, cards) is truth


@pytest.mark.parametrize(
    "announced", ["pair Q", "pair Q J 5", "flush", "two of a kind Q J", "pair Q X"]
)
def test_a_malformed_announcement_is_refused(announced):
    with pytest.raises(DealRejected) as rejected:
        parse_announcement(announced)
    assert rejected.value.errors[0].code == "bad_announcement"


def test_a_true_hand_puts_the_doubter_out_a_false_one_the_announcer():
    """§23.1: truthful — the doubter drops out and the next player starts over;
    not truthful — the announcer drops out and the doubter starts over."""
    state = GAME.start({}, FOUR)
    doubt = {"announcer": 0, "doubter": 1, "announced": "pair Q J"}
    result = GAME.score(state, {**doubt, "shown": "QS QH JD 7C 3S"})
    assert result.detail == {"out": 1, "starts": 2}
    assert result.points == (1, 0, 1, 1)
    result = GAME.score(state, {**doubt, "shown": "QS QH 9D 7C 3S"})
    assert result.detail == {"out": 0, "starts": 1}


def test_the_last_player_left_wins():
    """§23.2: after everyone else has dropped out, the last player wins; the
    totals are the places (first out 0 … winner 3)."""
    deals = [
        {
            "announcer": 0,
            "doubter": 1,
            "announced": "pair Q J",
            "shown": "QS QH JD 7C 3S",
        },
        {"mode": "totals", "out": 3},
        # Seats 0 and 2 are left: seat 2 announces, seat 0 doubts, the hand is true.
        {
            "announcer": 2,
            "doubter": 0,
            "announced": "straight 9",
            "shown": "9S 8H 7D 6C 5S",
        },
    ]
    folded = GAME.fold(deals, {}, FOUR)
    assert not folded.needs_attention
    assert folded.state.out == (1, 3, 0)
    assert folded.finished and folded.winners == (2,)
    assert folded.totals == (2, 0, 3, 1)
    assert GAME.deal_winners((1, 0, 1, 1), {}) == ()


def test_a_doubt_that_breaks_the_rules_names_every_error():
    state = GAME.fold([{"mode": "totals", "out": 1}], {}, FOUR).state
    with pytest.raises(DealRejected) as rejected:
        GAME.score(
            state,
            {"announcer": 1, "doubter": 2, "announced": "pair", "shown": "QS QS 2D"},
        )
    assert {(e.path, e.code) for e in rejected.value.errors} == {
        ("announcer", "player_out")
    }
    with pytest.raises(DealRejected) as rejected:
        GAME.score(
            state,
            {"announcer": 0, "doubter": 3, "announced": "pair", "shown": "QS QS 2D"},
        )
    assert {(e.path, e.code) for e in rejected.value.errors} == {
        ("doubter", "not_next_player"),  # seat 1 is out: seat 2 doubts
        ("shown", "not_five_cards"),
        ("shown", "too_many_copies"),
        ("announced", "bad_announcement"),
    }


@settings(max_examples=100)
@given(st.permutations(CODES), st.booleans())
def test_an_honest_announcement_is_true_and_a_changed_one_false(cards, lie):
    hand = list(cards[:5])
    announced = announcement_for(hand, lie)
    assert true(announced, " ".join(hand)) is (not lie)


@given(st.integers(4, 8).flatmap(lambda n: st.permutations(range(n))))
def test_a_whole_game_scores_the_places(order):
    """Points add up to 0 + 1 + … + (n − 1); the last one left has n − 1."""
    n = len(order)
    deals = [{"mode": "totals", "out": s} for s in order[:-1]]
    folded = GAME.fold(deals, {}, Table(tuple(range(n))))
    assert folded.finished and folded.winners == (order[-1],)
    assert sum(folded.totals) == n * (n - 1) // 2
    assert [folded.totals[s] for s in order] == list(range(n))
