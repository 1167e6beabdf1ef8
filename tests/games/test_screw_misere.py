"""Screw Misere (book §19): minus one per trick and k per ace in trick k; 100 minus
points lose, but never in a deal the side won (it scores 0, the opponents the
difference); both over 100 → the deal's better side chooses."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal, get_game

GAME = get_game("screw-misere")
SUITS = ("AS", "AH", "AD", "AC")


def aces(*places):
    """Aces by (trick, seat), in the order spades, hearts, diamonds, clubs."""
    return [
        {"card": card, "trick": trick, "seat": seat}
        for card, (trick, seat) in zip(SUITS, places, strict=True)
    ]


def deal(tricks, places, choice=None):
    raw = {"tricks": tricks, "aces": aces(*places)}
    if choice is not None:
        raw["choice"] = choice
    return raw


def at(totals):
    """A state with the given totals (deals scored normally to get there)."""
    from dataclasses import replace

    return replace(GAME.start(), totals=tuple(totals))


def test_the_game_is_registered_for_two_teams_and_100_minus():
    assert GAME.source == "001_b57793035adc3f64.txt §19"
    assert GAME.lower_totals_win
    assert GAME.start().table.seats == (0, 1, 0, 1)
    assert GAME.match_goal(GAME.parse_options({})) == MatchGoal(target=100)


# 19.3: "one minus point for each trick won"; "an ace in the first trick of the
# deal is worth one minus point, in the second trick worth two minus points, in
# the third trick worth three minus points and so on". As (tricks per side, aces
# by (trick, seat), the minus points per side).
BOOK_EXAMPLES = [
    ([6, 7], [(1, 0), (2, 1), (3, 2), (4, 3)], (6 + 1 + 3, 7 + 2 + 4)),
    ([13, 0], [(1, 0), (2, 2), (3, 0), (13, 2)], (13 + 1 + 2 + 3 + 13, 0)),
    ([0, 13], [(10, 1), (11, 3), (12, 1), (13, 3)], (0, 13 + 46)),
    ([5, 8], [(1, 0), (5, 1), (9, 3), (13, 1)], (5 + 1, 8 + 5 + 9 + 13)),
    ([4, 1, 3, 5], [(2, 0), (3, 1), (4, 2), (7, 3)], (7 + 2 + 4, 6 + 3 + 7)),
]


@pytest.mark.parametrize(("tricks", "places", "minus"), BOOK_EXAMPLES)
def test_the_book_examples_score_as_the_book_says(tricks, places, minus):
    assert GAME.score(GAME.start(), deal(tricks, places)).points == minus


def test_the_team_that_first_collects_100_minus_loses():
    """19.3: it took more minus points than the opponents in the deal, so normal
    scoring stands and it loses."""
    state = at((40, 90))
    result = GAME.score(state, deal([5, 8], [(1, 1), (2, 0), (3, 1), (4, 0)]))
    assert result.points == (5 + 2 + 4, 8 + 1 + 3)  # side 1 took more: 12 to 11
    after = GAME.advance(state, result)
    assert after.totals == (51, 102) and after.finished and after.winners == (0,)


def test_a_team_cannot_lose_in_a_deal_it_won():
    """19.3: side 0 would reach 100 with fewer minus points than side 1 in the
    deal: it scores 0, side 1 the difference of the normal sums."""
    state = at((95, 30))
    result = GAME.score(state, deal([6, 7], [(1, 0), (2, 1), (3, 2), (4, 3)]))
    assert result.detail["normal"] == [10, 13]
    assert result.points == (0, 3)
    assert [f.code for f in result.facts] == ["minus", "minus", "protected"]
    after = GAME.advance(state, result)
    assert after.totals == (95, 33) and not after.finished


def test_an_equal_number_protects_too_and_then_nobody_scores():
    """19.3 "(or an equal number)": the difference is 0."""
    state = at((95, 30))
    result = GAME.score(state, deal([7, 6], [(1, 1), (2, 0), (3, 0), (5, 1)]))
    assert result.detail["normal"] == [12, 12]
    assert result.points == (0, 0)


def test_both_over_100_the_deals_better_side_chooses():
    """19.3: both would reach 100 with normal scoring; side 0 took fewer minus
    points in the deal and chooses. Normal: the smaller total wins; protection:
    side 0 scores 0, side 1 the difference."""
    state = at((92, 88))
    raw = deal([6, 7], [(1, 0), (2, 1), (3, 2), (4, 3)])  # normal 10 and 13
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state, raw)
    (error,) = rejected.value.errors
    assert (error.path, error.code) == ("choice", "choice_required")
    assert "side 1" in error.message and "§19.3" in error.message
    normal = GAME.score(state, {**raw, "choice": "normal"})
    assert normal.points == (10, 13)
    after = GAME.advance(state, normal)
    assert after.totals == (102, 101) and after.finished and after.winners == (1,)
    protected = GAME.score(state, {**raw, "choice": "protected"})
    assert protected.points == (0, 3)
    after = GAME.advance(state, protected)
    assert after.totals == (92, 91) and not after.finished


def test_normal_scoring_with_equal_totals_is_a_shared_win():
    state = at((90, 87))
    result = GAME.score(state, deal([6, 7], [(1, 0), (2, 1), (3, 2), (4, 3)], "normal"))
    after = GAME.advance(state, result)
    assert after.totals == (100, 100) and after.winners == (0, 1)


def test_a_choice_is_refused_where_the_book_gives_none():
    with pytest.raises(DealRejected) as rejected:
        GAME.score(
            GAME.start(), deal([6, 7], [(1, 0), (2, 1), (3, 2), (4, 3)], "normal")
        )
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("choice", "choice_not_open")
    ]


def test_tricks_and_aces_that_do_not_fit_are_all_reported():
    raw = {
        "tricks": [6, 6],
        "aces": [
            {"card": "AS", "trick": 1, "seat": 0},
            {"card": "AS", "trick": 2, "seat": 1},
            {"card": "KD", "trick": 3, "seat": 2},
            {"card": "AC", "trick": 3, "seat": 1},
        ],
    }
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(), raw)
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("tricks", "tricks_not_13"),
        ("aces.1.card", "ace_twice"),
        ("aces.2.card", "not_an_ace"),
        ("aces.3.seat", "trick_two_winners"),
    ]


def test_a_side_cannot_have_won_more_ace_tricks_than_tricks():
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(), deal([1, 12], [(1, 0), (2, 2), (3, 1), (4, 1)]))
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("aces", "more_ace_tricks_than_tricks")
    ]
    with pytest.raises(DealRejected) as rejected:  # per seat: seat 2 took none
        GAME.score(GAME.start(), deal([3, 4, 0, 6], [(1, 0), (2, 2), (3, 1), (4, 1)]))
    assert rejected.value.errors[0].code == "more_ace_tricks_than_tricks"
    assert "player 3" in rejected.value.errors[0].message


def test_the_sheet_shows_the_minus_points_left_and_the_lowest_leads():
    folded = GAME.fold([deal([6, 7], [(1, 0), (2, 1), (3, 2), (4, 3)])])
    assert folded.totals == (10, 13) and folded.leaders == (0,)
    rows = {row.code: row.value for row in folded.next_deal.context}
    assert rows["minus_to_lose"] == (90, 87)
    assert folded.next_deal.dealer == 1 and folded.next_deal.starting_seat == 2


@st.composite
def legal_deals(draw):
    seats = draw(st.lists(st.integers(0, 3), min_size=13, max_size=13))
    ace_tricks = draw(st.lists(st.integers(1, 13), min_size=4, max_size=4, unique=True))
    per_seat = [seats.count(s) for s in range(4)]
    places = [(t, seats[t - 1]) for t in ace_tricks]
    tricks = (
        per_seat
        if draw(st.booleans())
        else [
            per_seat[0] + per_seat[2],
            per_seat[1] + per_seat[3],
        ]
    )
    return seats, places, deal(tricks, places)


@given(st.lists(legal_deals(), min_size=1, max_size=40), st.integers(20, 150))
def test_each_ace_falls_once_and_a_side_is_charged_only_for_its_own(played, target):
    """Issue 18's property: each of the four aces falls in exactly one trick, and a
    side is charged only for aces in tricks it won; a side loses only in a deal in
    which it took more minus points (or chose normal scoring)."""
    state = GAME.start({"target": target})
    for seats, places, raw in played:
        if state.finished:
            break
        normal = [0, 0]
        for side in (0, 1):
            won = sum(1 for s in seats if s % 2 == side)
            normal[side] = won + sum(t for t, seat in places if seat % 2 == side)
        assert sum(normal) == 13 + sum(t for t, _ in places)
        both = all(t + n >= target for t, n in zip(state.totals, normal, strict=True))
        choice = "normal" if both and normal[0] != normal[1] else None
        result = GAME.score(state, {**raw, "choice": choice} if choice else raw)
        assert result.detail["normal"] == normal
        after = GAME.advance(state, result)
        for side in (0, 1):
            if after.totals[side] >= target and choice is None:
                assert normal[side] > normal[1 - side]
        assert after.totals == tuple(
            t + p for t, p in zip(state.totals, result.points, strict=True)
        )
        if after.finished:
            assert after.winners == tuple(
                s for s in (0, 1) if after.totals[s] == min(after.totals)
            )
        state = after


def test_the_worked_example_of_the_doc_scores_as_the_doc_says():
    """docs/games/screw-misere.md: 6 and 7 tricks, aces in tricks 1, 2, 3, 13."""
    doc = (Path(__file__).parents[2] / "docs/games/screw-misere.md").read_text()
    example = re.search(r"<!-- example -->\s*```json\n(.*?)```", doc, re.S).group(1)
    assert GAME.score(GAME.start(), json.loads(example)).points == (10, 22)
