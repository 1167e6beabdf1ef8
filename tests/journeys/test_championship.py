"""Issue 33, "Done when" (b): a championship evening, end to end at a person's pace.

Outi directs a Swiss of eight entries over three rounds (Hex: one game a table, its
winner entered from the table's phone). She creates the tournament on her phone,
adds the entries, publishes it and pairs round 1. At each of the four tables a
phone with no account opens the table's link from the printed table card, says
whose phone it is and enters the game's winner; nobody finishes a match by hand:
a decided match ends by itself. A spectator's phone shows the standings and another
shows the room screen: both change without a reload as the results come in. When
every table of a round has ended, Outi locks the round and pairs the next.

Every step waits :data:`tests.journeys.harness.PACE` seconds and is checked (no
sideways scroll, no console error, no English, no WCAG 2.1 AA violation); at the
end the database holds twelve matches, every one ended by itself, every result
entered through a table link with its seat, and the standings' points are the wins.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.journeys.harness import SMALL, TALL, Journey, ended_by_hand

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
EVENT = "Syysturnaus"
ENTRIES = ("Aino", "Bertta", "Ceci", "Dora", "Eino", "Fanni", "Heikki", "Iida")
PASSWORD = "Kortit-pöytään-33"
ROUNDS = 3
#: Not reloaded since it was opened: a mark the page keeps until it is reloaded.
MARK = "window.__journeyMark"


@pytest.fixture
def journey(browser, live_server):
    journey = Journey(browser, live_server, "championship")
    yield journey
    journey.close()


def act(phone, title: str, button: str, shot=None) -> None:
    """A director's button on the tournament's manage page."""
    with phone.step(title, shot=shot) as page:
        phone.submit(f"button[name=action][value={button}]")
        errors = page.locator(".messages .error, [role=alert]").all_inner_texts()
        assert not errors, f"{title}: {errors}"


def table_links(phone) -> list[str]:
    """The round's table cards (what the director prints): each table's link."""
    with phone.step("opens the table cards") as page:
        phone.submit("#table-cards-link")
        links = [u.strip() for u in page.locator(".table-card-url").all_inner_texts()]
    phone.goto(phone.journey.url + MANAGE)
    return links


MANAGE = ""  # the manage page's path, set once the tournament exists


def play_table(journey, phone, link: str, number: int, shot=None) -> str:
    """The table's phone: the link, whose phone it is (the first seat's player),
    the game's winner (that player). The winner's name."""
    with phone.step(f"opens table {number}'s link and taps a name") as page:
        phone.goto(link)
        page.wait_for_selector("#sheet")
        phone.look(f"table {number}'s link")
        seats = page.locator("#table-link-seats a")
        winner = seats.first.inner_text().strip()
        phone.submit(seats.first)
        journey.expect(
            page.locator("#chosen-seat").count() == 1,
            phone.who,
            "the table's page does not say whose phone it is",
        )
    with phone.step("opens the result's form") as page:
        phone.submit("#enter-deal")
        page.wait_for_selector("#save-deal")
    with phone.step(f"enters {winner} as the winner", shot=shot) as page:
        page.locator("label:has(input[name=winner][value='0'])").first.tap()
        phone.submit("#save-deal")
        page.wait_for_selector("#sheet")
    return winner


def played(page) -> dict[str, int]:
    """The standings as the page shows them: each entry's games played."""
    rows = page.locator(".room-standings tbody tr, #standings tbody tr")
    shown = {}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td").all_inner_texts()
        shown[cells[1].strip()] = int(cells[2])
    return shown


def test_a_championship_evening(journey, live_server):
    global MANAGE
    from scoring.models import DealRevision, Match, MatchStatus
    from tournaments.models import Tournament
    from tournaments.selectors.standings import standings_data_get

    get_user_model().objects.create_user("outi", password=PASSWORD, first_name="Outi")
    journey.allow(CLUB, EVENT, "Outi", "outi", "Hex", *ENTRIES)
    outi = journey.phone("Outi", TALL)
    outi.login("outi", PASSWORD)
    with outi.step("opens the club") as page:
        outi.goto("/clubs/")
        page.fill("#club-name", CLUB)
        outi.submit("form:has(#club-name) button[type=submit]")

    # -- the tournament: a Swiss of eight, three rounds --------------------------
    with outi.step("opens a new tournament") as page:
        outi.goto("/tournaments/new/")
    with outi.step("creates the Swiss", shot="new") as page:
        page.fill("input[name=name]", EVENT)
        page.select_option("select[name=game]", "hex")
        page.select_option("select[name=format]", "swiss")
        page.fill("input[name='swiss.rounds']", str(ROUNDS))
        outi.submit("form:has(input[name=name]) button.primary")
        event = Tournament.objects.get(name=EVENT)
        journey.allow(event.stages.get().name)  # the stage's name, as Outi's form kept
    MANAGE = f"/tournaments/{event.pk}/manage/"
    with outi.step("adds the eight entries") as page:
        outi.goto(MANAGE)
        page.fill("textarea[name=names]", "\n".join(ENTRIES))
        outi.submit("button[name=action][value=entries]")
    act(outi, "publishes", "publish")

    # -- the room screen and a spectator's standings, never reloaded -------------
    screen = journey.phone("Room screen", TALL)
    spectator = journey.phone("Spectator", SMALL)
    with screen.step("opens the room screen") as page:
        screen.goto(f"/tournaments/{event.pk}/room/")
        page.evaluate(f"{MARK} = true")
    with spectator.step("opens the standings") as page:
        spectator.goto(f"/tournaments/{event.pk}/")
        page.evaluate(f"{MARK} = true")

    tables = [journey.phone(f"Table {n}", (SMALL, TALL)[n % 2]) for n in range(1, 5)]
    wins: dict[str, int] = dict.fromkeys(ENTRIES, 0)
    for number in range(1, ROUNDS + 1):
        act(outi, f"pairs round {number}", "generate", shot=f"round-{number}-pairs")
        act(outi, f"starts round {number}", "start")
        links = table_links(outi)
        assert len(links) == 4, links
        for n, (phone, link) in enumerate(zip(tables, links, strict=True), 1):
            shot = "table-result" if (number, n) == (1, 1) else None
            wins[play_table(journey, phone, link, n, shot=shot)] += 1
        for phone, name in ((screen, "room"), (spectator, "standings")):
            with phone.step(f"sees round {number}'s results", shot=f"{name}-{number}"):
                journey.expect(
                    phone.page.evaluate(MARK) is True, phone.who, "the page reloaded"
                )
                shown = played(phone.page)
                journey.expect(
                    shown == dict.fromkeys(ENTRIES, number),
                    phone.who,
                    f"round {number}'s results are not on the page without a "
                    f"reload: played {shown}",
                )
        ended = list(
            Match.objects.filter(tournament_table__round__number=number)
            .exclude(status=MatchStatus.FINISHED)
            .values_list("pk", flat=True)
        )
        journey.expect(
            ended == [], "database", f"round {number}: matches still open: {ended}"
        )
        act(outi, f"locks round {number}", "lock")

    # -- the database: twelve matches ended by themselves, results by table link ---
    matches = Match.objects.filter(club__name=CLUB)
    assert matches.count() == 4 * ROUNDS
    statuses = set(matches.values_list("status", flat=True))
    assert statuses == {MatchStatus.FINISHED}, statuses
    by_hand = ended_by_hand(matches)
    assert by_hand == {}, f"matches not ended by their rules alone: {by_hand}"
    revisions = DealRevision.objects.filter(deal__match__in=matches)
    assert set(revisions.values_list("via", flat=True)) == {"table_link"}
    seatless = list(
        revisions.filter(seat__isnull=True).values_list("deal__match_id", "kind")
    )
    journey.expect(seatless == [], "database", f"results without a seat: {seatless}")
    rows = standings_data_get(event)[0]["rows"]
    assert {row["name"]: row["played"] for row in rows} == dict.fromkeys(
        ENTRIES, ROUNDS
    )
    champion = [name for name, won in wins.items() if won == ROUNDS]
    assert len(champion) == 1 and rows[0]["name"] == champion[0], (rows, wins)
    journey.finish()
