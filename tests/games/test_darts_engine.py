"""The dart board and turn of :mod:`games.engine.darts`: darts as scorers type them,
the sectors side by side (Killeri §61.1), the exact target (§61.2), the best order
(§58.1), the drops of an elimination."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from games.engine.darts import (
    BOARD_ORDER,
    BULL,
    MISS,
    SECTORS,
    Dart,
    adjacent,
    best_order,
    dart_list,
    exact_target,
    group_drop_points,
    neighbours,
    next_thrower,
    parse_dart,
    turn_errors,
)
from games.engine.game import Table

TURN = TypeAdapter(dart_list(3))
RINGS = TypeAdapter(dart_list(5, "rings"))


@pytest.mark.parametrize(
    ("word", "dart"),
    [
        ("20", Dart(20, 1)),
        ("s20", Dart(20, 1)),
        ("D5", Dart(5, 2)),
        ("t19", Dart(19, 3)),
        ("OB", Dart(BULL, 1)),
        ("25", Dart(BULL, 1)),
        ("IB", Dart(BULL, 2)),
        ("50", Dart(BULL, 2)),
        ("M", Dart(MISS, 1)),
        ("0", Dart(MISS, 1)),
        ([7, 3], Dart(7, 3)),
        ([25, 2], Dart(BULL, 2)),
        ([0, 1], Dart(MISS, 1)),
    ],
)
def test_a_dart_is_read_from_a_word_or_a_sector_and_multiplier(word, dart):
    assert parse_dart(word) == dart


@pytest.mark.parametrize("bad", ["21", "T25", "Q5", "", [25, 3], [21, 1], [5, 4], 5])
def test_a_dart_off_the_board_is_refused_naming_it(bad):
    with pytest.raises(ValidationError) as caught:
        TURN.validate_python([bad])
    (error,) = caught.value.errors()
    assert error["type"] == "bad_dart" and error["loc"] == (0,)


def test_a_turn_may_be_typed_as_one_string_and_keeps_its_order():
    assert TURN.validate_python("T20 5, m") == (Dart(20, 3), Dart(5, 1), Dart(0, 1))
    assert [d.code for d in TURN.validate_python(["t20", "IB", "0"])] == [
        "T20",
        "IB",
        "M",
    ]


def test_the_finnish_board_has_rings_0_to_10():
    assert RINGS.validate_python("10 9 0 1 5") == (10, 9, 0, 1, 5)
    with pytest.raises(ValidationError) as caught:
        RINGS.validate_python([11])
    assert caught.value.errors()[0]["type"] == "bad_ring"


def test_the_turn_declares_the_dart_pad():
    schema = TURN.json_schema()
    assert schema["x-widget"] == "dart" and schema["x-dart-darts"] == 3
    assert schema["maxItems"] == 3
    keys = [k for k, _ in schema["x-dart-keys"]]
    assert keys[:20] == [str(s) for s in SECTORS] and keys[20:] == ["OB", "IB", "M"]
    assert [k for k, _ in schema["x-dart-modifiers"]] == ["D", "T"]
    assert RINGS.json_schema()["x-dart-modifiers"] == []


def test_the_board_has_each_sector_once_and_20_between_5_and_1():
    assert sorted(BOARD_ORDER) == list(SECTORS)
    assert neighbours(20) == (5, 1)
    assert adjacent(20, 1) and adjacent(5, 20) and adjacent(3, 19)
    assert not adjacent(20, 3) and not adjacent(20, 20)


def test_every_sector_has_exactly_two_neighbours():
    for s in SECTORS:
        assert sum(adjacent(s, t) for t in SECTORS) == 2


@pytest.mark.parametrize(
    ("score", "gained", "after"),
    [(4, 1, 5), (4, 2, 4), (4, 3, 3), (5, 1, 4), (2, 3, 5), (0, 3, 3)],
)
def test_exact_five_takes_points_over_it_off(score, gained, after):
    """§61.2 (l.3646): six points drop to four, seven to three."""
    assert exact_target(score, gained, 5) == after


@given(st.integers(0, 5), st.integers(1, 3))
def test_the_exact_target_never_leaves_one_to_five(score, gained):
    assert 1 <= exact_target(score, gained, 5) <= 5


def test_the_best_order_counts_an_early_miss_after_the_hit():
    """§58.1 (l.3590): trying 7, an 8 then a 7 — both count, next is 9."""

    def step(reached, dart):
        return reached + 1 if dart.on(reached + 1) else reached

    best, order = best_order([Dart(8), Dart(7), Dart(0)], step, 6, key=lambda r: r)
    assert best == 8 and order[:2] == (Dart(7), Dart(8))


def test_a_turn_is_three_darts_unless_it_ended_early():
    assert turn_errors([Dart(1)] * 3, 3, ended_at=None) == []
    (short,) = turn_errors([Dart(1)] * 2, 3, ended_at=None)
    assert (short.path, short.code) == ("darts", "short_turn")
    assert turn_errors([Dart(1)], 3, ended_at=0) == []
    (after,) = turn_errors([Dart(1)] * 3, 3, ended_at=0)
    assert (after.path, after.code) == ("darts.1", "after_the_end")


def test_players_dropping_together_share_their_place():
    """Two of four drop at once: each of the other two gets a point for each."""
    assert group_drop_points(4, (), [1, 2]) == (2, 0, 0, 2)
    assert group_drop_points(4, (1,), [2]) == (1, 0, 0, 1)


def test_the_next_thrower_skips_the_players_out():
    table = Table((0, 1, 2, 3))
    assert next_thrower(table, 0) == 1
    assert next_thrower(table, 0, out=(1, 2)) == 3
    assert next_thrower(table, 3, out=(0,)) == 1
