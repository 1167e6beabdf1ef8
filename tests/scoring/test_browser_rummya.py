"""Canasta for two on a phone (book ch 27 l.1899), in Chromium at 390 × 844.

Three deals at the table of two (Sami against Olli) through the entry form the
game's declaration renders: one hand per player (no partner's hand to fill), a
refusal of going out with one canasta, and the sheet's totals and opening
requirements after each deal.
"""

from __future__ import annotations

import re

import pytest

from scoring.models import Match
from tests.scoring.browser import (
    expected_refusal,
    no_sideways_scroll,
    post_form,
    shot,
    totals,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEVENS = "7H 7H 7D 7D 7C 7C 7S"
EIGHTS = "8H 8H 8D 8D 8C 8C 8S"
MIXED_KINGS = "KH KH KD KD KC 2C Jo"


def enter(page, fields: dict[str, str], went_out: str | None = None) -> None:
    page.click("#enter-deal")
    page.wait_for_selector("[data-path='teams.0.hands']")
    # One hand per player of the side at this table: no partner's hand.
    assert page.locator("input[name='teams.0.hands.0']").count() == 1
    assert page.locator("input[name='teams.0.hands.1']").count() == 0
    assert page.locator("input[name='teams.1.hands.1']").count() == 0
    for name, value in fields.items():
        page.fill(f"input[name='{name}']", value)
    if went_out is not None:
        page.check(f"input[name=went_out][value='{went_out}']")
    no_sideways_scroll(page)
    post_form(page)


def test_canasta_for_two_three_deals(page, table, live_server):
    """Deal 1: Sami goes out with two natural canastas (7s 535, 8s 570, out 100 =
    1205); Olli melds three kings (30) and holds 4♥ 5♠ (−10): 20. Deal 2: nobody goes
    out; Sami Q Q Q 30 − 9♣ 10 = 20, Olli J J J J 40 − 4♣ 5 = 35. Deal 3: Olli tries
    to go out with one canasta (refused, ch 27), then with two (7s 535, mixed kings
    420, out 100 = 1055); Sami Q Q Q 30 − 4♣ 9♣ 15 = 15."""
    club, _sami, _others = table
    # Started on the new-match page: Canasta offers a table of 4 seats and one of 2.
    page.goto(f"{live_server.url}/clubs/{club.pk}/matches/new/?game=canasta")
    page.click("text=2 seats")
    assert page.locator("select[name=seat_2]").count() == 0
    page.select_option("select[name=seat_0]", label="Sami")
    page.select_option("select[name=seat_1]", label="Olli")
    no_sideways_scroll(page)
    page.click("#match-form [type=submit]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get()
    assert [s.position for s in match.seats.order_by("position")] == [0, 1]
    assert totals(page) == [0, 0]

    enter(
        page,
        {
            "teams.0.melds.0": SEVENS,
            "teams.0.melds.1": EIGHTS,
            "teams.1.melds.0": "KH KD KC",
            "teams.1.hands.0": "4H 5S",
        },
        went_out="0",
    )
    page.wait_for_selector("#sheet")
    assert totals(page) == [1205, 20]

    enter(
        page,
        {
            "teams.0.melds.0": "QH QD QC",
            "teams.0.hands.0": "9C",
            "teams.1.melds.0": "JH JD JC JS",
            "teams.1.hands.0": "4C",
        },
    )
    page.wait_for_selector("#sheet")
    assert totals(page) == [1225, 55]
    assert page.inner_text("[data-context=opening_requirement]") == (
        "Sami 50 · Olli 50"
    )

    enter(
        page,
        {
            "teams.0.melds.0": "QH QD QC",
            "teams.0.hands.0": "4C 9C",
            "teams.1.melds.0": SEVENS,
        },
        went_out="1",
    )
    # Refused, shown next to the melds of Olli's side.
    errors = page.inner_text("[data-path='teams.1.melds'] .field-error")
    assert "2 canastas" in errors and "ch 27" in errors
    expected_refusal(page)
    page.fill("input[name='teams.1.melds.1']", MIXED_KINGS)
    no_sideways_scroll(page)
    shot(page, "canasta-two-entry")
    post_form(page)
    page.wait_for_selector("#sheet")
    shot(page, "canasta-two-sheet")
    assert totals(page) == [1240, 1110]
    deal = match.deals.order_by("-number").first()
    assert deal.input["teams"][1]["hands"] == [[]]  # one hand, empty: went out
    assert deal.input["went_out"] == 1
