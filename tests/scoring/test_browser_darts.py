"""Killeri on a phone, in Chromium at 390 × 844: one game scored through the pages
— the draw of own sectors (a draw with two sectors side by side refused next to the
field), then every turn tapped on the dart pad, one tap per dart (Double and Triple
turn the next number into its double or triple; Undo takes a dart back) — with the
sheet's context rows (who throws, the own sectors, each player's points and the
killer) after each turn, to the last one left."""

from __future__ import annotations

import pytest

from scoring import services
from tests.scoring.browser import (
    expected_refusal,
    post_form,
    save,
    shot,
    totals,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap(page, *keys: str) -> None:
    """Tap darts on the pad: ``"T20"`` is Triple then 20, ``"OB"`` the bull."""
    for key in keys:
        if key[0] in "DT" and key[1:].isdigit():
            page.click(f".dartpad .dp-mod[data-mod='{key[0]}']")
            key = key[1:]
        page.click(f".dartpad .dp-key[data-dart='{key}']")


def context(page, code: str) -> str:
    return page.inner_text(f"[data-context={code}]")


def test_killeri_scored_through_the_pages(page, table, live_server):
    """Sami 20, Olli 3, Cia 11. Sami: T20, D20 — five, a killer in his first turn.
    Olli: 3 (1). Cia: 11 (1). Sami: 3 and 11 take Olli and Cia out: he wins."""
    club, sami, (olli, cia, _dan) = table
    match = services.match_start(
        club=club, game="killeri", seats=[(sami, 0), (olli, 1), (cia, 2)], by=sami.user
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    assert context(page, "throws") == "Sami"

    page.click("#enter-deal")
    page.check("input[name=mode][value=draw]")
    for seat, sector in enumerate(["20", "1", "11"]):
        page.fill(f"input[name='own_sectors.{seat}']", sector)
    post_form(page)
    page.wait_for_selector(".field-error")
    assert "next to" in page.inner_text("[data-path='own_sectors.1'] .field-error")
    expected_refusal(page)
    page.check("input[name=mode][value=draw]")
    page.fill("input[name='own_sectors.1']", "3")
    save(page)
    assert context(page, "own_sectors") == "Sami 20 · Olli 3 · Cia 11"
    assert context(page, "points") == "Sami 0 · Olli 0 · Cia 0"

    page.click("#enter-deal")
    tap(page, "T20", "5")
    assert page.input_value("input[name=darts]") == "T20 5"
    page.click(".dartpad .dp-undo")
    tap(page, "D20", "M", "7")  # the pad takes three darts, not a fourth
    assert page.input_value("input[name=darts]") == "T20 D20 M"
    assert page.inner_text(".dartpad .dp-count") == "3 of 3 darts"
    shot(page, "killeri-pad")
    save(page)
    assert context(page, "points") == "Sami 5 killer · Olli 0 · Cia 0"
    assert context(page, "throws") == "Olli"

    for keys in (("3", "M", "M"), ("11", "M", "M")):
        page.click("#enter-deal")
        tap(page, *keys)
        save(page)
    assert context(page, "points") == "Sami 5 killer · Olli 1 · Cia 1"
    assert context(page, "throws") == "Sami"

    page.click("#enter-deal")
    tap(page, "3", "11")  # the game ends with the second dart
    save(page)
    assert page.inner_text("#winner") == "Winner: Sami"
    assert totals(page) == [2, 0, 1]
    assert page.locator("#enter-deal").count() == 0
    deal = match.deals.order_by("number").last()
    assert deal.input["darts"] == ["3", "11"]
