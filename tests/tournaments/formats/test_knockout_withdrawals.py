"""Withdrawals in the pure knockout: a withdrawn entry forfeits every match it has
not finished (a walkover for its opponent), leaves both brackets of a double
elimination, forfeits an unfinished series, and the walkover shows in the next
round's reasons and on the bracket picture."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tournaments.formats.explain import ReasonCode
from tournaments.formats.knockout import (
    BYE,
    advance,
    advance_series,
    double_elimination,
    ready_round,
    render_bracket_svg,
    single_elimination,
)


def test_a_decided_result_stands_and_the_next_match_is_forfeited():
    """A beat D, then withdrew: A's win stands; A's final is a walkover for the
    winner of B v C as soon as that winner is known, not before."""
    bracket = single_elimination(list("ABCD"))
    state = advance(bracket, {"W1-1": "A"}, withdrawn={"A"})
    assert state.matches["W1-1"].winner == "A"
    assert state.matches["W2-1"].entrants == ("A", None)
    assert state.matches["W2-1"].winner is None and not state.matches["W2-1"].ready
    state = advance(bracket, {"W1-1": "A", "W1-2": "C"}, withdrawn={"A"})
    final = state.matches["W2-1"]
    assert (final.winner, final.loser, final.walkover) == ("C", "A", True)
    assert final.withdrawn == ("A",)
    assert (
        state.champion == "C"
        and state.finished
        and state.played()
        == [
            "W1-1",
            "W1-2",
        ]
    )


def test_a_match_played_before_the_withdrawal_stands():
    """D beat A and then withdrew: results are a fold, so the played match is never
    replaced by a walkover; D forfeits the final instead."""
    bracket = single_elimination(list("ABCD"))
    state = advance(bracket, {"W1-1": "D", "W1-2": "C"}, withdrawn={"D"})
    assert state.matches["W1-1"].winner == "D" and not state.matches["W1-1"].walkover
    assert state.matches["W2-1"].winner == "C" and state.matches["W2-1"].walkover


def test_double_elimination_the_withdrawn_entry_leaves_both_brackets():
    """Seed 1 withdraws before playing: it forfeits its first match, drops into the
    losers' bracket and forfeits there too; nobody ever plays it."""
    bracket = double_elimination(list(range(1, 9)))
    state = advance(bracket, {}, withdrawn={1})
    assert state.matches["W1-1"].winner == 8 and state.matches["W1-1"].walkover
    results = {mid: min(state.matches[mid].entrants) for mid in state.ready()}
    state = advance(bracket, results, withdrawn={1})
    lb = state.matches["L1-1"]
    assert 1 in lb.entrants and lb.withdrawn == (1,) and lb.winner != 1
    while state.ready():
        for mid in state.ready():
            assert 1 not in state.matches[mid].entrants
            results[mid] = min(state.matches[mid].entrants)
        state = advance(bracket, results, withdrawn={1})
    assert state.champion == 2


def test_a_forfeited_grand_final_needs_no_reset():
    """The winners'-bracket champion withdraws before the grand final: the losers'
    champion wins it by walkover and is champion; the reset is not played."""
    bracket = double_elimination(list("ABCD"))
    results = {"W1-1": "A", "W1-2": "B", "W2-1": "A", "L1-1": "C", "L2-1": "B"}
    state = advance(bracket, results, withdrawn={"A"})
    assert state.matches["GF"].entrants == ("A", "B")
    assert state.matches["GF"].winner == "B" and state.matches["GF"].walkover
    assert state.matches["GF2"].not_needed
    assert state.champion == "B"


def test_both_finalists_withdrawn_leaves_no_champion():
    bracket = single_elimination(list("ABCD"))
    state = advance(bracket, {"W1-1": "A", "W1-2": "C"}, withdrawn={"A", "C"})
    assert state.matches["W2-1"].winner is BYE
    assert state.champion is None and state.finished and not state.ready()


def test_an_unfinished_series_is_forfeited_and_keeps_its_games():
    """Best of 3: D wins game 1, then withdraws: A takes the match by walkover; the
    series still shows the game played (0–1)."""
    bracket = single_elimination(list("ABCD"), best_of=3)
    state, series = advance_series(bracket, {"W1-1": ["D"]}, withdrawn={"D"})
    match = state.matches["W1-1"]
    assert (match.winner, match.walkover, match.withdrawn) == ("A", True, ("D",))
    assert series["W1-1"].wins == (0, 1) and series["W1-1"].winner is None


def test_the_next_round_says_who_came_through_a_walkover():
    """The table of the match reached by walkover carries a ``walkover`` reason
    naming the forfeited match and the withdrawn entry (after the seed reason,
    which keeps the match id)."""
    bracket = single_elimination(list("ABCD"))
    state = advance(bracket, {"W1-2": "C"}, withdrawn={"D"})
    round_ = ready_round(bracket, state, round_number=2)
    (table,) = round_.tables
    assert table.sides == (("A",), ("C",))
    first, walkover = table.reasons
    assert first.data["match"] == "W2-1"
    assert walkover.code == ReasonCode.WALKOVER
    assert walkover.data == {"match": "W1-1", "advanced": "A", "withdrawn": ["D"]}
    assert "withdrew" in walkover.text


def test_the_picture_marks_the_walkover_and_strikes_the_withdrawn():
    bracket = single_elimination(["Ann", "Bob", "Cid", "Dan"])
    state = advance(bracket, {}, withdrawn={"Dan"})
    svg = render_bracket_svg(bracket, state)
    ET.fromstring(svg)  # well-formed
    assert "W1-1 \u00b7 walkover" in svg
    assert 'text-decoration="line-through" fill="#888">Dan<' in svg
    assert "W1-2 \u00b7 walkover" not in svg
