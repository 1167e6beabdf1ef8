"""Partner rotation: everyone partners everyone once where the field allows."""

from collections import Counter
from itertools import combinations

import pytest

from tournaments.formats.base import FormatError, check_round
from tournaments.formats.explain import ReasonCode
from tournaments.formats.partner_rotation import (
    TeamGameResult,
    individual_totals,
    partner_rotation,
)
from tournaments.ranking import MatchResult, RankingConfig, compute_standings


def partner_counts(schedule):
    return Counter(
        frozenset(side) for r in schedule.rounds for t in r.tables for side in t.sides
    )


def test_four_players_three_games_ab_cd_ac_bd_ad_bc():
    """Skruuvi night (book §16.1): three games, everyone partners everyone."""
    schedule = partner_rotation("ABCD")
    games = {
        frozenset(frozenset(side) for side in r.tables[0].sides)
        for r in schedule.rounds
    }
    assert games == {
        frozenset({frozenset("AB"), frozenset("CD")}),
        frozenset({frozenset("AC"), frozenset("BD")}),
        frozenset({frozenset("AD"), frozenset("BC")}),
    }


@pytest.mark.parametrize("n", [4, 8, 12, 16])
def test_zero_repeated_partners_everyone_seated(n):
    players = [f"P{i}" for i in range(n)]
    schedule = partner_rotation(players)
    assert len(schedule.rounds) == n - 1
    counts = partner_counts(schedule)
    assert all(counts[frozenset(p)] == 1 for p in combinations(players, 2))
    assert schedule.repeated_partners == 0 and schedule.never_partnered == 0
    for r in schedule.rounds:
        check_round(r)
        assert len(r.tables) == n // 4 and not r.byes
        assert all(len(side) == 2 for t in r.tables for side in t.sides)


@pytest.mark.parametrize("n", [4, 8, 12, 16])
def test_opponents_spread_evenly_whist(n):
    """Every two players are opponents exactly twice (a whist tournament)."""
    schedule = partner_rotation(list(range(n)))
    assert set(schedule.opponents.values()) == {2}
    assert schedule.repeated_opponents == 0


@pytest.mark.parametrize("n", [5, 9, 13])
def test_one_sits_out_each_round_when_n_is_one_more_than_four_k(n):
    schedule = partner_rotation(list(range(n)))
    assert len(schedule.rounds) == n
    assert schedule.repeated_partners == 0 and schedule.never_partnered == 0
    sat = Counter(b.entry for r in schedule.rounds for b in r.byes)
    assert sat == Counter(range(n))
    assert all(
        b.reasons[0].code == ReasonCode.SIT_OUT for r in schedule.rounds for b in r.byes
    )
    assert "sits out each round" in schedule.messages[0]


@pytest.mark.parametrize("n", [6, 7, 10])
def test_other_fields_say_so_and_minimise_repeats(n):
    schedule = partner_rotation(list(range(n)))
    assert "only when" in schedule.messages[0]
    sat = Counter(b.entry for r in schedule.rounds for b in r.byes)
    assert max(sat.values()) - min(sat.values()) <= 1
    # Repeats are few: at most the partnerships the rounds force beyond one each.
    slots = sum(len(r.tables) * 2 for r in schedule.rounds)
    assert (
        schedule.repeated_partners
        <= slots - n * (n - 1) // 2 + schedule.never_partnered
    )
    for r in schedule.rounds:
        check_round(r)


def test_deterministic_for_a_seed():
    one = partner_rotation(list(range(10)), seed=3)
    two = partner_rotation(list(range(10)), seed=3)
    assert [r.tables for r in one.rounds] == [r.tables for r in two.rounds]


def test_repeated_partner_is_explained():
    schedule = partner_rotation(list(range(6)))
    reasons = [
        reason
        for r in schedule.rounds
        for t in r.tables
        for reason in t.reasons
        if reason.code == ReasonCode.REPEATED_PARTNER
    ]
    assert len(reasons) == schedule.repeated_partners


def test_klubiskruuvi_final_scores_bolsu_plus_twice_team_score():
    """Book §16.6: bolsu points + 2 × team score from basic deals and kotkas."""
    games = [
        TeamGameResult((("A", "B"), ("C", "D")), (30, -30)),
        TeamGameResult((("A", "C"), ("B", "D")), (-10, 10)),
        TeamGameResult((("A", "D"), ("B", "C")), (5, -5)),
    ]
    bolsu = {"A": 21, "B": -63, "C": 21, "D": 21}
    totals = individual_totals(games, team_multiplier=2, extra_points=bolsu)
    assert totals == {
        "A": 21 + 2 * 25,
        "B": -63 + 2 * 35,
        "C": 21 + 2 * -45,
        "D": 21 + 2 * -15,
    }


def test_individual_standings_from_team_results_by_ranking():
    """Each player gets the team's result; ranking handles partnership sides."""
    results = [
        MatchResult(1, (("A", "B"), ("C", "D")), game_points=(52, 30)),
        MatchResult(2, (("A", "C"), ("B", "D")), game_points=(52, 40)),
        MatchResult(3, (("A", "D"), ("B", "C")), game_points=(20, 52)),
    ]
    config = RankingConfig(metrics=("match_points", "point_difference"))
    standings = compute_standings("ABCD", results, config)
    values = {r.entry: r.values["match_points"] for r in standings.rows}
    assert values == {"A": 4, "B": 4, "C": 4, "D": 0}
    # Point difference: A +22 +12 -32, B +22 -12 +32, C -22 +12 +32, D -66.
    assert [r.entry for r in standings.rows] == ["B", "C", "A", "D"]


def test_too_few_players():
    with pytest.raises(FormatError):
        partner_rotation("ABC")
