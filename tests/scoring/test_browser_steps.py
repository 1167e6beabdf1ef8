"""Card entry one side per step, on a phone (issue 19, item 1).

A Canasta deal entered card by card has a group of fields per side. On a phone the
form shows one side per step: tabs named by the sides, one side filling the screen,
"Next: <the other side>" at the end of a side; every side's fields are still posted.
A deal the server refuses for a field of the second side comes back on that step.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.scoring.browser import (
    expected_refusal,
    no_sideways_scroll,
    partners_match,
    post_form,
    save,
    shot,
    tap_into,
    totals,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _canasta(table):
    return partners_match(table, "canasta")


def _until(check, seconds: float = 5.0) -> None:
    """Wait for ``check()`` (a smooth scroll takes a moment); the page's CSP forbids
    Playwright's evaluated waits."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the step never came into view"
        time.sleep(0.05)


def _in_view(page, selector: str) -> bool:
    """Is the element inside the step track's visible width?"""
    return page.evaluate(
        """(selector) => {
          const el = document.querySelector(selector);
          const track = el.closest('.df-side-track').getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return box.left >= track.left - 1 && box.right <= track.right + 1;
        }""",
        selector,
    )


def test_one_side_per_step_then_the_deal_is_scored(page, table, live_server):
    """Side A's melds and hands, "Next", side B's hands; both sides are posted."""
    match = _canasta(table)
    page.goto(f"{live_server.url}/matches/{match.pk}/deals/new/")
    page.wait_for_selector(".df-side-steps")
    tabs = page.locator(".df-side-steps [data-side-step]")
    assert tabs.count() == 2
    assert tabs.nth(0).inner_text() == "1. Sami & Cia"
    assert tabs.nth(1).inner_text() == "2. Olli & Dan"
    assert tabs.nth(0).get_attribute("aria-selected") == "true"
    assert _in_view(page, "[data-path='teams.0.melds']")
    assert not _in_view(page, "[data-path='teams.1.melds']")
    no_sideways_scroll(page)

    tap_into(page, "teams.0.melds.0", "KH", "KD", "Jo")
    tap_into(page, "teams.0.hands.0", "4C", "5C")
    tap_into(page, "teams.0.hands.1", "9S")
    shot(page, "canasta-step-1")
    page.click("[data-path='teams.0'] .df-side-next")
    expect(tabs.nth(1)).to_have_attribute("aria-selected", "true")
    _until(lambda: _in_view(page, "[data-path='teams.1.hands']"))
    tap_into(page, "teams.1.hands.0", "6D")
    tap_into(page, "teams.1.hands.1", "7C")
    shot(page, "canasta-step-2")
    no_sideways_scroll(page)
    save(page)
    # Side A: K♥ K♦ joker 70, hands 4♣ 5♣ 9♠ −20; side B: 6♦ 7♣ −10.
    assert totals(page) == [50, -10]
    deal = match.deals.get()
    assert deal.input["teams"][1]["hands"] == ["6D", "7C"]


def test_a_refused_deal_opens_on_the_side_with_the_error(page, table, live_server):
    """A third K♥ typed into side B's meld: the form comes back on side B's step."""
    match = _canasta(table)
    page.goto(f"{live_server.url}/matches/{match.pk}/deals/new/")
    page.wait_for_selector(".df-side-steps")
    page.fill("input[name='teams.0.melds.0']", "KH KD KS")
    page.fill("input[name='teams.0.hands.0']", "4C")
    page.fill("input[name='teams.0.hands.1']", "9S")
    page.fill("input[name='teams.1.melds.0']", "5H 5D 5X")
    page.fill("input[name='teams.1.hands.0']", "6D")
    page.fill("input[name='teams.1.hands.1']", "7C")
    post_form(page)
    page.wait_for_selector(".field-error")
    selected = page.locator(".df-side-steps [aria-selected='true']")
    assert selected.get_attribute("data-side-step") == "teams.1"
    assert _in_view(page, "[data-path='teams.1.melds']")
    expected_refusal(page)
