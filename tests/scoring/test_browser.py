"""A scorekeeper's evening on a phone, in Debian's Chromium driven by Playwright.

Against the live server on a 390 × 844 viewport: log in, start a Tuppi match through
the pages, enter three deals, correct the second with a reason and check the sheet's
totals; then enter a Canasta deal by tapping cards into melds and hands, with the
deck's limit (two of each card) refusing a third copy.

The phone (fixtures and helpers) is :mod:`tests.scoring.browser`'s.
"""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import Match
from tests.scoring import browser as phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Modules outside tests/scoring import the phone from here (the fixtures by name).
browser, table, page = phone.browser, phone.table, phone.page
PHONE, watch, expected_refusal = phone.PHONE, phone.watch, phone.expected_refusal
shot, no_sideways_scroll, totals = phone.shot, phone.no_sideways_scroll, phone.totals


def enter_tuppi_deal(page, contract: str, tricks: str, declarer: str | None = None):
    page.click("#enter-deal")
    page.check(f"input[name=contract][value={contract}]")
    if declarer is not None:
        page.check(f"input[name=declarer][value='{declarer}']")
    # Side A's tricks, one tap; side B's are the rest of 13 (the form derives them).
    page.check(f"input[name='tricks.0'][value='{tricks.split()[0]}']")
    shot(page, "tuppi-entry")
    no_sideways_scroll(page)
    phone.post_form(page)
    page.wait_for_selector("#sheet")


def test_tuppi_match_three_deals_and_a_correction(page, table):
    """Start Tuppi, enter rami 8–5, rami 4–9, nolo 5–8; correct deal 2 to 8–5.

    Before the correction the second deal sends the game back to 0–0, so the sheet
    reads 8–0 (side A nousussa again after the nolo). Corrected, the declarer's side
    B took only 5: side A scores 8 × 2 = 16 on top of its 8, then 8 for the nolo:
    32–0.
    """
    club, _sami, _others = table
    page.click(f"a[href='/clubs/{club.pk}/']")
    page.click("text=New match")
    page.click("text=Tuppi")
    for seat, name in enumerate(["Sami", "Olli", "Cia", "Dan"]):
        page.select_option(f"select[name=seat_{seat}]", label=name)
    shot(page, "tuppi-new-match")
    no_sideways_scroll(page)
    page.click("text=Start the match")
    page.wait_for_selector("#sheet")
    assert Match.objects.get().game_id == "tuppi"

    enter_tuppi_deal(page, "rami", "8 5", declarer="0")
    assert totals(page) == [8, 0]
    enter_tuppi_deal(page, "rami", "4 9", declarer="1")
    assert totals(page) == [0, 0]
    enter_tuppi_deal(page, "nolo", "5 8")
    assert totals(page) == [8, 0]
    no_sideways_scroll(page)

    page.click("tr[data-deal='2'] >> text=Correct")
    assert page.is_checked("input[name='tricks.0'][value='4']")
    page.check("input[name='tricks.0'][value='8']")
    phone.post_form(page)  # no reason yet: refused, shown next to the field
    assert "required" in page.inner_text("[data-path=reason]")
    expected_refusal(page)
    assert page.is_checked("input[name='tricks.0'][value='8']")
    page.fill("input[name=reason]", "side B took 5 tricks, not 9")
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    shot(page, "tuppi-sheet")
    assert totals(page) == [32, 0]
    assert page.inner_text("[data-context=nousussa]") == "Sami & Cia"
    assert page.locator("tr[data-deal='2'] td.total").first.inner_text() == "24"


def test_canasta_deal_by_tapping_cards(page, table, live_server):
    """Tap melds and hands together; a third K♥ is refused (the deck holds two)."""
    club, sami, (olli, cia, dan) = table
    match = services.match_start(
        club=club,
        game="canasta",
        seats=[(sami, 0), (olli, 1), (cia, 0), (dan, 1)],
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/deals/new/")
    page.wait_for_selector(".cp-pile")
    no_sideways_scroll(page)

    def tap_into(path: str, *codes: str) -> None:
        page.click(f"[data-path='{path}'] .cp-open")
        for code in codes:
            page.click(f".cp-grid button[data-code='{code}']")

    tap_into("teams.0.melds.0", "KH", "KD", "Jo")
    # Deck limit: two K♥ in 2 × 54 cards; the third is refused.
    page.click(".cp-grid button[data-code='KH']")
    assert page.input_value("input[name='teams.0.melds.0']") == "KH KD Jo KH"
    exhausted = page.locator(".cp-grid button[data-code='KH']")
    assert exhausted.get_attribute("aria-disabled") == "true"
    assert page.inner_text(".cp-grid button[data-code='KH'] .cp-left") == "0"
    exhausted.click(force=True)  # a tap anyway
    assert "No K♥ left" in page.inner_text(".cp-status")
    assert page.input_value("input[name='teams.0.melds.0']") == "KH KD Jo KH"
    # Tap the extra K♥ in the pile to take it out again.
    page.locator("[data-path='teams.0.melds.0'] .cp-chip").nth(3).click()
    assert page.input_value("input[name='teams.0.melds.0']") == "KH KD Jo"
    assert page.inner_text(".cp-grid button[data-code='KH'] .cp-left") == "1"

    tap_into("teams.0.melds.1", "8H", "8D", "8S")
    tap_into("teams.0.hands.0", "4C", "5C")
    tap_into("teams.0.hands.1", "9S")
    tap_into("teams.1.hands.0", "6D")
    tap_into("teams.1.hands.1", "7C")
    shot(page, "canasta-picker")
    shot(page, "canasta-grid", ".cp-grid")
    box = page.locator(".cp-grid button[data-code='7C']").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    no_sideways_scroll(page)
    phone.post_form(page)
    page.wait_for_selector("#sheet")

    shot(page, "canasta-sheet")
    # Melds 70 + 30, hands −20 against side A; −10 against side B.
    assert totals(page) == [80, -10]
    requirement = page.inner_text("[data-context=opening_requirement]")
    assert requirement == "Sami & Cia 50 · Olli & Dan 15"
    deal = match.deals.get()
    assert deal.input["teams"][0]["melds"] == ["KH KD Jo", "8H 8D 8S"]
