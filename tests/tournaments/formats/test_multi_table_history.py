"""Multi-player tables seated round by round after the rounds before: the fewest
repeated table-mates (checked against every possible seating of twelve), seat 1 to
whoever had it least, deterministic, everyone seated once."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.base import FormatError, check_round
from tournaments.formats.multi_table import (
    multi_table_round,
    multi_table_rounds,
    table_sizes,
)


def met_before(history) -> Counter:
    met: Counter = Counter()
    for round_ in history:
        for table in round_.tables:
            met.update(frozenset(p) for p in combinations(table.entries, 2))
    return met


def repeats(tables, met) -> tuple[int, int]:
    """(repeated meetings, sum of squares): what the seating minimises, in order."""
    times = [met[frozenset(p)] for t in tables for p in combinations(t, 2)]
    return sum(times), sum(t * t for t in times)


def every_seating(players, size):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for mates in combinations(rest, size - 1):
        left = [p for p in rest if p not in mates]
        for more in every_seating(left, size):
            yield [(first, *mates), *more]


def test_rounds_at_once_equal_rounds_one_by_one():
    players = list(range(14))
    at_once = multi_table_rounds(players, 3, seed=4)
    history = []
    for number in (1, 2, 3):
        history.append(multi_table_round(players, number, history=history, seed=4))
    assert tuple(history) == at_once


@pytest.mark.parametrize("seed", range(4))
def test_twelve_at_tables_of_four_have_the_fewest_repeats_possible(seed):
    """Every round of twelve at three tables of four is as good as the best of all
    5775 seatings, given the rounds before it."""
    players = list(range(12))
    all_seatings = list(every_seating(players, 4))
    assert len(all_seatings) == 5775
    history = []
    for number in range(1, 5):
        round_ = multi_table_round(players, number, history=history, seed=seed)
        met = met_before(history)
        best = min(repeats(s, met) for s in all_seatings)
        assert repeats([t.entries for t in round_.tables], met) == best
        history.append(round_)
    # Round 1 has no repeats; round 2 one at each table (pigeonhole).
    assert repeats([t.entries for t in history[0].tables], Counter()) == (0, 0)
    assert (
        repeats([t.entries for t in history[1].tables], met_before(history[:1]))[0] == 3
    )


def test_seat_one_goes_to_whoever_had_it_least():
    players = list(range(9))
    history = []
    for number in range(1, 7):
        round_ = multi_table_round(players, number, history=history, seed=2)
        before = Counter(t.sides[0][0] for r in history for t in r.tables)
        for table in round_.tables:
            first = table.sides[0][0]
            assert all(before[first] <= before[p] for p in table.entries)
        history.append(round_)
    firsts = Counter(t.sides[0][0] for r in history for t in r.tables)
    # 6 rounds × 3 tables = 18 first seats among 9 players: twice each.
    assert set(firsts.values()) == {2}


def test_reasons_name_the_players():
    names = {i: n for i, n in enumerate(["Ann", "Bo", "Cid", "Dee", "Eve", "Fay"])}
    first = multi_table_round(list(names), 1, preferred=3, label=names.get)
    second = multi_table_round(
        list(names), 2, history=[first], preferred=3, label=names.get
    )
    texts = [r.text for t in second.tables for r in t.reasons]
    assert any("have shared a table 1× before" in t for t in texts)
    assert any(t.startswith(tuple(names.values())) for t in texts)
    assert second.messages[0] == "6 players at tables of 3 + 3."


def test_withdrawn_players_count_only_as_history():
    """A player who left is not seated; whom the others met with them is kept."""
    players = list(range(8))
    first = multi_table_round(players, 1)
    second = multi_table_round(players[:7], 2, history=[first])
    assert sorted(second.entries()) == list(range(7))
    assert sorted(len(t.entries) for t in second.tables) == [3, 4]


def test_a_field_that_cannot_be_seated_is_a_director_error():
    with pytest.raises(FormatError) as error:
        multi_table_round([1, 2], 1)
    assert error.value.code == "no_table_split"
    with pytest.raises(FormatError):
        multi_table_round([1, 1, 2, 3], 1)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(6, 30),
    st.integers(1, 4),
    st.sampled_from([(4, 3, 4), (4, 3, 5), (5, 4, 6), (3, 3, 4)]),
    st.integers(0, 2**16),
)
def test_everyone_seated_once_and_deterministic(n, rounds, sizes, seed):
    preferred, low, high = sizes
    players = [f"p{i}" for i in range(n)]
    try:
        expected = table_sizes(n, preferred=preferred, min_size=low, max_size=high)
    except FormatError:
        return
    kwargs = {"preferred": preferred, "min_size": low, "max_size": high, "seed": seed}
    schedule = multi_table_rounds(players, rounds, **kwargs)
    assert schedule == multi_table_rounds(players, rounds, **kwargs)
    for round_ in schedule:
        check_round(round_)
        assert sorted(round_.entries()) == sorted(players)
        assert sorted(len(t.entries) for t in round_.tables) == sorted(expected)
        assert all(len(side) == 1 for t in round_.tables for side in t.sides)
