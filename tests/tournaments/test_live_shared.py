"""One render per change (issue 32): the live pages that are the same for every
anonymous reader are rendered once per state, language and address and served to
the others from the ``live`` cache; each reader still gets their own CSRF token
and the server's time; a signed-in reader gets their own page."""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime

import pytest
from django.test import Client
from django.test.signals import template_rendered
from django.utils import timezone

from tests.tournaments.live_world import live_world
from tests.tournaments.test_live import _enter

pytestmark = pytest.mark.django_db

PAGES = {
    "public": ("/tournaments/{t}/", "tournaments/public.html"),
    "standings": ("/tournaments/{t}/standings/", "tournaments/_standings.html"),
    "room": ("/tournaments/{t}/room/", "tournaments/room.html"),
}


@pytest.fixture
def world(db):
    return live_world()


@pytest.fixture
def renders():
    """How many times each template has been rendered since the test began."""
    seen: Counter[str] = Counter()

    def count(sender, template, context, **kwargs):
        seen[template.name] += 1

    template_rendered.connect(count)
    yield seen
    template_rendered.disconnect(count)


def _url(world, page: str) -> str:
    return PAGES[page][0].format(t=world.event.pk)


@pytest.mark.parametrize("page", PAGES)
def test_readers_after_a_change_cost_one_render(world, renders, page):
    url, template = _url(world, page), PAGES[page][1]
    first = Client().get(url)
    assert first.status_code == 200 and renders[template] == 1
    for _ in range(3):  # other phones, and a poll of a changed page (X-Live)
        again = Client().get(url, HTTP_IF_NONE_MATCH='"old"', HTTP_X_LIVE="1")
        assert again.status_code == 200 and again["ETag"] == first["ETag"]
    assert renders[template] == 1
    _enter(world)
    changed = [Client().get(url) for _ in range(2)]
    assert renders[template] == 2
    assert changed[0]["ETag"] == changed[1]["ETag"] != first["ETag"]
    # Each copy is the page of its state: the new one shows the deal entered.
    assert changed[0].content != first.content or page == "standings"


@pytest.mark.parametrize("page", PAGES)
def test_an_unchanged_poll_is_a_304_with_the_tag(world, page):
    url = _url(world, page)
    etag = Client().get(url)["ETag"]
    polled = Client().get(url, HTTP_IF_NONE_MATCH=etag, HTTP_X_LIVE="1")
    assert polled.status_code == 304 and polled["ETag"] == etag
    assert polled.content == b""


def test_each_language_has_its_own_copy(world, renders):
    url = _url(world, "public")
    english = [Client().get(url, HTTP_ACCEPT_LANGUAGE="en") for _ in range(2)]
    finnish = [Client().get(url, HTTP_ACCEPT_LANGUAGE="fi") for _ in range(2)]
    assert renders["tournaments/public.html"] == 2
    assert english[0]["ETag"] != finnish[0]["ETag"]
    assert '<html lang="en">' in english[1].content.decode()
    assert '<html lang="fi">' in finnish[1].content.decode()
    chosen = Client()
    chosen.cookies["django_language"] = "fi"
    assert '<html lang="fi">' in chosen.get(url).content.decode()
    assert renders["tournaments/public.html"] == 2  # the Finnish copy again


def test_a_signed_in_reader_gets_a_page_of_their_own(world, renders):
    url = _url(world, "public")
    Client().get(url)
    director = Client()
    director.force_login(world.director)
    page = director.get(url).content.decode()
    assert renders["tournaments/public.html"] == 2
    assert "/manage/" in page and world.director.username in page
    anonymous = Client().get(url)
    assert "/manage/" not in anonymous.content.decode()
    assert "private" in director.get(url)["Cache-Control"]


def _token(page: bytes) -> str:
    return re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1].decode()


def test_each_reader_gets_their_own_csrf_token_that_works(world, renders):
    url = _url(world, "public")
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    one, two = first.get(url), second.get(url)
    assert renders["tournaments/public.html"] == 1
    assert _token(one.content) != _token(two.content)
    assert one.cookies["csrftoken"].value != two.cookies["csrftoken"].value
    # A page with a reader's token is never for a shared cache.
    assert "private" in two["Cache-Control"] and "public" not in two["Cache-Control"]
    switch = {"language": "fi", "next": url, "csrfmiddlewaretoken": _token(two.content)}
    assert second.post("/i18n/setlang/", switch).status_code == 302
    switch["csrfmiddlewaretoken"] = _token(one.content)
    assert second.post("/i18n/setlang/", switch).status_code == 403


def test_the_room_screen_tells_each_reader_the_time_now(world, renders):
    url = _url(world, "room")
    Client().get(url)
    before = timezone.now()
    page = Client().get(url)
    assert renders["tournaments/room.html"] == 1
    now = re.search(r'data-now="([^"]+)"', page.content.decode())[1]
    assert datetime.fromisoformat(now) >= before
    # No token in it: the same bytes for everyone, which a shared cache may keep.
    control = page["Cache-Control"]
    assert "public" in control and "must-revalidate" in control


def test_each_rotation_of_the_room_screen_is_its_own_copy(world, renders):
    url = _url(world, "room")
    assert 'data-rotate="30"' in Client().get(url, {"rotate": "30"}).content.decode()
    assert 'data-rotate="15"' in Client().get(url).content.decode()
    assert renders["tournaments/room.html"] == 2


def test_a_tag_made_weak_by_the_proxys_gzip_still_answers_304(world):
    """nginx's gzip hands a strong ETag on as W/"…"; If-None-Match compares weakly."""
    url = _url(world, "public")
    etag = Client().get(url)["ETag"]
    polled = Client().get(url, HTTP_IF_NONE_MATCH=f"W/{etag}", HTTP_X_LIVE="1")
    assert polled.status_code == 304


@pytest.mark.parametrize("page", PAGES)
def test_an_anonymous_poll_looks_up_no_session_or_user(world, page):
    """A phone that never signed in is answered from the stamp: no session is
    read and no user (the queries: the club's language, the tournament, the
    stamp's two)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = _url(world, page)
    etag = Client().get(url)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        polled = Client().get(url, HTTP_IF_NONE_MATCH=etag, HTTP_X_LIVE="1")
    assert polled.status_code == 304
    sql = " ".join(q["sql"] for q in queries.captured_queries)
    assert "django_session" not in sql and "auth_user" not in sql
    assert len(queries.captured_queries) <= 4
