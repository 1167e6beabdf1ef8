"""Tong-Its on a phone, in Chromium at 390 × 844: three hands through the entry form
the game's declaration renders — an unchallenged draw, a tongit with an ace, and a
stock-out entered as deadwood totals that gives its winner two in a row and the pot —
with the sheet's totals and its pot rows after each."""

from __future__ import annotations

import pytest

from scoring import services
from tests.scoring.browser import save, shot, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_tongits_draw_tongit_and_a_stock_out_taking_the_pot(
    page,
    table,
    live_server,
):
    """Hand 1: Sami calls draw, both fold: 1 each (the pot holds 6). Hand 2: Olli's
    tongit with an ace: 3 + 1 each (pot 12). Hand 3: the stock runs out, Olli drew
    last; deadwood 20, 6, 9: Olli wins again and takes the pot of 18 — 1 from each
    and 6 of each one's antes: Sami −7, Olli +14, Cia −7."""
    club, sami, (olli, cia, _dan) = table
    match = services.match_start(
        club=club,
        game="tongits",
        seats=[(sami, 0), (olli, 1), (cia, 2)],
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    assert totals(page) == [0, 0, 0]

    page.click("#enter-deal")
    page.check("[data-branch=cards] input[name=how][value=draw]")
    page.check("[data-branch=cards] input[name=caller][value='0']")
    shot(page, "tongits-entry")
    save(page)
    assert totals(page) == [2, -1, -1]
    assert page.inner_text("[data-context=pot]") == "6"

    page.click("#enter-deal")
    page.check("[data-branch=cards] input[name=how][value=tongit]")
    page.check("[data-branch=cards] input[name=winner][value='1']")
    more = page.locator("[data-branch=cards] details.df-more > summary")
    assert more.count() == 1  # the winner's extras sit under "More"
    more.click()
    page.fill("[data-branch=cards] input[name=aces]", "1")
    save(page)
    assert totals(page) == [-2, 7, -5]
    assert page.inner_text("[data-context=pot]") == "12"
    assert page.inner_text("[data-context=pot_to]") == "Olli"

    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    branch = "[data-branch=totals]"
    page.check(f"{branch} input[name=how][value=stock]")
    page.check(f"{branch} input[name=last_drawer][value='1']")
    more = page.locator(f"{branch} details.df-more > summary")
    assert more.count() == 1  # the optional deadwood sits under "More"
    more.click()
    page.fill(f"{branch} input[name=deadwood]", "20 6 9")  # one field, by seat
    save(page)
    shot(page, "tongits-sheet")
    assert totals(page) == [-9, 21, -12]
    assert page.inner_text("[data-context=pot]") == "0"
