"""Defects seen on the way: local time in the CSV, the favicon; the club's time zone."""

from __future__ import annotations

import csv
import io
import re
from datetime import UTC, datetime

import pytest
from django.contrib.staticfiles import finders

from scoring import services
from scoring.errors import DomainError
from scoring.localtime import local_iso, local_text
from scoring.models import Match

pytestmark = pytest.mark.django_db

NOON_UTC = datetime(2026, 1, 15, 10, 0, tzinfo=UTC)


def test_local_time_follows_the_club_zone_with_its_offset(club):
    """10:00 UTC in January is 12:00 in Helsinki (+02:00), 05:00 in New York."""
    assert local_iso(NOON_UTC, club) == "2026-01-15T12:00:00+02:00"
    assert local_text(NOON_UTC, club) == "2026-01-15 12:00"
    club.time_zone = "America/New_York"
    assert local_iso(NOON_UTC, club) == "2026-01-15T05:00:00-05:00"


def test_the_csv_and_the_sheet_show_the_same_local_time(client, club, people, match):
    Match.objects.filter(pk=match.pk).update(started_at=NOON_UTC)
    client.force_login(people.member.user)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    shown = re.search(r'<time id="started" datetime="([^"]+)">([^<]+)</time>', page)
    assert shown.groups() == ("2026-01-15T12:00:00+02:00", "2026-01-15 12:00")
    rows = list(
        csv.reader(
            io.StringIO(client.get(f"/matches/{match.pk}/sheet.csv").content.decode())
        )
    )
    assert rows[1][0].startswith("started 2026-01-15T12:00:00+02:00")


def test_a_club_admin_sets_the_time_zone_and_a_bad_one_names_the_field(
    client, club, people, match
):
    client.force_login(people.admin.user)
    url = f"/api/v1/clubs/{club.pk}/time-zone/"
    bad = client.post(
        url, {"time_zone": "Mars/Olympus"}, content_type="application/json"
    )
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "time_zone"
    ok = client.post(
        url, {"time_zone": "Europe/London"}, content_type="application/json"
    )
    assert ok.status_code == 200
    Match.objects.filter(pk=match.pk).update(started_at=NOON_UTC)
    rows = client.get(f"/matches/{match.pk}/sheet.csv").content.decode()
    assert "started 2026-01-15T10:00:00+00:00" in rows
    with pytest.raises(DomainError):
        services.club_set_time_zone(club=club, time_zone="UTC", by=people.member.user)


def test_the_api_gives_times_with_their_offset(client, people, match):
    client.force_login(people.member.user)
    body = client.get(f"/api/v1/matches/{match.pk}/").json()
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d", body["started_at"]
    )


def test_the_favicon_is_linked_and_served(client, people):
    client.force_login(people.member.user)
    page = client.get("/clubs/").content.decode()
    assert 'rel="icon"' in page and "img/favicon.svg" in page
    assert finders.find("img/favicon.svg")
    redirect = client.get("/favicon.ico")
    assert redirect.status_code == 301 and redirect["Location"].endswith(
        "img/favicon.svg"
    )


def test_money_and_standings_times_follow_the_club_zone(club):
    """The filters take a club or its id (the money sheet carries the id)."""
    from scoring.templatetags.clubtime import club_clock, club_time

    club.time_zone = "Asia/Tokyo"
    club.save()
    assert club_time(NOON_UTC, club.pk) == "2026-01-15 19:00"
    assert club_clock(NOON_UTC, club) == "2026-01-15 19:00:00"
