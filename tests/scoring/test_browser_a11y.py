"""Issue 33 item 10: axe-core's WCAG 2.1 A/AA rules (:mod:`tests.a11y`) find
nothing on the main pages in Finnish at phone size — the score sheets of several
games, the deal forms (with their pickers open), the club page, the director's and
the public tournament pages, the room screen, the money pages, logging in and
signing up. Before the fix: text below the contrast minimum on the sheets, a text
box without a label and a scroll box out of the keyboard's reach on the director's
page."""

from __future__ import annotations

import pytest
from django.db import connections

from tests.a11y import assert_no_axe_violations
from tests.scoring.browser import PHONE
from tests.scoring.phone_pages import main_pages, phone_world, public_pages
from tests.scoring.test_browser_phone_layout import log_in, phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_main_pages_pass_axe_in_finnish_on_a_phone(browser, live_server):
    world = phone_world()
    context, page = phone(browser, PHONE)
    try:
        for path in public_pages(world).values():
            page.goto(live_server.url + path)
            assert_no_axe_violations(page)
        log_in(page, live_server, world.admin.user)
        for path in main_pages(world).values():
            page.goto(live_server.url + path)
            assert_no_axe_violations(page)
        # The tile picker open, a tile in.
        page.goto(f"{live_server.url}{main_pages(world)['tile form']}")
        page.locator("label:has(input[value=tiles])").tap()
        page.locator("[data-path='hands.0.hand'] .pp-open").tap()
        page.locator(".pp-grid .pp-piece[data-code='1C']").tap()
        page.locator(".pp-grid .pp-shortcut").first.tap()
        assert_no_axe_violations(page)
        # The betting pad.
        page.goto(f"{live_server.url}{main_pages(world)['betting form']}")
        page.locator(".tk-key[data-token='R2']").tap()
        assert_no_axe_violations(page)
    finally:
        context.close()
        connections.close_all()
    assert page.problems == []
