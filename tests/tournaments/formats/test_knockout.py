"""Knockout brackets: placement, byes, match counts, advancing, series, SVG."""

import xml.etree.ElementTree as ET

import pytest

from tournaments.formats.base import FormatError
from tournaments.formats.knockout import (
    BYE,
    advance,
    bracket_positions,
    double_elimination,
    ready_round,
    render_bracket_svg,
    series_result,
    single_elimination,
)


def play_out(bracket, pick):
    """Play every ready match until done; ``pick(match_id, a, b)`` names the winner."""
    results = {}
    state = advance(bracket, results)
    while state.ready():
        for match_id in state.ready():
            a, b = state.matches[match_id].entrants
            results[match_id] = pick(match_id, a, b)
        state = advance(bracket, results)
    return results, state


def better_seed(bracket):
    rank = {e: i for i, e in enumerate(bracket.seeds)}
    return lambda _mid, a, b: a if rank[a] < rank[b] else b


def test_standard_placement_sixteen():
    assert bracket_positions(16) == (
        1,
        16,
        8,
        9,
        4,
        13,
        5,
        12,
        2,
        15,
        7,
        10,
        3,
        14,
        6,
        11,
    )
    assert bracket_positions(2) == (1, 2)


def test_byes_go_to_top_seeds():
    """Six entries in an eight bracket: seeds 1 and 2 get the byes."""
    bracket = single_elimination(list("ABCDEF"))
    state = advance(bracket, {})
    walkovers = {m.winner for m in state.matches.values() if m.walkover}
    assert walkovers == {"A", "B"}
    assert sorted(state.ready()) == ["W1-2", "W1-4"]  # 4 v 5 and 3 v 6


@pytest.mark.parametrize("n", [2, 3, 5, 8, 13, 16, 32])
def test_single_elimination_has_n_minus_one_matches(n):
    bracket = single_elimination(list(range(n)))
    _results, state = play_out(bracket, better_seed(bracket))
    assert len(state.played()) == n - 1
    assert state.champion == 0


def test_double_elimination_32_without_reset_is_2n_minus_2():
    bracket = double_elimination(list(range(32)))
    _results, state = play_out(bracket, better_seed(bracket))
    assert len(state.played()) == 62
    assert state.matches["GF2"].not_needed
    assert state.champion == 0


def test_double_elimination_32_with_reset_is_2n_minus_1():
    """The losers'-bracket champion wins the first final: the final is replayed."""
    bracket = double_elimination(list(range(32)))
    seed_pick = better_seed(bracket)

    def pick(match_id, a, b):
        if match_id == "W5-1":
            return 1  # seed 2 beats seed 1, who wins the losers' bracket
        if match_id == "GF":
            return 0  # seed 1 (from the losers' bracket) wins: reset
        return seed_pick(match_id, a, b)

    _results, state = play_out(bracket, pick)
    assert len(state.played()) == 63
    assert state.matches["GF2"].entrants == (0, 1)
    assert state.champion == 0


@pytest.mark.parametrize("n", [3, 5, 6, 9, 12])
def test_double_elimination_with_byes_everyone_loses_twice_but_the_champion(n):
    bracket = double_elimination(list(range(n)))
    _results, state = play_out(bracket, better_seed(bracket))
    losses = dict.fromkeys(range(n), 0)
    for match_id in state.played():
        losses[state.matches[match_id].loser] += 1
    assert losses[state.champion] == 0
    assert all(v == 2 for e, v in losses.items() if e != state.champion)
    assert len(state.played()) == 2 * n - 2


def test_links_form_the_picture_data():
    bracket = double_elimination(list(range(8)))
    w1 = bracket.match("W1-1")
    assert w1.winner_to == ("W2-1", 0) and w1.loser_to == ("L1-1", 0)
    assert bracket.match("W3-1").winner_to == ("GF", 0)
    assert bracket.match("L4-1").winner_to == ("GF", 1)
    assert [len(r) for r in bracket.rounds("losers")] == [2, 2, 1, 1]


def test_bad_results_are_director_errors():
    bracket = single_elimination(list("ABCD"))
    with pytest.raises(FormatError) as info:
        advance(bracket, {"W1-1": "B"})
    assert info.value.code == "not_in_match"
    with pytest.raises(FormatError) as info:
        advance(bracket, {"W2-1": "A"})
    assert info.value.code == "not_ready"
    with pytest.raises(FormatError):
        advance(bracket, {"X9": "A"})


def test_series_best_of_five():
    assert series_result(("A", "B"), ["A", "B", "A"], best_of=5).winner is None
    result = series_result(("A", "B"), ["A", "B", "A", "A"], best_of=5)
    assert result.winner == "A" and result.wins == (3, 1) and result.games_left == 0
    assert series_result(("A", "B"), ["B"], best_of=5).games_left == 4
    with pytest.raises(FormatError):
        series_result(("A", "B"), ["A", "A", "A", "B"], best_of=5)
    with pytest.raises(FormatError):
        series_result(("A", "B"), [], best_of=4)


def test_ready_round_lists_playable_matches_with_reasons():
    bracket = single_elimination(list("ABCDEFGH"), best_of=3)
    round_ = ready_round(bracket, advance(bracket, {}), round_number=1)
    assert len(round_.tables) == 4
    assert "seed 1 v seed 8" in round_.tables[0].reasons[0].text
    assert "best of 3" in round_.tables[0].reasons[0].text


def test_third_place_match():
    bracket = single_elimination(list("ABCD"), third_place=True)
    _results, state = play_out(bracket, better_seed(bracket))
    assert set(state.matches["3P"].entrants) == {"C", "D"}
    assert len(state.played()) == 4


def test_svg_is_well_formed_and_escapes_names():
    bracket = double_elimination(["<Ann>", "Bob & Co", "C", "D", "E"])
    _results, state = play_out(bracket, better_seed(bracket))
    svg = render_bracket_svg(bracket, state)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "&lt;Ann&gt;" in svg and "Bob &amp; Co" in svg
    assert "bye" in render_bracket_svg(bracket)


def test_bye_sentinel_prints():
    assert repr(BYE) == "BYE"
