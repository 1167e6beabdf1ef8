"""Duplicate stages: a Sakaali-for-eight evening (book §39.7) through the services.

Two entries that are teams of four; two stanzas of two tables; every table a
score-book match of its four boards, entered card by card with
``scoring.services.deal_submit``. The boards are compared across tables and the team
with more game points over the 2 × 8 deal-plays wins (§39.7.3). Numbers are in
:mod:`.duplicate_evening`, worked out by hand.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games.engine import DealRejected
from scoring import services as scoring_services
from scoring.errors import DomainError, NotAllowed
from scoring.models import Role
from tournaments import selectors, services
from tournaments.models import Standings
from tournaments.ranking import RankingConfig, compute_standings

from .duplicate_evening import (
    GAME_POINTS,
    NS_TEAM,
    PLAYS,
    SWING_A,
    TABLE_TOTALS,
    TEAM_A,
    TEAM_B,
    deal_input,
)

pytestmark = pytest.mark.django_db


def duplicate_for_eight(club, director, **kwargs):
    tournament = services.tournament_create(
        club=club,
        name="Sakaali for eight",
        game="sakaali",
        format="duplicate",
        by=director,
        **kwargs,
    )
    a, b = services.entries_add(
        tournament=tournament, names=[TEAM_A, TEAM_B], by=director
    )
    return tournament, a, b


def play_stanza(round_, by, stanza: int) -> None:
    """Enter each table's four boards with their cards, finish, lock."""
    for table in round_.tables.select_related("match").order_by("number"):
        match = table.match
        for index, board in enumerate(table.deal_ids):
            match.refresh_from_db()
            scoring_services.deal_submit(
                match=match,
                number=match.next_deal["number"],
                # Every other deal names its board, which the engine checks.
                input=deal_input(board, stanza, with_board=index % 2 == 0),
                by=by,
            )
        match.refresh_from_db()
        scoring_services.match_finish(match=match, by=by)
    services.round_lock(round=round_, by=by)


def seated(match) -> list[tuple[str, int]]:
    return [
        (seat.player.display_name, seat.side)
        for seat in match.seats.select_related("player").order_by("position")
    ]


def test_a_duplicate_for_eight_evening(
    club, director, django_capture_on_commit_callbacks
):
    """Sixteen deal-plays entered card by card: each board is played once by each
    team in each direction, the deals carry their board ids, the boards compare
    by hand, the tables split 2–2 and team A wins on game points, 605 to 398."""
    tournament, a, b = duplicate_for_eight(club, director)
    assert tournament.tiebreaks == ["game_points_for", "point_difference"]
    stage = tournament.stages.get()
    team = {a.pk: "A", b.pk: "B"}

    with django_capture_on_commit_callbacks(execute=True):
        stanza_1 = services.round_generate(stage=stage, by=director)
        t1, t2 = stanza_1.tables.order_by("number")
        assert t1.deal_ids == ["D1", "D2", "D3", "D4"]
        assert t2.deal_ids == ["D5", "D6", "D7", "D8"]
        assert [s.entry_id for s in t1.sides.order_by("side")] == [a.pk, b.pk]
        assert [s.entry_id for s in t2.sides.order_by("side")] == [b.pk, a.pk]
        assert t1.reasons[0]["code"] == "duplicate"
        assert t1.reasons[0]["data"] == {"stanza": 1, "pairs": [0, 0]}

        services.round_start(round=stanza_1, by=director)
        t1.refresh_from_db()
        t2.refresh_from_db()
        # Partners opposite, North first: N, E, S, W.
        assert seated(t1.match) == [("Aino", 0), ("Bea", 1), ("Antti", 0), ("Bruno", 1)]
        assert seated(t2.match) == [
            ("Bertta", 0),
            ("Aada", 1),
            ("Boris", 0),
            ("Aleksi", 1),
        ]
        assert t1.match.options["boards"] == ["D1", "D2", "D3", "D4"]
        assert t1.match.next_deal["notes"][0].startswith("Board D1 (deal 1 of 4)")
        play_stanza(stanza_1, director, 1)

        stanza_2 = services.round_generate(stage=stage, by=director)
        t1, t2 = stanza_2.tables.order_by("number")
        assert t1.deal_ids == ["D1", "D2", "D3", "D4"]
        assert [s.entry_id for s in t1.sides.order_by("side")] == [b.pk, a.pk]
        services.round_start(round=stanza_2, by=director)
        t1.refresh_from_db()
        # The players who held table 2's North-South hands in stanza 1 now hold
        # table 1's.
        assert seated(t1.match) == [
            ("Bertta", 0),
            ("Aada", 1),
            ("Boris", 0),
            ("Aleksi", 1),
        ]
        play_stanza(stanza_2, director, 2)

        with pytest.raises(DomainError) as done:
            services.round_generate(stage=stage, by=director)
        assert done.value.code == "all_rounds_played"
        services.tournament_close(tournament=tournament, by=director)

    # Every table's match: the hand-computed totals, the deals naming their boards.
    for round_ in stage.rounds.order_by("number"):
        for table in round_.tables.select_related("match"):
            match = table.match
            assert tuple(match.totals) == TABLE_TOTALS[(round_.number, table.number)]
            deals = list(match.deals.order_by("number"))
            assert [d.result["detail"]["board"] for d in deals] == table.deal_ids
            for deal in deals:
                board = deal.result["detail"]["board"]
                _ns, _ew, card_points, game_points = PLAYS[board][round_.number]
                assert deal.result["detail"]["card_points"] == card_points
                assert deal.result["points"] == game_points
                assert deal.result["verified"] is True

    # Each board was held North-South once by each team.
    for board in PLAYS:
        first = "D1" if board <= "D4" else "D5"
        assert {NS_TEAM[(1, first)], NS_TEAM[(2, first)]} == {"A", "B"}

    boards = selectors.stage_board_list(stage)
    assert [b_["board"] for b_ in boards["boards"]] == list(PLAYS)
    assert boards["hidden"] == []
    for row in boards["boards"]:
        assert row["complete"]
        swing = {team[s["entry"]]: s["value"] for s in row["swing"]}
        assert swing == {"A": SWING_A[row["board"]], "B": -SWING_A[row["board"]]}
        assert len(row["plays"]) == 2
    totals = {team[t["entry"]]: t for t in boards["teams"]}
    assert totals["A"]["game_points"] == GAME_POINTS["A"] == 605
    assert totals["B"]["game_points"] == GAME_POINTS["B"] == 398
    assert totals["A"]["swing"] == 605 - 398 == sum(SWING_A.values())

    rows = Standings.objects.get(tournament=tournament).stages[0]["rows"]
    assert [(team[r["entry"]], r["rank"]) for r in rows] == [("A", 1), ("B", 2)]
    assert rows[0]["values"] == {"game_points_for": 605, "point_difference": 207}
    assert rows[1]["values"] == {"game_points_for": 398, "point_difference": -207}
    assert all(r["played"] == 4 for r in rows)
    # Match points alone would not separate them: each team won two tables.
    config = RankingConfig(metrics=("match_points",))
    by_match_points = compute_standings(
        [a.pk, b.pk], selectors.stage_result_list([stage], config)[stage.pk], config
    )
    assert [r.values["match_points"] for r in by_match_points.rows] == [4, 4]


def test_a_board_played_at_one_table_is_shown_to_the_director_only(club, director):
    """Book §39.7.1 keeps a board's score face down until the other table has
    played it: the comparison hides it from everyone but the director."""
    tournament, _a, _b = duplicate_for_eight(club, director)
    stage = tournament.stages.get()
    round_ = services.round_start(
        round=services.round_generate(stage=stage, by=director), by=director
    )
    t1 = round_.tables.get(number=1)
    scoring_services.deal_submit(
        match=t1.match, number=1, input=deal_input("D1", 1), by=director
    )
    public = selectors.stage_board_list(stage)
    assert public["boards"] == [] and public["hidden"] == ["D1"]
    director_view = selectors.stage_board_list(stage, reveal_unreplayed=True)
    (d1,) = director_view["boards"]
    assert d1["board"] == "D1" and not d1["complete"] and d1["swing"] is None
    assert d1["plays"][0]["points"] == [37, 0]
    assert d1["plays"][0]["card_points"] == [33, 50]
    assert director_view["teams"][0]["game_points"] == 37


def test_a_deal_naming_another_board_is_refused(club, director):
    tournament, _a, _b = duplicate_for_eight(club, director)
    stage = tournament.stages.get()
    round_ = services.round_start(
        round=services.round_generate(stage=stage, by=director), by=director
    )
    t2 = round_.tables.get(number=2)
    with pytest.raises(DealRejected) as rejected:
        scoring_services.deal_submit(
            match=t2.match,
            number=1,
            input={**deal_input("D5", 1), "board": "D1"},
            by=director,
        )
    assert rejected.value.errors[0].as_dict()["path"] == "board"
    assert not t2.match.deals.exists()


def test_deals_per_stanza_sets_the_boards(club, director):
    tournament, _a, _b = duplicate_for_eight(
        club, director, stage_settings={"deals_per_stanza": 2}
    )
    stage = tournament.stages.get()
    round_ = services.round_generate(stage=stage, by=director)
    assert [t.deal_ids for t in round_.tables.order_by("number")] == [
        ["D1", "D2"],
        ["D3", "D4"],
    ]


# -- bad input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "code", "path"),
    [
        ({"deals_per_stanza": 0}, "invalid", "stage_settings.deals_per_stanza"),
        ({"deals_per_stanza": 14}, "invalid", "stage_settings.deals_per_stanza"),
        ({"deals_per_stanza": "4"}, "invalid", "stage_settings.deals_per_stanza"),
        ({"deals_per_stanza": True}, "invalid", "stage_settings.deals_per_stanza"),
        ({"rounds": 2}, "unknown_setting", "stage_settings.rounds"),
    ],
)
def test_bad_stage_settings_name_the_field(club, director, settings, code, path):
    with pytest.raises(DomainError) as error:
        services.tournament_create(
            club=club,
            name="Bad",
            game="sakaali",
            format="duplicate",
            stage_settings=settings,
            by=director,
        )
    assert (error.value.code, error.value.path) == (code, path)


def test_a_game_without_boards_cannot_be_played_duplicate(club, director):
    with pytest.raises(DomainError) as error:
        services.tournament_create(
            club=club, name="Bad", game="tuppi", format="duplicate", by=director
        )
    assert (error.value.code, error.value.path) == ("duplicate_game", "format")


def test_the_field_is_two_teams_of_four(club, director):
    tournament = services.tournament_create(
        club=club, name="Short", game="sakaali", format="duplicate", by=director
    )
    stage = tournament.stages.get()
    services.entries_add(tournament=tournament, names=[TEAM_A], by=director)
    with pytest.raises(DomainError) as error:
        services.round_generate(stage=stage, by=director)
    assert (error.value.code, error.value.path) == ("duplicate_teams", "entries")
    services.entries_add(
        tournament=tournament, names=["Trio: Cai & Cec & Cid"], by=director
    )
    with pytest.raises(DomainError) as error:
        services.round_generate(stage=stage, by=director)
    assert (error.value.code, error.value.path) == ("team_size", "entries.1")
    assert not stage.rounds.exists()


def test_the_duplicate_seating_cannot_be_swapped(club, director):
    tournament, a, b = duplicate_for_eight(club, director)
    round_ = services.round_generate(stage=tournament.stages.get(), by=director)
    with pytest.raises(DomainError) as error:
        services.round_adjust(round=round_, swaps=[(a.pk, b.pk)], by=director)
    assert error.value.code == "duplicate_seating_fixed"


def test_only_a_director_generates_a_stanza(club, director):
    tournament, _a, _b = duplicate_for_eight(club, director)
    member = get_user_model().objects.create_user("member")
    scoring_services.player_create(
        club=club, display_name="Member", user=member, role=Role.SCORER, by=director
    )
    with pytest.raises(NotAllowed):
        services.round_generate(stage=tournament.stages.get(), by=member)
