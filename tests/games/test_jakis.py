"""Jäkis (book §36, l.2526–2555): goals per player, the 40-card stock caps them,
more goals win."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, get_game
from games.rules.jakis import STOCK, stock_needed

GAME = get_game("jakis")


def test_the_stock_is_the_deck_less_the_two_lines_dealt():
    """§36.1: three forwards, two defencemen and a goalie each from 52 cards."""
    assert STOCK == 52 - 2 * (3 + 2 + 1) == 40


@pytest.mark.parametrize(
    ("a", "b", "needed"),
    [
        (0, 0, 0),
        (1, 0, 3),  # three attack cards; the game may end before replacements
        (1, 1, 9),  # 6 for the first goal, 3 for the last
        (2, 0, 10),  # … and a failed attack of the other player between
        (4, 3, 39),  # seven goals alternating: the most a game can hold
        (6, 0, 38),  # one player's six, five failed attacks between
        (5, 2, 41),
        (6, 1, 43),
        (7, 0, 45),
    ],
)
def test_the_fewest_stock_cards_a_score_takes(a, b, needed):
    """§36.2: a goal takes three attack cards and three replacements (the last
    goal's replacements may be missing); §36.3: turns alternate."""
    assert stock_needed(a, b) == needed == stock_needed(b, a)


def test_a_game_ends_at_the_end_and_more_goals_win():
    """§36.3 (l.2554): "the player wins who has scored more goals"."""
    folded = GAME.fold([{"by": 0}, {"by": 1}, {"by": 0}, {"end": True}])
    assert folded.totals == (2, 1)
    assert folded.finished and folded.winners == (0,)


def test_equal_goals_are_a_shared_draw():
    folded = GAME.fold([{"by": 1}, {"by": 0, "end": True}])
    assert folded.winners == (0, 1)


def test_a_goalless_game_is_a_draw():
    assert GAME.fold([{"end": True}]).winners == (0, 1)


def test_seven_goals_fit_the_stock_but_not_an_eighth():
    deals = [{"by": i % 2} for i in range(7)]
    folded = GAME.fold(deals)
    assert folded.totals == (4, 3) and not folded.needs_attention
    for by in (0, 1):
        with pytest.raises(DealRejected) as rejected:
            GAME.score(folded.state, {"by": by})
        error = rejected.value.errors[0]
        assert (error.path, error.code) == ("by", "stock_exhausted")
        assert "40" in error.message


def test_one_player_scores_at_most_six():
    folded = GAME.fold([{"by": 0}] * 6)
    assert folded.totals == (6, 0) and not folded.needs_attention
    with pytest.raises(DealRejected):
        GAME.score(folded.state, {"by": 0})
    with pytest.raises(DealRejected):  # 6–1 would need 43 cards
        GAME.score(folded.state, {"by": 1})


def test_a_goal_past_the_stock_is_flagged_in_the_fold():
    folded = GAME.fold([{"by": 0}] * 7 + [{"end": True}])
    assert folded.deals[6].flagged
    assert folded.totals == (6, 0) and folded.winners == (0,)


@pytest.mark.parametrize(
    ("deal", "path", "code"),
    [
        ({}, "by", "no_player"),
        ({"by": 2}, "by", "less_than_equal"),
        ({"by": "0"}, "by", "int_type"),
        ({"by": 0, "end": 1}, "end", "bool_type"),
    ],
)
def test_bad_entries_name_the_field_and_the_reason(deal, path, code):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(), deal)
    assert [(e.path, e.code) for e in rejected.value.errors] == [(path, code)]


@given(st.lists(st.integers(0, 1), max_size=20))
def test_every_folded_score_fits_the_stock(goals):
    folded = GAME.fold([{"by": g} for g in goals])
    assert stock_needed(*folded.totals) <= STOCK
    assert sum(folded.totals) == len(goals) - sum(d.flagged for d in folded.deals)
