"""The ``bracket_place`` standings metric: fewer is better, shared places stay
shared (never broken by seed or id), and later metrics only order within a place."""

from __future__ import annotations

from tournaments.ranking import (
    METRICS,
    MatchResult,
    RankingConfig,
    compute_standings,
    get_metric,
)

# An eight-entry single elimination, seeds 1 … 8 (1 beats everyone, 2 everyone
# else, …), with the game points of each match.
PLACES = {1: 1, 2: 2, 3: 3, 4: 3, 5: 5, 6: 5, 7: 5, 8: 5}
RESULTS = [
    MatchResult(1, ((1,), (8,)), (150, 20)),
    MatchResult(1, ((4,), (5,)), (150, 140)),
    MatchResult(1, ((2,), (7,)), (150, 60)),
    MatchResult(1, ((3,), (6,)), (150, 145)),
    MatchResult(2, ((1,), (4,)), (150, 10)),
    MatchResult(2, ((2,), (3,)), (150, 100)),
    MatchResult(3, ((1,), (2,)), (150, 90)),
]


def ranks(standings):
    return {row.entry: row.rank for row in standings.rows}


def test_registered_lower_is_better():
    metric = get_metric("bracket_place")
    assert METRICS["bracket_place"] is type(metric)
    assert metric.info().higher_is_better is False
    assert metric.info().abbreviation == "KO"


def test_bracket_places_rank_with_shared_places():
    """Ranked by the bracket alone: 1, 2, =3, =3, =5 ×4, values are the places."""
    config = RankingConfig(metrics=("bracket_place",), bracket_places=PLACES)
    standings = compute_standings(range(1, 9), RESULTS, config)
    assert ranks(standings) == PLACES
    assert [row.shared for row in standings.rows] == [False, False] + [True] * 6
    assert {row.entry: row.values["bracket_place"] for row in standings.rows} == PLACES


def test_a_tie_break_after_the_place_orders_only_within_it():
    """With point difference after the bracket place, the semi-final losers are
    split (3: −45, 4: −130), and the quarter-final losers too, but nobody
    moves across a bracket place, whatever their points."""
    config = RankingConfig(
        metrics=("bracket_place", "point_difference"), bracket_places=PLACES
    )
    got = ranks(compute_standings(range(1, 9), RESULTS, config))
    assert got[1] == 1 and got[2] == 2
    assert (got[3], got[4]) == (3, 4)
    assert sorted(got[e] for e in (5, 6, 7, 8)) == [5, 6, 7, 8]
    # 5 lost 140-150 and 6 lost 145-150: both ahead of 7 and 8.
    assert got[6] == 5 and got[5] == 6


def test_without_places_everyone_is_level():
    """No bracket drawn yet: every entry is 1 and all share the first rank."""
    config = RankingConfig(metrics=("bracket_place",))
    standings = compute_standings(range(1, 5), [], config)
    assert {row.rank for row in standings.rows} == {1}
    assert {row.values["bracket_place"] for row in standings.rows} == {1}
