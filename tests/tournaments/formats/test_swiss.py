"""Swiss pairing: legal whenever possible, score groups, byes, sides, reasons."""

import random
from fractions import Fraction

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.base import NoLegalPairingError
from tournaments.formats.explain import ReasonCode
from tournaments.formats.swiss import (
    SwissConfig,
    SwissEntry,
    check_swiss_round,
    pair_swiss_round,
    recommended_swiss_rounds,
    swiss_history,
)


def legal_pairing_exists(entries):
    """Reference answer by networkx: a perfect matching of the not-yet-met graph."""
    ids = [e.entry for e in entries]
    by_id = {e.entry: e for e in entries}

    def perfect(players):
        graph = nx.Graph()
        graph.add_nodes_from(players)
        graph.add_edges_from(
            (a, b)
            for i, a in enumerate(players)
            for b in players[i + 1 :]
            if b not in by_id[a].opponents
        )
        return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(
            players
        )

    if len(ids) % 2 == 0:
        return perfect(ids)
    return any(perfect([x for x in ids if x != c]) for c in ids if not by_id[c].had_bye)


@st.composite
def fields(draw):
    n = draw(st.integers(min_value=2, max_value=12))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    density = draw(st.floats(min_value=0, max_value=0.9))
    rng = random.Random(draw(st.integers(0, 10**6)))
    played = {p for p in pairs if rng.random() < density}
    entries = []
    for e in range(n):
        opponents = frozenset(b if a == e else a for a, b in played if e in (a, b))
        entries.append(
            SwissEntry(
                entry=e,
                score=Fraction(draw(st.integers(0, 8)), 2),
                opponents=opponents,
                had_bye=draw(st.booleans()),
                sides=tuple(draw(st.lists(st.sampled_from([1, -1, 0]), max_size=5))),
            )
        )
    entries.sort(key=lambda e: -e.score)
    return entries


@settings(max_examples=400, deadline=None)
@given(fields())
def test_finds_a_legal_pairing_whenever_one_exists(entries):
    """Complete: pairs legally iff networkx says a legal pairing exists (n <= 12)."""
    exists = legal_pairing_exists(entries)
    try:
        round_ = pair_swiss_round(entries, round_number=3)
    except NoLegalPairingError:
        assert not exists
        return
    assert exists
    assert check_swiss_round(entries, round_) == []
    seated = sorted(round_.entries())
    assert seated == sorted(e.entry for e in entries)  # each exactly once


def simulate(n, rounds, seed, config=None):
    rng = random.Random(seed)
    ids = list(range(1, n + 1))
    scores = dict.fromkeys(ids, Fraction(0))
    history = []
    for number in range(1, rounds + 1):
        ranked = sorted(ids, key=lambda e: (-scores[e], e))
        state = swiss_history(ranked, scores, history)
        round_ = pair_swiss_round(state, round_number=number, config=config)
        assert check_swiss_round(state, round_) == []
        for table in round_.tables:
            a, b = table.sides[0][0], table.sides[1][0]
            roll = rng.random()
            if roll < 0.45:
                scores[a] += 1
            elif roll < 0.55:
                scores[a] += Fraction(1, 2)
                scores[b] += Fraction(1, 2)
            else:
                scores[b] += 1
        for bye in round_.byes:
            scores[bye.entry] += 1
        history.append(round_)
    return history


@pytest.mark.parametrize("seed", range(3))
def test_64_entries_six_rounds_never_rematch(seed):
    history = simulate(64, 6, seed)
    met = set()
    for round_ in history:
        for table in round_.tables:
            pair = frozenset(table.entries)
            assert pair not in met
            met.add(pair)
    assert len(met) == 6 * 32


def test_odd_field_byes_at_most_once_and_to_the_lowest():
    """Nine entries, eight rounds: eight different byes."""
    history = simulate(9, 8, seed=7)
    byes = [r.byes[0].entry for r in history]
    assert len(set(byes)) == 8
    reason = history[0].byes[0].reasons[0]
    assert reason.code == ReasonCode.BYE and "lowest-ranked" in reason.text
    # Round 1 (all on 0): the lowest-ranked entry, seed 9, has the bye.
    assert byes[0] == 9


def test_round_one_is_dutch_top_half_v_bottom_half():
    entries = [SwissEntry(e, 0) for e in range(1, 9)]
    round_ = pair_swiss_round(entries, round_number=1)
    assert {frozenset(t.entries) for t in round_.tables} == {
        frozenset({1, 5}),
        frozenset({2, 6}),
        frozenset({3, 7}),
        frozenset({4, 8}),
    }
    # No history: the higher-ranked plays first on odd tables.
    assert [t.sides[0][0] for t in round_.tables] == [1, 6, 3, 8]


def test_sides_alternate_when_preferences_differ():
    """Whoever played second last time plays first now."""
    entries = [
        SwissEntry(1, 1, sides=(1,)),
        SwissEntry(2, 1, sides=(-1,)),
        SwissEntry(3, 0, sides=(1,)),
        SwissEntry(4, 0, sides=(-1,)),
    ]
    round_ = pair_swiss_round(entries, round_number=2)
    assert [t.sides for t in round_.tables] == [((2,), (1,)), ((4,), (3,))]


def test_side_clash_goes_to_the_stronger_need():
    """Both want to play second; the one who played first twice running gets it."""
    entries = [SwissEntry(1, 2, sides=(-1, 1)), SwissEntry(2, 2, sides=(1, 1))]
    round_ = pair_swiss_round(entries, round_number=3)
    assert round_.tables[0].sides == ((1,), (2,))
    side_reason = round_.tables[0].reasons[-1]
    assert side_reason.code == ReasonCode.SIDE_BALANCE
    assert side_reason.data["clash"] is True


def test_winners_meet_winners():
    entries = [SwissEntry(e, 1 if e <= 4 else 0) for e in range(1, 9)]
    round_ = pair_swiss_round(entries, round_number=2)
    for table in round_.tables:
        a, b = table.entries
        assert (a <= 4) == (b <= 4)
        assert table.reasons[0].code == ReasonCode.SCORE_GROUP


def test_odd_group_floats_lowest_down_and_explains():
    """Three leaders: the lowest-ranked of them floats down to the top of the next."""
    entries = [SwissEntry(e, 2 if e <= 3 else 1) for e in range(1, 9)]
    round_ = pair_swiss_round(entries, round_number=3)
    tables = {frozenset(t.entries): t for t in round_.tables}
    assert frozenset({1, 2}) in tables
    floater = tables[frozenset({3, 4})]
    codes = [r.code for r in floater.reasons]
    assert ReasonCode.FLOAT_DOWN in codes and ReasonCode.FLOAT_UP in codes


def test_rematch_avoided_is_explained():
    entries = [
        SwissEntry(1, 1, opponents=frozenset({3})),
        SwissEntry(2, 1, opponents=frozenset({4})),
        SwissEntry(3, 1, opponents=frozenset({1})),
        SwissEntry(4, 1, opponents=frozenset({2})),
    ]
    round_ = pair_swiss_round(entries, round_number=2)
    assert {frozenset(t.entries) for t in round_.tables} == {
        frozenset({1, 2}),
        frozenset({3, 4}),
    }
    texts = [r.text for t in round_.tables for r in t.reasons]
    assert any("already played 3" in text for text in texts)


def test_no_legal_pairing_is_a_director_error():
    entries = [
        SwissEntry(1, 0, opponents=frozenset({2})),
        SwissEntry(2, 0, opponents=frozenset({1})),
    ]
    with pytest.raises(NoLegalPairingError) as info:
        pair_swiss_round(entries, round_number=2)
    assert info.value.code == "no_legal_pairing"


def test_merge_when_top_group_would_strand_the_rest():
    """Pairing 1-2 / 3-4 would leave 5 and 6 who already met: groups are merged."""
    entries = [
        SwissEntry(1, 2, opponents=frozenset({5, 6})),
        SwissEntry(2, 2, opponents=frozenset({5, 6})),
        SwissEntry(3, 2),
        SwissEntry(4, 2),
        SwissEntry(5, 0, opponents=frozenset({6, 1, 2})),
        SwissEntry(6, 0, opponents=frozenset({5, 1, 2})),
    ]
    round_ = pair_swiss_round(entries, round_number=3)
    assert check_swiss_round(entries, round_) == []
    assert round_.messages


def test_no_side_balance_for_games_without_first_player_advantage():
    entries = [SwissEntry(e, 0, sides=(1, 1)) for e in range(1, 5)]
    round_ = pair_swiss_round(
        entries, round_number=3, config=SwissConfig(balance_sides=False)
    )
    assert [t.sides[0][0] for t in round_.tables] == [1, 2]


@pytest.mark.parametrize(
    ("n", "minimum", "recommended"),
    [(8, 3, 3), (16, 4, 5), (64, 6, 7), (100, 7, 9), (1000, 10, 12)],
)
def test_recommended_rounds(n, minimum, recommended):
    advice = recommended_swiss_rounds(n)
    assert (advice.minimum, advice.recommended) == (minimum, recommended)
    assert "log2" in advice.text


def test_history_of_a_withdrawn_entry_still_counts_for_its_opponents():
    """An entry that has withdrawn is not paired again, but whoever met it keeps the
    meeting: it is not offered as an opponent and sides played are kept."""
    history = simulate(6, 2, seed=3)
    gone = history[0].tables[0].sides[1][0]
    met = history[0].tables[0].sides[0][0]
    field = [e for e in range(1, 7) if e != gone]
    state = {e.entry: e for e in swiss_history(field, {}, history)}
    assert gone not in state
    assert gone in state[met].opponents
    assert len(state[met].sides) == 2
    round_ = pair_swiss_round(list(state.values()), round_number=3)
    assert gone not in set(round_.entries())
    assert check_swiss_round(list(state.values()), round_) == []
