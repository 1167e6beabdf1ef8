"""A club exported and imported into the same database as a copy is the same club:
the same standings, match totals (stored and refolded), deal histories and ledger
balances; a second import of the same export is refused; a club admin downloads it.
"""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from scoring.models import Club, ClubImport
from scoring.portability import ClubDataError, club_export, club_import
from tests.portability.club import club_of_everything, picture

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return club_of_everything()


def test_a_club_exported_and_imported_shows_the_same_everything(club):
    """Every number a member sees is equal in the imported copy."""
    before = picture(club)
    assert before["ledger"][1], "a transfer is marked paid"
    assert before["standings"][0][2], "the Swiss stage has standings"
    data = club_export(club=club)
    copy = club_import(data=json.loads(json.dumps(data)), by=None)
    assert copy.pk != club.pk and copy.slug != club.slug
    after = picture(copy)
    for part in ("club", "members", "standings", "matches", "ledger"):
        assert after[part] == before[part], part
    # The original is untouched by the copy (ids of its own, nothing moved).
    assert picture(club) == before


def test_the_export_holds_no_password_or_email(club):
    """Accounts travel as usernames only."""
    text = json.dumps(club_export(club=club))
    assert "pbkdf2" not in text and "md5$" not in text
    assert '"password"' not in text and '"email"' not in text
    assert {
        k: v for k, v in club_export(club=club)["users"][0].items() if k != "id"
    } == {"username": "aino"}


def test_the_same_export_is_not_imported_twice(club):
    data = club_export(club=club)
    copy = club_import(data=data)
    assert ClubImport.objects.get(club=copy).export_id == data["export_id"]
    with pytest.raises(ClubDataError, match="already imported"):
        club_import(data=data)
    assert Club.objects.count() == 2
    # The copy exports under the id it came with: it too is refused here.
    with pytest.raises(ClubDataError, match="already imported"):
        club_import(data=club_export(club=copy))


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"format": "something"}, "not a Kirjuri club export"),
        ({"format": "kirjuri-club", "version": 99}, "version 99"),
        (
            {"format": "kirjuri-club", "version": 1, "tables": {"x.Y": []}},
            "tables unknown",
        ),
    ],
)
def test_a_file_that_is_not_a_club_export_is_refused(data, reason):
    with pytest.raises(ClubDataError, match=reason):
        club_import(data=data)


def test_the_commands_export_and_import(club, tmp_path):
    path = tmp_path / "kortti.json"
    call_command("club_export", str(club.pk), str(path), stdout=io.StringIO())
    assert json.loads(path.read_text())["club_id"] == club.pk
    out = io.StringIO()
    call_command("club_import", str(path), stdout=out)
    assert "Imported club Kortti" in out.getvalue()
    with pytest.raises(CommandError, match="already imported"):
        call_command("club_import", str(path), stdout=io.StringIO())


def test_a_club_admin_downloads_the_clubs_data_from_the_club_page(club):
    """The club page links it for admins; the download is the export; a member
    without the admin role is refused."""
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from scoring.models import Player

    admin = Client()
    admin.force_login(get_user_model().objects.get(username="aino"))
    link = reverse("scoring:club-data", args=[club.pk])
    assert link in admin.get(reverse("scoring:club", args=[club.pk])).content.decode()
    response = admin.get(link)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    data = json.loads(b"".join(response.streaming_content))
    expected = club_export(club=club)
    data.pop("exported_at"), expected.pop("exported_at")
    assert data == expected

    member = Client()
    member.force_login(Player.objects.get(display_name="Ben").user)
    assert member.get(link).status_code == 403
    assert (
        link not in member.get(reverse("scoring:club", args=[club.pk])).content.decode()
    )
