"""The header's language switch on a phone: one tap, the same page in the other
language; the scripts' translations load under the Content-Security-Policy."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_switch_turns_the_page_finnish_and_back(page, table, live_server):
    club, _sami, _others = table
    url = f"{live_server.url}/clubs/{club.pk}/"
    page.goto(url)
    assert page.get_attribute("html", "lang") == "en"
    suomi = page.locator("#lang-switch button[value=fi]")
    box = suomi.bounding_box()
    viewport = page.viewport_size
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    with page.expect_navigation():
        suomi.tap()
    page.wait_for_selector("html[lang=fi]")
    assert page.url == url
    page.locator(".account-menu summary").tap()  # Log out is in the account menu
    assert page.locator("form[action='/accounts/logout/'] button").inner_text() == (
        "Kirjaudu ulos"
    )
    # The catalogue script ran before the page's own (CSP: scripts from 'self').
    assert page.evaluate("typeof window.gettext") == "function"
    assert page.evaluate("typeof window.interpolate") == "function"
    with page.expect_navigation():
        page.locator("#lang-switch button[value=en]").tap()
    page.wait_for_selector("html[lang=en]")
    assert re.search(r"/clubs/\d+/$", page.url)
    page.locator(".account-menu summary").tap()
    assert page.locator("form[action='/accounts/logout/'] button").inner_text() == (
        "Log out"
    )
