"""A person's data (GDPR Art. 15/20): the person downloads it from "My games", a
club admin for a player of their club (that club's part only), an operator with
``manage.py person_export``."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scoring.models import Player, Role
from tests.portability.club import club_of_everything
from tests.scoring.factories import ClubFactory, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return club_of_everything()


def _anna(club) -> Player:
    return Player.objects.get(memberships__club=club, display_name="Anna")


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _json(response) -> dict:
    assert response.status_code == 200, response
    assert response["Content-Disposition"].startswith("attachment;")
    return json.loads(b"".join(response.streaming_content))


def test_a_person_downloads_everything_of_theirs(club):
    """Account, player, every match sat in (with every deal), the deals entered,
    their revisions, their tournament entries and ledger lines; no password."""
    anna = _anna(club)
    other = ClubFactory(name="Toinen kerho")
    member(other, Role.MEMBER, "Olli")
    from scoring.models import Membership

    Membership.objects.create(club=other, player=anna)
    page = _signed_in(anna.user).get(reverse("scoring:my-games"))
    assert reverse("scoring:my-data") in page.content.decode()

    data = _json(_signed_in(anna.user).get(reverse("scoring:my-data")))
    assert data["format"] == "kirjuri-person"
    assert data["account"]["username"] == anna.user.username
    assert "password" not in json.dumps(data)
    assert data["player"]["display_name"] == "Anna"
    assert {m["club"] for m in data["memberships"]} == {"Kortti", "Toinen kerho"}
    played = [m for m in data["matches"] if m["played"]]
    # Tuppi, the double-entry match, two money matches.
    assert len(played) == 4
    double = next(m for m in played if m["game"] == "race-test")
    assert [d["entered_by_me"] for d in double["deals"]] == [True, True]
    assert [s["player"] for s in double["seats"]] == ["Anna", "Ben"]
    assert {r["kind"] for r in data["revisions"]} >= {"entered"}
    assert data["ledger"] and all(line["club"] == "Kortti" for line in data["ledger"])
    assert "tournament_entries" in data


def test_a_club_admin_downloads_a_player_of_their_club_only_that_club(club):
    anna = _anna(club)
    admin = Player.objects.get(user__username="aino")
    page = _signed_in(admin.user).get(
        reverse("scoring:player-edit", args=[club.pk, anna.pk])
    )
    link = reverse("scoring:player-data", args=[club.pk, anna.pk])
    assert link in page.content.decode()
    data = _json(_signed_in(admin.user).get(link))
    assert data["club"] == "Kortti"
    assert {m["club"] for m in data["matches"]} == {"Kortti"}


def test_only_a_club_admin_downloads_another_persons_data(club):
    anna, ben = _anna(club), Player.objects.get(display_name="Ben")
    link = reverse("scoring:player-data", args=[club.pk, anna.pk])
    assert _signed_in(ben.user).get(link).status_code == 403
    outsider_club = ClubFactory()
    outsider = member(outsider_club, Role.ADMIN, "Ulla")
    assert _signed_in(outsider.user).get(link).status_code == 404
    assert Client().get(link).status_code == 302  # to sign in


def test_the_command_writes_a_persons_data(club, tmp_path):
    anna = _anna(club)
    path = tmp_path / "anna.json"
    call_command(
        "person_export", "--player", str(anna.pk), str(path), stdout=io.StringIO()
    )
    assert json.loads(path.read_text())["player"]["display_name"] == "Anna"
