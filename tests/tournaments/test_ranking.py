"""Standings: metrics, lexicographic ordering, shared ranks, exact arithmetic."""

from fractions import Fraction

import pytest

from tournaments.ranking import (
    METRICS,
    MatchResult,
    RankingConfig,
    RankingError,
    ResultType,
    compute_standings,
    places_from_points,
    shared_placement_points,
)


def game(rnd, a, b, pa, pb, **kw):
    return MatchResult(round=rnd, sides=((a,), (b,)), game_points=(pa, pb), **kw)


def ranks(standings):
    return [(row.entry, row.rank) for row in standings.rows]


def test_remaining_ties_share_rank_one_two_two_four():
    """Entries tied on every metric share a rank; the next rank skips: 1, 2, 2, 4."""
    results = [
        game(1, "A", "B", 10, 0),
        game(1, "C", "D", 10, 0),
        game(2, "A", "C", 10, 0),
        game(2, "B", "D", 10, 0),
    ]
    config = RankingConfig(metrics=("match_points",))
    standings = compute_standings(["D", "C", "B", "A"], results, config)
    # B and C both have one win; order within the shared rank is input order.
    assert ranks(standings) == [("A", 1), ("C", 2), ("B", 2), ("D", 4)]
    assert [row.shared for row in standings.rows] == [False, True, True, False]


def test_ties_never_broken_by_id():
    """Reversing the input order does not change any rank."""
    results = [game(1, 1, 2, 5, 5), game(1, 3, 4, 5, 5)]
    config = RankingConfig(metrics=("match_points", "point_difference"))
    one = compute_standings([1, 2, 3, 4], results, config)
    two = compute_standings([4, 3, 2, 1], list(reversed(results)), config)
    assert {r.entry: r.rank for r in one.rows} == {r.entry: r.rank for r in two.rows}
    assert all(r.rank == 1 for r in one.rows)


def test_match_points_configurable_and_bye():
    """Win/draw/loss 3/1/0 and bye worth 3; a bye is not a win and has no opponent."""
    results = [
        game(1, "A", "B", 7, 7),
        MatchResult(round=1, sides=(("C",),), result_type=ResultType.BYE),
        game(2, "A", "C", 3, 9),
    ]
    config = RankingConfig(
        metrics=("match_points", "wins", "buchholz"),
        win_points=3,
        draw_points=1,
        loss_points=0,
        bye_points=3,
    )
    rows = {r.entry: r for r in compute_standings("ABC", results, config).rows}
    assert rows["C"].values == {"match_points": 6, "wins": 1, "buchholz": 1}
    assert rows["A"].values["match_points"] == 1
    assert rows["B"].values["match_points"] == 1
    assert rows["A"].values["buchholz"] == 1 + 6
    assert rows["C"].played == 1


def test_cumulative_point_difference_sleazy():
    """Sleazy decides by the sum of own minus opponent points over all matches."""
    results = [
        game(1, "Ville", "Johannes", 120, 80),  # +40 / -40
        game(2, "Ville", "Mikael", 50, 110),  # -60 / +60
        game(3, "Johannes", "Mikael", 100, 90),  # +10 / -10
    ]
    config = RankingConfig(metrics=("point_difference", "game_points_for"))
    standings = compute_standings(["Ville", "Johannes", "Mikael"], results, config)
    values = {r.entry: r.values["point_difference"] for r in standings.rows}
    assert values == {"Mikael": 50, "Ville": -20, "Johannes": -30}
    assert [r.entry for r in standings.rows] == ["Mikael", "Ville", "Johannes"]


def test_head_to_head_among_tied_only():
    """H2H counts only games between the entries still tied at that point."""
    # A, B, C each win twice (a cycle A>B>C>A, and each beat D): the cycle
    # leaves them tied on head-to-head too.
    results = [
        game(1, "A", "B", 1, 0),
        game(1, "C", "D", 1, 0),
        game(2, "B", "C", 1, 0),
        game(2, "A", "D", 1, 0),
        game(3, "C", "A", 1, 0),
        game(3, "B", "D", 1, 0),
    ]
    config = RankingConfig(metrics=("match_points", "head_to_head"))
    standings = compute_standings("ABCD", results, config)
    assert ranks(standings) == [("A", 1), ("B", 1), ("C", 1), ("D", 4)]
    # Two tied: head-to-head decides between just them.
    results2 = [
        game(1, "A", "B", 0, 1),
        game(1, "C", "D", 1, 0),
        game(2, "A", "D", 1, 0),
    ]
    config2 = RankingConfig(metrics=("match_points", "head_to_head"))
    standings2 = compute_standings("ABCD", results2, config2)
    rows = {r.entry: r for r in standings2.rows}
    # A (1 win) and B, C (1 win each): A lost to B, so among {A,B,C} B has 2 H2H
    # points, A 0, C 0 (C never met A or B) -> B first, then A and C share.
    assert rows["B"].rank == 1
    assert rows["A"].rank == rows["C"].rank == 2
    assert rows["D"].rank == 4


def test_sonneborn_berger_and_median_buchholz_exact():
    """SB adds beaten opponents' points and half of drawn opponents' (exact)."""
    results = [
        game(1, "A", "B", 2, 2),
        game(1, "C", "D", 3, 0),
        game(2, "A", "C", 1, 0),
        game(2, "B", "D", 0, 4),
        game(3, "A", "D", 5, 1),
        game(3, "B", "C", 1, 1),
    ]
    config = RankingConfig(
        metrics=("match_points", "sonneborn_berger", "median_buchholz"),
        win_points=1,
        draw_points=Fraction(1, 2),
        loss_points=0,
    )
    rows = {r.entry: r for r in compute_standings("ABCD", results, config).rows}
    # MP: A 2.5, B 1, C 1.5, D 1.
    assert rows["A"].values["match_points"] == Fraction(5, 2)
    # A: drew B (1/2 * 1) + beat C (3/2) + beat D (1) = 3.
    assert rows["A"].values["sonneborn_berger"] == 3
    # A's opponents: 1, 3/2, 1 -> drop best and worst -> 1.
    assert rows["A"].values["median_buchholz"] == 1
    assert rows["A"].rank == 1


def test_fewest_penalties_lower_is_better_and_deals_won():
    results = [
        game(1, "A", "B", 10, 10, deals_won=(3, 2), penalties=(2, 0)),
    ]
    config = RankingConfig(metrics=("match_points", "penalties", "deals_won"))
    standings = compute_standings("AB", results, config)
    assert [r.entry for r in standings.rows] == ["B", "A"]
    assert standings.metrics[1].abbreviation == "PEN"
    config = RankingConfig(metrics=("match_points", "deals_won", "penalties"))
    assert compute_standings("AB", results, config).rows[0].entry == "A"


def test_multi_player_table_placement_points_shared():
    """Four at a table, points 4/2/1/0; two tied for first share (4+2)/2 = 3."""
    assert shared_placement_points((1, 1, 3, 4), (4, 2, 1, 0)) == (3, 3, 1, 0)
    assert shared_placement_points((1, 2, 2, 2), (5, 3, 1, 0)) == (
        5,
        Fraction(4, 3),
        Fraction(4, 3),
        Fraction(4, 3),
    )
    result = MatchResult(
        round=1, sides=(("A",), ("B",), ("C",), ("D",)), game_points=(30, 30, 10, 5)
    )
    config = RankingConfig(metrics=("match_points",), placement_points=(4, 2, 1, 0))
    rows = {r.entry: r for r in compute_standings("ABCD", [result], config).rows}
    assert rows["A"].values["match_points"] == 3 and rows["A"].rank == 1
    assert rows["B"].rank == 1 and rows["C"].rank == 3


def test_placement_points_by_table_size():
    """A 4 + 3 evening with 4, 2, 1, 0 at tables of four and 3, 1, 0 at tables of
    three: the winner of the smaller table gets 3, not 4."""
    four = MatchResult(1, (("A",), ("B",), ("C",), ("D",)), (40, 30, 20, 10))
    three = MatchResult(1, (("E",), ("F",), ("G",)), (30, 20, 10))
    config = RankingConfig(
        metrics=("match_points",),
        placement_points=(4, 2, 1, 0),
        placement_points_by_size={3: (3, 1, 0)},
    )
    rows = {
        r.entry: r for r in compute_standings("ABCDEFG", [four, three], config).rows
    }
    assert [rows[e].values["match_points"] for e in "ABCDEFG"] == [4, 2, 1, 0, 3, 1, 0]
    assert rows["E"].rank == 2
    # Without a list for three, a table of three takes the first places of 4, 2, 1, 0.
    plain = RankingConfig(metrics=("match_points",), placement_points=(4, 2, 1, 0))
    rows = {r.entry: r for r in compute_standings("ABCDEFG", [four, three], plain).rows}
    assert [rows[e].values["match_points"] for e in "EFG"] == [4, 2, 1]


def test_lower_game_points_win_and_explicit_placements():
    assert places_from_points((10, 30, 10), lower_wins=True) == (1, 3, 1)
    result = MatchResult(
        round=1,
        sides=(("A",), ("B",)),
        game_points=(0, 0),
        result_type=ResultType.FORFEIT,
        placements=(2, 1),
    )
    standings = compute_standings("AB", [result], RankingConfig(metrics=("wins",)))
    assert standings.rows[0].entry == "B"


def test_partnership_sides_give_each_player_the_team_result():
    """Each partner gets the side's result; opponents are the other side's players."""
    result = MatchResult(round=1, sides=(("A", "B"), ("C", "D")), game_points=(52, 20))
    config = RankingConfig(metrics=("match_points", "game_points_for", "buchholz"))
    rows = {r.entry: r for r in compute_standings("ABCD", [result], config).rows}
    assert (
        rows["A"].values
        == rows["B"].values
        == {
            "match_points": 2,
            "game_points_for": 52,
            "buchholz": 0,
        }
    )
    assert rows["C"].values["buchholz"] == 4


def test_errors_are_director_fixable():
    with pytest.raises(RankingError) as info:
        compute_standings("AB", [], RankingConfig(metrics=("elo",)))
    assert info.value.code == "unknown_metric"
    with pytest.raises(RankingError) as info:
        compute_standings("AB", [game(1, "A", "Z", 1, 0)])
    assert info.value.code == "unknown_entry"


def test_every_metric_has_key_name_abbreviation():
    for key, cls in METRICS.items():
        assert cls.key == key and cls.name and cls.abbreviation
