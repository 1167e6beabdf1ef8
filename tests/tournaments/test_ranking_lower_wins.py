"""Standings where the most points lose (Sneaky Pete): places from the lowest total
up, and the game-point metrics rank fewer first."""

from __future__ import annotations

from fractions import Fraction

from tournaments.ranking import MatchResult, RankingConfig, compute_standings

TABLE = MatchResult(
    round=1, sides=(("A",), ("B",), ("C",), ("D",)), game_points=(35, 0, 70, 70)
)


def test_places_and_placement_points_from_the_lowest_total():
    config = RankingConfig(
        metrics=("match_points",),
        placement_points=(4, 2, 1, 0),
        lower_game_points_win=True,
    )
    rows = compute_standings("ABCD", [TABLE], config).rows
    assert [(r.entry, r.rank, r.values["match_points"]) for r in rows] == [
        ("B", 1, 4),
        ("A", 2, 2),
        ("C", 3, Fraction(1, 2)),
        ("D", 3, Fraction(1, 2)),
    ]


def test_game_point_metrics_turn_round():
    """Fewer game points for and a lower point difference are better; more game
    points against (the others holding more penalty points) is better."""
    for key, order in (
        ("game_points_for", ["B", "A", "C", "D"]),
        ("point_difference", ["B", "A", "C", "D"]),
        ("game_points_against", ["B", "A", "C", "D"]),
    ):
        low = compute_standings(
            "ABCD", [TABLE], RankingConfig(metrics=(key,), lower_game_points_win=True)
        )
        high = compute_standings("ABCD", [TABLE], RankingConfig(metrics=(key,)))
        assert [r.entry for r in low.rows] == order
        assert [r.entry for r in high.rows] != order
        assert low.metrics[0].higher_is_better is not high.metrics[0].higher_is_better


def test_other_metrics_keep_their_direction():
    config = RankingConfig(metrics=("wins", "match_points"), lower_game_points_win=True)
    standings = compute_standings("ABCD", [TABLE], config)
    assert [m.higher_is_better for m in standings.metrics] == [True, True]
    assert standings.rows[0].entry == "B"
