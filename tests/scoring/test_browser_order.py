"""The games by place on a phone, in Debian's Chromium driven by Playwright.

Against the live server on a 390 × 844 viewport, each game started through the
pages with a match of three games and played to its end, the sheet's totals checked
after each game: Musta Maija (ch 34: places with two players out together, a shared
last place refused at its field, then only the loser), Seinis (ch 66: one tap per
missed kick, the sheet saying who is still in and who starts), Valepaska (ch 40:
the winner and the loser) and Musta Pekka (ch 35: the deck for the table on the
sheet, only the winner).
"""

from __future__ import annotations

import pytest

from scoring.models import Match
from tests.scoring import browser as phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


NAMES = ["Sami", "Olli", "Cia", "Dan"]


def start(page, club, game: str, games: int) -> None:
    page.click(f"a[href='/clubs/{club.pk}/']")
    page.click("text=New match")
    page.click(f"text={game}")
    page.wait_for_selector("select[name=seat_0]")  # the game's form is in
    if page.locator("text=4 seats").count():
        page.click("text=4 seats")
    for seat, name in enumerate(NAMES):
        page.select_option(f"select[name=seat_{seat}]", label=name)
    page.fill("input[name='options.games']", str(games))
    phone.no_sideways_scroll(page)
    page.click("text=Start the match")
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [0, 0, 0, 0]


def places(page, values: list[int]) -> None:
    page.click("#enter-deal")
    for seat, place in enumerate(values):
        page.fill(f"input[name='places.{seat}']", str(place))
    phone.no_sideways_scroll(page)
    phone.post_form(page)


def tap(page, mode: str, **seats: int) -> None:
    """One game (or one drop) entered by tapping the players: the mode, then a
    radio per named seat."""
    page.click("#enter-deal")
    page.check(f"input[name=mode][value={mode}]")
    for field, seat in seats.items():
        # The branch shown (a seat field may be in two modes, one of them hidden).
        page.check(f".df-branch:not([hidden]) input[name={field}][value='{seat}']")
    phone.no_sideways_scroll(page)
    phone.post_form(page)
    page.wait_for_selector("#sheet")


def test_musta_maija_places_with_a_tie_and_the_loser(page, table):
    club, _sami, _others = table
    start(page, club, "Musta Maija", 3)
    # Two left with cards at the end cannot be: Musta Maija stays with one.
    places(page, [1, 2, 3, 3])
    assert "one player is left" in page.inner_text("[data-path='places.3']")
    phone.expected_refusal(page)
    # Cia out first, Sami and Dan together, Olli left with Musta Maija.
    for seat, place in enumerate([2, 4, 1, 2]):
        page.fill(f"input[name='places.{seat}']", str(place))
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [1, 0, 3, 1]
    tap(page, "loser", loser=3)
    assert phone.totals(page) == [2, 1, 4, 1]
    tap(page, "loser", loser=2)
    phone.shot(page, "musta-maija-sheet")
    assert phone.totals(page) == [3, 2, 4, 2]
    assert Match.objects.get().winners == [2]


def test_seinis_one_tap_per_missed_kick(page, table):
    club, _sami, _others = table
    start(page, club, "Seinis", 2)
    tap(page, "drop", out=1)  # Olli misses: a point to the three still in
    assert phone.totals(page) == [1, 0, 1, 1]
    # The next round starts with the next player in succession, Cia (§66.1).
    assert page.inner_text("[data-context=starts]") == "Cia"
    assert "out" in page.inner_text("[data-context=still_in]")
    tap(page, "drop", out=2)
    tap(page, "drop", out=0)  # Dan is the last one left: game 1 won
    assert phone.totals(page) == [2, 0, 1, 3]
    assert page.inner_text("[data-context=game]") == "2 of 2"
    tap(page, "winner", winner=0)  # the second game entered as its winner only
    phone.shot(page, "seinis-sheet")
    assert phone.totals(page) == [5, 0, 1, 3]
    assert Match.objects.get().winners == [0]


def test_valepaska_winner_and_loser(page, table):
    club, _sami, _others = table
    start(page, club, "Valepaska", 3)
    tap(page, "winner_loser", winner=0, loser=3)
    assert phone.totals(page) == [3, 1, 1, 0]
    places(page, [2, 1, 4, 3])
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [5, 4, 1, 1]
    tap(page, "loser", loser=1)
    assert phone.totals(page) == [6, 4, 2, 2]
    assert Match.objects.get().winners == [0]


def test_musta_pekka_the_deck_and_the_winner(page, table):
    club, _sami, _others = table
    start(page, club, "Musta Pekka", 3)
    deck = page.inner_text("[data-context=deck]")
    assert "49 cards, dealt 13 + 12 + 12 + 12" in deck
    tap(page, "winner", winner=2)
    tap(page, "winner", winner=2)
    tap(page, "loser", loser=2)
    phone.shot(page, "musta-pekka-sheet")
    assert phone.totals(page) == [1, 1, 6, 1]
    assert Match.objects.get().winners == [2]
