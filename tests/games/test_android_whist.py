"""Android Whist (book §4.3): tricks − 6 to the side with more; 5 points win."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal, Table, get_game

GAME = get_game("android-whist")
FOUR = Table((0, 1, 0, 1))


def score(tricks, table=None):
    return GAME.score(GAME.start({}, table), {"tricks": tricks})


def test_the_game_is_registered_for_two_humans_or_four_players():
    assert GAME.source == "001_b57793035adc3f64.txt §4"
    assert GAME.default_table(GAME.parse_options({})).seats == (0, 1)
    assert GAME.start({}, FOUR).totals == (0, 0)
    assert GAME.match_goal(GAME.parse_options({})) == MatchGoal(target=5)


@pytest.mark.parametrize(
    ("tricks", "points"),
    [
        # 4.3: "The winning team subtracts 6 from the number of tricks they won".
        ([7, 6], (1, 0)),
        ([4, 9], (0, 3)),
        ([13, 0], (7, 0)),
    ],
)
def test_the_side_with_more_tricks_scores_its_tricks_minus_six(tricks, points):
    assert score(tricks).points == points


def test_at_four_the_tricks_may_be_entered_per_seat():
    assert score([3, 2, 5, 3], FOUR).points == (2, 0)  # side 0: 3 + 5 = 8


@pytest.mark.parametrize(
    ("tricks", "table", "code"),
    [
        ([7, 7], None, "tricks_not_13"),
        ([6, 6], FOUR, "tricks_not_13"),
        ([3, 2, 5, 3], None, "bad_tricks_length"),  # no seats 2, 3 at two
        ([3, 2, 5], FOUR, "bad_tricks_length"),
    ],
)
def test_tricks_must_add_up_to_thirteen(tricks, table, code):
    with pytest.raises(DealRejected) as rejected:
        score(tricks, table)
    assert [(e.path, e.code) for e in rejected.value.errors] == [("tricks", code)]


def test_a_count_over_thirteen_is_refused_at_its_path():
    with pytest.raises(DealRejected) as rejected:
        score([14, 0])
    assert [e.path for e in rejected.value.errors] == ["tricks.0"]


def test_the_first_side_to_five_points_wins():
    """4.3: "The game is won by collecting at least 5 points"."""
    folded = GAME.fold([{"tricks": [9, 4]}, {"tricks": [5, 8]}, {"tricks": [8, 5]}])
    assert [d.score.points for d in folded.deals] == [(3, 0), (0, 2), (2, 0)]
    assert folded.totals == (5, 2)
    assert folded.finished and folded.winners == (0,)
    assert folded.deals[-1].score.facts[-1].code == "match_won"
    with pytest.raises(DealRejected) as rejected:
        GAME.score(folded.state, {"tricks": [7, 6]})
    assert rejected.value.errors[0].code == "match_finished"


def test_the_sheet_shows_the_points_still_needed_and_the_humans_alternate_dealing():
    folded = GAME.fold([{"tricks": [8, 5]}])
    rows = {row.code: row.value for row in folded.next_deal.context}
    assert rows["points_to_win"] == (3, 5)
    assert "android" in rows["first_lead"]
    assert folded.next_deal.dealer == 1
    assert GAME.fold([{"tricks": [8, 5]}] * 2).next_deal.dealer == 0
    four = GAME.fold([{"tricks": [8, 5]}], {}, FOUR).next_deal
    assert four.dealer == 1 and four.starting_seat == 2
    assert [row.code for row in four.context] == ["points_to_win"]


def test_a_longer_match_by_option():
    folded = GAME.fold([{"tricks": [13, 0]}], {"target": 10})
    assert not folded.finished and folded.totals == (7, 0)


@given(st.lists(st.integers(0, 13), max_size=40), st.sampled_from([None, FOUR]))
def test_every_deal_pays_one_side_one_to_seven_and_the_first_to_five_wins(
    side_0_tricks, table
):
    state = GAME.start({}, table)
    total = [0, 0]
    for tricks in side_0_tricks:
        if state.finished:
            break
        result = GAME.score(state, {"tricks": [tricks, 13 - tricks]})
        assert min(result.points) == 0 and 1 <= max(result.points) <= 7
        assert max(result.points) == max(tricks, 13 - tricks) - 6
        total = [t + p for t, p in zip(total, result.points, strict=True)]
        state = GAME.advance(state, result)
        assert list(state.totals) == total
    if state.finished:
        (winner,) = state.winners
        assert state.totals[winner] >= 5 > state.totals[1 - winner]
    else:
        assert max(state.totals) < 5


def test_the_worked_example_of_the_doc_scores_as_the_doc_says():
    """docs/games/android-whist.md: 9 tricks to side 1 is 3 points."""
    doc = (Path(__file__).parents[2] / "docs/games/android-whist.md").read_text()
    example = re.search(r"<!-- example -->\s*```json\n(.*?)```", doc, re.S).group(1)
    assert GAME.score(GAME.start(), json.loads(example)).points == (0, 3)
