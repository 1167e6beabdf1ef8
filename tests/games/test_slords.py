"""Slords (002): sets of three, red cards only score, jokers, the extensions, the
deck without red kings, and the game to 50 points or four rounds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal, Table, get_game
from games.engine.cards import parse_cards
from games.rules.slords import RED_KINGS, set_errors, set_points, slords_deck

GAME = get_game("slords")
THREE = Table((0, 1, 2))


def score(players, options=None, table=THREE):
    return GAME.score(GAME.start(options or {}, table), {"players": players})


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("7S 7C 7H", 1),  # l.23: ♤7 + ♧7 + ♥7
        ("9D 10D JD", 4),  # l.23: ♦9 + ♦10 + ♦J
        ("4D 5D 6D", 3),  # l.60
        ("9H 9C 9S", 1),  # l.60
        ("10D JD Jo", 3),  # l.76: a joker set
        ("AS AD Jo", 2),  # l.76
        ("QH Jo AH", 4),  # l.67
        ("QS QH Jo", 2),  # l.68
        ("8D 9D Jo", 2),  # l.81
        ("2H 2D Jo", 2),  # l.81
        ("10H JH QH", 5),  # l.107: "(= 5 points)"
        ("KS AS 2S", 0),  # l.53: K + A + 2, black only
        ("QC KC AC", 0),
        ("AH 2H 3H", 4),
    ],
)
def test_the_rules_sets_and_their_points(cards, points):
    """l.24 and l.95: a red 2–10 1 point, a red J, Q or A 2; jokers nothing."""
    parsed = parse_cards(cards)
    assert set_errors("s", parsed, 1) == []
    assert set_points(parsed) == points


@pytest.mark.parametrize(
    ("cards", "most", "code"),
    [
        ("7S 7C", 1, "not_three_cards"),
        ("7S 7C 7H 7D", 1, "not_three_cards"),  # sets are never combined (l.49)
        ("7S 7C 8C", 1, "not_a_set"),
        ("4D 5D 7D", 1, "not_a_set"),
        ("4D 5H 6D", 1, "not_a_set"),
        ("JC QC 2C", 1, "not_a_set"),
        ("9H Jo Jo", 1, "too_many_jokers"),
    ],
)
def test_what_is_not_a_set(cards, most, code):
    assert [e.code for e in set_errors("s", parse_cards(cards), most)] == [code]


def test_two_jokers_in_a_set_only_with_joker_roll_and_double_joker():
    """l.110–113: with both extensions a set can end up holding two jokers."""
    players = [{"sets": ["9H Jo Jo"]}, {}, {}]
    with pytest.raises(DealRejected):
        score(players, {"double_joker": True})
    both = {"double_joker": True, "joker_roll": True}
    assert score(players, both).points == (1, 0, 0)


def test_the_deck_has_no_red_kings_and_one_joker():
    """l.19, l.34: 50 cards and a joker; a second joker with Double Joker."""
    assert slords_deck(1).size == 51 and slords_deck(2).size == 52
    assert all(slords_deck(1).holds(k) == 0 for k in RED_KINGS)
    with pytest.raises(DealRejected) as rejected:
        score([{"sets": ["KH KS KC"]}, {}, {}])
    assert rejected.value.errors[0].code == "card_not_in_deck"
    with pytest.raises(DealRejected):
        score([{"sets": ["10D JD Jo"]}, {"sets": ["AS AD Jo"]}, {}])
    assert score(
        [{"sets": ["10D JD Jo"]}, {"sets": ["AS AD Jo"]}, {}], {"double_joker": True}
    ).points == (3, 2, 0)


def test_a_round_sums_each_players_sets():
    points = score(
        [{"sets": ["9D 10D JD", "KS AS 2S", "QH Jo AH"]}, {"sets": ["7S 7C 7H"]}, {}]
    ).points
    assert points == (8, 1, 0)


def test_totals_over_the_thirty_red_points_are_refused():
    state = GAME.start({}, THREE)
    assert GAME.score(state, {"mode": "totals", "points": [20, 10, 0]}).points == (
        20,
        10,
        0,
    )
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state, {"mode": "totals", "points": [20, 10, 1]})
    assert rejected.value.errors[0].code == "too_many_points"


def test_to_fifty_points_the_most_win_and_ties_share():
    """l.96: "played until 50 p. … The one(s) with the most points"."""
    deal = {"mode": "totals", "points": [15, 15, 0]}
    folded = GAME.fold([deal] * 3, {}, THREE)
    assert not folded.state.finished
    folded = GAME.fold([deal] * 4, {}, THREE)
    assert folded.state.finished and folded.state.winners == (0, 1)
    ahead = {"mode": "totals", "points": [25, 5, 0]}
    folded = GAME.fold([ahead, ahead], {}, THREE)
    assert folded.state.finished and folded.state.winners == (0,)
    assert GAME.match_goal(GAME.parse_options({})) == MatchGoal(target=50)


def test_or_four_rounds():
    deal = {"mode": "totals", "points": [1, 2, 3]}
    options = {"target": None, "rounds": 4}
    assert not GAME.fold([deal] * 3, options, THREE).state.finished
    folded = GAME.fold([deal] * 4, options, THREE)
    assert folded.state.finished and folded.state.winners == (2,)
    assert folded.totals == (4, 8, 12)
    assert GAME.match_goal(GAME.parse_options(options)) == MatchGoal(deals=4)


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@given(st.integers(0, 10), st.sampled_from("HDSC"))
def test_every_run_of_three_scores_by_colour(start, suit):
    """Three in a row of a suit is a set; red ones score 3 to 6, black ones 0."""
    cards = parse_cards([f"{r}{suit}" for r in RANKS[start : start + 3]])
    if any(c in RED_KINGS for c in cards):
        return
    assert set_errors("s", cards, 1) == []
    points = set_points(cards)
    assert (3 <= points <= 6) if suit in "HD" else points == 0


@given(st.lists(st.integers(0, 10), min_size=3, max_size=3))
def test_totals_add_up(points):
    if sum(points) <= 30:
        folded = GAME.fold([{"mode": "totals", "points": points}], {}, THREE)
        assert folded.totals == tuple(points)
