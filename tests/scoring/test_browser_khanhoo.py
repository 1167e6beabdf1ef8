"""Khanhoo on a phone, in Chromium at 390 × 844: three hands through the entry form
its declaration renders — one typed meld by meld (five melds: two slots added), one
by values, one partly tapped through the card picker, which offers the 61-card
deck — with the sheet's totals after each."""

from __future__ import annotations

import pytest

from scoring import services
from tests.scoring.browser import save, shot, tap_into, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_khanhoo_three_hands(page, table, live_server):
    """Hand 1 (the docs' example): Sami out with khanhoo, court, royal, triplet and
    sequence (15 + 5), Olli three aces (1), Cia a court and a triplet with the
    joker (6). Hand 2 by values: 10, 12, 3. Hand 3: Cia out with a double khanhoo,
    a double royal and a triplet (27 + 5); Olli taps two aces and the joker (1).
    The highest leads: 30, 14, 41."""
    club, sami, (olli, cia, _dan) = table
    match = services.match_start(
        club=club, game="khanhoo", seats=[(sami, 0), (olli, 1), (cia, 2)], by=sami.user
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    assert page.inner_text("[data-context=target]") == "50"

    page.click("#enter-deal")
    page.check("[data-branch=cards] input[name=went_out][value='0']")
    page.click("[data-add-to='players.0.melds']")
    page.click("[data-add-to='players.0.melds']")
    for i, meld in enumerate(
        ["AH 2S 3D", "KC 9H 9H", "JC QC KC", "5H 5S 5D", "6H 7H 8H"]
    ):
        page.fill(f"input[name='players.0.melds.{i}']", meld)
    page.fill("input[name='players.1.melds.0']", "AH AS AD")
    page.fill("input[name='players.2.melds.0']", "QC 8S 8S")
    page.fill("input[name='players.2.melds.1']", "Jo 4S 4D")
    shot(page, "khanhoo-entry")
    save(page)
    assert totals(page) == [20, 1, 6]

    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    page.fill("input[name='points.0']", "10")
    page.fill("input[name='points.1']", "12")
    page.fill("input[name='points.2']", "3")
    save(page)
    assert totals(page) == [30, 13, 9]

    page.click("#enter-deal")
    page.check("input[name=mode][value=cards]")
    page.check("[data-branch=cards] input[name=went_out][value='2']")
    page.fill("input[name='players.2.melds.0']", "AH AH 2S 2S 3D 3D")
    page.fill("input[name='players.2.melds.1']", "JC JC QC QC KC KC")
    page.fill("input[name='players.2.melds.2']", "5H 5S 5D")
    page.wait_for_selector(".cp-pile")
    tap_into(page, "players.1.melds.0", "AS", "AD", "Jo")
    # The picker offers the Khanhoo deck: one joker, no 10s, no 9♣, no K♥.
    for absent in ("10H", "9C", "KH"):
        assert page.locator(f".cp-grid button[data-code='{absent}']").count() == 0
    assert page.locator(".cp-grid button[data-code='KC']").count() == 1
    assert page.input_value("input[name='players.1.melds.0']") == "AS AD Jo"
    save(page)
    assert totals(page) == [30, 14, 41]
    deal = match.deals.order_by("number").last()
    assert deal.input["went_out"] == 2
