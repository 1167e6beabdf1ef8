"""The club's people on the pages and in the API: who may, what is shown, 400s that
name the field."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Membership, Player, PlayerMerge
from tests.scoring.factories import ClubFactory, member, race_match

pytestmark = pytest.mark.django_db


def test_the_players_page_searches_and_only_admins_see_the_forms(client, club, people):
    client.force_login(people.member.user)
    page = client.get(reverse("scoring:players", args=[club.pk]), {"q": "oll"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "Olli" in text and "Mervi" not in text and "merge-players" not in text
    assert (
        client.post(
            reverse("scoring:players", args=[club.pk]), {"action": "add"}
        ).status_code
        == 403
    )
    client.force_login(people.outsider)
    assert client.get(reverse("scoring:players", args=[club.pk])).status_code == 404


def test_adding_a_near_duplicate_offers_the_existing_player(client, club, people):
    client.force_login(people.admin.user)
    url = reverse("scoring:players", args=[club.pk])
    page = client.post(
        url, {"action": "add", "add-display_name": "olli", "add-role": "member"}
    )
    assert page.status_code == 200
    assert reverse("scoring:player", args=[people.opponent.pk]) in page.content.decode()
    assert Player.objects.filter(display_name="olli").count() == 0
    done = client.post(
        url,
        {
            "action": "add",
            "add-display_name": "olli",
            "add-role": "member",
            "add-allow_duplicate": "on",
        },
    )
    assert done.status_code == 302
    assert Player.objects.filter(display_name="olli").count() == 1


def test_rename_retire_and_merge_on_the_pages(client, club, people):
    client.force_login(people.admin.user)
    edit = reverse("scoring:player-edit", args=[club.pk, people.opponent.pk])
    assert (
        client.post(
            edit,
            {"action": "rename", "display_name": "Olli O", "short_name": "OO"},
        ).status_code
        == 302
    )
    people.opponent.refresh_from_db()
    assert people.opponent.short_name == "OO"
    assert client.post(edit, {"action": "retire"}).status_code == 302
    assert Membership.objects.get(club=club, player=people.opponent).retired_at
    new_match = client.get(
        reverse("scoring:match-new", args=[club.pk]), {"game": "race-test"}
    )
    assert "Sami" in new_match.content.decode()
    assert "Olli O" not in new_match.content.decode()
    twin = Player.objects.create(display_name="Mervi twin")
    Membership.objects.create(club=club, player=twin)
    merged = client.post(
        reverse("scoring:players", args=[club.pk]),
        # the confirmation page's button (tests/scoring/test_merge_confirm.py)
        {
            "action": "merge_confirm",
            "merge-keep": people.member.pk,
            "merge-merge": twin.pk,
        },
    )
    assert merged.status_code == 302
    assert PlayerMerge.objects.get().merged_name == "Mervi twin"


def test_the_player_page_shows_both_clubs_matches(client, club, people):
    other = ClubFactory(name="Pata", slug="pata")
    boss = member(other, "admin", "Pekka")
    services.membership_add(
        club=other, player=people.scorer, role="member", by=boss.user
    )
    race_match(club, people.scorer.user, [people.scorer, people.opponent])
    race_match(other, boss.user, [people.scorer, boss])
    client.force_login(people.scorer.user)
    page = client.get(reverse("scoring:player", args=[people.scorer.pk]))
    text = page.content.decode()
    assert "Kortti" in text and "Pata" in text
    assert text.count("against") == 2
    client.force_login(people.opponent.user)  # sees only the Kortti match
    assert (
        client.get(reverse("scoring:player", args=[people.scorer.pk]))
        .content.decode()
        .count("against")
        == 1
    )


def test_api_operations_and_400s_naming_the_field(client, club, people):
    client.force_login(people.admin.user)
    base = f"/api/v1/clubs/{club.pk}/people/"
    bad = client.post(base, {"display_name": ""}, content_type="application/json")
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["path"] == "display_name"
    dup = client.post(base, {"display_name": "MERVI"}, content_type="application/json")
    assert dup.status_code == 400
    assert dup.json()["errors"][0]["code"] == "near_duplicate"
    assert dup.json()["similar"][0]["id"] == people.member.pk
    guest = client.post(
        base, {"display_name": "Vera", "guest": True}, content_type="application/json"
    )
    assert guest.status_code == 201
    renamed = client.post(
        f"{base}{guest.json()['id']}/rename/",
        {"display_name": "Vera V", "short_name": "x" * 13},
        content_type="application/json",
    )
    assert renamed.status_code == 400
    assert renamed.json()["errors"][0]["path"] == "short_name"
    retired = client.post(
        f"{base}{people.opponent.pk}/retire/", {}, content_type="application/json"
    )
    assert retired.status_code == 200
    merged = client.post(
        f"{base}merge/",
        {"keep": people.member.pk, "merge": guest.json()["id"]},
        content_type="application/json",
    )
    assert merged.status_code == 200 and merged.json()["merged_name"] == "Vera"
    client.force_login(people.scorer.user)
    assert (
        client.post(
            f"{base}merge/",
            {"keep": people.member.pk, "merge": people.opponent.pk},
            content_type="application/json",
        ).status_code
        == 403
    )
    history = client.get(f"/api/v1/players/{people.scorer.pk}/history/")
    assert history.status_code == 200


def test_the_club_players_endpoint_warns_of_a_near_duplicate_too(client, club, people):
    """``POST /api/v1/clubs/{id}/players/`` refuses "MERVI" beside Mervi unless told
    it is a different person, as the people endpoint and the pages do."""
    client.force_login(people.admin.user)
    url = f"/api/v1/clubs/{club.pk}/players/"
    dup = client.post(url, {"display_name": "MERVI"}, content_type="application/json")
    assert dup.status_code == 400
    assert dup.json()["errors"][0]["code"] == "near_duplicate"
    anyway = client.post(
        url,
        {"display_name": "MERVI", "allow_duplicate": True},
        content_type="application/json",
    )
    assert anyway.status_code == 201
    assert anyway.json()["display_name"] == "MERVI"
