"""Duplicate with team entries: Sakaali for eight seats pairs of two teams of four
(book 001 §39.7) — one entry a side, and which pair of it sits at each table."""

import pytest

from tournaments.formats.base import FormatError
from tournaments.formats.duplicate import (
    duplicate_for_eight_teams,
    plays_per_deal,
)


def seats(table) -> tuple[tuple[str, int], tuple[str, int]]:
    """(team, pair) North-South and East-West."""
    pairs = table.reasons[0].data["pairs"]
    return (table.sides[0][0], pairs[0]), (table.sides[1][0], pairs[1])


def test_each_pair_holds_each_board_once_and_the_teams_swap_directions():
    s1, s2 = duplicate_for_eight_teams("A", "B")
    for stanza in (s1, s2):
        # A team sits at both tables, but each of its pairs at one.
        pairs = [pair for t in stanza.tables for pair in seats(t)]
        assert sorted(pairs) == [("A", 0), ("A", 1), ("B", 0), ("B", 1)]
        assert all(len(side) == 1 for t in stanza.tables for side in t.sides)
    assert [seats(t) for t in s1.tables] == [
        (("A", 0), ("B", 0)),
        (("B", 1), ("A", 1)),
    ]
    # The pairs change tables and keep their directions (39.7.2).
    assert [seats(t) for t in s2.tables] == [
        (("B", 1), ("A", 1)),
        (("A", 0), ("B", 0)),
    ]
    for deal, places in plays_per_deal((s1, s2)).items():
        north_south = {(s1, s2)[r - 1].tables[t - 1].sides[0][0] for r, t in places}
        assert north_south == {"A", "B"}, deal


def test_every_player_plays_every_board_of_one_set_once():
    s1, s2 = duplicate_for_eight_teams("A", "B", deals_per_stanza=3)
    boards: dict[tuple[str, int], list[str]] = {}
    for stanza in (s1, s2):
        for table in stanza.tables:
            for team, pair in seats(table):
                boards.setdefault((team, pair), []).extend(table.deals)
    assert boards == {
        ("A", 0): ["D1", "D2", "D3", "D4", "D5", "D6"],
        ("B", 0): ["D1", "D2", "D3", "D4", "D5", "D6"],
        ("A", 1): ["D4", "D5", "D6", "D1", "D2", "D3"],
        ("B", 1): ["D4", "D5", "D6", "D1", "D2", "D3"],
    }


def test_reasons_say_who_sits_where_with_which_boards():
    s1, s2 = duplicate_for_eight_teams(7, 9)
    assert s1.tables[1].reasons[0].text == (
        "Stanza 1: team 9's players 3 & 4 North-South v team 7's players 3 & 4 "
        "East-West, boards D5–D8"
    )
    assert (
        s2.tables[0]
        .reasons[0]
        .text.endswith(
            "boards D1–D4 (the other table's boards, hands held by the other team)"
        )
    )
    assert s1.tables[0].reasons[0].entries == (7, 9)


def test_a_team_cannot_play_itself():
    with pytest.raises(FormatError) as error:
        duplicate_for_eight_teams("A", "A")
    assert error.value.code == "bad_teams"
