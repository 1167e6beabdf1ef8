"""Multimulta (book §6.2): one point per trick over four; 5 wins; a rubber option."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal
from games.rules.multimulta import Multimulta

GAME = Multimulta()


def score(tricks, state=None):
    return GAME.score(state or GAME.start(), {"tricks": tricks})


@pytest.mark.parametrize(
    ("tricks", "points"),
    [
        # 6.2: "five tricks give one point, six tricks two and so on".
        ([5, 4], (1, 0)),
        ([3, 6], (0, 2)),
        ([9, 0], (5, 0)),
        ([1, 3, 2, 3], (0, 6 - 4)),  # per seat: side 1 took 3 + 3
    ],
)
def test_the_side_with_more_tricks_scores_one_per_trick_over_four(tricks, points):
    assert score(tricks).points == points


@pytest.mark.parametrize(
    ("tricks", "code"),
    [([5, 5], "tricks_not_9"), ([4, 4], "tricks_not_9"), ([9], "bad_tricks_length")],
)
def test_tricks_must_add_up_to_nine(tricks, code):
    with pytest.raises(DealRejected) as rejected:
        score(tricks)
    assert [(e.path, e.code) for e in rejected.value.errors] == [("tricks", code)]


def test_a_trick_count_over_nine_is_refused_by_the_input():
    with pytest.raises(DealRejected) as rejected:
        score([10, 0])
    assert rejected.value.errors[0].path == "tricks.0"


def test_the_first_side_to_five_wins_the_game():
    folded = GAME.fold([{"tricks": [7, 2]}, {"tricks": [2, 7]}, {"tricks": [6, 3]}])
    assert folded.totals == (5, 3)
    assert folded.finished and folded.winners == (0,)
    assert folded.deals[-1].score.facts[-1].code == "game_won"
    assert GAME.match_goal(GAME.parse_options({})) == MatchGoal(target=5)


def test_a_rubber_is_two_games_won_and_the_sheet_shows_the_games():
    deals = [{"tricks": [9, 0]}, {"tricks": [0, 9]}, {"tricks": [6, 3]}]
    folded = GAME.fold(deals, {"rubber": True})
    assert not folded.finished
    assert folded.totals == (7, 5)
    rows = {row.code: row.value for row in folded.next_deal.context}
    assert rows == {"toward_game": (2, 0), "games_won": (1, 1)}
    folded = GAME.fold([*deals, {"tricks": [7, 2]}], {"rubber": True})
    assert folded.finished and folded.winners == (0,)


@given(st.lists(st.integers(0, 9), max_size=40), st.booleans())
def test_every_deal_pays_one_side_one_to_five_and_the_winner_has_the_games(
    side_0_tricks, rubber
):
    """Totals are the deals' points; the match ends the moment a side has won the
    games it needs (one, or two in a rubber), and that side is the winner."""
    state = GAME.start({"rubber": rubber})
    total = [0, 0]
    for tricks in side_0_tricks:
        if state.finished:
            break
        result = GAME.score(state, {"tricks": [tricks, 9 - tricks]})
        assert sorted(result.points)[0] == 0 and 1 <= max(result.points) <= 5
        total = [t + p for t, p in zip(total, result.points, strict=True)]
        state = GAME.advance(state, result)
        assert list(state.totals) == total
    needed = 2 if rubber else 1
    if state.finished:
        assert state.games.count(state.winners[0]) == needed
    else:
        assert all(state.games.count(side) < needed for side in (0, 1))


def test_the_worked_example_of_the_doc_scores_as_the_doc_says():
    """docs/games/multimulta.md: 4 + 2 tricks for side 0 is 2 points."""
    doc = (Path(__file__).parents[2] / "docs/games/multimulta.md").read_text()
    example = re.search(r"<!-- example -->\s*```json\n(.*?)```", doc, re.S).group(1)
    assert GAME.score(GAME.start(), json.loads(example)).points == (2, 0)
