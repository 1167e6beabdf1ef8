"""Issue 31 in Chromium, in Finnish: the room screen and the director's page show a
table whose phone holds deals it has not sent.

A table link's phone (390 × 844) opens its sheet with the network up, loses the
network (Playwright's offline mode) and enters two deals. The network comes back
but the deals still cannot get through (their requests are cut: a hall's Wi-Fi
that lets a small request through now and then); the phone's report of its queue
does, and the director's page and the room screen — both live, no reload — mark
the table: "2 jakoa odottaa puhelimessa klo 20.14 alkaen". The deals get through,
the phone reports an empty queue and the mark goes from both.
"""

from __future__ import annotations

import os
import re

import pytest
from django.db import connections

from scoring import selectors as scoring_selectors
from scoring.models import Deal, PhoneQueue
from tests.scoring.browser import PHONE, no_sideways_scroll, shot, watch
from tests.scoring.test_offline_browser import OFFLINE, open_sheet, wait_stored
from tests.tournaments.live_world import live_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

MARK = re.compile(r"^2 jakoa odottaa puhelimessa klo \d\d\.\d\d alkaen$")


def _context(browser, viewport=PHONE, **extra):
    context = browser.new_context(
        viewport=viewport, is_mobile=True, has_touch=True, locale="fi-FI", **extra
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.problems = watch(page)
    return context, page


def _enter(page, points: tuple[int, int]) -> None:
    """From the sheet: a deal of Sleazy as totals, saved (kept on the phone)."""
    page.click("#enter-deal")
    page.wait_for_selector("#save-deal")
    page.wait_for_load_state()
    page.tap("label:has(input[name=mode][value=totals])")
    page.fill("input[name='points.0']", str(points[0]))
    page.fill("input[name='points.1']", str(points[1]))
    no_sideways_scroll(page)
    page.click("#save-deal")
    page.wait_for_selector("#sheet")
    page.wait_for_selector("#offline-status[data-waiting]")


def _until(page, check, what: str) -> None:
    """Wait (briefly, again and again) until ``check()`` holds: the database is
    read between the phone's requests."""
    for _ in range(300):
        if check():
            return
        page.wait_for_timeout(50)
    raise AssertionError(what)


def busy(problem: str) -> bool:
    """A live page's poll answered 503 (the database busy; live.js asks again a
    second later). The tests' SQLite database is in memory with a shared cache,
    where a reader does not wait for a writer as PostgreSQL's and a file's do: a
    poll of the room screen can meet the phone's write. Only those polls."""
    return "503" in problem and bool(
        re.search(r"/tournaments/\d+/(room|manage)/", problem)
    )


def _waiting(match) -> int | None:
    return (
        PhoneQueue.objects.filter(match=match).values_list("waiting", flat=True).first()
    )


def test_the_director_and_the_room_see_a_table_whose_phone_holds_deals(
    browser, live_server
):
    world = live_world()
    table = world.tables[1]
    match = table.match
    token = scoring_selectors.table_link_get(match)
    phone_context, phone = _context(browser, service_workers="allow")
    director_context, director = _context(
        browser, viewport={"width": 1280, "height": 900}
    )
    room_context, room = _context(browser, viewport={"width": 1280, "height": 720})
    try:
        open_sheet(phone, f"{live_server.url}/t/{token}/?seat=0")

        director.goto(f"{live_server.url}/accounts/login/?next=/clubs/")
        director.fill("input[name=username]", world.director.username)
        director.fill("input[name=password]", "pw")
        director.click("button[type=submit]")
        director.wait_for_url(re.compile(r"/clubs/$"))
        director.goto(f"{live_server.url}/tournaments/{world.event.pk}/manage/")
        room.goto(f"{live_server.url}/tournaments/{world.event.pk}/room/?rotate=120")
        for page in (director, room):
            page.wait_for_selector("[data-live-url]")
            assert page.locator(".phone-mark").count() == 0
        # A phone that has never held a deal says nothing (and costs nothing).
        assert _waiting(match) is None

        phone_context.set_offline(True)
        _enter(phone, (100, 25))
        _enter(phone, (50, 75))
        assert phone.locator("#offline-status").get_attribute("data-waiting") == "2"

        # The network is back, but the deals cannot get through yet; the report
        # of the queue does.
        def deals_cut(route):
            route.abort("internetdisconnected")

        def is_a_deal(url: str) -> bool:
            return "/api/v1/table/" in url and "/deals/" in url

        phone_context.route(is_a_deal, deals_cut)
        phone_context.set_offline(False)
        _until(phone, lambda: _waiting(match) == 2, "the report of two deals")
        assert not Deal.objects.filter(match=match).exists()

        for page in (director, room):
            mark = page.locator(".phone-mark")
            mark.wait_for()  # the live region read again: no reload
            assert MARK.match(mark.inner_text().strip()), mark.inner_text()
            assert mark.get_attribute("data-phone-waiting") == "2"
        # On the director's page, in the row of the table the phone is at.
        row = director.locator("tr", has=director.locator(".phone-mark"))
        assert row.locator("td").first.inner_text().startswith(str(table.number))
        shot(director, "phone-queue-director")
        shot(room, "phone-queue-room")

        # Through: the deals are stored, the phone reports none, the marks go.
        phone_context.unroute(is_a_deal, deals_cut)
        phone.reload()
        wait_stored(phone, 2)
        _until(phone, lambda: _waiting(match) == 0, "the report of none")
        for page in (director, room):
            page.wait_for_selector(".phone-mark", state="detached")
        assert list(
            Deal.objects.filter(match=match).order_by("number").values_list("number")
        ) == [(1,), (2,)]
        for page in (phone, director, room):
            assert [p for p in page.problems if OFFLINE not in p and not busy(p)] == []
    finally:
        for context in (phone_context, director_context, room_context):
            context.close()
        connections.close_all()
