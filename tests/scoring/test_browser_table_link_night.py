"""Issue 33: a double-entry table scored by two phones with no account, at human
pace, in Chromium on a phone (390 × 844) whose language is Finnish.

Sami, Olli, Cia and Dan play Skruuvi (Sami & Cia against Olli & Dan), double entry.
Both phones open the same table link. Phone A says it is Sami, waits while the
sheet's live region is read again a few times (the seat must survive the polls),
and enters 5 ♠ by Sami, his side taking 10 tricks. Phone B says it is Olli and sees
deal 1 in full before confirming: the row's points and running totals as they will
count, marked as pending, and who entered it; no "next deal" button. Phone A tries
to confirm its own deal (a form sent from its page, as a stale tab would): refused,
and the refusal is on the page after the redirect (not lost to a 304). Phone B
waits, then confirms; both sheets show the totals. No deal is ever stored without
the seat that entered it.

Needs Chromium (``apt-get install -y chromium``; ``CHROMIUM_PATH`` overrides
``/usr/bin/chromium``). No browser is downloaded. ``KIRJURI_SCREENSHOTS`` saves
``table-link-pending.png`` (phone B before confirming).
"""

# ruff: noqa: F811
from __future__ import annotations

import re

import pytest
from django.db import connections
from django.urls import reverse

from games.engine import get_game
from scoring import selectors, services
from scoring.models import DealRevision
from tests.scoring.browser import (  # noqa: F401  (fixture: browser)
    PHONE,
    browser,
    no_sideways_scroll,
    post_form,
    shot,
    totals,
    watch,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Long enough for the sheet's live region (read every second) to be read again.
HUMAN_PAUSE_MS = 3500
DEAL = {"contract": "spades", "level": 5, "declarer": 0, "tricks": [10, 3]}


def finnish_phone(browser):
    """A new phone whose browser speaks Finnish: no cookies, no account."""
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="fi-FI"
    )
    phone = context.new_page()
    phone.set_default_timeout(15_000)
    phone.problems = watch(phone)
    return context, phone


def cell(name: str, level: int, strain: str) -> str:
    """A button of the contract grid."""
    return (
        f"label.df-contract-option:has(input[name='{name}'][value='{level}:{strain}'])"
    )


def count(name: str, value: int) -> str:
    return f"label.df-count-option:has(input[name='{name}'][value='{value}'])"


def messages(phone) -> str:
    return phone.inner_text(".messages")


def no_seatless_deal(match) -> None:
    revisions = DealRevision.objects.filter(deal__match=match)
    assert all(r.via == "table_link" and r.seat is not None for r in revisions)


def test_two_phones_without_accounts_score_a_double_entry_deal(
    browser, table, live_server
):
    club, sami, (olli, cia, dan) = table
    match = services.match_start(
        club=club,
        game="skruuvi",
        seats=[(sami, 0), (olli, 1), (cia, 0), (dan, 1)],
        double_entry=True,
        by=sami.user,
    )
    token = selectors.table_link_get(match)
    link = f"{live_server.url}/t/{token}/"
    game = get_game("skruuvi")
    points = [str(p) for p in game.score(game.start(), DEAL).points]
    first, phone_a = finnish_phone(browser)
    second, phone_b = finnish_phone(browser)
    try:
        # Phone A: no seat yet, so no deal to enter; it says it is Sami.
        phone_a.goto(link)
        assert phone_a.inner_text("#who-title") == "Kenen puhelin tämä on?"
        assert phone_a.locator("#enter-deal").count() == 0
        phone_a.click("#table-link-seats a[data-seat='0']")
        phone_a.wait_for_url(re.compile(r"\?seat=0$"))
        phone_a.wait_for_timeout(HUMAN_PAUSE_MS)  # the live region is read again
        assert phone_a.inner_text("#chosen-seat") == "Sami"
        assert phone_a.locator("#enter-deal").is_visible()
        phone_a.click("#enter-deal")
        phone_a.wait_for_selector("#save-deal")
        assert "Sami" in phone_a.inner_text("#table-link-seat")
        phone_a.tap(cell("contract", 5, "spades"))
        phone_a.tap("[data-path=declarer] label:has(input[value='0'])")
        phone_a.tap(count("tricks.0", 10))
        post_form(phone_a)
        phone_a.wait_for_url(re.compile(r"\?seat=0$"))
        assert "odottaa toisen puolen" in messages(phone_a)
        no_seatless_deal(match)

        # Phone B: Olli sees deal 1 in full before confirming it.
        phone_b.goto(link)
        phone_b.click("#table-link-seats a[data-seat='1']")
        phone_b.wait_for_url(re.compile(r"\?seat=1$"))
        row = phone_b.locator("tr[data-deal='1']")
        assert "preview" in row.get_attribute("class")
        shown = row.locator("td.deal-points").all_inner_texts()
        assert shown == points
        assert totals(phone_b) == [0, 0]  # not counted yet
        pending = phone_b.inner_text("#pending-deal")
        assert "Jako 1 odottaa vahvistusta" in pending and "Kirjaaja: Sami" in pending
        assert phone_b.locator("#enter-deal").count() == 0
        assert "seuraava kirjataan vasta" in phone_b.inner_text("#enter-waits")
        shot(phone_b, "table-link-pending")
        no_sideways_scroll(phone_b)

        # Phone A offers no Confirm of its own deal, and says why...
        assert phone_a.locator("#confirm-deal").count() == 0
        assert "Kirjasit sen itse" in phone_a.inner_text("#pending-why")
        # ... and one sent anyway (a stale tab) is refused, the refusal shown after
        # the redirect to the page the phone has cached.
        phone_a.wait_for_timeout(HUMAN_PAUSE_MS)
        csrf = next(
            c["value"] for c in phone_a.context.cookies() if c["name"] == "csrftoken"
        )
        action = (
            reverse("scoring:table-deal-confirm", kwargs={"token": token, "number": 1})
            + "?seat=0"
        )
        phone_a.evaluate(
            """([action, csrf]) => {
                const form = document.createElement("form");
                form.method = "post";
                form.action = action;
                for (const [name, value] of [["csrfmiddlewaretoken", csrf],
                                             ["base_version", "1"]]) {
                    const input = document.createElement("input");
                    input.type = "hidden"; input.name = name; input.value = value;
                    form.appendChild(input);
                }
                document.body.appendChild(form);
                form.submit();
            }""",
            [action, csrf],
        )
        phone_a.wait_for_load_state()
        phone_a.wait_for_selector(".messages")
        assert phone_a.url.endswith("?seat=0")
        assert "joku muu kuin sen kirjannut" in messages(phone_a)

        # Phone B confirms at human pace; both phones show the totals.
        phone_b.wait_for_timeout(HUMAN_PAUSE_MS)
        phone_b.click("#confirm-deal")
        phone_b.wait_for_url(re.compile(r"\?seat=1$"))
        assert "Jako 1 vahvistettu." in messages(phone_b)
        assert [str(t) for t in totals(phone_b)] == points
        phone_a.wait_for_function("() => !document.querySelector('#pending-deal')")
        assert [str(t) for t in totals(phone_a)] == points
        assert phone_a.locator("#enter-deal").is_visible()
        assert phone_a.problems == [] and phone_b.problems == []
    finally:
        first.close()
        second.close()
        connections.close_all()
    kinds = list(
        DealRevision.objects.filter(deal__match=match)
        .order_by("id")
        .values_list("kind", "via", "seat")
    )
    assert kinds == [("entered", "table_link", 0), ("confirmed", "table_link", 1)]
