"""The win/loss (and draw) result shape (``games.engine.outcome``): a game's points,
the checks of an entered result, and matches of several games."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import OptionsRejected, get_game
from games.engine.outcome import outcome_errors, outcome_points

HEX = get_game("hex")
GO = get_game("beginners-go")


def test_a_win_scores_one_without_draws_and_two_with():
    assert outcome_points(1, draws_possible=False) == (0, 1)
    assert outcome_points(0, draws_possible=True) == (2, 0)
    assert outcome_points(None, draws_possible=True) == (1, 1)
    with pytest.raises(AssertionError):
        outcome_points(None, draws_possible=False)


@pytest.mark.parametrize(
    ("winner", "draw", "draws", "code"),
    [
        (None, False, False, "no_winner"),
        (None, True, False, "no_draw"),
        (0, True, True, "winner_and_draw"),
        (2, False, False, "bad_side"),
        (None, False, True, "no_winner"),
    ],
)
def test_a_result_is_a_winner_or_a_draw_where_one_is_possible(
    winner, draw, draws, code
):
    (error,) = outcome_errors(winner, draw, draws_possible=draws)
    assert error.code == code
    assert not outcome_errors(1, False, draws_possible=draws)
    assert not outcome_errors(None, True, draws_possible=True)


def test_one_game_is_the_match_by_default():
    folded = HEX.fold([{"winner": 1}])
    assert folded.finished and folded.winners == (1,) and folded.totals == (0, 1)
    assert HEX.match_goal(HEX.parse_options({})).deals == 1


def test_best_of_five_ends_when_a_side_has_won_three():
    options = {"games": 5, "first_to": 3}
    wins = [0, 1, 0, 0]
    folded = HEX.fold([{"winner": w} for w in wins], options)
    assert folded.finished and folded.winners == (0,) and folded.totals == (3, 1)
    goal = HEX.match_goal(HEX.parse_options(options))
    assert (goal.target, goal.deals) == (3, 5)
    unfinished = HEX.fold([{"winner": w} for w in wins[:3]], options)
    rows = {r.code: r.value for r in unfinished.next_deal.context}
    assert rows == {"first": 1, "game": "4 of 5", "first_to": 3}


def test_a_fixed_number_of_games_tied_is_shared():
    folded = HEX.fold([{"winner": 0}, {"winner": 1}], {"games": 2})
    assert folded.finished and folded.winners == (0, 1)


def test_a_draw_counts_half_a_win_towards_first_to():
    """With a whole-number komi a Go game can be drawn: 1 point each, a win 2."""
    options = {"first_to": 2, "komi": 7}
    draw = {"mode": "winner", "draw": True}
    folded = GO.fold([draw, {"mode": "winner", "winner": 1}, draw], options)
    assert folded.totals == (2, 4) and folded.finished and folded.winners == (1,)
    assert GO.match_goal(GO.parse_options(options)).target == 4
    assert GO.deal_winners((1, 1), folded.deals[0].score.detail) == ()
    assert GO.deal_winners((0, 2), folded.deals[1].score.detail) == (1,)


def test_first_to_alone_is_a_race_of_as_many_games_as_it_takes():
    options = {"first_to": 2}
    folded = HEX.fold([{"winner": w} for w in (0, 1, 1)], options)
    assert folded.finished and folded.winners == (1,) and folded.totals == (1, 2)
    goal = HEX.match_goal(HEX.parse_options(options))
    assert (goal.target, goal.deals) == (2, None)
    assert not HEX.fold([{"winner": 0}], options).finished
    with pytest.raises(OptionsRejected) as rejected:
        HEX.parse_options({"games": 0})
    assert rejected.value.errors[0].path == "options.games"


def test_the_first_move_alternates_unless_a_game_says_who_moved_first():
    folded = HEX.fold([{"winner": 0}, {"winner": 0, "first": 1}], {"games": 4})
    assert [d.score.detail["first"] for d in folded.deals] == [0, 1]
    (first,) = [r for r in folded.next_deal.context if r.code == "first"]
    assert (first.kind, first.value, first.label) == ("side", 0, "Moves first")


@given(st.lists(st.integers(0, 1), min_size=1, max_size=9))
def test_points_add_up_to_the_games_played(wins):
    folded = HEX.fold([{"winner": w} for w in wins], {"games": 9})
    assert sum(folded.totals) == len(wins)
    assert folded.totals[1] == sum(wins)
    assert folded.finished == (len(wins) == 9)
