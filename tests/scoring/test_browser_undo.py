"""On a phone: the sheet tells each Tuppi deal in words with the players' names, and
the last deal is undone in two taps (open the step, confirm its default reason); the
voided deal stays on the sheet and the totals go back.

Set ``KIRJURI_SCREENSHOTS`` to a folder to save ``tuppi-sheet-story.png``.
"""

# ruff: noqa: F811
from __future__ import annotations

import re

import pytest

from scoring import services
from scoring.models import DealRevision, DealStatus, Match, RevisionKind
from tests.scoring.test_browser import (  # noqa: F401  (fixtures: browser, page, table)
    browser,
    no_sideways_scroll,
    page,
    shot,
    table,
    totals,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEALS = [
    {"contract": "rami", "declarer": 0, "tricks": [8, 5]},  # 8 to Sami & Cia
    {"contract": "nolo", "tricks": [5, 8]},  # 8 more
    {"contract": "sooli", "soloist": 1, "tricks": [13, 0]},  # Olli's sooli: 24
]


def test_the_story_and_a_two_tap_undo_on_a_phone(page, table, live_server):
    club, sami, (olli, cia, dan) = table
    match = services.match_start(
        club=club,
        game="tuppi",
        seats=[(sami, 0), (olli, 1), (cia, 0), (dan, 1)],
        by=sami.user,
    )
    for number, deal in enumerate(DEALS, start=1):
        services.deal_submit(match=match, number=number, input=deal, by=sami.user)
        if number == 2:
            match.refresh_from_db()
            after_two = list(match.totals)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_selector("#sheet")
    story = page.inner_text("tr[data-story='1']")
    assert "rami by Sami: declarers score 8" in story
    assert "seat" not in page.inner_text("#sheet")
    assert "side 0" not in page.inner_text("#sheet")
    before = totals(page)
    no_sideways_scroll(page)
    shot(page, "tuppi-sheet-story", ".sheet-wrap")

    # Only the last deal has the link; tap one opens the step, tap two confirms.
    assert page.locator("a.undo-open").count() == 1
    assert not page.is_visible("#undo")
    page.tap("tr[data-deal='3'] a.undo-open")
    assert page.is_visible("#undo-confirm")
    assert page.input_value("#undo-reason") == "entered by mistake"
    assert page.inner_text("#undo-confirm") == "Void deal 3"
    no_sideways_scroll(page)
    shot(page, "sheet-undo")
    # Someone enters a deal meanwhile: the live refresh closes the step (it would
    # void the deal it was opened on, now no longer the last).
    services.deal_submit(match=match, number=4, input=DEALS[0], by=sami.user)
    page.wait_for_selector("tr[data-deal='4']")
    assert not page.is_visible("#undo")
    assert page.locator("tr[data-deal='4'] a.undo-open").count() == 1
    deal4 = match.deals.get(number=4)
    services.deal_void(
        match=match, number=4, base_version=deal4.version, reason="x", by=sami.user
    )
    page.wait_for_selector("tr.voided[data-deal='4']")
    page.tap("tr[data-deal='3'] a.undo-open")
    page.tap("#undo-confirm")
    page.wait_for_selector("tr.voided[data-deal='3']")
    assert totals(page) != before
    assert totals(page) == after_two
    assert page.locator("tr[data-story='3']").count() == 0
    # The step moved to deal 2; deal 3 is kept, voided, with its reason.
    assert page.locator("tr[data-deal='2'] a.undo-open").count() == 1
    assert not page.is_visible("#undo")
    deal = Match.objects.get(pk=match.pk).deals.get(number=3)
    assert deal.status == DealStatus.VOIDED
    revision = DealRevision.objects.filter(deal=deal).order_by("-id").first()
    assert revision.kind == RevisionKind.VOIDED
    assert revision.reason == "entered by mistake"
    assert re.search(r"Deal 3 voided", page.inner_text("body"))
