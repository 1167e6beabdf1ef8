"""Best-of-N knockout series: deciding a series, alternating sides, draws replayed,
folding series over a bracket, the next round's games, the picture's series score."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.base import FormatError, check_round
from tournaments.formats.explain import ReasonCode
from tournaments.formats.knockout import (
    advance,
    advance_series,
    double_elimination,
    next_game,
    ready_round,
    render_bracket_svg,
    series_result,
    single_elimination,
)


def test_a_draw_does_not_count_and_the_series_goes_on():
    """Best of 3: A, draw, B leaves it at 1–1 with a draw; A then wins it 2–1."""
    so_far = series_result(("A", "B"), ["A", None, "B"], best_of=3)
    assert so_far.winner is None and so_far.wins == (1, 1)
    assert so_far.draws == 1 and so_far.games_played == 3 and so_far.games_left == 1
    done = series_result(("A", "B"), ["A", None, "B", "A"], best_of=3)
    assert done.winner == "A" and done.score == "2\u20131" and done.games_left == 0


def test_best_of_one_is_one_decisive_game():
    assert series_result(("A", "B"), ["B"], best_of=1).winner == "B"
    assert series_result(("A", "B"), [None], best_of=1).winner is None


def test_sides_alternate_between_games_draws_included():
    """Game 1: upper slot first; game 2: lower slot; a drawn game 2 makes game 3 the
    upper slot's again."""
    empty = series_result(("A", "B"), [], best_of=5)
    assert next_game(("A", "B"), empty) == (1, ("A", "B"))
    one = series_result(("A", "B"), ["A"], best_of=5)
    assert next_game(("A", "B"), one) == (2, ("B", "A"))
    drawn = series_result(("A", "B"), ["A", None], best_of=5)
    assert next_game(("A", "B"), drawn) == (3, ("A", "B"))
    with pytest.raises(FormatError) as info:
        next_game(("A", "B"), series_result(("A", "B"), ["A"], best_of=1))
    assert info.value.code == "series_over"


@pytest.mark.parametrize("best_of", [0, 2, 4, -1])
def test_best_of_must_be_odd(best_of):
    with pytest.raises(FormatError) as info:
        series_result(("A", "B"), [], best_of=best_of)
    assert info.value.code == "bad_best_of"
    with pytest.raises(FormatError):
        single_elimination(list("ABCD"), best_of=best_of)


def test_advance_series_decides_matches_at_two_wins_in_best_of_three():
    bracket = single_elimination(list("ABCD"), best_of=3)
    # W1-1 is A v D, W1-2 is B v C.
    state, series = advance_series(
        bracket, {"W1-1": ["A", "D", "A"], "W1-2": ["C", None, "C"]}
    )
    assert state.matches["W1-1"].winner == "A"
    assert state.matches["W1-2"].winner == "C"
    assert series["W1-1"].wins == (2, 1) and series["W1-2"].wins == (0, 2)
    assert series["W1-2"].draws == 1
    assert state.ready() == ["W2-1"] and state.matches["W2-1"].entrants == ("A", "C")
    state, series = advance_series(
        bracket, {"W1-1": ["A", "A"], "W1-2": ["C", "C"], "W2-1": ["C"]}
    )
    assert state.champion is None and state.ready() == ["W2-1"]
    assert series["W2-1"].wins == (0, 1)


def test_best_of_one_series_fold_equals_plain_advance():
    bracket = single_elimination(list("ABCDEF"))
    results = {"W1-2": "D", "W1-4": "C", "W2-1": "A", "W2-2": "C", "W3-1": "C"}
    state, series = advance_series(bracket, {k: [v] for k, v in results.items()})
    assert state == advance(bracket, results)
    assert state.champion == "C" and all(
        s.wins[0] + s.wins[1] == 1 for s in series.values()
    )


@pytest.mark.parametrize(
    ("games", "code", "path"),
    [
        ({"W1-1": ["A", "A", "D"]}, "series_over", "results.W1-1.games.2"),
        ({"W1-1": ["B"]}, "not_in_series", "results.W1-1.games.0"),
        ({"W1-1": ["B", "B"]}, "not_in_match", "results.W1-1"),
        ({"W2-1": [None]}, "not_ready", "results.W2-1"),
        ({"W2-1": ["A", "A"]}, "not_ready", "results.W2-1"),
        ({"X1": ["A"]}, "unknown_match", "results"),
    ],
)
def test_bad_series_results_are_director_errors(games, code, path):
    bracket = single_elimination(list("ABCD"), best_of=3)
    with pytest.raises(FormatError) as info:
        advance_series(bracket, games)
    assert (info.value.code, info.value.path) == (code, path)


def test_a_walkover_takes_no_games():
    bracket = single_elimination(list("ABC"), best_of=3)  # A has the bye in W1-1
    with pytest.raises(FormatError) as info:
        advance_series(bracket, {"W1-1": [None]})
    assert info.value.code == "walkover"


def test_the_reset_takes_no_games_when_the_winners_champion_won_the_final():
    bracket = double_elimination(list("AB"), best_of=3)
    with pytest.raises(FormatError) as info:
        advance_series(
            bracket,
            {"W1-1": ["A", "A"], "GF": ["A", "A"], "GF2": ["A"]},
        )
    assert info.value.code == "not_needed"


def test_next_round_has_the_next_game_of_every_undecided_series():
    """After game 1 of each best-of-3 (one won, one drawn) the next round has game 2
    of both series, the lower slot playing first, with the series score and the
    replayed draw in the reasons."""
    bracket = single_elimination(list("ABCD"), best_of=3)
    state, series = advance_series(bracket, {"W1-1": ["A"], "W1-2": [None]})
    round_ = ready_round(bracket, state, round_number=2, series=series)
    check_round(round_)
    by_match = {t.reasons[0].data["match"]: t for t in round_.tables}
    assert by_match["W1-1"].sides == (("D",), ("A",))
    assert by_match["W1-1"].reasons[0].data["game"] == 2
    assert by_match["W1-1"].reasons[0].data["series"] == [1, 0]
    assert "game 2, series 1\u20130" in by_match["W1-1"].reasons[0].text
    assert by_match["W1-1"].reasons[1].code == ReasonCode.SIDE_BALANCE
    assert by_match["W1-2"].sides == (("C",), ("B",))
    assert "drawn" in by_match["W1-2"].reasons[1].text


def test_first_round_of_a_series_bracket_is_game_one_upper_slot_first():
    bracket = single_elimination(list("ABCDEFGH"), best_of=5)
    round_ = ready_round(bracket, advance(bracket, {}), round_number=1)
    assert round_.tables[0].sides == (("A",), ("H",))
    assert all(t.reasons[0].data["game"] == 1 for t in round_.tables)
    assert all(len(t.reasons) == 1 for t in round_.tables)


def test_the_picture_shows_names_and_the_series_score():
    bracket = single_elimination([1, 2, 3, 4], best_of=3)
    state, series = advance_series(bracket, {"W1-1": [1, 4, 1], "W1-2": [2]})
    svg = render_bracket_svg(
        bracket,
        state,
        series=series,
        names={1: "Ann", 2: "Bob", 3: "Cid", 4: "A very long name indeed"},
    )
    ET.fromstring(svg)
    assert "W1-1 \u00b7 best of 3 \u00b7 2\u20131" in svg
    assert "W1-2 \u00b7 best of 3 \u00b7 1\u20130" in svg
    assert ">Ann<" in svg and ">Bob<" in svg and "A very long name i\u2026" in svg
    # Best of 1 keeps the plain picture: no series caption.
    plain = render_bracket_svg(single_elimination([1, 2]), names={1: "Ann"})
    assert "best of" not in plain and "(1) Ann" in plain


# --- properties ---------------------------------------------------------------------

outcomes = st.lists(st.sampled_from(["A", "B", None]), max_size=40)


@settings(max_examples=300, deadline=None)
@given(best_of=st.sampled_from([1, 3, 5, 7]), games=outcomes)
def test_a_series_ends_exactly_when_someone_reaches_a_majority(best_of, games):
    """Playing games one at a time until the series is decided: it is decided
    exactly when one side first has ⌈N/2⌉ wins, never after more than N decisive
    games, and the loser has fewer than ⌈N/2⌉."""
    need = (best_of + 1) // 2
    played: list[str | None] = []
    for game in games:
        so_far = series_result(("A", "B"), played, best_of=best_of)
        if so_far.winner is not None:
            break
        assert max(so_far.wins) < need
        assert so_far.games_left == best_of - sum(so_far.wins)
        number, sides = next_game(("A", "B"), so_far)
        assert number == len(played) + 1
        assert sides == (("A", "B") if number % 2 else ("B", "A"))
        played.append(game)
    result = series_result(("A", "B"), played, best_of=best_of)
    decisive = [g for g in played if g is not None]
    assert len(decisive) <= best_of
    if result.winner is not None:
        assert max(result.wins) == need and min(result.wins) < need
        assert decisive.count(result.winner) == need
        # The deciding game is the last one: the series stopped right there.
        assert played[-1] == result.winner
        assert max(series_result(("A", "B"), played[:-1], best_of=best_of).wins) < need
    else:
        assert max(result.wins) < need


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 12),
    best_of=st.sampled_from([1, 3, 5]),
    kind=st.sampled_from(["single", "double"]),
    coins=st.lists(st.sampled_from([0, 1, None]), min_size=200, max_size=200),
)
def test_playing_rounds_of_series_reaches_a_champion(n, best_of, kind, coins):
    """Generating rounds from the series state and playing each table's game (draws
    included) always ends with a champion; every decided match was won with exactly
    ⌈N/2⌉ games, within N decisive games, and the sides alternated game by game."""
    entries = list(range(n))
    bracket = (
        single_elimination(entries, best_of=best_of)
        if kind == "single"
        else double_elimination(entries, best_of=best_of)
    )
    games: dict[str, list[int | None]] = {}
    firsts: dict[str, list[int]] = {}
    flips = iter(coins * 20)
    state, series = advance_series(bracket, games)
    number = 0
    while state.champion is None:
        number += 1
        assert number < 200, "the bracket never finished"
        round_ = ready_round(bracket, state, round_number=number, series=series)
        assert round_.tables, "nothing to play but no champion"
        check_round(round_)
        for table in round_.tables:
            match_id = table.reasons[0].data["match"]
            (first,), (second,) = table.sides
            firsts.setdefault(match_id, []).append(first)
            flip = next(flips)
            games.setdefault(match_id, []).append(
                None if flip is None else (first, second)[flip]
            )
        state, series = advance_series(bracket, games)
    need = (best_of + 1) // 2
    for match_id, result in series.items():
        assert result.winner == state.matches[match_id].winner
        assert max(result.wins) == need and sum(result.wins) <= best_of
        order = firsts[match_id]
        assert all(a != b for a, b in pairwise(order))
    assert state.champion is not None
