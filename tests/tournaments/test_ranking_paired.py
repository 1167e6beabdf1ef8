"""Games packed as ``PairedResults`` rank exactly as the same games one by one.

The recompute of a large event hands the ranking its one-entry-against-one-entry
games as columns (:class:`tournaments.ranking.PairedResults`) rather than one
``MatchResult`` each. On random events (the reference test's generator: partnerships,
tables of three and four, byes, forfeits, explicit places, Fraction points, every
metric in any order) packing any of the games that can be packed must change no
row, rank or value, nor the type of a value.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.test_ranking_reference import events, exactly
from tournaments.ranking import (
    DRAW,
    LOSS,
    WIN,
    MatchResult,
    PairedResults,
    RankingConfig,
    RankingError,
    ResultType,
    compute_standings,
    places_from_points,
    result_entries,
    singly,
)


def packable(result: MatchResult) -> bool:
    """One entry against one other, nothing a packed game cannot carry."""
    return (
        result.result_type != ResultType.BYE
        and len(result.sides) == 2
        and all(len(side) == 1 for side in result.sides)
        and not result.penalties
        and not result.own_points
    )


def pack(games: list[MatchResult], config: RankingConfig) -> PairedResults:
    rows = []
    for game in games:
        points = game.game_points or (0, 0)
        first, second = game.placements or places_from_points(
            points, lower_wins=config.lower_game_points_win
        )
        outcome = DRAW if first == second else WIN if first < second else LOSS
        rows.append(
            (
                game.round,
                game.sides[0][0],
                game.sides[1][0],
                *points,
                outcome,
                *(game.deals_won or (0, 0)),
            )
        )
    columns = list(zip(*rows, strict=True)) or [()] * 8
    if not any(game.deals_won for game in games):
        columns[6:] = [(), ()]
    return PairedResults(*columns)


@settings(max_examples=400, deadline=None)
@given(events(), st.data())
def test_packed_games_rank_as_single_results(event, data):
    entries, games, config = event
    chosen = [
        data.draw(st.booleans()) and packable(game) and _aligned(game) for game in games
    ]
    packed = pack([g for g, c in zip(games, chosen, strict=True) if c], config)
    rest = [g for g, c in zip(games, chosen, strict=True) if not c]
    mixed = list(rest)
    mixed.insert(data.draw(st.integers(0, len(rest))), packed)
    expected = exactly(compute_standings(entries, games, config))
    assert exactly(compute_standings(entries, mixed, config)) == expected
    # Unpacked again, they are the same games.
    assert exactly(compute_standings(entries, list(singly(mixed)), config)) == expected
    assert sorted(result_entries(mixed)) == sorted(result_entries(games))


def _aligned(game: MatchResult) -> bool:
    """Values a single result would reject stay single (their error is tested by
    the reference test)."""
    return all(len(values) in (0, 2) for values in (game.game_points, game.deals_won))


def test_a_packed_game_is_the_result_it_stands_for():
    """Outcomes stand for two-sided placements, deals won for both sides."""
    pairs = PairedResults(
        rounds=(1, 2, 3),
        firsts=("A", "B", "C"),
        seconds=("B", "C", "A"),
        first_points=(10, Fraction(5, 2), 0),
        second_points=(4, 7, 0),
        outcomes=(WIN, LOSS, DRAW),
        first_deals_won=(2, 0, 1),
        second_deals_won=(1, 3, 1),
    )
    assert list(pairs.singly()) == [
        MatchResult(1, (("A",), ("B",)), (10, 4), (2, 1), placements=(1, 2)),
        MatchResult(
            2, (("B",), ("C",)), (Fraction(5, 2), 7), (0, 3), placements=(2, 1)
        ),
        MatchResult(3, (("C",), ("A",)), (0, 0), (1, 1), placements=(1, 1)),
    ]
    assert len(pairs) == 3


@pytest.mark.parametrize(
    ("pairs", "code"),
    [
        (PairedResults((1,), ("A",), ("Z",), (1,), (0,), (WIN,)), "unknown_entry"),
        (PairedResults((1,), ("A",), ("B",), (1, 2), (0,), (WIN,)), "misaligned"),
        (PairedResults((1,), ("A",), ("B",), (1,), (0,), (WIN,), (1,)), "misaligned"),
        (PairedResults((1,), ("A",), ("B",), (1,), (0,), (7,)), "bad_outcome"),
    ],
)
def test_broken_columns_are_rejected(pairs, code):
    """A packed batch is checked as its single results would be, at its index."""
    with pytest.raises(RankingError) as raised:
        compute_standings(["A", "B"], [pairs], RankingConfig())
    assert (raised.value.code, raised.value.path) == (code, "results.0")
