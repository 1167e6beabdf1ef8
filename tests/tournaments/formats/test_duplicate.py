"""Duplicate: Sakaali for eight (book 001 §39.7) seating and comparison scoring."""

from tournaments.formats.base import check_round
from tournaments.formats.duplicate import (
    DealPlay,
    compare_deals,
    duplicate_for_eight,
    duplicate_totals,
    plays_per_deal,
)

A = ("A1", "A2", "A3", "A4")
B = ("B1", "B2", "B3", "B4")
TEAMS = {"A": A, "B": B}


def test_each_deal_played_once_by_each_team_in_each_direction():
    stanzas = duplicate_for_eight(A, B)
    for s in stanzas:
        check_round(s)
        for table in s.tables:
            # Each table seats two of each team, partners opposite.
            assert {p[0] for p in table.entries} == {"A", "B"}
            assert len({p[0] for p in table.sides[0]}) == 1
    where = plays_per_deal(stanzas)
    assert sorted(where) == [f"D{i}" for i in range(1, 9)]
    for deal, places in where.items():
        assert len(places) == 2
        teams_ns = set()
        for stanza, number in places:
            table = stanzas[stanza - 1].tables[number - 1]
            teams_ns.add(table.sides[0][0][0])
        assert teams_ns == {"A", "B"}, deal


def test_players_switch_tables_and_keep_direction():
    s1, s2 = duplicate_for_eight(A, B)
    assert s1.tables[0].sides == s2.tables[1].sides
    assert s1.tables[1].sides == s2.tables[0].sides
    assert s1.tables[0].deals == s2.tables[0].deals == ("D1", "D2", "D3", "D4")


def test_totals_and_comparison_swings():
    """Sakaali scores only the deal winner; the comparison shows who did better."""
    plays = [
        # Deal 1 at table 1 (A North-South): A wins 45.
        DealPlay("D1", ("A1", "A2"), ("B1", "B2"), 45, 0),
        # Deal 1 replayed (B holds the same North-South hands): B wins only 25.
        DealPlay("D1", ("B3", "B4"), ("A3", "A4"), 25, 0),
        DealPlay("D5", ("B3", "B4"), ("A3", "A4"), 0, 30),
        DealPlay("D5", ("A1", "A2"), ("B1", "B2"), 0, 60),
    ]
    assert duplicate_totals(plays, TEAMS) == {"A": 45 + 30, "B": 25 + 60}
    comparisons = {c.deal: c for c in compare_deals(plays, TEAMS)}
    assert comparisons["D1"].ns_net == (45, 25)
    assert comparisons["D1"].swing == {"A": 20, "B": -20}
    # Same East-West cards: A made 30 with them, B made 60.
    assert comparisons["D5"].swing == {"A": -30, "B": 30}
    assert all(sum(c.swing.values()) == 0 for c in comparisons.values())
