"""A table's phone, in Finnish, finishes a chip game that has no fixed end (issue 33
items 3 and 4): Indian Poker played until the table stops. The phone says its
seat, opens "Päätä ottelu", confirms, and the sheet says the match is finished,
who finished it, and keeps its totals; the chips are settled."""

from __future__ import annotations

import re

import pytest

from money import selectors as money_selectors
from scoring import selectors, services
from scoring.models import MatchStatus, Role
from scoring.table_links import TableGuest
from tests.scoring.browser import PHONE, no_sideways_scroll, shot, watch
from tests.scoring.factories import ClubFactory, member
from tests.scoring.finnish import allowed_words, english_left, visible_texts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ("Sami", "Olli", "Cia", "Dan")
#: Seat 3 takes the pot of 5 + 2 + 1 (Indian Poker entered as what was paid).
HANDS = (
    {"mode": "totals", "paid": [5, 2, 1, 5], "winner": 3},
    {"mode": "totals", "paid": [1, 4, 4, 1], "winner": 1},
)
#: A person's pause between two taps: the live sheet refreshes in between.
PAUSE_MS = 1500


def _phone(browser, locale: str):
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale=locale
    )
    phone = context.new_page()
    phone.set_default_timeout(15_000)
    phone.problems = watch(phone)
    return context, phone


def test_a_table_phone_finishes_a_chip_game_in_finnish(browser, live_server):
    club = ClubFactory(name="Kortti", slug="kortti")
    people = [
        member(club, Role.SCORER if i == 0 else Role.MEMBER, name)
        for i, name in enumerate(PLAYERS)
    ]
    admin = member(club, Role.ADMIN, "Aino")
    match = services.match_start(
        club=club,
        game="indian-poker",
        seats=[(p, i) for i, p in enumerate(people)],
        point_value="0.10",
        currency="EUR",
        by=people[0].user,
    )
    for number, hand in enumerate(HANDS, start=1):
        services.deal_submit(
            match=match, number=number, input=hand, by=TableGuest(match.pk, seat=0)
        )
    link = f"{live_server.url}/t/{selectors.table_link_get(match)}/"
    fi_context, phone = _phone(browser, "fi-FI")
    en_context, english = _phone(browser, "en-US")
    try:
        phone.goto(link)
        phone.wait_for_selector("#sheet")
        assert "Päätä ottelu" in phone.inner_text("#table-finish summary")
        phone.wait_for_timeout(PAUSE_MS)
        phone.locator("#table-link-seats a[data-seat='1']").tap()
        phone.wait_for_url(re.compile(r"\?seat=1$"))
        phone.wait_for_timeout(PAUSE_MS)
        phone.locator("#table-finish summary").tap()
        assert "Pelillä ei ole kiinteää loppua" in phone.inner_text("#table-finish")
        shot(phone, "table-link-finish")
        phone.wait_for_timeout(PAUSE_MS)
        phone.locator("#table-finish-confirm").tap()
        phone.wait_for_selector("#table-link-closed")
        phone.wait_for_timeout(PAUSE_MS)  # the live sheet reads itself again

        texts = visible_texts(phone.content())
        assert "päättynyt" in phone.inner_text(".sheet-head .badge")
        assert "Ottelu on päättynyt: pistetilanne on sen tulos." in texts
        assert "Ottelun päätti: pöytälinkki (Olli)." in texts
        assert phone.locator("#totals td.total").all_inner_texts() == [
            "94",
            "104",
            "95",
            "107",
        ]
        assert phone.locator("#enter-deal").count() == 0
        assert phone.locator("#table-finish").count() == 0
        no_sideways_scroll(phone)
        shot(phone, "table-link-finished")

        english.goto(phone.url)
        english.wait_for_selector("#sheet")
        names = [*PLAYERS, club.name, "Indian Poker", "CSV", "SVG", "EUR"]
        left = english_left(
            english.content(),
            phone.content(),
            allowed_words(names),
            phrases=["Indian Poker"],
        )
        assert left == [], left
        assert phone.problems == [] and english.problems == []
    finally:
        fi_context.close()
        en_context.close()

    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.winners == [3]
    # The chips are money: settled at 0.10 EUR a chip, summing to zero.
    sheet = money_selectors.match_sheet_get(admin.user, match.pk)
    settled = {b["name"]: b["settled"] for b in sheet["balances"]}
    assert settled == {"Sami": -60, "Olli": 40, "Cia": -50, "Dan": 70}
