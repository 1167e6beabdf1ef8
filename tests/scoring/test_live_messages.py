"""Messages survive live pages: the page opened by the redirect after a POST names
the viewer's pending messages in its ETag, so a refusal that changed nothing is
never a 304 whose cached page drops the message — on an account's sheet, a table
link's sheet and a tournament director's page. A poll (``X-Live``) still answers
304 and leaves the messages for the page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring import selectors, services
from scoring.table_links import TableGuest
from tests.scoring.factories import race_match
from tests.tournaments.live_world import live_world

pytestmark = pytest.mark.django_db

OWN = "someone other than who entered the deal must confirm it"


@pytest.fixture
def double(club, people):
    return race_match(
        club, people.scorer.user, [people.scorer, people.opponent], double_entry=True
    )


def test_a_refused_confirmation_on_the_sheet_is_shown(client, people, double):
    services.deal_submit(
        match=double, number=1, input={"points": [5, 4]}, by=people.scorer.user
    )
    client.force_login(people.scorer.user)
    url = reverse("scoring:sheet", kwargs={"match_id": double.pk})
    cached = client.get(url)["ETag"]
    client.post(
        reverse("scoring:deal-confirm", kwargs={"match_id": double.pk, "number": 1}),
        {"base_version": "1"},
    )
    # The poller's read leaves the message where it is (still a 304)...
    polled = client.get(url, HTTP_IF_NONE_MATCH=cached, HTTP_X_LIVE="1")
    assert polled.status_code == 304
    # ... and the redirected page, revalidating its cached copy, shows it.
    shown = client.get(url, HTTP_IF_NONE_MATCH=cached)
    assert shown.status_code == 200 and OWN in shown.content.decode()
    # Once read, the page with the message is not served again from the cache.
    again = client.get(url, HTTP_IF_NONE_MATCH=shown["ETag"])
    assert again.status_code == 200 and OWN not in again.content.decode()
    assert client.get(url, HTTP_IF_NONE_MATCH=cached).status_code == 304


def test_a_refused_confirmation_on_a_table_link_is_shown(double):
    services.deal_submit(
        match=double, number=1, input={"points": [5, 4]}, by=TableGuest(double.pk, 0)
    )
    token = selectors.table_link_get(double)
    url = reverse("scoring:table", kwargs={"token": token}) + "?seat=0"
    phone = Client()
    cached = phone.get(url)["ETag"]
    phone.post(
        reverse("scoring:table-deal-confirm", kwargs={"token": token, "number": 1})
        + "?seat=0",
        {"base_version": "1"},
    )
    shown = phone.get(url, HTTP_IF_NONE_MATCH=cached)
    assert shown.status_code == 200 and OWN in shown.content.decode()


def test_the_directors_refused_next_round_is_shown():
    world = live_world()
    director = Client()
    director.force_login(world.director)
    manage = f"/tournaments/{world.event.pk}/manage/"
    cached = director.get(manage)["ETag"]
    refused = director.post(
        f"/tournaments/{world.event.pk}/manage/act/",
        {"action": "generate", "stage": world.round.stage_id},
    )
    assert refused.status_code == 302
    shown = director.get(manage, HTTP_IF_NONE_MATCH=cached)
    assert shown.status_code == 200
    assert 'class="messages"' in shown.content.decode()
    assert director.get(manage, HTTP_IF_NONE_MATCH=cached).status_code == 304
