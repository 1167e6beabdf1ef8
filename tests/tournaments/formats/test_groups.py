"""Groups then play-offs: snake seeding, group round robins, cross-seeding."""

import pytest

from tournaments.formats.base import FormatError
from tournaments.formats.groups import (
    group_stage,
    playoff_bracket,
    playoff_seeds,
    snake_groups,
)
from tournaments.formats.knockout import advance


def test_snake_seeding_twelve_into_three():
    groups = snake_groups(list(range(1, 13)), 3)
    assert groups == ((1, 6, 7, 12), (2, 5, 8, 11), (3, 4, 9, 10))
    assert len({sum(g) for g in groups}) == 1


def test_group_sizes_differ_by_at_most_one():
    groups = snake_groups(list(range(14)), 4)
    assert sorted(len(g) for g in groups) == [3, 3, 4, 4]


def test_group_stage_round_robins():
    groups = group_stage(list(range(1, 9)), 2)
    assert [g.name for g in groups] == ["A", "B"]
    for group in groups:
        assert len(group.rounds) == 3
        met = {frozenset(t.entries) for r in group.rounds for t in r.tables}
        assert len(met) == 6


def test_cross_seeding_two_groups():
    """A1 v B2 and B1 v A2."""
    bracket = playoff_bracket([["A1", "A2", "A3"], ["B1", "B2", "B3"]], 2)
    state = advance(bracket, {})
    first_round = {frozenset(state.matches[m].entrants) for m in state.ready()}
    assert first_round == {frozenset({"A1", "B2"}), frozenset({"B1", "A2"})}


@pytest.mark.parametrize(
    ("groups", "advance_n"), [(3, 2), (4, 2), (4, 4), (5, 2), (8, 2)]
)
def test_no_same_group_first_round(groups, advance_n):
    rankings = [[f"{chr(65 + g)}{p}" for p in range(1, 5)] for g in range(groups)]
    bracket = playoff_bracket(rankings, advance_n)
    state = advance(bracket, {})
    for match_id in state.ready():
        a, b = state.matches[match_id].entrants
        assert a[0] != b[0], (a, b)
    seeds = playoff_seeds(rankings, advance_n)
    assert seeds[:groups] == tuple(r[0] for r in rankings)


def test_errors():
    with pytest.raises(FormatError):
        snake_groups([1, 2, 3], 2)
    with pytest.raises(FormatError):
        playoff_seeds([["A1"], ["B1", "B2"]], 2)
