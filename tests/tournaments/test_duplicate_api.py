"""Duplicate stages over HTTP: directors create and run them, seated players score
only their own table's boards, anyone reads a published event's board comparison
(boards not yet replayed: directors only), and bad settings are 400s naming the
field."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring import services as scoring_services
from tournaments import services

from .duplicate_evening import TEAM_A, TEAM_B, deal_input

pytestmark = pytest.mark.django_db


def api(name, **kwargs):
    return reverse(f"api:{name}", kwargs=kwargs)


@pytest.fixture
def evening(club, director):
    """A published Sakaali-for-eight event, stanza 1 started; Aino (team A, table
    1) has an account."""
    aino = get_user_model().objects.create_user("aino")
    scoring_services.player_create(
        club=club, display_name="Aino", user=aino, by=director
    )
    tournament = services.tournament_create(
        club=club,
        name="Sakaali for eight",
        game="sakaali",
        format="duplicate",
        visibility="published",
        by=director,
    )
    services.entries_add(tournament=tournament, names=[TEAM_A, TEAM_B], by=director)
    stage = tournament.stages.get()
    round_ = services.round_start(
        round=services.round_generate(stage=stage, by=director), by=director
    )
    return {"tournament": tournament, "stage": stage, "round": round_, "aino": aino}


def boards_url(evening):
    return api(
        "tournament-stage-boards",
        tournament_id=evening["tournament"].pk,
        stage_id=evening["stage"].pk,
    )


def test_director_creates_a_duplicate_event_through_the_api(api_client, club, director):
    api_client.force_authenticate(director)
    created = api_client.post(
        api("tournament-list"),
        {
            "club": club.pk,
            "name": "Eight",
            "game": "sakaali",
            "format": "duplicate",
            "stage_settings": {"deals_per_stanza": 4},
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["stages"][0]["format"] == "duplicate"
    assert body["stages"][0]["settings"] == {"deals_per_stanza": 4}
    assert body["tiebreaks"] == ["game_points_for", "point_difference"]
    tid, stage = body["id"], body["stages"][0]["id"]
    api_client.post(
        api("tournament-entry-list", tournament_id=tid),
        {"names": [TEAM_A, TEAM_B]},
        format="json",
    )
    generated = api_client.post(
        api("tournament-round-generate", tournament_id=tid, stage_id=stage)
    )
    assert generated.status_code == 201
    tables = generated.json()["tables"]
    assert [t["number"] for t in tables] == [1, 2]
    assert "boards D1–D4" in tables[0]["reasons"][0]["text"]
    swap = api_client.post(
        api(
            "tournament-round-swap",
            tournament_id=tid,
            round_id=generated.json()["id"],
        ),
        {"swaps": [tables[0]["sides"][0] + tables[0]["sides"][1]]},
        format="json",
    )
    assert swap.status_code == 400
    assert swap.json()["errors"][0]["code"] == "duplicate_seating_fixed"


@pytest.mark.parametrize(
    ("body", "code", "path"),
    [
        (
            {"stage_settings": {"deals_per_stanza": 0}},
            "invalid",
            "stage_settings.deals_per_stanza",
        ),
        (
            {"stage_settings": {"deals_per_stanza": "four"}},
            "invalid",
            "stage_settings.deals_per_stanza",
        ),
        ({"stage_settings": {"boards": 8}}, "unknown_setting", "stage_settings.boards"),
        ({"game": "canasta"}, "duplicate_game", "format"),
    ],
)
def test_bad_duplicate_settings_are_400s_naming_the_field(
    api_client, club, director, body, code, path
):
    api_client.force_authenticate(director)
    response = api_client.post(
        api("tournament-list"),
        {
            "club": club.pk,
            "name": "Eight",
            "game": "sakaali",
            "format": "duplicate",
            **body,
        },
        format="json",
    )
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["code"], error["path"]) == (code, path)


def test_seated_players_score_only_their_tables_boards(api_client, evening):
    t1, t2 = evening["round"].tables.order_by("number")
    api_client.force_authenticate(evening["aino"])
    deal = {"number": 1, "input": deal_input("D1", 1)}
    ok = api_client.post(
        reverse("api:match-deal-list", kwargs={"match_id": t1.match_id}),
        deal,
        format="json",
    )
    assert ok.status_code == 201, ok.json()
    refused = api_client.post(
        reverse("api:match-deal-list", kwargs={"match_id": t2.match_id}),
        {"number": 1, "input": deal_input("D5", 1)},
        format="json",
    )
    assert refused.status_code in (403, 404)


def test_boards_not_replayed_are_for_the_director_only(api_client, evening, director):
    t1 = evening["round"].tables.get(number=1)
    scoring_services.deal_submit(
        match=t1.match, number=1, input=deal_input("D1", 1), by=director
    )
    public = api_client.get(boards_url(evening))
    assert public.status_code == 200
    body = public.json()
    assert body["boards"] == [] and body["hidden"] == ["D1"]
    assert body["tables"][0]["sides"][0]["players"] == ["Aino", "Antti"]
    assert body["tables"][1]["sides"][0]["players"] == ["Bertta", "Boris"]
    # A seated player is not a director: the board stays hidden from her too.
    api_client.force_authenticate(evening["aino"])
    assert api_client.get(boards_url(evening)).json()["boards"] == []
    api_client.force_authenticate(director)
    seen = api_client.get(boards_url(evening)).json()
    (board,) = seen["boards"]
    assert board["board"] == "D1" and board["complete"] is False
    assert board["plays"][0]["points"] == [37, 0]
    assert board["plays"][0]["names"] == ["Team A", "Team B"]


def test_a_draft_events_boards_are_hidden_from_strangers(api_client, evening, director):
    services.tournament_publish(
        tournament=evening["tournament"], published=False, by=director
    )
    assert api_client.get(boards_url(evening)).status_code == 404
    stranger = get_user_model().objects.create_user("stranger")
    api_client.force_authenticate(stranger)
    assert api_client.get(boards_url(evening)).status_code == 404


def test_boards_of_a_stage_that_is_not_duplicate_are_not_found(
    api_client, club, director
):
    tournament = services.tournament_create(
        club=club,
        name="Swiss",
        game="sleazy",
        format="swiss",
        visibility="published",
        by=director,
    )
    url = api(
        "tournament-stage-boards",
        tournament_id=tournament.pk,
        stage_id=tournament.stages.get().pk,
    )
    assert api_client.get(url).status_code == 404


def test_pages_show_the_seating_and_the_boards(client, evening, director):
    t1 = evening["round"].tables.get(number=1)
    scoring_services.deal_submit(
        match=t1.match, number=1, input=deal_input("D1", 1), by=director
    )
    page = client.get(reverse("tournaments:public", args=[evening["tournament"].pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Seating" in html and "Aino &amp; Antti" in html
    assert "Played at one table, shown once replayed: D1" in html
    assert "not replayed" not in html
    client.force_login(director)
    manage = client.get(reverse("tournaments:manage", args=[evening["tournament"].pk]))
    assert manage.status_code == 200
    assert "not replayed" in manage.content.decode()


def test_schema_documents_the_boards_endpoint(api_client):
    schema = api_client.get(reverse("schema"), {"format": "json"})
    paths = schema.json()["paths"]
    assert "/api/v1/tournaments/{tournament_id}/stages/{stage_id}/boards/" in paths


def test_director_creates_a_duplicate_event_on_the_page(client, club, director):
    client.force_login(director)
    form = client.get(reverse("tournaments:new"))
    assert b'name="duplicate.deals_per_stanza"' in form.content
    response = client.post(
        reverse("tournaments:new"),
        {
            "club": club.pk,
            "name": "Eight",
            "game": "sakaali",
            "format": "duplicate",
            "duplicate.deals_per_stanza": "2",
            # Another format's field on the same form is not this stage's setting.
            "swiss.rounds": "5",
        },
    )
    assert response.status_code == 302
    stage = club.tournaments.get(name="Eight").stages.get()
    assert (stage.format, stage.settings) == ("duplicate", {"deals_per_stanza": 2})
