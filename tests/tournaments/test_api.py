"""The tournaments API and pages: directors manage, table scorers score only their
table (through the score book's API), anyone reads a published tournament."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments import services, tasks

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(club, director):
    tournament = services.tournament_create(
        club=club, name="Open", game="sleazy", format="swiss", by=director
    )
    services.entries_add(tournament=tournament, names="Ann\nBob\nCid\nDee", by=director)
    return tournament


def api(name, **kwargs):
    return reverse(f"api:{name}", kwargs=kwargs)


def test_director_runs_a_round_through_the_api(api_client, director, club):
    api_client.force_authenticate(director)
    created = api_client.post(
        api("tournament-list"),
        {"club": club.pk, "name": "Cup", "game": "sleazy", "format": "swiss"},
        format="json",
    )
    assert created.status_code == 201, created.json()
    tid = created.json()["id"]
    stage = created.json()["stages"][0]["id"]
    added = api_client.post(
        api("tournament-entry-list", tournament_id=tid),
        {"names": ["Ann", "Bob", "Cid"]},
        format="json",
    )
    assert added.status_code == 201 and len(added.json()) == 3
    generated = api_client.post(
        api("tournament-round-generate", tournament_id=tid, stage_id=stage)
    )
    assert generated.status_code == 201
    body = generated.json()
    assert len(body["tables"]) == 1 and len(body["explanation"]["byes"]) == 1
    assert body["tables"][0]["reasons"][0]["text"]
    started = api_client.post(
        api("tournament-round-start", tournament_id=tid, round_id=body["id"])
    )
    assert started.status_code == 200 and started.json()["tables"][0]["match"]
    again = api_client.post(
        api("tournament-round-start", tournament_id=tid, round_id=body["id"])
    )
    assert again.status_code == 409
    assert again.json()["errors"][0]["code"] == "round_started"


def test_bad_requests_are_structured_errors(api_client, director, club):
    api_client.force_authenticate(director)
    response = api_client.post(
        api("tournament-list"),
        {"club": club.pk, "name": "Cup", "game": "nope"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "unknown_game"


def test_draft_is_hidden_published_is_public(api_client, event, director):
    url = api("tournament-detail", tournament_id=event.pk)
    assert api_client.get(url).status_code == 404
    stranger = get_user_model().objects.create_user("stranger")
    api_client.force_authenticate(stranger)
    assert api_client.get(url).status_code == 404
    services.tournament_publish(tournament=event, by=director)
    assert api_client.get(url).status_code == 200
    api_client.force_authenticate(None)
    assert api_client.get(url).status_code == 200
    standings = api_client.get(api("tournament-standings", tournament_id=event.pk))
    assert standings.status_code == 200 and "pending" in standings.json()
    # Reading is public; managing is not.
    response = api_client.post(
        api("tournament-entry-list", tournament_id=event.pk),
        {"names": ["Zed"]},
        format="json",
    )
    assert response.status_code in (401, 403)
    api_client.force_authenticate(stranger)
    response = api_client.post(
        api("tournament-entry-list", tournament_id=event.pk),
        {"names": ["Zed"]},
        format="json",
    )
    assert response.status_code == 403


def test_table_scorers_submit_only_their_tables_deals(api_client, event, director):
    """Seated players score their own table's match through the score book's API;
    another table's match refuses them."""
    users = {}
    for entry in event.entries.all():
        player = entry.members.get()
        user = get_user_model().objects.create_user(player.display_name)
        player.user = user
        player.save(update_fields=["user"])
        users[entry.pk] = user
    stage = event.stages.get()
    round_ = services.round_start(
        round=services.round_generate(stage=stage, by=director), by=director
    )
    mine, other = round_.tables.order_by("number")
    seat = mine.sides.first()
    api_client.force_authenticate(users[seat.entry_id])
    deal = {"number": 1, "input": {"mode": "totals", "points": [50, 25]}}
    ok = api_client.post(
        reverse("api:match-deal-list", kwargs={"match_id": mine.match_id}),
        deal,
        format="json",
    )
    assert ok.status_code == 201, ok.json()
    refused = api_client.post(
        reverse("api:match-deal-list", kwargs={"match_id": other.match_id}),
        deal,
        format="json",
    )
    assert refused.status_code in (403, 404)


def test_public_page_and_standings_fragment(client, event, director):
    services.tournament_publish(tournament=event, by=director)
    tasks.standings_reconcile()
    page = client.get(reverse("tournaments:public", args=[event.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Standings as of" in html and 'id="standings"' in html
    # The page reads itself again (static/js/live.js), a 304 while unchanged.
    url = reverse("tournaments:public", args=[event.pk])
    assert f'data-live-url="{url}"' in html and "js/live.js" in html
    fragment = client.get(reverse("tournaments:standings", args=[event.pk]))
    assert fragment.status_code == 200 and b"<html" not in fragment.content
    assert b"Ann" in fragment.content


def test_director_page_generates_and_explains(
    client, event, director, django_capture_on_commit_callbacks
):
    client.force_login(director)
    stage = event.stages.get()
    # The generation job runs in-process (no Redis) once its request commits.
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("tournaments:act", args=[event.pk]),
            {"action": "generate", "stage": stage.pk},
        )
    assert response.status_code == 302
    page = client.get(reverse("tournaments:manage", args=[event.pk]))
    assert page.status_code == 200
    assert b"Round 1" in page.content and b"score group" in page.content.lower()
    entry = event.entries.first()
    history = client.get(reverse("tournaments:entry", args=[event.pk, entry.pk]))
    assert history.status_code == 200


def test_manage_page_is_for_directors_only(client, event):
    stranger = get_user_model().objects.create_user("stranger")
    client.force_login(stranger)
    assert client.get(reverse("tournaments:manage", args=[event.pk])).status_code == 404


def test_schema_documents_the_tournament_api(api_client):
    schema = api_client.get(reverse("schema"), {"format": "json"})
    assert schema.status_code == 200
    assert "/api/v1/tournaments/{tournament_id}/standings/" in schema.json()["paths"]


def test_public_page_draws_the_knockout_bracket(client, club, director):
    tournament = services.tournament_create(
        club=club,
        name="Cup",
        game="sleazy",
        format="knockout",
        visibility="published",
        by=director,
    )
    services.entries_add(tournament=tournament, names="A\nB\nC\nD\nE", by=director)
    services.round_generate(stage=tournament.stages.get(), by=director)
    page = client.get(reverse("tournaments:public", args=[tournament.pk]))
    assert page.status_code == 200 and b"<svg" in page.content
