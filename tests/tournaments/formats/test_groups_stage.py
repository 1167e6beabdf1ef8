"""The group stage round by round, the next-best across groups, and cross-seeding
of the play-off (including byes and next-best entries)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.base import FormatError, check_round
from tournaments.formats.groups import (
    Placed,
    best_placed,
    group_stage,
    group_stage_rounds,
    groups_round,
    playoff_bracket,
    playoff_seeds,
)
from tournaments.formats.knockout import BYE, advance


def first_matches(bracket):
    """The entrant pairs of every entry's first played match (after any bye)."""
    state = advance(bracket, {})
    pairs = []
    for match_id, match in state.matches.items():
        if None in match.entrants or BYE in match.entrants:
            continue
        m = bracket.match(match_id)
        fed_by_walkover = any(
            s.kind == "winner" and state.matches[str(s.ref)].walkover for s in m.sources
        )
        if m.round == 1 or fed_by_walkover:
            pairs.append(match.entrants)
    return pairs


def test_twelve_in_three_groups_play_three_rounds_of_six_tables():
    """3 groups of 4: every round has each group's two games, tables numbered 1–6
    group by group, and every reason names its group."""
    groups = group_stage(list(range(1, 13)), 3)
    assert group_stage_rounds(groups) == 3
    members = {g.name: set(g.entries) for g in groups}
    met = set()
    for number in (1, 2, 3):
        round_ = groups_round(groups, number)
        check_round(round_)
        assert round_.number == number and not round_.byes
        assert [t.number for t in round_.tables] == [1, 2, 3, 4, 5, 6]
        for table in round_.tables:
            group = table.reasons[0].data["group"]
            assert set(table.entries) <= members[group]
            assert table.reasons[0].text.startswith(f"Group {group}: ")
            met.add(frozenset(table.entries))
    assert len(met) == 3 * 6  # everyone met everyone in their group, once


def test_unequal_groups_the_small_group_finishes_first():
    """9 entries in 2 groups (5 and 4): five rounds; the group of five has a bye each
    round; the group of four is done after round 3 and the round says so."""
    groups = group_stage(list(range(1, 10)), 2)
    assert [len(g.entries) for g in groups] == [5, 4]
    assert group_stage_rounds(groups) == 5
    round_ = groups_round(groups, 4)
    assert len(round_.tables) == 2 and len(round_.byes) == 1
    assert round_.byes[0].reasons[0].data["group"] == "A"
    assert round_.messages == ("Group B has played all its rounds",)
    byes = [b.entry for n in range(1, 6) for b in groups_round(groups, n).byes]
    assert sorted(byes) == sorted(groups[0].entries)


def test_double_groups_and_rounds_out_of_range():
    groups = group_stage(list(range(8)), 2, double=True)
    assert group_stage_rounds(groups) == 6
    for number in (0, 7):
        with pytest.raises(FormatError) as info:
            groups_round(groups, number)
        assert info.value.code == "all_rounds_played"


def test_best_thirds_compared_across_groups():
    """The two best of three thirds by match points, then point difference."""
    metrics = [("match_points", True), ("point_difference", True)]
    thirds = [
        Placed("A3", 0, {"match_points": 2, "point_difference": -10}),
        Placed("B3", 1, {"match_points": 2, "point_difference": 15}),
        Placed("C3", 2, {"match_points": 4, "point_difference": -40}),
    ]
    assert best_placed(thirds, metrics, 2) == (("C3", "B3"), ())
    # Fewer is better for penalties.
    fewest = [("penalties", False)]
    assert best_placed(thirds[:2], fewest, 1)[0] == ("A3",)


def test_a_tie_across_the_cut_is_reported_and_taken_in_group_order():
    metrics = [("match_points", True)]
    thirds = [
        Placed("C3", 2, {"match_points": 2}),
        Placed("A3", 0, {"match_points": 2}),
        Placed("B3", 1, {"match_points": 4}),
    ]
    chosen, tied = best_placed(thirds, metrics, 2)
    assert chosen == ("B3", "A3") and tied == ("A3", "C3")
    with pytest.raises(FormatError) as info:
        best_placed(thirds, metrics, 4)
    assert info.value.code == "bad_next_best"


def test_three_groups_top_two_and_two_best_thirds_make_eight():
    """Winners are seeds 1–3, runners-up 4–6, the best thirds 7–8; whichever groups
    the thirds come from, nobody meets their own group in the first round."""
    rankings = [[f"{g}{p}" for p in range(1, 5)] for g in "ABC"]
    for combo in combinations(range(3), 2):
        extras = [rankings[i][2] for i in combo]
        seeds = playoff_seeds(rankings, 2, next_best=extras)
        assert len(seeds) == 8
        assert {s[1] for s in seeds[:3]} == {"1"} and {s[1] for s in seeds[3:6]} == {
            "2"
        }
        assert set(seeds[6:]) == set(extras)
        bracket = playoff_bracket(rankings, 2, next_best=extras)
        assert len(bracket.seeds) == 8 and bracket.size == 8
        for a, b in first_matches(bracket):
            assert a[0] != b[0], (a, b, seeds)


def test_byes_count_the_next_match_as_the_first():
    """3 groups × top 2 = 6 in an 8-bracket: the group winners with a bye do not
    meet their own runner-up in their first match either."""
    rankings = [[f"{g}{p}" for p in range(1, 4)] for g in "ABC"]
    bracket = playoff_bracket(rankings, 2)
    assert bracket.size == 8 and len(bracket.seeds) == 6
    assert bracket.seeds[:3] == ("A1", "B1", "C1")
    for a, b in first_matches(bracket):
        assert a[0] != b[0], (a, b, bracket.seeds)


def test_next_best_must_be_placed_just_below_the_cut():
    rankings = [["A1", "A2", "A3"], ["B1", "B2", "B3"]]
    with pytest.raises(FormatError) as info:
        playoff_seeds(rankings, 1, next_best=["A3"])
    assert (info.value.code, info.value.path) == ("not_next_placed", "next_best.0")
    with pytest.raises(FormatError):
        playoff_seeds(rankings, 1, next_best=["A2", "A2"])
    with pytest.raises(FormatError) as info:
        playoff_seeds(rankings, 4)
    assert info.value.code == "bad_advance"


@settings(max_examples=150, deadline=None)
@given(
    g=st.integers(2, 8),
    advance_n=st.integers(1, 2),
    data=st.data(),
)
def test_playoff_seeds_are_the_qualifiers_place_by_place(g, advance_n, data):
    """The seed list holds exactly the qualifiers, all of one place before the next;
    when the qualifiers fill the bracket (a power of two: no byes) nobody meets an
    entry of their own group in the first round."""
    rankings = [[f"{chr(65 + i)}{p}" for p in range(1, 5)] for i in range(g)]
    k = data.draw(st.integers(0, g - 1))
    extra_groups = data.draw(st.permutations(range(g)))[:k]
    extras = [rankings[i][advance_n] for i in extra_groups]
    seeds = playoff_seeds(rankings, advance_n, next_best=extras)
    qualifiers = {r[p] for r in rankings for p in range(advance_n)} | set(extras)
    assert len(seeds) == len(qualifiers) and set(seeds) == qualifiers
    places = [int(s[1:]) for s in seeds]
    assert places == sorted(places)
    total = len(seeds)
    if total & (total - 1) == 0:
        bracket = playoff_bracket(rankings, advance_n, next_best=extras)
        for a, b in first_matches(bracket):
            assert a[0] != b[0], (a, b, seeds)
