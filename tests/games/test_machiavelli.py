"""Machiavelli (004, l.1–30): one game won by the first to empty the hand, and the
optional check of the final table's sets and sequences."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal, Table, get_game
from games.engine.cards import parse_cards
from games.rules.machiavelli import meld_error

GAME = get_game("machiavelli")
THREE = Table((0, 1, 2))


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("7H 7D 7C", None),
        ("7H 7D 7C 7S", None),
        ("7H 7H 7C", "not_a_meld"),  # "A set cannot contain more than one card of
        ("7H 7D 7C 7S 7H", "not_a_meld"),  # the same suit"
        ("5S 6S 7S 8S", None),
        ("AS 2S 3S", None),  # ace low
        ("QS KS AS", None),  # ace high
        ("KS AS 2S", "not_a_meld"),  # "a sequence of K-A-2 is not allowed"
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "not_a_meld"),  # not both
        ("5S 6H 7S", "not_a_meld"),
        ("5S 7S", "meld_too_short"),
        ("Jo 5S 6S", "not_a_meld"),  # no jokers in Machiavelli
    ],
)
def test_sets_and_sequences(cards, code):
    error = meld_error("table.0", parse_cards(cards))
    assert (error.code if error else None) == code


def test_the_first_to_empty_the_hand_wins_the_game():
    folded = GAME.fold([{"winner": 2}], {}, THREE)
    assert folded.state.finished and folded.state.winners == (2,)
    assert folded.totals == (0, 0, 1)
    assert GAME.match_goal(GAME.parse_options({})) == MatchGoal(deals=1)
    assert GAME.stakes_per_point is False


def test_the_final_table_is_checked_meld_by_meld():
    deal = {"winner": 0, "table": ["7H 7D 7C", "KS AS 2S", "5S 6S"]}
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, THREE), deal)
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("table.1", "not_a_meld"),
        ("table.2", "meld_too_short"),
    ]


def test_two_decks_hold_two_of_each_card():
    deal = {"winner": 0, "table": ["7H 7D 7C", "7H 7D 7S", "6H 7H 8H"]}
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, THREE), deal)
    assert [e.path for e in rejected.value.errors] == ["table.2"]


def test_the_option_makes_the_table_required():
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({"check_table": True}, THREE), {"winner": 0})
    assert rejected.value.errors[0].code == "table_required"
    state = GAME.start({"check_table": True}, THREE)
    assert GAME.score(state, {"winner": 0, "table": ["7H 7D 7C"]}).verified


def test_a_winner_not_at_the_table_is_refused():
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, Table((0, 1))), {"winner": 3})
    assert rejected.value.errors[0].path == "winner"


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@given(st.integers(0, 11), st.integers(3, 14), st.sampled_from("SHDC"))
def test_every_sequence_in_a_suit_without_wrapping_is_a_meld(start, length, suit):
    ranks = RANKS[start : start + length]
    if len(ranks) < 3:
        return
    cards = parse_cards([f"{r}{suit}" for r in ranks])
    ok = not (ranks[0] == "A" and ranks[-1] == "A")
    assert (meld_error("t", cards) is None) is ok
