"""Burraco on a phone (issue #15's done-when), in Chromium at 390 × 844.

Three hands through the entry form the game's declaration renders: one full hand
tapped card by card through the card picker (the docs' worked example: melds, a
clean burraco, the pozzetto not taken, the closing), a hand typed as cards where
the stock ran down, and a hand by totals; the sheet's totals after each.
"""

from __future__ import annotations

import pytest

from scoring import services
from tests.scoring.browser import no_sideways_scroll, save, shot, tap_into, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_burraco_three_hands_one_tapped_through_the_card_picker(
    page,
    table,
    live_server,
):
    """Hand 1 (Sami closes): Sami & Cia meld 2-3-4♥-★ (60) and seven fives, a clean
    burraco (35 + 200), close (100), Cia holds K♠ (−10): 385. Olli & Dan meld
    3-4-2-6♥ (35), hold A♠ and a joker (−45), never took their pozzetto (−100):
    −110. Hand 2, the stock ran down: Q-K-A♠ 35 − 4♣ − 7♦ = 25; three nines 30 −
    joker − 8♣ − 100 = −110. Hand 3 by totals: 400 and 100. Totals 810, −120."""
    club, sami, (olli, cia, dan) = table
    match = services.match_start(
        club=club,
        game="burraco",
        seats=[(sami, 0), (olli, 1), (cia, 0), (dan, 1)],
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/deals/new/")
    page.wait_for_selector(".cp-pile")
    no_sideways_scroll(page)

    tap_into(page, "teams.0.melds.0", "2H", "3H", "4H", "Jo")
    tap_into(page, "teams.0.melds.1", "5S", "5H", "5D", "5C", "5S", "5H", "5D")
    # The deck holds two 5♠: a third is refused.
    assert page.inner_text(".cp-grid button[data-code='5S'] .cp-left") == "0"
    tap_into(page, "teams.0.hands.1", "KS")
    tap_into(page, "teams.1.melds.0", "3H", "4H", "2H", "6H")
    tap_into(page, "teams.1.hands.0", "AS")
    tap_into(page, "teams.1.hands.1", "Jo")
    # Four jokers in 108 cards, two tapped.
    assert page.inner_text(".cp-grid button[data-code='Jo'] .cp-left") == "2"
    page.uncheck("input#f-teams-1-pozzetto")
    page.check("input[name=closed][value='0']")
    assert page.input_value("input[name='teams.0.melds.1']") == "5S 5H 5D 5C 5S 5H 5D"
    shot(page, "burraco-picker")
    save(page)
    assert totals(page) == [385, -110]
    deal = match.deals.get()
    assert deal.input["teams"][0]["melds"] == ["2H 3H 4H Jo", "5S 5H 5D 5C 5S 5H 5D"]
    assert deal.input["teams"][1]["pozzetto"] is False and deal.input["closed"] == 0

    page.click("#enter-deal")
    page.fill("input[name='teams.0.melds.0']", "QS KS AS")
    page.fill("input[name='teams.0.hands.0']", "4C")
    page.fill("input[name='teams.0.hands.1']", "7D")
    page.fill("input[name='teams.1.melds.0']", "9C 9D 9H")
    page.fill("input[name='teams.1.hands.0']", "Jo")
    page.fill("input[name='teams.1.hands.1']", "8C")
    page.uncheck("input#f-teams-1-pozzetto")
    save(page)
    assert totals(page) == [410, -220]

    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    page.fill("input[name=points]", "400 100")
    save(page)
    shot(page, "burraco-sheet")
    assert totals(page) == [810, -120]
