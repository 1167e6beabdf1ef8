"""Breakthrough (book 001 §74.1, l.4028–4036): a point per attacker reaching the
campfire untouched, the teams switching roles, more points wins."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game

GAME = get_game("breakthrough")


def test_each_team_attacks_once_and_more_points_wins():
    """l.4036: a point for each attacker that got to the campfire untouched; then
    the teams switch roles; the team with more points wins."""
    folded = GAME.fold([{"points": 3}, {"points": 5}])
    assert folded.totals == (3, 5)
    assert folded.finished and folded.winners == (1,)
    assert folded.deals[0].score.facts[0].text == "side 1 attacked: 3 of 8 got through"


def test_equal_points_is_a_draw():
    folded = GAME.fold([{"points": 4}, {"points": 4}])
    assert folded.finished and folded.winners == (0, 1)


def test_the_first_dealers_team_attacks_first_and_the_sheet_says_so():
    folded = GAME.fold([], {}, Table((0, 1), 1))
    rows = {r.code: r.value for r in folded.next_deal.context}
    assert rows == {"half": "1 of 2", "attack": 1}
    after = GAME.fold([{"points": 2}], {}, Table((0, 1), 1))
    assert after.totals == (0, 2)
    assert {r.code: r.value for r in after.next_deal.context}["attack"] == 0


def test_points_are_at_most_the_attacking_teams_size():
    """At most one point per attacker (the team's size, option ``team_sizes``)."""
    state = GAME.start({"team_sizes": [9, 6]})
    assert GAME.score(state, {"points": 9}).points == (9, 0)
    state = GAME.advance(state, GAME.score(state, {"points": 9}))
    with pytest.raises(DealRejected) as over:
        GAME.score(state, {"points": 7})
    assert [(e.path, e.code) for e in over.value.errors] == [
        ("points", "too_many_points")
    ]
    with pytest.raises(DealRejected) as negative:
        GAME.score(state, {"points": -1})
    assert negative.value.errors[0].path == "points"


def test_more_rounds_let_every_team_attack_as_often():
    folded = GAME.fold([{"points": 1}] * 4, {"rounds": 2})
    assert folded.finished and folded.totals == (2, 2)
    assert GAME.match_goal(GAME.parse_options({"rounds": 2})).deals == 4
    assert not GAME.fold([{"points": 1}] * 3, {"rounds": 2}).finished


@given(st.lists(st.integers(0, 8), max_size=6))
def test_halves_alternate_and_the_game_ends_after_both(points):
    folded = GAME.fold([{"points": p} for p in points])
    played = points[:2]
    assert folded.totals == (
        played[0] if played else 0,
        played[1] if len(played) > 1 else 0,
    )
    assert folded.finished == (len(points) >= 2)
