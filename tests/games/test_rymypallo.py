"""Rymypallo (book §73, l.3994–4019): goals per team, a set time, more goals win;
the non-scoring team kicks off."""

from __future__ import annotations

import pytest

from games.engine import DealRejected, OptionsRejected, Table, get_game

GAME = get_game("rymypallo")


def rows(folded) -> dict:
    return {r.code: r.value for r in folded.next_deal.context}


def test_after_a_goal_the_other_team_has_the_ball():
    """§73.2 (l.4016): "after a goal, the game continues with the non-scoring
    team's possession"; at the start one of the teams has it (the first seat)."""
    assert rows(GAME.fold([]))["ball"] == 0
    assert rows(GAME.fold([], table=Table((0, 1), first_dealer=1)))["ball"] == 1
    assert rows(GAME.fold([{"by": 0}]))["ball"] == 1
    assert rows(GAME.fold([{"by": 0}, {"by": 1}]))["ball"] == 0
    assert rows(GAME.fold([{"by": 1}, {"by": 1}]))["ball"] == 0


def test_the_time_is_shown_and_the_whistle_ends_the_game():
    """l.4018: the game ends after a pre-determined time; more goals win."""
    folded = GAME.fold([{"by": 1}, {"by": 0}, {"by": 1}], {"minutes": 45})
    assert rows(folded)["minutes"] == 45 and not folded.finished
    ended = GAME.fold([{"by": 1}, {"by": 0}, {"by": 1}, {"end": True}])
    assert ended.totals == (1, 2) and ended.winners == (1,)


def test_the_last_goal_may_carry_the_whistle_and_a_draw_is_shared():
    folded = GAME.fold([{"by": 1}, {"by": 0, "end": True}])
    assert folded.finished and folded.winners == (0, 1)


@pytest.mark.parametrize(
    ("deal", "code"), [({}, "no_player"), ({"by": 2}, "less_than_equal")]
)
def test_a_goal_names_a_team(deal, code):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(), deal)
    assert [(e.path, e.code) for e in rejected.value.errors] == [("by", code)]


@pytest.mark.parametrize("minutes", [0, 601, True])
def test_the_time_is_a_positive_number_of_minutes(minutes):
    with pytest.raises(OptionsRejected) as rejected:
        GAME.start({"minutes": minutes})
    assert rejected.value.errors[0].path == "options.minutes"
