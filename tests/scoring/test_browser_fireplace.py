"""Fireplace Poker on a phone (book ch 22), in Debian's Chromium driven by Playwright.

Against the live server on a 390 × 844 viewport: Sami starts a game against Olli
through the pages and enters three turns — a meld tapped into the card picker, a
meld robbing Sami's (one refused first: it holds no card of the meld it robs), and
a turn entered by the melds each side has after it — and the sheet's totals are each
side's chips (minus points, 31 to start).
"""

from __future__ import annotations

import pytest

from scoring.models import Match
from tests.scoring import browser as phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def meld(page, cards: str, robbed: str = "") -> None:
    page.click("#enter-deal")
    page.click("[data-path='meld'] .cp-open")
    for code in cards.split():
        page.click(f".cp-grid button[data-code='{code}']")
    assert page.input_value("input[name=meld]") == cards
    if robbed:
        page.fill("input[name=robbed]", robbed)
    phone.no_sideways_scroll(page)
    phone.post_form(page)


def test_fireplace_poker_three_turns(page, table):
    club, _sami, _others = table
    page.click(f"a[href='/clubs/{club.pk}/']")
    page.click("text=New match")
    page.click("text=Fireplace Poker")
    page.wait_for_selector("select[name=seat_0]")  # the game's form is in
    if page.locator("text=2 seats").count():
        page.click("text=2 seats")
    for seat, name in enumerate(["Sami", "Olli"]):
        page.select_option(f"select[name=seat_{seat}]", label=name)
    phone.no_sideways_scroll(page)
    page.click("text=Start the match")
    page.wait_for_selector("#sheet")
    assert Match.objects.get().game_id == "fireplace-poker"
    assert phone.totals(page) == [31, 31]

    # Sami melds a pair of jacks: one meld to none, one chip off (§22.4.4).
    meld(page, "JS JH 4D 3C 2S")
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [30, 31]
    assert page.inner_text("[data-context=melds]") == "Sami 1 · Olli 0"

    # Olli robs meld 1 with a pair of queens that holds none of its cards: refused
    # at the robbed field (§22.4.1); then with the 3♣ stolen from it.
    meld(page, "QS QH 2D 4C 5S", robbed="1")
    assert "no card of each meld robbed" in page.inner_text("[data-path=robbed]")
    phone.expected_refusal(page)
    # The form keeps what was entered; the meld typed over (the picker's field).
    page.fill("input[name=meld]", "QS QH 2D 3C 5S")
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    # The jacks are discarded: none to one, Olli sheds a chip.
    assert phone.totals(page) == [30, 30]

    # The quick entry: Sami's turn as the melds each side has after it — he robbed
    # Olli's only meld with his new one: one to none.
    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    # One box, the counts in seat order (Sami, Olli).
    page.fill("input[name=melds]", "1 0")
    phone.no_sideways_scroll(page)
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    phone.shot(page, "fireplace-poker-sheet")
    assert phone.totals(page) == [29, 30]
    assert page.inner_text("[data-context=melds]") == "Sami 1 · Olli 0"
    assert Match.objects.get().totals == [29, 30]
