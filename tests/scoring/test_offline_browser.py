"""Issue 31: the table keeps scoring when the network does not.

In Chromium at phone size (390 × 844), in Finnish: Sami opens the sheet of a Tuppi
match with the network up (the service worker keeps the sheet, the deal form and
their files), then the network is cut (Playwright's offline mode). Three deals are
entered: each is kept on the phone and shown on the sheet as waiting, in its place;
the page is reloaded offline and they are still there. The network returns: all
three are stored once, in order, with the totals worked out by hand from the book
(``001_b57793035adc3f64.txt §9.4``, as in test_browser_quick_entry):

* rami by Sami (side A), A takes 9: 4 × (9 − 6) = 12 to A → 12–0;
* sooli by Olli (side B), A takes all 13: B was not nousussa, back to 0–0;
* nolo, A takes 5 (B 8): A has fewer, 4 × (7 − 5) = 8 → 8–0.

A deal the rules refuse once it is sent (a rami with no declarer) shows the rule's
error at its field and is corrected; a request whose answer is lost on the way back
is sent again with the same idempotency key and stored once; a table link's phone
(no account, a seat) queues and sends the same way.

Needs Chromium (``apt-get install -y chromium``; ``CHROMIUM_PATH`` overrides
``/usr/bin/chromium``). No browser is downloaded.
"""

# ruff: noqa: F811
from __future__ import annotations

import re

import pytest
from django.db import connections

from scoring import selectors
from scoring.models import Deal, IdempotencyKey
from tests.scoring.browser import (  # noqa: F401  (fixtures: browser, table)
    PHONE,
    browser,
    no_sideways_scroll,
    partners_match,
    shot,
    table,
    totals,
    watch,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: What a phone with no network logs: requests that could not leave (the live
#: region's polls, the service worker's network-first tries). Expected here.
OFFLINE = "ERR_INTERNET_DISCONNECTED"


@pytest.fixture
def phone(browser, live_server):
    """A Finnish phone whose service workers run (Playwright's default, stated)."""
    context = browser.new_context(
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        locale="fi-FI",
        service_workers="allow",
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.problems = watch(page)
    yield context, page
    context.close()
    connections.close_all()
    unexpected = [p for p in page.problems if OFFLINE not in p]
    assert unexpected == [], "console errors or failed requests"


def log_in(page, live_server, user) -> None:
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", "pw")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/clubs/$"))


def open_sheet(page, url: str) -> None:
    """Open the sheet with the network up and wait until the phone keeps it."""
    page.goto(url)
    page.wait_for_selector("#sheet")
    page.wait_for_selector("html[data-offline-ready]")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def enter(page, contract: str, tricks: int, seat: int | None = None) -> None:
    """From the sheet: a Tuppi deal in taps (contract, the seat it needs, side A's
    tricks) and save."""
    page.click("#enter-deal")
    page.wait_for_selector("#save-deal")
    page.wait_for_load_state()
    page.tap(f"label:has(input[name=contract][value={contract}])")
    if seat is not None:
        role = "soloist" if contract == "sooli" else "declarer"
        page.tap(f"[data-path={role}] label:has(input[value='{seat}'])")
    page.tap(f"label.df-count-option:has(input[name='tricks.0'][value='{tricks}'])")
    no_sideways_scroll(page)
    page.click("#save-deal")
    page.wait_for_selector("#sheet")
    # The rows kept on the phone are drawn once the page has read them.
    page.wait_for_selector("#offline-status[data-waiting]")


def waiting(page) -> list[int]:
    rows = page.locator("#sheet tr.offline-waiting")
    return [
        int(rows.nth(i).get_attribute("data-offline-number"))
        for i in range(rows.count())
    ]


def refusal_expected(page) -> None:
    """The API's 400 for a refused deal (and the browser's console line about it)
    is what the test wanted: take those, and only those, off the problems. (The
    page sees them when it sent the deal itself; the service worker's Background
    Sync may have sent it first, out of the page's sight.)"""
    refused = [p for p in page.problems if "400" in p and "/deals/" in p]
    page.problems[:] = [p for p in page.problems if p not in refused]


def wait_stored(page, number: int) -> None:
    """The phone has sent everything and the sheet shows deal ``number`` scored."""
    page.wait_for_selector("#sheet tr.offline-row", state="detached")
    page.wait_for_selector(f"#sheet tr[data-deal='{number}']")


def test_three_deals_offline_are_kept_and_sent_once_in_order(phone, table, live_server):
    context, page = phone
    _club, sami, _others = table
    match = partners_match(table, "tuppi")
    log_in(page, live_server, sami.user)
    open_sheet(page, f"{live_server.url}/matches/{match.pk}/")
    status = page.locator("#offline-status")
    assert status.inner_text().startswith("Verkossa")

    context.set_offline(True)
    page.wait_for_function(
        "() => document.getElementById('offline-status').classList.contains('offline')"
    )
    enter(page, "rami", 9, seat=0)
    assert waiting(page) == [1]
    enter(page, "sooli", 13, seat=1)
    enter(page, "nolo", 5)
    assert waiting(page) == [1, 2, 3]
    assert page.locator("#sheet tr.offline-waiting .badge").first.inner_text() == (
        "Odottaa lähetystä"
    )
    assert "3 jakoa odottaa lähetystä" in status.inner_text()
    assert "Ei verkkoyhteyttä" in status.inner_text()
    # The next deal the sheet offers counts the ones on the phone.
    assert page.inner_text("#enter-deal").endswith("4")
    shot(page, "offline-waiting")
    assert not Deal.objects.filter(match=match).exists()

    # A reload with no network: the kept sheet, and the deals still there.
    page.reload()
    page.wait_for_selector("#offline-status[data-waiting='3']")
    assert waiting(page) == [1, 2, 3]
    no_sideways_scroll(page)

    context.set_offline(False)
    wait_stored(page, 3)
    side_a_has = "n => document.querySelector('#totals td.total').innerText == n"
    page.wait_for_function(side_a_has, arg="8")
    assert totals(page) == [8, 0]
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    assert [d.number for d in deals] == [1, 2, 3]
    assert [d.input["contract"] for d in deals] == ["rami", "sooli", "nolo"]
    assert deals[0].input["tricks"] == [9, 4]
    # Each was sent with a key made on the phone.
    assert IdempotencyKey.objects.filter(user=sami.user).count() == 3
    assert "Viimeksi lähetetty klo" in status.inner_text()
    assert "odottaa" not in status.inner_text()


def test_a_deal_refused_after_the_sync_shows_its_error_and_is_corrected(
    phone, table, live_server
):
    context, page = phone
    _club, sami, _others = table
    match = partners_match(table, "tuppi")
    log_in(page, live_server, sami.user)
    open_sheet(page, f"{live_server.url}/matches/{match.pk}/")

    context.set_offline(True)
    enter(page, "rami", 9)  # no declarer: the rules need one
    enter(page, "nolo", 5)
    assert waiting(page) == [1, 2]

    context.set_offline(False)
    refused = page.locator("#sheet tr.offline-refused")
    refused.wait_for()
    assert refused.get_attribute("data-offline-number") == "1"
    assert refused.locator(".badge").inner_text() == "Hylätty"
    refusal_expected(page)
    # Deal 2 waits behind it: it folds onto deal 1.
    assert waiting(page) == [2]
    assert not Deal.objects.filter(match=match).exists()

    refused.locator("a.offline-correct").click()
    page.wait_for_selector("#offline-refused")
    shot(page, "offline-refused-form")
    error = page.locator("[data-path=declarer] .field-error")
    assert error.is_visible()
    assert error.inner_text()
    # The fields come back as entered.
    assert page.is_checked("input[name=contract][value=rami]")
    assert page.is_checked("input[name='tricks.0'][value='9']")
    page.tap("[data-path=declarer] label:has(input[value='0'])")
    page.click("#save-deal")
    page.wait_for_selector("#sheet")
    wait_stored(page, 2)
    page.wait_for_function(
        "n => document.querySelector('#totals td.total').innerText == n", arg="20"
    )
    # 12 for the rami, then 8 for the nolo.
    assert totals(page) == [20, 0]
    assert list(
        Deal.objects.filter(match=match).order_by("number").values_list("number")
    ) == [(1,), (2,)]


def test_a_retry_after_a_lost_answer_stores_nothing_twice(phone, table, live_server):
    """The first send reaches the server, which stores the deal, but its answer is
    lost on the way back: the phone still holds the deal and sends it again with
    the same key (Background Sync, or the next page load, whichever comes first);
    the server answers with the first answer and stores nothing more."""
    context, page = phone
    _club, sami, _others = table
    match = partners_match(table, "tuppi")
    log_in(page, live_server, sami.user)
    open_sheet(page, f"{live_server.url}/matches/{match.pk}/")
    context.set_offline(True)
    enter(page, "rami", 9, seat=0)

    sent = []
    lost = []

    def lose_the_first_answer(route):
        sent.append(route.request.headers.get("idempotency-key"))
        if len(sent) > 1:
            route.continue_()
            return
        route.fetch()  # the server stores the deal…
        route.abort("internetdisconnected")  # …and the phone never hears
        lost.append(True)

    context.route(f"**/api/v1/matches/{match.pk}/deals/", lose_the_first_answer)
    context.set_offline(False)
    # The handler runs while Playwright waits: wait (briefly, again and again)
    # until the first answer has been lost.
    for _ in range(200):
        if lost:
            break
        page.wait_for_timeout(50)
    assert Deal.objects.filter(match=match).count() == 1

    page.reload()
    wait_stored(page, 1)
    assert len(sent) >= 2  # sent again…
    assert len(set(sent)) == 1  # …with the same key
    assert Deal.objects.filter(match=match).count() == 1
    assert IdempotencyKey.objects.filter(user=sami.user).count() == 1
    assert IdempotencyKey.objects.get(user=sami.user).key == sent[0]


def test_a_network_that_reaches_nothing_keeps_the_deal_on_the_phone(
    phone, table, live_server
):
    """The browser says online, but the server does not answer (a hall's access
    point that takes no more phones): the form's probe fails, so the deal is kept
    on the phone rather than lost with a page that never loads."""
    context, page = phone
    _club, sami, _others = table
    match = partners_match(table, "tuppi")
    log_in(page, live_server, sami.user)
    open_sheet(page, f"{live_server.url}/matches/{match.pk}/")

    def unreachable(route):
        if route.request.method in ("HEAD", "POST"):
            route.abort("internetdisconnected")
        else:
            route.continue_()

    # The probe and the API reach nothing; the pages still come (from the phone).
    context.route("**/sw.js", unreachable)
    context.route("**/api/v1/**", unreachable)
    enter(page, "rami", 9, seat=0)
    assert waiting(page) == [1]
    assert page.inner_text("#offline-status").startswith("Verkossa")
    assert not Deal.objects.filter(match=match).exists()

    context.unroute("**/sw.js", unreachable)
    context.unroute("**/api/v1/**", unreachable)
    page.reload()
    wait_stored(page, 1)
    assert Deal.objects.filter(match=match).count() == 1


def test_a_deal_kept_after_one_entered_online_has_the_next_number(
    phone, table, live_server
):
    """The phone's copy of the deal form still says deal 1 (kept when deal 1 was
    entered online); the sheet said 2 since, and the deal kept offline is deal 2."""
    context, page = phone
    _club, sami, _others = table
    match = partners_match(table, "tuppi")
    log_in(page, live_server, sami.user)
    open_sheet(page, f"{live_server.url}/matches/{match.pk}/")
    enter(page, "rami", 9, seat=0)  # online: posted as ever
    page.wait_for_selector("#sheet tr[data-deal='1']")
    assert page.inner_text("#enter-deal").endswith("2")

    context.set_offline(True)
    page.click("#enter-deal")
    page.wait_for_selector("#save-deal")
    page.wait_for_function(
        "() => document.querySelector('input[name=number]').value === '2'"
    )
    assert page.inner_text("#save-deal").endswith("2")
    page.go_back()
    page.wait_for_selector("#sheet")
    enter(page, "nolo", 5)
    assert waiting(page) == [2]

    context.set_offline(False)
    wait_stored(page, 2)
    assert list(
        Deal.objects.filter(match=match).order_by("number").values_list("number")
    ) == [(1,), (2,)]


def test_a_table_link_phone_queues_with_its_seat(phone, table, live_server):
    """No account: the deals wait with the link and the seat and are sent through
    the table link's API; the history names the seat."""
    context, page = phone
    match = partners_match(table, "tuppi")
    token = selectors.table_link_get(match)
    open_sheet(page, f"{live_server.url}/t/{token}/?seat=1")

    context.set_offline(True)
    enter(page, "rami", 9, seat=0)
    enter(page, "nolo", 5)
    assert waiting(page) == [1, 2]
    # The link's sheet, with the phone's seat, opens offline too.
    page.reload()
    page.wait_for_selector("#offline-status[data-waiting='2']")
    assert waiting(page) == [1, 2]

    context.set_offline(False)
    wait_stored(page, 2)
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    assert [d.number for d in deals] == [1, 2]
    revision = deals[0].revisions.get()
    assert revision.via == "table_link" and revision.seat == 1
    assert IdempotencyKey.objects.filter(match=match).count() == 2


def test_two_phones_offline_with_the_same_deal_make_one_deal_and_a_conflict(
    browser, table, live_server
):
    """Both of Sami's phones are offline and each enters deal 1, differently. The
    first back stores its deal 1; the second shows a conflict: the sheet's deal 1
    and this phone's version side by side, with the choice to keep one. Keeping
    this phone's corrects deal 1 (its history keeps both): one deal, never two."""
    _club, sami, _others = table
    match = partners_match(table, "tuppi")
    phones = []
    try:
        for _ in range(2):
            context = browser.new_context(
                viewport=PHONE, is_mobile=True, has_touch=True, locale="fi-FI"
            )
            page = context.new_page()
            page.set_default_timeout(15_000)
            page.problems = watch(page)
            log_in(page, live_server, sami.user)
            open_sheet(page, f"{live_server.url}/matches/{match.pk}/")
            phones.append((context, page))
        (first, phone_a), (second, phone_b) = phones
        first.set_offline(True)
        second.set_offline(True)
        enter(phone_a, "rami", 9, seat=0)  # 12–0
        enter(phone_b, "nolo", 5)  # 8–0

        first.set_offline(False)
        wait_stored(phone_a, 1)
        second.set_offline(False)
        conflict = phone_b.locator("#sheet tr.offline-conflict")
        conflict.wait_for()
        # Both versions: the stored deal 1 and this phone's, with the choice.
        phone_b.wait_for_selector("#sheet tr[data-deal='1']")
        conflict.wait_for()  # drawn again after the live region's refresh
        assert conflict.get_attribute("data-offline-number") == "1"
        assert conflict.locator(".badge").inner_text() == "Ristiriita"
        assert "Toinen puhelin syötti jaon 1 ensin" in conflict.inner_text()
        assert "5" in conflict.locator(".offline-summary").inner_text()
        assert Deal.objects.filter(match=match).count() == 1
        # The server's 409 (deal 1 exists) is the conflict the test wanted.
        taken = [p for p in phone_b.problems if "409" in p and "/deals/" in p]
        assert taken
        phone_b.problems[:] = [p for p in phone_b.problems if p not in taken]

        no_sideways_scroll(phone_b)
        shot(phone_b, "offline-conflict")
        conflict.locator("button.offline-keep-mine").click()
        phone_b.wait_for_selector("#sheet tr.offline-row", state="detached")
        phone_b.wait_for_function(
            "n => document.querySelector('#totals td.total').innerText == n",
            arg="8",
        )
        deal = Deal.objects.get(match=match)
        assert deal.input["contract"] == "nolo"
        kinds = list(deal.revisions.order_by("pk").values_list("kind", flat=True))
        assert kinds == ["entered", "corrected"]
        for _, page in phones:
            assert [p for p in page.problems if OFFLINE not in p] == []
    finally:
        for context, _ in phones:
            context.close()
        connections.close_all()


def test_a_table_link_phone_keeps_its_version_of_a_conflict(
    browser, table, live_server
):
    """Two phones of a table link, seats 1 and 2 (Olli's and Cia's), both offline,
    each enter deal 1, differently. Olli's is back first and stores its deal 1;
    Cia's shows the conflict and keeps its own version: a correction through the
    link, with the seat — the sheet shows Cia's deal, and the history keeps
    Olli's as entered."""
    match = partners_match(table, "tuppi")
    token = selectors.table_link_get(match)
    phones = []
    try:
        for seat in (1, 2):
            context = browser.new_context(
                viewport=PHONE, is_mobile=True, has_touch=True, locale="fi-FI"
            )
            page = context.new_page()
            page.set_default_timeout(15_000)
            page.problems = watch(page)
            open_sheet(page, f"{live_server.url}/t/{token}/?seat={seat}")
            phones.append((context, page))
        (first, olli), (second, cia) = phones
        first.set_offline(True)
        second.set_offline(True)
        enter(olli, "rami", 9, seat=0)  # 12–0
        enter(cia, "nolo", 5)  # 8–0

        first.set_offline(False)
        wait_stored(olli, 1)
        second.set_offline(False)
        conflict = cia.locator("#sheet tr.offline-conflict")
        conflict.wait_for()
        cia.wait_for_selector("#sheet tr[data-deal='1']")
        conflict.wait_for()  # drawn again after the live region's refresh
        assert "Toinen puhelin syötti jaon 1 ensin" in conflict.inner_text()
        keep_mine = conflict.locator("button.offline-keep-mine")
        assert keep_mine.inner_text() == "Pidä tämän puhelimen versio (korjauksena)"
        assert conflict.locator("button.offline-keep-sheet").count() == 1
        # The server's 409 (deal 1 exists) is the conflict the test wanted (the
        # page sees it when it sent the deal itself, not when the worker's
        # Background Sync did).
        taken = [p for p in cia.problems if "409" in p and "/deals/" in p]
        cia.problems[:] = [p for p in cia.problems if p not in taken]
        no_sideways_scroll(cia)
        shot(cia, "offline-conflict-table-link")

        keep_mine.click()
        cia.wait_for_selector("#sheet tr.offline-row", state="detached")
        cia.wait_for_function(
            "n => document.querySelector('#totals td.total').innerText == n",
            arg="8",
        )
        assert totals(cia) == [8, 0]
        deal = Deal.objects.get(match=match)
        assert deal.input["contract"] == "nolo"
        history = list(
            deal.revisions.order_by("pk").values_list("kind", "via", "seat", "input")
        )
        assert [(k, v, s) for k, v, s, _ in history] == [
            ("entered", "table_link", 1),
            ("corrected", "table_link", 2),
        ]
        assert history[0][3]["contract"] == "rami"  # Olli's version, kept
        assert deal.revisions.get(kind="corrected").reason
        # Olli's phone sees the corrected deal on its sheet too.
        olli.wait_for_function(
            "n => document.querySelector('#totals td.total').innerText == n",
            arg="8",
        )
        for _, page in phones:
            assert [p for p in page.problems if OFFLINE not in p] == []
    finally:
        for context, _ in phones:
            context.close()
        connections.close_all()
