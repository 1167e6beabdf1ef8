"""Tuomas's Mah Jong on a phone (issue #16's done-when), in Chromium at 390 × 844.

Three deals through the entry form the game's declaration renders: the book's
184-point hand entered tile by tile (losers with a pung each), a void deal, and a
quick entry of the values counted at the table; the sheet's chips after each, and
its context rows (chips, winds, the dealer who is east).
"""

from __future__ import annotations

import pytest

from scoring import services
from tests.scoring.browser import save, shot, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_mahjong_hand_void_deal_and_quick_entry(page, table, live_server):
    """Deal 1 (east Sami): Cia goes Mah Jong on a discard with the book's hand (184).
    Sami, east, holds a concealed pung of east winds (8 × 2 own × 2 round = 32), Dan
    an exposed pung of white dragons (4 × 2 = 8). Sami pays Cia 2 × 184, Olli and
    Dan 184 each; Olli pays Sami 2 × 32 and Dan 8, Dan pays Sami 2 × 24:
    Sami −256, Olli −256, Cia +736, Dan −224. Deal 2 is void (east passes to Dan).
    Deal 3 (east Cia), quick entry: Olli wins 40, Cia's Category I is 8: Cia pays
    80, Sami and Dan 40; Sami and Dan pay Cia 2 × 8."""
    club, sami, (olli, cia, dan) = table
    match = services.match_start(
        club=club,
        game="mahjong",
        seats=[(sami, 0), (olli, 1), (cia, 2), (dan, 3)],
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    assert page.inner_text("[data-context=seat_winds]") == (
        "Sami East · Olli North · Cia West · Dan South"
    )
    assert totals(page) == [1000, 1000, 1000, 1000]

    page.click("#enter-deal")
    # Every player's tiles are in view: nothing hidden under "More".
    assert page.locator("[data-path='hands.3'] details.df-more").count() == 0
    page.check("input[name=winner][value='2']")
    page.check("input[name=won_by][value=discard]")
    page.fill("input[name='hands.2.melded']", "1C 2C 3C, 4C 5C 6C")
    page.fill("input[name='hands.2.concealed_kongs']", "8C 8C 8C 8C")
    page.fill("input[name='hands.2.hand']", "GD GD GD RD RD")
    page.fill("input[name='hands.0.hand']", "E E E 2B 5K")
    page.fill("input[name='hands.3.melded']", "WD WD WD")
    box = page.locator("input[name='hands.2.hand']").bounding_box()
    assert box["height"] >= 32 and box["x"] + box["width"] <= 390
    shot(page, "mahjong-entry")
    save(page)
    assert totals(page) == [744, 744, 1736, 776]
    assert page.inner_text("[data-context=dealer]") == "Dan"

    page.click("#enter-deal")
    page.check("input[name=winner][value='']")
    save(page)
    assert totals(page) == [744, 744, 1736, 776]
    assert page.inner_text("[data-context=dealer]") == "Cia"
    assert page.inner_text("[data-context=deal]") == "3 of 4"

    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    page.check("[data-branch=totals] input[name=winner][value='1']")
    page.fill("input[name='values.1']", "40")
    page.fill("input[name='values.2']", "8")
    save(page)
    shot(page, "mahjong-sheet")
    assert totals(page) == [688, 904, 1688, 720]
    assert page.inner_text("[data-context=chips]") == (
        "Sami 688 · Olli 904 · Cia 1688 · Dan 720"
    )
    assert page.inner_text("[data-context=round_wind]") == "East"
