"""Knockout placing: where each entry finished, from the bracket alone.

Single elimination: champion 1, runner-up 2, losing semi-finalists share 3 (or 3
and 4 after a third-place match), quarter-final losers share 5, … Double
elimination: by the round of the losers' bracket in which an entry went out. While
the bracket runs, an entry still in shares the best place it can still reach, and
an entry that is out already has its final place.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.knockout import (
    Placing,
    advance,
    double_elimination,
    knockout_placing,
    single_elimination,
)


def play_out(bracket, pick, *, results=None, withdrawn=()):
    """Play every ready match until none is left; ``pick(match_id, a, b)`` names
    the winner."""
    results = dict(results or {})
    state = advance(bracket, results, withdrawn=withdrawn)
    while state.ready():
        for match_id in state.ready():
            a, b = state.matches[match_id].entrants
            results[match_id] = pick(match_id, a, b)
        state = advance(bracket, results, withdrawn=withdrawn)
    return results, state


def lower_number_wins(_match_id, a, b):
    return min(a, b)


def places(bracket, state):
    return {e: p.place for e, p in knockout_placing(bracket, state).items()}


# --- finished brackets ----------------------------------------------------------------


def test_single_elimination_of_eight():
    """1, 2, 3 = 3 (the losing semi-finalists), 5 = 5 = 5 = 5 (quarter-finals)."""
    bracket = single_elimination(list(range(1, 9)))
    _results, state = play_out(bracket, lower_number_wins)
    placing = knockout_placing(bracket, state)
    assert places(bracket, state) == {1: 1, 2: 2, 3: 3, 4: 3, 5: 5, 6: 5, 7: 5, 8: 5}
    assert placing[1] == Placing(1, True, "champion")
    assert placing[2] == Placing(2, True, "final")
    assert placing[4] == Placing(3, True, "semi-final")
    assert placing[8] == Placing(5, True, "quarter-final")


def test_a_third_place_match_separates_third_and_fourth():
    bracket = single_elimination(list(range(1, 9)), third_place=True)
    _results, state = play_out(bracket, lower_number_wins)
    assert places(bracket, state) == {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 5, 7: 5, 8: 5}
    assert knockout_placing(bracket, state)[4].stage == "third-place match"


def test_an_upset_in_the_third_place_match():
    """The lower seed wins the third-place match: it is third, the other fourth."""
    bracket = single_elimination(list(range(1, 9)), third_place=True)

    def pick(match_id, a, b):
        return max(a, b) if match_id == "3P" else min(a, b)

    _results, state = play_out(bracket, pick)
    assert places(bracket, state)[4] == 3 and places(bracket, state)[3] == 4


def test_sixteen_entries_places_double_at_every_round():
    """Round-of-16 losers share 9: eight entries went further."""
    bracket = single_elimination(list(range(1, 17)))
    _results, state = play_out(bracket, lower_number_wins)
    got = places(bracket, state)
    assert sorted(got.values()) == [1, 2, 3, 3] + [5] * 4 + [9] * 8
    assert knockout_placing(bracket, state)[16].stage == "round of 16"


def test_byes_do_not_open_gaps():
    """Six entries in an eight bracket: seeds 1 and 2 have byes; the two first-round
    losers share 5 (four entries reached the semi-finals)."""
    bracket = single_elimination(list(range(1, 7)))
    _results, state = play_out(bracket, lower_number_wins)
    assert places(bracket, state) == {1: 1, 2: 2, 3: 3, 4: 3, 5: 5, 6: 5}


def test_double_elimination_of_eight():
    """Champion 1, grand-final loser 2, losers' final 3, losers' round 3 4, losers'
    round 2 share 5, losers' round 1 share 7."""
    bracket = double_elimination(list(range(1, 9)))
    _results, state = play_out(bracket, lower_number_wins)
    assert places(bracket, state) == {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 5, 7: 7, 8: 7}
    placing = knockout_placing(bracket, state)
    assert placing[2].stage == "grand final"
    assert placing[3].stage == "losers' round 4"
    assert placing[8].stage == "losers' round 1"


def test_double_elimination_reset_loser_is_second():
    """The losers'-bracket champion wins the final and its reset: it is champion and
    the winners'-bracket champion is second."""
    bracket = double_elimination(list(range(1, 9)))

    def pick(match_id, a, b):
        # GF: the losers'-bracket champion (lower slot) wins; the reset's upper
        # slot is the winner of GF.
        return {"GF": b, "GF2": a}.get(match_id, min(a, b))

    _results, state = play_out(bracket, pick)
    assert state.champion == 2
    assert places(bracket, state)[2] == 1 and places(bracket, state)[1] == 2


# --- a running bracket --------------------------------------------------------------


def test_entries_still_in_share_the_best_place_still_possible():
    """Quarter-finals 1 and 2 and semi-final 1 are played: five entries are still in
    and share 1; the semi-final loser already has its final place 3, the two
    quarter-final losers theirs, 5."""
    bracket = single_elimination(list(range(1, 9)))
    state = advance(bracket, {"W1-1": 1, "W1-2": 4, "W2-1": 1})
    placing = knockout_placing(bracket, state)
    still_in = {e for e, p in placing.items() if not p.final}
    assert still_in == {1, 2, 3, 6, 7}
    assert all(placing[e] == Placing(1, False, "still in") for e in still_in)
    assert placing[4] == Placing(3, True, "semi-final")
    assert placing[5].place == placing[8].place == 5


def test_third_place_match_players_are_in_for_third():
    """After the semi-finals, the losers are still in for third place (3), the
    finalists for first."""
    bracket = single_elimination(list(range(1, 5)), third_place=True)
    state = advance(bracket, {"W1-1": 1, "W1-2": 2})
    placing = knockout_placing(bracket, state)
    assert placing[1].place == placing[2].place == 1
    assert placing[3] == placing[4] == Placing(3, False, "still in")
    final = advance(bracket, {"W1-1": 1, "W1-2": 2, "W2-1": 2})
    placing = knockout_placing(bracket, final)
    assert placing[1] == Placing(2, True, "final")
    assert placing[3].place == 3 and not placing[3].final


def test_before_any_game_everyone_shares_first():
    bracket = double_elimination(list(range(1, 7)))
    assert set(places(bracket, advance(bracket, {})).values()) == {1}


# --- withdrawals ----------------------------------------------------------------------


def test_a_withdrawn_entry_is_placed_where_it_forfeits():
    """Seed 3 withdraws before its quarter-final: 6 advances without a game, and 3
    is placed with the quarter-final losers at once."""
    bracket = single_elimination(list(range(1, 9)))
    state = advance(bracket, {}, withdrawn={3})
    forfeit = state.matches["W1-4"]
    assert forfeit.entrants == (3, 6) and forfeit.winner == 6 and forfeit.walkover
    assert forfeit.withdrawn == (3,)
    assert knockout_placing(bracket, state)[3] == Placing(5, True, "quarter-final")


def test_both_entrants_withdrawn_nobody_advances():
    """4 and 5 both withdraw: nobody comes out of their quarter-final, 1 reaches the
    final without a semi-final, and the places close up (the quarter-final losers,
    4 and 5 included, share 4: three entries went further)."""
    bracket = single_elimination(list(range(1, 9)))
    _results, state = play_out(bracket, lower_number_wins, withdrawn={4, 5})
    semi = state.matches["W2-1"]
    assert semi.winner == 1 and semi.walkover and semi.withdrawn == ()
    assert places(bracket, state) == {1: 1, 2: 2, 3: 3, 4: 4, 5: 4, 6: 4, 7: 4, 8: 4}


# --- properties -----------------------------------------------------------------------


def is_competition_ranking(values):
    """Every place is one more than the number of places strictly better."""
    return all(p == 1 + sum(1 for q in values if q < p) for p in values)


brackets = st.builds(
    lambda n, kind, third, reset: (
        single_elimination(list(range(n)), third_place=third)
        if kind == "single"
        else double_elimination(list(range(n)), grand_final_reset=reset)
    ),
    n=st.integers(2, 40),
    kind=st.sampled_from(["single", "double"]),
    third=st.booleans(),
    reset=st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(bracket=brackets, coins=st.randoms(use_true_random=False))
def test_finished_bracket_places_are_a_competition_ranking(bracket, coins):
    """Any results: a valid competition ranking, the champion alone first, and
    every entry that went out at the same stage shares a place; in single
    elimination the loser of round r (of k) is placed 2^(k-r) + 1."""
    _results, state = play_out(bracket, lambda _m, a, b: coins.choice((a, b)))
    placing = knockout_placing(bracket, state)
    got = [p.place for p in placing.values()]
    assert is_competition_ranking(got)
    assert [e for e, p in placing.items() if p.place == 1] == [state.champion]
    assert all(p.final for p in placing.values())
    by_stage: dict[str, set[int]] = {}
    for p in placing.values():
        by_stage.setdefault(p.stage, set()).add(p.place)
    assert all(len(v) == 1 for s, v in by_stage.items() if s != "third-place match")
    if bracket.kind == "single":
        k = bracket.size.bit_length() - 1
        for match in bracket.matches:
            if match.section != "winners" or match.round == k:
                continue
            loser = state.matches[match.id].loser
            if loser is None or not isinstance(loser, int):
                continue  # a bye
            if match.loser_to is None:
                assert placing[loser].place == 2 ** (k - match.round) + 1


@settings(max_examples=150, deadline=None)
@given(
    bracket=brackets,
    coins=st.randoms(use_true_random=False),
    cut=st.integers(0, 80),
    withdrawn=st.sets(st.integers(0, 39), max_size=4),
)
def test_places_while_running_are_final_once_out(bracket, coins, cut, withdrawn):
    """Stop a bracket after ``cut`` results (some entries withdrawn): every entry
    that is out already has the place it ends with, however the rest is played;
    an entry still in never ends better than the place shown for it; and the
    finished bracket is a competition ranking with entries out at the same stage
    sharing a place, withdrawals included."""
    withdrawn = {e for e in withdrawn if e < len(bracket.seeds)}
    results = {}
    state = advance(bracket, results, withdrawn=withdrawn)
    while state.ready() and len(results) < cut:
        match_id = state.ready()[0]
        results[match_id] = coins.choice(state.matches[match_id].entrants)
        state = advance(bracket, results, withdrawn=withdrawn)
    running = knockout_placing(bracket, state)
    _all, finished = play_out(
        bracket,
        lambda _m, a, b: coins.choice((a, b)),
        results=results,
        withdrawn=withdrawn,
    )
    final = knockout_placing(bracket, finished)
    for entry, now in running.items():
        if now.final:
            assert now == final[entry]
        else:
            assert entry not in withdrawn
            assert now.place <= final[entry].place
    assert is_competition_ranking([p.place for p in final.values()])
    if finished.champion is not None:
        assert [e for e, p in final.items() if p.place == 1] == [finished.champion]
    stages: dict[str, set[int]] = {}
    for p in final.values():
        stages.setdefault(p.stage, set()).add(p.place)
    assert all(len(v) == 1 for s, v in stages.items() if s != "third-place match")


@pytest.mark.parametrize("kind", ["single", "double"])
def test_a_withdrawn_entry_never_plays_again(kind):
    """Seed 1 withdraws after winning its first match: every later match of its
    is a walkover and it is never in a ready match; in double elimination it also
    forfeits its losers'-bracket match (it leaves both brackets)."""
    entries = list(range(1, 9))
    bracket = (
        single_elimination(entries) if kind == "single" else double_elimination(entries)
    )
    first = {"W1-1": 1}
    _results, state = play_out(bracket, lower_number_wins, results=first, withdrawn={1})
    forfeits = [m for m in state.matches.values() if 1 in m.withdrawn]
    assert forfeits and all(m.walkover and m.loser == 1 for m in forfeits)
    assert state.champion != 1
    sections = {bracket.match(m.match_id).section for m in forfeits}
    assert sections == ({"winners"} if kind == "single" else {"winners", "losers"})
