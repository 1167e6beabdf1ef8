"""Umtali (004, l.85–134): the melds (sets, sequences, marriages, singles, one
pair), the card values with marriages 20, and four hands to the highest total."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal, Table, get_game
from games.engine.cards import STANDARD_CARDS, parse_cards
from games.rules.umtali import MOST_POINTS, meld_kind, meld_points

GAME = get_game("umtali")
TWO = Table((0, 1))


@pytest.mark.parametrize(
    ("cards", "kind", "points"),
    [
        ("5H 6H 7H", "sequence", 3),  # l.111: 5-6-7♥
        ("4H", "single", 1),  # l.117: extending with the 4♥
        ("2D 2H 2C", "set", 3),  # l.117
        ("2S", "single", 1),
        ("KC QC", "marriage", 20),  # l.111, l.131: K-Q♣ 20, not 5 + 5
        ("KC QD", None, None),
        ("JD", "single", 5),  # l.123: jacks only singly
        ("JD JH JC", None, None),
        ("9H 10H JH", None, None),  # jacks in no sequence
        ("AH 2H 3H", "sequence", 3),  # aces low
        ("QH KH AH", None, None),
        ("8S 9S 10S", "sequence", 7),
        ("10S 10H 10D 10C", "set", 20),
        ("7S 7H", "pair", 2),  # l.125: only when going out
        ("JS JH", None, None),
        ("QS KS", "marriage", 20),
    ],
)
def test_melds_and_their_points(cards, kind, points):
    """l.129–131: 10s and faces 5, others 1, marriages 20."""
    parsed = parse_cards(cards)
    assert meld_kind(parsed) == kind
    if kind:
        assert meld_points(parsed) == points


def test_a_hand_scores_each_side():
    result = GAME.score(
        GAME.start({}, TWO),
        {
            "sides": [
                {"melds": ["5H 6H 7H", "KC QC", "JD", "2S 2D"]},
                {"melds": ["9S 9D 9C", "AH"]},
            ]
        },
    )
    assert result.points == (30, 4)


@pytest.mark.parametrize(
    ("sides", "code", "path"),
    [
        ([{"melds": ["KC QD"]}, {}], "not_a_meld", "sides.0.melds.0"),
        ([{"melds": ["7S 7H", "8S 8H"]}, {}], "more_than_one_pair", "sides.0.melds"),
        ([{"melds": ["7S"]}, {"melds": ["7S"]}], "too_many", "sides.1.melds.0"),
        ([{}], "too_short", "sides"),
    ],
)
def test_rejections_name_the_field(sides, code, path):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, TWO), {"sides": sides})
    found = [(e.code, e.path) for e in rejected.value.errors]
    assert any(c.startswith(code) and p == path for c, p in found), found


def test_totals_at_most_the_whole_deck():
    state = GAME.start({}, TWO)
    assert GAME.score(state, {"mode": "totals", "points": [100, 56]}).points == (
        100,
        56,
    )
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state, {"mode": "totals", "points": [100, 57]})
    assert rejected.value.errors[0].code == "too_many_points"


def test_four_hands_and_the_highest_wins():
    deal = {"mode": "totals", "points": [30, 20]}
    assert not GAME.fold([deal] * 3, {}, TWO).state.finished
    folded = GAME.fold([deal] * 4, {}, TWO)
    assert folded.state.finished and folded.totals == (120, 80)
    assert folded.state.winners == (0,)
    assert GAME.match_goal(GAME.parse_options({})) == MatchGoal(deals=4)


def test_the_whole_deck_as_singles_counts_116():
    """Every card as a single: 16 tens and faces × 5 + 36 others = 116."""
    cards = [c.code for c in STANDARD_CARDS]
    result = GAME.score(
        GAME.start({}, TWO), {"sides": [{"melds": cards[:26]}, {"melds": cards[26:]}]}
    )
    assert sum(result.points) == 116 == MOST_POINTS - 40


@given(st.permutations([c.code for c in STANDARD_CARDS]), st.integers(0, 52))
def test_singles_split_any_way_add_up_to_116(cards, cut):
    result = GAME.score(
        GAME.start({}, TWO),
        {"sides": [{"melds": cards[:cut]}, {"melds": cards[cut:]}]},
    )
    assert sum(result.points) == 116
