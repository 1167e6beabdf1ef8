"""Issue 31: the room screen and the director's page mark a table whose phone last
reported deals it has not sent, and an open table whose phone has gone quiet; the
mark goes when the phone reports its queue empty. Each report the pages show
changes the live pages' tag; the pages only read."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scoring import selectors as scoring_selectors
from scoring import services as scoring_services
from scoring.models import PhoneQueue
from scoring.table_links import TableGuest
from tests.tournaments.live_world import live_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(db):
    return live_world()


def _pages(world):
    director = Client()
    director.force_login(world.director)
    t = world.event.pk
    return [
        (Client(), f"/tournaments/{t}/room/"),
        (director, f"/tournaments/{t}/manage/"),
    ]


def _marks(client, url, language="fi"):
    page = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    text = page.content.decode()
    return [
        chunk.split(">", 1)[1].split("</span>", 1)[0]
        for chunk in text.split('<span class="phone-mark')[1:]
    ], page["ETag"]


def test_a_table_with_deals_on_its_phone_is_marked_until_they_are_sent(world):
    match = world.tables[1].match
    guest = TableGuest(match.pk, seat=0)
    since = datetime(2026, 11, 28, 18, 14, tzinfo=UTC)
    before = {url: _marks(client, url)[1] for client, url in _pages(world)}
    scoring_services.table_queue_record(match=match, waiting=2, since=None, by=guest)
    PhoneQueue.objects.filter(match=match).update(waiting_since=since)
    for client, url in _pages(world):
        marks, etag = _marks(client, url)
        shown = scoring_selectors.table_queue_list([match.pk])[match.pk]
        assert shown.waiting == 2
        assert len(marks) == 1, url
        # The club's clock (Helsinki), in the Finnish way: "20.14".
        assert re.fullmatch(
            r"2 jakoa odottaa puhelimessa klo \d\d\.\d\d alkaen", marks[0]
        )
        assert etag != before[url]
        english, _ = _marks(client, url, "en")
        assert english[0] == "2 deals waiting on the phone since 20:14"

    scoring_services.table_queue_record(match=match, waiting=0, by=guest)
    for client, url in _pages(world):
        assert _marks(client, url)[0] == []


def test_a_quiet_open_table_is_marked_with_the_time_it_was_last_heard(world):
    match = world.tables[0].match
    scoring_services.table_queue_record(
        match=match, waiting=0, by=TableGuest(match.pk, seat=1)
    )
    long_ago = timezone.now() - scoring_selectors.QUIET - timedelta(minutes=5)
    PhoneQueue.objects.filter(match=match).update(
        reported_at=long_ago, changed_at=long_ago
    )
    for client, url in _pages(world):
        marks, _ = _marks(client, url)
        assert len(marks) == 1
        assert re.fullmatch(r"puhelimesta ei kuulunut klo \d\d\.\d\d jälkeen", marks[0])


def test_a_page_read_writes_nothing(world):
    match = world.tables[0].match
    scoring_services.table_queue_record(
        match=match, waiting=1, by=TableGuest(match.pk, seat=1)
    )
    row = PhoneQueue.objects.values().get()
    for client, url in _pages(world):
        _marks(client, url)
    assert PhoneQueue.objects.values().get() == row
