"""A table link remembers the phone's seat for the life of the link (a signed
cookie scoped to the link's address, and ``?seat=`` in every address the pages
build, the live poll's included); its sheet is live with an ETag (a 304 while
nothing changes); and nothing is stored through a link without a seat."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring import selectors, services
from scoring.models import Deal, DealRevision
from scoring.table_links import SEAT_COOKIE
from tests.scoring.factories import race_match

pytestmark = pytest.mark.django_db


def sheet_url(token: str, seat: int | None = None) -> str:
    url = reverse("scoring:table", kwargs={"token": token})
    return url if seat is None else f"{url}?seat={seat}"


def new_url(token: str, seat: int | None = None) -> str:
    url = reverse("scoring:table-deal-new", kwargs={"token": token})
    return url if seat is None else f"{url}?seat={seat}"


@pytest.fixture
def double(club, people):
    """Sami (side 0) against Olli (side 1), double entry."""
    return race_match(
        club, people.scorer.user, [people.scorer, people.opponent], double_entry=True
    )


def test_the_seat_is_remembered_across_reloads_and_the_deal_form(match):
    token = selectors.table_link_get(match)
    phone = Client()
    chosen = phone.get(sheet_url(token, 1))
    cookie = chosen.cookies[SEAT_COOKIE]
    assert cookie["path"] == sheet_url(token) and cookie["httponly"]
    # The link opened again without ?seat= (a reload, the card scanned again).
    again = phone.get(sheet_url(token)).content.decode()
    assert 'id="chosen-seat">Olli<' in again
    # The live poll reads the address with the seat.
    assert f'data-live-url="{sheet_url(token, 1)}"' in again
    form = phone.get(new_url(token)).content.decode()
    assert f'action="{new_url(token, 1)}"' in form
    answer = phone.post(new_url(token), {"number": "1", "points": "12 5"})
    assert answer.status_code == 302 and answer.url == sheet_url(token, 1)
    assert DealRevision.objects.get(deal__match=match).seat == 1


def test_the_seat_belongs_to_one_link(people, match):
    """A withdrawn link's seat is not the new link's (another address), and a
    cookie that was not signed for the link is not read."""
    token = selectors.table_link_get(match)
    phone = Client()
    phone.get(sheet_url(token, 1))
    services.table_link_revoke(match=match, reason="lost", by=people.admin.user)
    fresh = selectors.table_link_get(match)
    assert b'id="chosen-seat"' not in phone.get(sheet_url(fresh)).content
    forged = Client()
    forged.cookies[SEAT_COOKIE] = "1"
    assert b'id="chosen-seat"' not in forged.get(sheet_url(fresh)).content


def test_the_table_sheet_is_live_with_an_etag(match):
    token = selectors.table_link_get(match)
    phone = Client()
    first = phone.get(sheet_url(token, 0))
    etag = first["ETag"]
    assert etag and "no-cache" in first["Cache-Control"]
    unchanged = phone.get(sheet_url(token, 0), HTTP_IF_NONE_MATCH=etag, HTTP_X_LIVE="1")
    assert unchanged.status_code == 304
    # Another seat sees other buttons: another tag.
    assert Client().get(sheet_url(token, 1))["ETag"] != etag
    phone.post(new_url(token, 0), {"number": "1", "points": "3 4"})
    changed = phone.get(sheet_url(token, 0), HTTP_IF_NONE_MATCH=etag, HTTP_X_LIVE="1")
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_a_phone_without_a_seat_stores_nothing(api_client, double):
    token = selectors.table_link_get(double)
    phone = Client()
    sheet = phone.get(sheet_url(token)).content.decode()
    assert 'id="who-title"' in sheet and 'id="enter-deal"' not in sheet
    form = phone.get(new_url(token))
    assert form.status_code == 200 and b'id="who-title"' in form.content
    refused = phone.post(new_url(token), {"number": "1", "points": "12 5"})
    assert refused.status_code == 400
    assert b"<code>seat</code>: say which seat this phone is" in refused.content
    api = api_client.post(
        reverse("api:table-deal-list", kwargs={"token": token}),
        {"number": 1, "input": {"points": [12, 5]}},
        format="json",
    )
    assert api.status_code == 403
    assert (api.json()["errors"][0]["code"], api.json()["errors"][0]["path"]) == (
        "seat_required",
        "seat",
    )
    assert not Deal.objects.filter(match=double).exists()


def test_a_seat_that_is_not_the_tables_is_forgotten(match):
    """A remembered seat the table does not have (a cookie of another match's
    link cannot be read here; this is one signed for this link) asks again."""
    from scoring.table_links import table_seat_remember

    token = selectors.table_link_get(match)
    phone = Client()
    response = phone.get(sheet_url(token))
    table_seat_remember(response, response.wsgi_request, token, 7)
    phone.cookies[SEAT_COOKIE] = response.cookies[SEAT_COOKIE].value
    page = phone.get(sheet_url(token))
    assert page.status_code == 200 and b'id="who-title"' in page.content
