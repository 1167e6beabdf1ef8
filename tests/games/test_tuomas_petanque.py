"""Tuomas's Petanque (book ch 63, l.3682–3735): rounds scored by the balls closer
than the best loser, a team's balls capping a round, first to 13 (§63.4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, SetupRejected, Table, get_game
from tests.games.strategies.tuomas_petanque import rounds

GAME = get_game("tuomas-petanque")
PAIR = Table((0, 1))
FOURS = Table((0, 1, 0, 1))
SIXES = Table((0, 1, 0, 1, 0, 1))


def codes(end: dict, options: dict | None = None, table: Table = PAIR):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(options or {}, table), end)
    return [(e.path, e.code) for e in rejected.value.errors]


def test_declaration():
    """2, 4 or 6 players in two teams (§63); to 13; money per point (§1.2)."""
    assert GAME.tables == ((0, 1), (0, 1, 0, 1), (0, 1, 0, 1, 0, 1))
    assert GAME.sheet_layout == "ends"
    assert GAME.stakes_per_point
    goal = GAME.match_goal(GAME.parse_options({}))
    assert (goal.target, goal.deals) == (13, None)


@pytest.mark.parametrize(("table", "most"), [(PAIR, 4), (FOURS, 6), (SIXES, 6)])
def test_a_round_scores_at_most_the_teams_balls(table, most):
    """l.3694: two players 3 or 4 balls each, four players 2 or 3 each, six
    players 2 each; a team cannot have more balls closer than the best loser."""
    assert GAME.score(GAME.start({}, table), {"side": 1, "points": most}).points == (
        0,
        most,
    )
    assert codes({"side": 1, "points": most + 1}, table=table)[0][1] in (
        "too_many_points",
        "less_than_equal",
    )


@pytest.mark.parametrize(
    ("table", "balls", "ok"),
    [
        (PAIR, 3, True),
        (PAIR, 4, True),
        (PAIR, 5, False),
        (FOURS, 4, True),
        (FOURS, 5, True),  # one player 2 balls, the other 3 (l.3694)
        (FOURS, 3, False),
        (SIXES, 6, True),
        (SIXES, 5, False),
    ],
)
def test_team_balls_fit_the_team_size(table, balls, ok):
    if ok:
        GAME.start({"team_balls": balls}, table)
    else:
        with pytest.raises(SetupRejected) as refused:
            GAME.start({"team_balls": balls}, table)
        assert refused.value.errors[0].path == "options.team_balls"


def test_team_balls_cap_a_round():
    """Two players with three balls each: a round scores at most 3."""
    assert codes({"side": 0, "points": 4}, {"team_balls": 3}) == [
        ("points", "too_many_points")
    ]
    (error,) = (
        GAME.fold([{"side": 0, "points": 4}], {"team_balls": 3}, PAIR).deals[0].errors
    )
    assert "at most 3 in one round" in error.message and "§63.3" in error.message


def test_equally_close_closest_balls_score_nothing():
    """§63.3: "If both teams have the closest balls equally close to the target
    ball, no points are awarded in the round" — a blank round."""
    folded = GAME.fold([{}], {}, PAIR)
    assert folded.totals == (0, 0)
    assert folded.deals[0].score.facts[0].code == "blank"
    assert codes({"points": 1}) == [("points", "blank_end_scores")]


def test_the_winners_throw_the_target_ball_next():
    """§63.1: "the winner team of the previous round throws the target ball";
    after a blank round the same team throws it again (Kirjuri's reading)."""
    start = GAME.fold([], {}, Table((0, 1), first_dealer=1))
    assert {r.code: r.value for r in start.next_deal.context} == {
        "target": 13,
        "jack": 1,
    }
    folded = GAME.fold(
        [{"side": 0, "points": 2}, {}], {}, Table((0, 1), first_dealer=1)
    )
    assert {r.code: r.value for r in folded.next_deal.context}["jack"] == 0
    jacks = [
        next(f.side for f in d.score.facts if f.code == "jack") for d in folded.deals
    ]
    assert jacks == [1, 0]


def test_at_least_13_wins():
    """§63.4: "The match is won by collecting at least 13 points"."""
    match = [{"side": 0, "points": 4}] * 3 + [{"side": 1, "points": 2}]
    folded = GAME.fold(match, {}, PAIR)
    assert folded.totals == (12, 2) and not folded.finished
    done = GAME.fold([*match, {"side": 0, "points": 3}], {}, PAIR)
    assert done.finished and done.totals == (15, 2) and done.winners == (0,)


def test_a_clubs_target():
    done = GAME.fold([{"side": 1, "points": 4}] * 2, {"target": 7}, PAIR)
    assert done.finished and done.winners == (1,)


@given(st.lists(rounds(), max_size=20))
def test_the_first_to_13_wins_alone(match):
    """Property: rounds score one team at a time, so exactly one team reaches 13
    first; before that nobody has 13."""
    folded = GAME.fold(match, {}, FOURS)
    counted = [d for d in folded.deals if not d.flagged]
    assert all(max(d.totals) < 13 for d in counted[:-1])
    if folded.finished:
        assert len(folded.winners) == 1
        assert folded.totals[folded.winners[0]] >= 13
