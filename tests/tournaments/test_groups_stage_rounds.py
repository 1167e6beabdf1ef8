"""A groups stage through the services: odd groups' byes, a withdrawal mid-stage,
and the snapshot's per-group tables."""

from __future__ import annotations

import pytest

from tournaments import selectors, services, tasks
from tournaments.models import Standings

from .conftest import play_round, side_entries

pytestmark = pytest.mark.django_db


def test_odd_groups_byes_and_a_withdrawal(club, director):
    """Seven entries in two groups (4 and 3): the group of three has a scoring bye
    every round; when an entry of the group of four withdraws after round 1 its
    remaining opponents get a bye instead; each group's table counts only its own
    games and byes, and the withdrawn entry stays in its group's table."""
    tournament = services.tournament_create(
        club=club,
        name="Seven",
        game="sleazy",
        options={"rounds": 2},
        format="groups",
        stage_settings={"groups": 2},
        tiebreaks=["match_points", "point_difference"],
        by=director,
    )
    entries = services.entries_add(
        tournament=tournament, names=[f"E{i}" for i in range(1, 8)], by=director
    )
    by_name = {e.name: e.pk for e in entries}
    stage = tournament.stages.get()
    # Snake seeding into two groups: 1 A, 2 B, 3 B, 4 A, 5 A, 6 B, 7 B.
    groups = {g.name: list(g.entries) for g in selectors.stage_group_list(stage)}
    assert groups == {
        "A": [by_name[n] for n in ("E1", "E4", "E5")],
        "B": [by_name[n] for n in ("E2", "E3", "E6", "E7")],
    }

    def first_side_wins(table):
        return [
            {"mode": "totals", "points": [150, 100]},
            {"mode": "totals", "points": [100, 100]},
        ]

    seen_tables = []
    round_ = services.round_generate(stage=stage, by=director)
    assert round_.tables.count() == 3 and len(round_.explanation["byes"]) == 1
    assert round_.explanation["byes"][0]["reasons"][0]["data"]["group"] == "A"
    seen_tables += [side_entries(t) for t in round_.tables.all()]
    play_round(round_, director, first_side_wins)
    services.entry_withdraw(
        entry=tournament.entries.get(pk=by_name["E7"]), reason="ill", by=director
    )
    for _ in (2, 3):
        round_ = services.round_generate(stage=stage, by=director)
        byes = [b["entry"] for b in round_.explanation["byes"]]
        seated = {e for t in round_.tables.all() for s in side_entries(t) for e in s}
        assert by_name["E7"] not in seated
        assert len(byes) == 2  # group A's round-robin bye + E7's opponent
        seen_tables += [side_entries(t) for t in round_.tables.all()]
        play_round(round_, director, first_side_wins)
    for sides in seen_tables:
        (a,), (b,) = sides
        assert (a in groups["A"]) == (b in groups["A"])

    tasks.standings_reconcile()
    (snapshot,) = Standings.objects.get(tournament=tournament).stages
    tables = {g["name"]: g for g in snapshot["groups"]}
    assert len(tables["A"]["rows"]) == 3
    b_rows = {r["name"]: r for r in tables["B"]["rows"]}
    assert set(b_rows) == {"E2", "E3", "E6", "E7"}
    assert b_rows["E7"]["withdrawn"] and b_rows["E7"]["played"] == 1
    # Group A: everyone played two games and had one bye (2 points).
    assert all(r["played"] == 2 for r in tables["A"]["rows"])
    assert (
        sum(r["values"]["match_points"] for r in tables["A"]["rows"]) == 3 * 2 + 2 * 3
    )
    assert snapshot == selectors.standings_data_get(tournament)[0]
