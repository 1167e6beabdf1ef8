"""Issue 31: a phone reports the deals waiting on it, and a table link's phone
keeps its version of a deal another phone entered first.

The report (``api:match-table-queue`` by account, ``api:table-queue`` by table
link with its seat) is kept per match and reporter; bad input is a 400 naming the
field, a foreign link or match a 403/404/410, and none of them stores anything.
The selector marks a table whose phones hold deals, or whose open match has not
been heard from for ``QUIET``."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring import selectors, services
from scoring.errors import NotAllowed
from scoring.models import Deal, PhoneQueue
from scoring.table_links import TableGuest
from tests.scoring.factories import race_match

pytestmark = pytest.mark.django_db


def link_url(token: str, seat: int | None = 1) -> str:
    url = reverse("api:table-queue", kwargs={"token": token})
    return url if seat is None else f"{url}?seat={seat}"


def account_url(match) -> str:
    return reverse("api:match-table-queue", kwargs={"match_id": match.pk})


def post(client, url, body):
    return client.post(url, body, content_type="application/json")


def test_a_table_link_phone_reports_and_the_mark_follows(match):
    token = selectors.table_link_get(match)
    client = Client()
    since = timezone.now() - timedelta(minutes=7)
    answer = post(client, link_url(token), {"waiting": 2, "since": since.isoformat()})
    assert answer.status_code == 200, answer.content
    assert answer.json()["waiting"] == 2
    row = PhoneQueue.objects.get(match=match)
    assert (row.reporter, row.seat, row.by, row.waiting) == ("seat:1", 1, None, 2)
    assert abs(row.waiting_since - since) < timedelta(seconds=1)
    mark = selectors.table_queue_list([match.pk])[match.pk]
    assert (mark.waiting, mark.quiet) == (2, False)
    assert abs(mark.since - since) < timedelta(seconds=1)

    # Sent: the empty queue reported, the mark goes.
    assert post(client, link_url(token), {"waiting": 0}).status_code == 200
    assert selectors.table_queue_list([match.pk]) == {}
    assert PhoneQueue.objects.get(match=match).waiting_since is None


def test_the_scorers_account_reports_too_and_phones_add_up(client, people, match):
    client.force_login(people.scorer.user)
    assert post(client, account_url(match), {"waiting": 1}).status_code == 200
    services.table_queue_record(match=match, waiting=3, by=TableGuest(match.pk, 1))
    mark = selectors.table_queue_list([match.pk])[match.pk]
    assert mark.waiting == 4
    assert set(PhoneQueue.objects.values_list("reporter", flat=True)) == {
        f"user:{people.scorer.user.pk}",
        "seat:1",
    }


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "waiting"),
        ({"waiting": -1}, "waiting"),
        ({"waiting": 1000}, "waiting"),
        ({"waiting": "2"}, "waiting"),
        ({"waiting": True}, "waiting"),
        ({"waiting": 2, "since": "yesterday"}, "since"),
        ({"waiting": 2, "since": 5}, "since"),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_stores_nothing(match, body, field):
    token = selectors.table_link_get(match)
    answer = post(Client(), link_url(token), body)
    assert answer.status_code == 400, answer.content
    assert field in [e["path"] for e in answer.json()["errors"]]
    assert not PhoneQueue.objects.exists()


def test_a_body_that_is_not_json_is_a_400(match):
    token = selectors.table_link_get(match)
    answer = Client().post(link_url(token), "waiting=2", content_type="text/plain")
    assert answer.status_code in (400, 415)
    answer = Client().post(link_url(token), "{", content_type="application/json")
    assert answer.status_code == 400
    assert not PhoneQueue.objects.exists()


def test_foreign_forged_or_seatless_reports_store_nothing(client, club, people, match):
    other = race_match(club, people.scorer.user, [people.scorer, people.opponent])
    token = selectors.table_link_get(match)
    # A forged token: 404 (never issued).
    assert post(Client(), link_url(token + "x"), {"waiting": 2}).status_code == 404
    _value, signature = token.split(":")
    forged = f"{other.pk}.0:{signature}"
    assert post(Client(), link_url(forged), {"waiting": 2}).status_code == 404
    # No seat: nothing is stored through a link without one.
    answer = post(Client(), link_url(token, seat=None), {"waiting": 2})
    assert answer.status_code == 403
    # A withdrawn link: 410.
    services.table_link_revoke(match=match, by=people.admin.user)
    assert post(Client(), link_url(token), {"waiting": 2}).status_code == 410
    # Anonymous by account: 403; a member who does not score it: 403; another
    # club's outsider: 404.
    assert post(Client(), account_url(other), {"waiting": 2}).status_code in (401, 403)
    client.force_login(people.member.user)
    assert post(client, account_url(other), {"waiting": 2}).status_code == 403
    client.force_login(people.outsider)
    assert post(client, account_url(other), {"waiting": 2}).status_code == 404
    assert not PhoneQueue.objects.exists()
    # The service says the same to a guest of another match.
    with pytest.raises(NotAllowed):
        services.table_queue_record(
            match=other, waiting=2, by=TableGuest(match.pk, seat=1)
        )
    assert not PhoneQueue.objects.exists()


def test_a_closed_match_takes_no_report(people, match):
    token = selectors.table_link_get(match)
    services.match_abandon(match=match, reason="power cut", by=people.scorer.user)
    assert post(Client(), link_url(token), {"waiting": 2}).status_code == 410
    assert not PhoneQueue.objects.exists()


def stamp(match, now=None):
    """The stamp's values, read in one statement as a live page's stamp reads them:
    (reports, waiting deals, latest change, quiet phones)."""
    matches = f"SELECT {int(match.pk)}"
    sql, params = selectors.table_queue_stamp_sql_build(matches, now=now)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {sql}", params)
        return cursor.fetchone()


def test_a_quiet_open_table_is_marked_and_a_report_brings_it_back(match):
    guest = TableGuest(match.pk, 0)
    services.table_queue_record(match=match, waiting=0, by=guest)
    assert selectors.table_queue_list([match.pk]) == {}
    later = timezone.now() + selectors.QUIET + timedelta(minutes=1)
    before = stamp(match)
    mark = selectors.table_queue_list([match.pk], now=later)[match.pk]
    assert (mark.waiting, mark.quiet) == (0, True)
    # Crossing QUIET changes the live pages' stamp; a "still here" does not.
    assert stamp(match, later) != before
    reports, waiting, changed, quiet = before
    assert (reports, waiting, quiet) == (1, 0, 0) and changed is not None
    assert stamp(match, later)[3] == 1  # one open table's phone gone quiet
    services.table_queue_record(match=match, waiting=0, by=guest)
    assert stamp(match) == before
    services.table_queue_record(match=match, waiting=2, by=guest)
    assert stamp(match)[1] == 2


def test_a_phone_clock_far_off_is_kept_within_a_day(match):
    guest = TableGuest(match.pk, 0)
    future = timezone.now() + timedelta(days=3)
    row = services.table_queue_record(match=match, waiting=1, since=future, by=guest)
    assert row.waiting_since <= timezone.now()
    past = timezone.now() - timedelta(days=30)
    row = services.table_queue_record(match=match, waiting=1, since=past, by=guest)
    assert row.waiting_since >= timezone.now() - timedelta(days=1, minutes=1)


def test_a_table_link_phone_corrects_a_deal_with_history(match):
    """Keeping this phone's version: a correction through the link, with its
    seat; the history keeps both versions and names the link and the seat."""
    token = selectors.table_link_get(match)
    services.deal_submit(
        match=match, number=1, input={"points": [3, 4]}, by=TableGuest(match.pk, 0)
    )
    url = reverse("api:table-deal-correct", kwargs={"token": token, "number": 1})
    body = {"input": {"points": [5, 1]}, "base_version": 1, "reason": "phone"}
    # Without a seat nothing is corrected.
    assert post(Client(), url, body).status_code == 403
    answer = post(Client(), f"{url}?seat=1", body)
    assert answer.status_code == 200, answer.content
    deal = Deal.objects.get(match=match)
    assert deal.input == {"points": [5, 1]}
    revisions = list(deal.revisions.order_by("pk").values_list("kind", "input", "seat"))
    assert revisions == [
        ("entered", {"points": [3, 4]}, 0),
        ("corrected", {"points": [5, 1]}, 1),
    ]
    # A stale version is a 409, and a void stays out of the link's reach.
    assert post(Client(), f"{url}?seat=1", body).status_code == 409
    with pytest.raises(NotAllowed):
        services.deal_void(
            match=match,
            number=1,
            base_version=2,
            reason="x",
            by=TableGuest(match.pk, 1),
        )


def test_a_table_link_of_another_match_corrects_nothing(club, people, match):
    other = race_match(club, people.scorer.user, [people.scorer, people.opponent])
    services.deal_submit(
        match=other, number=1, input={"points": [3, 4]}, by=people.scorer.user
    )
    token = selectors.table_link_get(match)
    # The link's match has no deal 1: 404; the other match is out of its reach.
    url = reverse("api:table-deal-correct", kwargs={"token": token, "number": 1})
    body = {"input": {"points": [5, 1]}, "base_version": 1, "reason": "phone"}
    assert post(Client(), f"{url}?seat=1", body).status_code == 404
    with pytest.raises(NotAllowed):
        services.deal_correct(
            match=other,
            number=1,
            input={"points": [5, 1]},
            base_version=1,
            reason="x",
            by=TableGuest(match.pk, 1),
        )
    assert Deal.objects.get(match=other).input == {"points": [3, 4]}
