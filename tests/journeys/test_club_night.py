"""Issue 33, "Done when" (a): a club night, end to end at a person's pace.

Outi opens a club on her phone and adds the eight players of two Tuppi tables;
she invites Tiina (the treasurer, a club admin) and Pekka, who make their accounts
from the invitation links on their own phones. She starts two Tuppi tables with
double entry — table 1 for 0,05 EUR a point, typed "0,05" — and an Indian Poker
table for chips (Outi, Tiina and Pekka; 0,01 EUR a chip) that she scores herself.

Four phones with no account score the Tuppi tables through their table links:
Aino's and Ceci's at table 1, Eino's and Heikki's at table 2. A deal entered on
one phone is confirmed on another of the other side; at table 2 Heikki first taps
Fanni's name (Eino's partner): the confirmation is refused to that seat with the
reason on his screen (the page offers Fanni's seat no Confirm and says why; one
offered and tapped is refused with a message), then he taps his own and confirms.
Each table reaches its target of 12 and ends by itself; the poker table ends after
its two hands.

Tiina opens one evening that holds the three tables, marks the first transfer paid
and downloads the CSV: in Finnish, with Helsinki's times.

Every step waits :data:`tests.journeys.harness.PACE` seconds and is checked (no
sideways scroll, no console error, no English, no WCAG 2.1 AA violation); at the
end the database holds no table-link deal without its seat, the totals and the
evening's balances are the ones the deals make.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.journeys.harness import (
    SMALL,
    TALL,
    Journey,
    csv_english_left,
    ended_by_hand,
)

pytestmark = [
    pytest.mark.browser,
    # Several phones poll every second while others write: the test run's in-memory
    # SQLite (shared cache) answers "database table is locked" to a writer while a
    # reader holds the table, which a file database or PostgreSQL does not.
    pytest.mark.postgres,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    # Minutes of steps at a person's pace: more than the suite's 600 s a test.
    pytest.mark.timeout(1800),
]

CLUB = "Pataässät"
#: Table 1 clockwise: Aino & Bertta (side 1) against Ceci & Dora.
TABLE_1 = ("Aino", "Ceci", "Bertta", "Dora")
#: Table 2 clockwise: Eino & Fanni against Heikki & Iida.
TABLE_2 = ("Eino", "Heikki", "Fanni", "Iida")
EVENING = "Torstai-ilta"
PASSWORD = "Kortit-pöytään-33"
#: Heikki's phone says it is Fanni's, of Eino's side: the reason it may not confirm
#: Eino's deal names the other side ("jaon vahvistaa toisen puolen pelaaja").
OTHER_SIDE = "toisen puolen"
#: The deal's Confirm as a page offers it.
CONFIRM = "#sheet tr:has(form[action*='/deals/%d/confirm/'])"


@pytest.fixture
def journey(browser, live_server):
    journey = Journey(browser, live_server, "club-night")
    yield journey
    journey.close()


def _account(username: str, first_name: str):
    return get_user_model().objects.create_user(
        username, password=PASSWORD, first_name=first_name
    )


def add_player(phone, name: str) -> None:
    with phone.step(f"adds {name}") as page:
        page.fill("input[name=display_name]", name)
        phone.submit("form:has(input[name=display_name]) button[type=submit]")
        assert page.locator(f"text={name}").count(), f"{name} is not on the club page"


def invite(phone, club_id: int, role: str) -> str:
    """The club's invitation page: a new invitation of ``role``; its link."""
    with phone.step(f"invites a {role}") as page:
        phone.goto(f"/clubs/{club_id}/invitations/")
        page.select_option("select[name=role]", role)
        phone.submit("#make-invitation")
    return page.input_value("#invitation-url")


def sign_up(phone, link: str, username: str, name: str) -> None:
    with phone.step("opens the invitation", shot=None) as page:
        phone.goto(link)
    with phone.step("makes an account") as page:
        page.fill("input[name=username]", username)
        page.fill("input[name=password1]", PASSWORD)
        page.fill("input[name=password2]", PASSWORD)
        if page.locator("input[name=display_name]").count():
            page.fill("input[name=display_name]", name)
        phone.submit("#accept")
        assert "/me/games/" in page.url, "the account was not made"


def start_tuppi(phone, club_id: int, seats, stake: str, shot=None) -> int:
    """The new match form: Tuppi, four seats, the target 12, double entry, the
    stake typed as a Finn types it. The match's id."""
    with phone.step("chooses Tuppi") as page:
        phone.goto(f"/clubs/{club_id}/matches/new/")
        phone.submit("a[href='?game=tuppi']")
    with phone.step(f"starts Tuppi for {stake} EUR a point", shot=shot) as page:
        for seat, name in enumerate(seats):
            page.select_option(f"select[name=seat_{seat}]", label=name)
        page.fill("input[name='options.target']", "12")
        page.fill("input[name=point_value]", stake)
        page.fill("input[name=currency]", "EUR")
        page.check("input[name=double_entry]")
        phone.submit("#match-form button[type=submit]")
    refused = page.locator(".field-error").all_inner_texts()
    assert "/matches/" in page.url, f"the match form refused {stake}: {refused}"
    return int(re.search(r"/matches/(\d+)/", page.url).group(1))


def table_link(phone, match_id: int) -> str:
    with phone.step("opens the table link and QR code") as page:
        phone.goto(f"/matches/{match_id}/table-link/")
        link = page.locator(".table-card-url").first.inner_text().strip()
    return link


def take_seat(phone, link: str, name: str) -> None:
    with phone.step("opens the table link") as page:
        phone.goto(link)
        page.wait_for_selector("#sheet")
    with phone.step(f"is {name}") as page:
        phone.submit(page.locator("#table-link-seats a", has_text=name))
        assert page.locator("#chosen-seat").inner_text() == name


def enter_rami(phone, number: int, declarer: int, tricks: int, shot=None) -> None:
    """A rami of ``declarer`` whose side takes ``tricks``, entered on the table's
    phone."""
    with phone.step(f"opens the form of deal {number}") as page:
        phone.submit("#enter-deal")
    with phone.step(f"enters deal {number}", shot=shot) as page:
        page.locator("label:has(input[name=contract][value=rami])").tap()
        page.locator(f"[data-path=declarer] label:has(input[value='{declarer}'])").tap()
        # The form asks for the first side's tricks (the other's are the rest).
        first = tricks if declarer % 2 == 0 else 13 - tricks
        page.locator(
            f"label.df-count-option:has(input[name='tricks.0'][value='{first}'])"
        ).tap()
        phone.submit("#save-deal")


def confirm(phone, number: int, shot=None) -> None:
    with phone.step(f"confirms deal {number}", shot=shot) as page:
        phone.submit(page.locator(CONFIRM % number).locator("button"))


def totals(page) -> list[int]:
    cells = page.locator("#totals td.total")
    return [int(cells.nth(i).inner_text()) for i in range(cells.count())]


def play_poker_hand(phone, number: int, paid: list[int], winner: int, shot=None):
    """A hand of Indian Poker entered as the pot: what each paid, who won it."""
    with phone.step(f"opens the form of hand {number}") as page:
        phone.submit("#enter-deal")
    with phone.step(f"enters hand {number}", shot=shot) as page:
        page.check("input[name=mode][value=totals]")
        for seat, chips in enumerate(paid):
            page.fill(f"input[name='paid.{seat}']", str(chips))
        page.check(f"input[name=winner][value='{winner}']")
        phone.submit("#save-deal")


def test_a_club_night(journey, live_server):
    from money.models import Session
    from money.selectors.sheets import session_sheet_get
    from scoring.models import DealRevision, Match, MatchStatus

    _account("outi", "Outi")
    journey.allow(CLUB, EVENING, "Outi", "Tiina", "Pekka", "outi", "tiina", "pekka")
    journey.allow(*TABLE_1, *TABLE_2)
    outi = journey.phone("Outi", TALL)

    # -- Outi opens the club and adds the Tuppi players ------------------------
    outi.login("outi", PASSWORD)
    with outi.step("opens the club", shot="club") as page:
        outi.goto("/clubs/")
        page.fill("#club-name", CLUB)
        outi.submit("form:has(#club-name) button[type=submit]")
    club_id = int(re.search(r"/clubs/(\d+)/", outi.page.url).group(1))
    for name in (*TABLE_1, *TABLE_2):
        add_player(outi, name)

    # -- two invitations: Tiina the treasurer (a club admin) and Pekka ---------
    tiina = journey.phone("Tiina", SMALL)
    pekka = journey.phone("Pekka", TALL)
    sign_up(tiina, invite(outi, club_id, "admin"), "tiina", "Tiina")
    sign_up(pekka, invite(outi, club_id, "member"), "pekka", "Pekka")

    # -- the tables: two Tuppi tables with double entry, a poker table ---------
    table_1 = start_tuppi(outi, club_id, TABLE_1, "0,05", shot="tuppi-stake")
    with outi.step("reads the stake on the sheet") as page:
        assert "0,05 EUR" in page.inner_text("main")
    link_1 = table_link(outi, table_1)
    table_2 = start_tuppi(outi, club_id, TABLE_2, "0,10")
    link_2 = table_link(outi, table_2)

    with outi.step("chooses Indian Poker") as page:
        outi.goto(f"/clubs/{club_id}/matches/new/")
        outi.submit("a[href='?game=indian-poker']")
    with outi.step("takes three seats") as page:
        outi.submit(page.locator("a", has_text=re.compile(r"^3 ")))
    with outi.step("starts the poker table for chips") as page:
        for seat, name in enumerate(("Outi", "Tiina", "Pekka")):
            page.select_option(f"select[name=seat_{seat}]", label=name)
        page.fill("input[name='options.hands']", "2")
        page.fill("input[name=point_value]", "0,01")
        page.fill("input[name=currency]", "EUR")
        outi.submit("#match-form button[type=submit]")
    poker = int(re.search(r"/matches/(\d+)/", outi.page.url).group(1))

    # -- four phones with no account take their seats ---------------------------
    aino = journey.phone("Aino", SMALL)
    ceci = journey.phone("Ceci", TALL)
    eino = journey.phone("Eino", TALL)
    heikki = journey.phone("Heikki", SMALL)
    take_seat(aino, link_1, "Aino")
    take_seat(ceci, link_1, "Ceci")
    take_seat(eino, link_2, "Eino")
    take_seat(heikki, link_2, "Fanni")  # a slip of the thumb: Eino's partner

    # -- table 1: entered on one phone, confirmed on another --------------------
    enter_rami(aino, 1, declarer=0, tricks=8, shot="table-entered")
    with ceci.step("sees deal 1 waiting", shot="table-waiting") as page:
        assert page.locator(CONFIRM % 1).count() == 1
    confirm(ceci, 1, shot="table-confirmed")
    with aino.step("sees deal 1 counted") as page:
        journey.expect(
            totals(page) == [8, 0], "table 1", f"deal 1 not counted: {totals(page)}"
        )
    enter_rami(ceci, 2, declarer=0, tricks=7)
    with aino.step("sees deal 2 waiting") as page:
        journey.expect(
            page.locator(CONFIRM % 2).count() == 1,
            "table 1",
            "Aino's phone does not show deal 2 waiting for her",
        )
    confirm(aino, 2)

    # -- table 2: a refused confirmation, its reason on the phone ---------------
    enter_rami(eino, 1, declarer=1, tricks=9)
    with heikki.step("tries to confirm deal 1", shot="refused-confirmation") as page:
        offered = page.locator(CONFIRM % 1)
        if offered.count():
            # The page offers Confirm to Fanni's seat: tapped, it is refused.
            heikki.submit(offered.locator("button"))
        # Refused, or not offered with the reason beside the deal: either way the
        # phone says that a player of the other side confirms it.
        shown = " ".join(
            page.locator("[role=alert], .messages, #pending-why").all_inner_texts()
        )
        journey.expect(
            OTHER_SIDE in shown,
            "table 2",
            f"the phone does not say why it may not confirm: {shown!r}",
        )
        journey.expect(
            totals(page) == [0, 0], "table 2", "a same-side confirmation counted"
        )
    with heikki.step("is Heikki") as page:
        if page.locator("#change-seat summary").count():
            page.locator("#change-seat summary").tap()
        heikki.submit(page.locator("#table-link-seats a", has_text="Heikki"))
    confirm(heikki, 1)

    # -- the poker table: two hands, Outi scores them ----------------------------
    with outi.step("opens the poker table") as page:
        outi.goto(f"/matches/{poker}/")
        page.wait_for_selector("#sheet")
    play_poker_hand(outi, 1, [5, 5, 5], winner=0)
    play_poker_hand(outi, 2, [2, 2, 2], winner=1, shot="poker")
    with outi.step("reads the chips") as page:
        journey.expect(
            totals(page) == [108, 99, 93], "poker", f"the chips: {totals(page)}"
        )

    # -- every table ended by itself --------------------------------------------
    for phone in (aino, eino):
        with phone.step("sees the match over") as page:
            status = page.locator(".sheet-head .badge").first.inner_text()
            journey.expect(
                page.locator("#enter-deal").count() == 0 and status == "päättynyt",
                phone.who,
                f"the table's match did not end by itself at its target: {status}",
            )
    ended = dict(Match.objects.filter(club_id=club_id).values_list("pk", "status"))
    journey.expect(
        ended == dict.fromkeys((table_1, table_2, poker), MatchStatus.FINISHED),
        "database",
        f"the matches did not end by themselves: {ended}",
    )

    # -- Tiina's evening: the three tables, a transfer paid, the CSV ------------
    with tiina.step("opens the club") as page:
        tiina.goto(f"/clubs/{club_id}/")
    with tiina.step("opens the evenings") as page:
        tiina.submit(f"a[href='/clubs/{club_id}/evenings/']")
    with tiina.step("opens the evening") as page:
        page.fill("#evening-name", EVENING)
        page.fill("#evening-currency", "EUR")
        tiina.submit("#new-evening button[type=submit]")
    with tiina.step("adds the night's tables", shot="evening") as page:
        tiina.submit("#collect-day")
    with tiina.step("marks the first transfer paid", shot="evening-paid") as page:
        tiina.submit("form[action*='/paid/'] button")
    session = Session.objects.get(club_id=club_id)
    held = set(session.links.values_list("match_id", flat=True))
    journey.expect(
        held == {table_1, table_2, poker},
        "database",
        f"the evening holds {held}, not the three tables",
    )
    with tiina.step("downloads the CSV") as page:
        finnish, english = tiina.download("a[href$='settlement.csv']")
    for text in csv_english_left(finnish, english, journey):
        journey.found("settlement.csv", f"English in the Finnish CSV: {text!r}")

    # -- the database: seats, totals, the evening's money -----------------------
    seatless = list(
        DealRevision.objects.filter(via="table_link", seat__isnull=True).values_list(
            "deal__match_id", "deal__number", "kind"
        )
    )
    journey.expect(
        seatless == [], "database", f"table-link deals without a seat: {seatless}"
    )
    by_hand = ended_by_hand(Match.objects.filter(club_id=club_id))
    journey.expect(by_hand == {}, "database", f"not ended by the rules: {by_hand}")
    assert Match.objects.get(pk=table_1).totals == [12, 0]
    assert Match.objects.get(pk=table_2).totals == [0, 12]
    assert Match.objects.get(pk=poker).totals == [108, 99, 93]

    sheet = session_sheet_get(
        session.created_by if hasattr(session, "created_by") else None, session.pk
    )
    settled = {row["name"]: row["settled"] for row in sheet["balances"]}
    per_member = {"Aino": 60, "Bertta": 60, "Ceci": -60, "Dora": -60}
    per_member |= {"Eino": -120, "Fanni": -120, "Heikki": 120, "Iida": 120}
    per_member |= {"Outi": 8, "Tiina": -1, "Pekka": -7}
    assert settled == per_member
    assert len(sheet["payments"]) == 1
    paid_at = timezone.localtime(sheet["payments"][0]["marked_at"])
    journey.expect(
        paid_at.strftime("%H.%M") in finnish or paid_at.strftime("%H:%M") in finnish,
        "settlement.csv",
        f"the payment's time is not Helsinki's {paid_at:%H.%M}: {finnish!r}",
    )
    journey.finish()
