"""The ``individual_total`` standings metric (pure): team multiplier × the sides'
game points + each player's own points, as the partner-rotation hook computes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.formats.partner_rotation import TeamGameResult, individual_totals
from tournaments.ranking import (
    METRICS,
    MatchResult,
    RankingConfig,
    RankingError,
    ResultType,
    compute_standings,
)

ROTATION = (
    (("A", "B"), ("C", "D")),
    (("A", "C"), ("B", "D")),
    (("A", "D"), ("B", "C")),
)


def values(standings, key="individual_total") -> dict:
    return {row.entry: row.values[key] for row in standings.rows}


def test_klubiskruuvi_final_score_is_bolsu_points_plus_twice_the_team_score():
    """Book §16.6 on the hook's own example: the metric equals individual_totals."""
    team = [(30, -30), (-10, 10), (5, -5)]
    own = [((21, 0), (0, 0)), ((0, 0), (-63, 0)), ((0, 21), (0, 21))]
    results = [
        MatchResult(r + 1, ROTATION[r], game_points=team[r], own_points=own[r])
        for r in range(3)
    ]
    config = RankingConfig(metrics=("individual_total",), team_multiplier=2)
    standings = compute_standings("ABCD", results, config)
    expected = {
        "A": 21 + 2 * 25,
        "B": -63 + 2 * 35,
        "C": 21 + 2 * -45,
        "D": 21 + 2 * -15,
    }
    assert values(standings) == expected
    hook = individual_totals(
        [TeamGameResult(ROTATION[r], team[r]) for r in range(3)],
        team_multiplier=2,
        extra_points={"A": 21, "B": -63, "C": 21, "D": 21},
    )
    assert values(standings) == hook
    assert [row.entry for row in standings.rows] == ["A", "B", "D", "C"]
    assert METRICS["individual_total"].abbreviation == "IND"


def test_without_own_points_and_multiplier_it_is_the_sum_of_team_scores():
    results = [
        MatchResult(r + 1, ROTATION[r], game_points=(10 * r, 5)) for r in range(3)
    ]
    config = RankingConfig(metrics=("individual_total", "game_points_for"))
    standings = compute_standings("ABCD", results, config)
    assert values(standings) == values(standings, "game_points_for")


def test_byes_add_nothing_and_ties_share_the_rank():
    results = [
        MatchResult(1, (("A", "B"), ("C", "D")), game_points=(4, 4)),
        MatchResult(2, (("E",),), result_type=ResultType.BYE),
    ]
    config = RankingConfig(metrics=("individual_total",), team_multiplier=2)
    standings = compute_standings("ABCDE", results, config)
    assert values(standings) == {"A": 8, "B": 8, "C": 8, "D": 8, "E": 0}
    assert [row.rank for row in standings.rows] == [1, 1, 1, 1, 5]


@pytest.mark.parametrize(
    "own",
    [((1, 2),), ((1, 2), (3,)), ((1,), (2,))],
)
def test_own_points_must_align_with_the_sides_entries(own):
    result = MatchResult(1, ROTATION[0], game_points=(1, 2), own_points=own)
    with pytest.raises(RankingError) as raised:
        compute_standings("ABCD", [result], RankingConfig())
    assert raised.value.code == "misaligned"
    assert raised.value.path == "results.0"


team_points = st.integers(-200, 200)
own_points = st.integers(-100, 100)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(ROTATION),
            st.tuples(team_points, team_points),
            st.tuples(
                st.tuples(own_points, own_points), st.tuples(own_points, own_points)
            ),
        ),
        max_size=6,
    ),
    st.integers(1, 3),
)
def test_individual_total_is_multiplier_times_points_for_plus_own(games, multiplier):
    results = [
        MatchResult(i + 1, sides, game_points=points, own_points=own)
        for i, (sides, points, own) in enumerate(games)
    ]
    config = RankingConfig(
        metrics=("individual_total", "game_points_for"), team_multiplier=multiplier
    )
    standings = compute_standings("ABCD", results, config)
    own_sum = dict.fromkeys("ABCD", 0)
    for sides, _, own in games:
        for side, values_ in zip(sides, own, strict=True):
            for entry, value in zip(side, values_, strict=True):
                own_sum[entry] += value
    for row in standings.rows:
        assert (
            row.values["individual_total"]
            == multiplier * row.values["game_points_for"] + own_sum[row.entry]
        )
    totals = [row.values["individual_total"] for row in standings.rows]
    assert totals == sorted(totals, reverse=True)
