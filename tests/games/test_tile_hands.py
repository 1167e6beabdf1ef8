"""Mah Jong tiles (book §42.1) and combinations (§42.6–42.7): parsing, the set, the
decomposition of a hand checked against a brute force over every split."""

from __future__ import annotations

from collections import Counter
from itertools import combinations as choose

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.tile_hands import (
    SetKind,
    decompositions,
    partial_arrangements,
    set_kind,
)
from games.engine.tiles import (
    MAH_JONG_SET,
    TILES,
    TileError,
    Wind,
    count_errors,
    parse_groups,
    parse_tiles,
)

T = TILES


def tiles(text: str):
    return parse_tiles(text)


def test_the_set_has_144_tiles_four_of_each_and_eight_flowers():
    assert sum(MAH_JONG_SET.values()) == 144
    assert sum(n for t, n in MAH_JONG_SET.items() if t.is_flower) == 8
    assert {n for t, n in MAH_JONG_SET.items() if not t.is_flower} == {4}
    assert len([t for t in MAH_JONG_SET if t.is_suit]) == 27
    assert [t.code for t in MAH_JONG_SET if t.is_honour] == [
        "E",
        "S",
        "W",
        "N",
        "RD",
        "GD",
        "WD",
    ]


@pytest.mark.parametrize(
    ("typed", "codes"),
    [
        ("1C 2b 9k", ["1C", "2B", "9K"]),
        ("1d 1p 1s 1m", ["1C", "1C", "1B", "1K"]),  # dots, pin, sou, man
        ("123C", ["1C", "2C", "3C"]),
        ("5555B", ["5B"] * 4),
        ("E s West north", ["E", "S", "W", "N"]),
        ("RD g wh white", ["RD", "GD", "WD", "WD"]),
        ("F1 2f, F4", ["F1", "F2", "F4"]),
    ],
)
def test_tiles_parse_from_what_people_type(typed, codes):
    assert [t.code for t in parse_tiles(typed)] == codes


@pytest.mark.parametrize("typed", ["0C", "10C", "XX", "F5", "1Z", "EE"])
def test_a_token_that_is_no_tile_is_named(typed):
    with pytest.raises(TileError) as err:
        parse_tiles(f"1C {typed}")
    assert err.value.token == typed


def test_groups_split_at_commas():
    groups = parse_groups("1C 2C 3C, RD RD RD; 99K")
    assert [len(g) for g in groups] == [3, 3, 2]
    assert parse_groups("123C, 999K") == (tiles("1C 2C 3C"), tiles("9K 9K 9K"))


def test_terminals_honours_and_the_flowers_winds():
    assert T["1C"].is_terminal and T["9B"].is_terminal and not T["5K"].is_terminal
    assert T["E"].is_honour and T["RD"].is_honour and not T["1C"].is_honour
    assert [T[f"F{n}"].wind for n in range(1, 5)] == [
        Wind.EAST,
        Wind.SOUTH,
        Wind.WEST,
        Wind.NORTH,
    ]


@pytest.mark.parametrize(
    ("typed", "kind"),
    [
        ("1C 2C 3C", SetKind.CHOW),
        ("3C 1C 2C", SetKind.CHOW),
        ("7B 8B 9B", SetKind.CHOW),
        ("8B 9B 1B", None),  # no going round the corner
        ("1C 2B 3C", None),  # one suit
        ("E S W", None),  # §42.6: only suit tiles in a chow
        ("E E E", SetKind.PUNG),
        ("WD WD WD WD", SetKind.KONG),
        ("RD RD", SetKind.PAIR),
        ("F1 F1", None),  # flowers are in no combination
        ("5C 5C 5C 5C 5C", None),
    ],
)
def test_combinations(typed, kind):
    assert set_kind(tiles(typed)) is kind


def test_too_many_copies_is_reported_where_it_went_over():
    errors = count_errors(
        [("a", tiles("5C 5C 5C")), ("b", tiles("5C 5C F1")), ("c", tiles("F1 F1"))]
    )
    assert [(e.path, e.code) for e in errors] == [
        ("b", "too_many_copies"),
        ("c", "too_many_copies"),
    ]
    assert "5C entered 5 times (a, b)" in errors[0].message


def test_a_hand_splits_every_way_it_can():
    # 111 222 333 of one suit: three pungs or three chows, and the pair 99.
    found = {
        tuple(c.kind for c in split)
        for split in decompositions(tiles("111222333C 99K"))
    }
    assert found == {
        (SetKind.PUNG, SetKind.PUNG, SetKind.PUNG, SetKind.PAIR),
        (SetKind.CHOW, SetKind.CHOW, SetKind.CHOW, SetKind.PAIR),
    }
    assert list(decompositions(tiles("1C 2C 4C 5C 5C"))) == []
    # The pair and a chow share the lowest tile: one split, found once.
    assert len(list(decompositions(tiles("1C 1C 1C 2C 3C")))) == 1


SUIT_AND_HONOURS = [t for t in TILES.values() if not t.is_flower]


def brute_force(hand, pairs):
    """Every split of ``hand`` into chows, pungs and ``pairs`` pairs, by trying
    every group of 2 or 3 tiles that could hold the lowest tile left."""
    hand = sorted(hand)
    if not hand:
        return {()} if pairs == 0 else set()
    low, rest = hand[0], hand[1:]
    out = set()
    for size in (2, 3):
        for others in set(choose(rest, size - 1)):
            group = (low, *others)
            kind = set_kind(group)
            if kind is None or (kind is SetKind.PAIR and not pairs):
                continue
            left = list((Counter(rest) - Counter(others)).elements())
            for split in brute_force(left, pairs - (kind is SetKind.PAIR)):
                out.add(tuple(sorted([(kind, tuple(sorted(group))), *split])))
    return out


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from([t for t in SUIT_AND_HONOURS if t.suit in ("C", "")][:12]),
        min_size=2,
        max_size=11,
    ).filter(lambda h: max(Counter(h).values()) <= 4)
)
def test_decompositions_agree_with_a_brute_force(hand):
    pairs = 1 if len(hand) % 3 == 2 else 0
    found = [
        tuple(sorted((c.kind, c.tiles) for c in split))
        for split in decompositions(hand, pairs=pairs)
    ]
    assert len(found) == len(set(found))  # each split once
    assert set(found) == brute_force(hand, pairs)
    for split in decompositions(hand, pairs=pairs):
        assert Counter(t for c in split for t in c.tiles) == Counter(hand)
        assert all(c.concealed for c in split)


def test_a_losing_hand_is_arranged_as_pungs_and_one_pair():
    arrangements = {
        tuple((c.kind, c.tile.code) for c in a)
        for a in partial_arrangements(tiles("E E E RD RD 1C 1C 5K"))
    }
    assert (("pung", "E"), ("pair", "RD")) in arrangements
    assert (("pung", "E"), ("pair", "1C")) in arrangements
    assert () in arrangements
    assert all(len([k for k, _ in a if k == "pair"]) <= 1 for a in arrangements)
