"""The club's people and the way around, in Chromium on a phone-sized screen.

Every page opened here fails the test on a console error, an uncaught exception or a
failed request (a 4xx/5xx answer or a network failure), favicon included.
"""

from __future__ import annotations

import os
import re

import pytest
from django.db import connections

from scoring import services
from scoring.models import Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.test_browser import CHROMIUM_ARGS, PHONE, browser, shot  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def table(db):
    club = ClubFactory(name="Kortti", slug="kortti")
    admin = member(club, Role.ADMIN, "Sami")
    others = [member(club, Role.MEMBER, name) for name in ("Olli", "Cia", "Dan")]
    return club, admin, others


@pytest.fixture
def page(table, browser, live_server):  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    problems: list[str] = []
    page.on(
        "console",
        lambda m: (
            problems.append(f"console {m.type}: {m.text}")
            if m.type == "error"
            else None
        ),
    )
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"failed: {r.url}"))
    page.on(
        "response",
        lambda r: problems.append(f"{r.status}: {r.url}") if r.status >= 400 else None,
    )
    _club, admin, _others = table
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/")
    page.fill("input[name=username]", admin.user.username)
    page.fill("input[name=password]", "pw")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/clubs/$"))
    page.problems = problems
    yield page
    context.close()
    connections.close_all()
    assert problems == []


def test_canasta_pick_throws_nothing(page, table, live_server):
    """Tap cards into a meld and a hand: no TypeError in the console."""
    club, sami, (olli, cia, dan) = table
    match = services.start_match(
        club=club,
        game="canasta",
        seats=[(sami, 0), (olli, 1), (cia, 0), (dan, 1)],
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/deals/new/")
    page.wait_for_selector(".cp-pile")
    page.click("[data-path='teams.0.melds.0'] .cp-open")
    for code in ("KH", "KD", "Jo"):
        page.click(f".cp-grid button[data-code='{code}']")
    page.click("[data-path='teams.0.hands.0'] .cp-open")
    page.click(".cp-grid button[data-code='4C']")
    page.wait_for_timeout(200)
    assert page.input_value("input[name='teams.0.melds.0']") == "KH KD Jo"
    assert page.problems == []
