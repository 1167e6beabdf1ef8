"""Card shortcuts on a phone: a natural canasta of a rank in two taps (issue 19,
item 1).

The game declares the shortcut on its melds (``x-card-shortcuts``);
``static/js/cardshortcuts.js`` offers it while the card picker is open on a meld:
"Natural canasta", then the rank. The suits come from what the deck still has, as
the picker counts it over every field of the deal, each card from the suit with the
most copies left; too few left is refused with a message.
"""

from __future__ import annotations

import pytest

from tests.scoring.browser import (
    no_sideways_scroll,
    partners_match,
    save,
    shot,
    tap_into,
    totals,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _canasta(table):
    return partners_match(table, "canasta")


def _left(page, code: str) -> str:
    return page.inner_text(f".cp-grid button[data-code='{code}'] .cp-left")


def _tall_enough(page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44


def test_a_natural_canasta_of_eights_in_two_taps(page, table, live_server):
    """One 8♠ is in a hand: the canasta takes the other seven 8s, the suits as the
    deck has them; the sheet scores the natural canasta's 500."""
    match = _canasta(table)
    page.goto(f"{live_server.url}/matches/{match.pk}/deals/new/")
    page.wait_for_selector(".cp-pile")
    tap_into(page, "teams.0.hands.0", "8S", "4C")

    # A hand declares no shortcut: the picker open on it shows none.
    assert page.locator(".cs-shortcut").count() == 0
    page.click("[data-path='teams.0.melds.0'] .cp-open")
    shortcut = page.locator(".cp-grid .cs-shortcut")
    assert shortcut.inner_text() == "Natural canasta"
    _tall_enough(page, ".cs-shortcut")
    shortcut.click()  # tap 1
    ranks = page.locator(".cs-rank")
    assert [ranks.nth(i).get_attribute("data-rank") for i in range(ranks.count())] == [
        "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ]  # fmt: skip
    assert page.inner_text(".cs-rank[data-rank='8'] .cs-left") == "7"
    assert page.inner_text(".cs-rank[data-rank='9'] .cs-left") == "8"
    _tall_enough(page, ".cs-rank")
    shot(page, "canasta-shortcut-ranks", ".cp-grid")
    no_sideways_scroll(page)
    page.click(".cs-rank[data-rank='8']")  # tap 2

    meld = "input[name='teams.0.melds.0']"
    assert page.input_value(meld) == "8S 8H 8H 8D 8D 8C 8C"
    assert page.locator("[data-path='teams.0.melds.0'] .cp-chip").count() == 7
    assert [_left(page, c) for c in ("8S", "8H", "8D", "8C")] == ["0", "0", "0", "0"]
    assert "8♠ 8♥ 8♥ 8♦ 8♦ 8♣ 8♣" in page.inner_text(".cs-status")
    assert page.locator(".cs-ranks").is_hidden()

    tap_into(page, "teams.0.hands.1", "9S")
    tap_into(page, "teams.1.hands.0", "6D")
    tap_into(page, "teams.1.hands.1", "7C")
    shot(page, "canasta-shortcut-filled")
    save(page)
    # Side A: seven 8s 70 + natural canasta 500, hands 8♠ 4♣ 9♠ −25; B: −10.
    assert totals(page) == [545, -10]
    assert "natural canasta" in page.inner_text("#sheet").lower()
    deal = match.deals.get()
    assert deal.input["teams"][0]["melds"] == ["8S 8H 8H 8D 8D 8C 8C"]


def test_too_few_left_is_refused(page, table, live_server):
    """Side A has the canasta of 8s: one 8 is left, so side B's natural canasta of
    8s is refused with a message and the meld stays empty; of 9s it is taken."""
    match = _canasta(table)
    page.goto(f"{live_server.url}/matches/{match.pk}/deals/new/")
    page.wait_for_selector(".cp-pile")
    page.click("[data-path='teams.0.melds.0'] .cp-open")
    page.click(".cs-shortcut")
    page.click(".cs-rank[data-rank='8']")
    assert page.input_value("input[name='teams.0.melds.0']") == "8S 8S 8H 8H 8D 8D 8C"
    # Again on the same meld: its own cards are given back first.
    page.click(".cs-shortcut")
    assert page.inner_text(".cs-rank[data-rank='8'] .cs-left") == "8"
    page.click(".cs-rank[data-rank='8']")
    assert page.input_value("input[name='teams.0.melds.0']") == "8S 8S 8H 8H 8D 8D 8C"

    page.click("[data-path='teams.1.melds.0'] .cp-open")
    page.click(".cs-shortcut")
    eights = page.locator(".cs-rank[data-rank='8']")
    assert eights.inner_text().split() == ["8", "1"]
    assert eights.get_attribute("aria-disabled") == "true"
    eights.click(force=True)  # a tap anyway
    status = page.inner_text(".cs-status")
    assert status == ("Natural canasta: only 1 × 8 left in the deck, 7 needed."), status
    assert page.input_value("input[name='teams.1.melds.0']") == ""
    page.click(".cs-rank[data-rank='9']")
    assert page.input_value("input[name='teams.1.melds.0']") == "9S 9S 9H 9H 9D 9D 9C"
    assert _left(page, "8C") == "1"
    no_sideways_scroll(page)
