"""The club's people and the way around, in Chromium on a phone-sized screen.

The ``page`` fixture of :mod:`tests.scoring.test_browser` (here with Sami as club
admin) fails a test on any console error, uncaught exception or failed request
(a 4xx/5xx answer or a network failure, the favicon included) of any page it opens.
The Canasta card picker's TypeError is caught by that module's Canasta test.
"""

# The fixtures browser and page come from test_browser; tests take them by name.
# ruff: noqa: F811

from __future__ import annotations

import os
import re

import pytest

import tests.money_service.testgames  # noqa: F401  (registers the tally test game)
from money import services as money_services
from scoring import services
from scoring.models import Match, Membership, Player, Role
from tests.money_service.conftest import play
from tests.scoring.factories import ClubFactory, member
from tests.scoring.test_browser import (  # noqa: F401  (fixtures: browser, page)
    browser,
    no_sideways_scroll,
    page,
    shot,
)
from tests.tournaments.conftest import play_round
from tournaments import services as t_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def table(db):
    club = ClubFactory(name="Kortti", slug="kortti")
    admin = member(club, Role.ADMIN, "Sami")
    others = [member(club, Role.MEMBER, name) for name in ("Olli", "Cia", "Dan")]
    return club, admin, others


def login_as(page, live_server, user) -> None:
    page.context.clear_cookies()
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", "pw")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/clubs/$"))


def cells(page, selector: str) -> list[str]:
    loc = page.locator(selector)
    return [loc.nth(i).inner_text() for i in range(loc.count())]


def test_rename_a_player(page, table, live_server):
    club, _sami, (olli, _cia, _dan) = table
    page.goto(f"{live_server.url}/clubs/{club.pk}/")
    page.click("text=Players")
    page.click(f"a[href='/clubs/{club.pk}/players/{olli.pk}/edit/']")
    page.fill("input[name=display_name]", "Olli Otava")
    page.fill("input[name=short_name]", "OO")
    page.click("#rename-player button[type=submit]")
    page.wait_for_url(re.compile(r"/players/$"))
    assert "Olli Otava" in page.inner_text(".cards-list")
    no_sideways_scroll(page)


def test_merge_duplicates_keeps_every_total(page, table, live_server):
    """ "Olli" and "olli": a money match, a tournament; merged on the page, every
    sheet, the standings and the settlement read the same totals."""
    club, sami, (olli, cia, _dan) = table
    twin = services.player_add(
        club=club, display_name="olli", allow_duplicate=True, by=sami.user
    )
    m1 = play(club, sami.user, [twin, cia], [30, -30])
    m2 = play(club, sami.user, [olli, cia], [-10, 10])
    for m in (m1, m2):
        money_services.match_settle(match=m, by=sami.user)
    tournament = t_services.tournament_create(
        club=club, name="Night", game="sleazy", format="round_robin", by=sami.user
    )
    t_services.entries_add(tournament=tournament, names="olli\nCia", by=sami.user)
    round_ = t_services.round_generate(stage=tournament.stages.get(), by=sami.user)
    play_round(
        round_, sami.user, lambda t: [{"mode": "totals", "points": [100, 25]}] * 4
    )
    t_services.tournament_publish(tournament=tournament, by=sami.user)

    def read_all():
        out = []
        for m in (m1, m2):
            page.goto(f"{live_server.url}/matches/{m.pk}/")
            out.append(cells(page, "#totals td.total"))
            page.goto(f"{live_server.url}/settlements/match/{m.pk}/")
            out.append(page.inner_text("table >> nth=0").count("\n"))
            out.append(cells(page, "table >> nth=0 >> tbody td:nth-child(2)"))
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
        out.append(page.inner_text("#standings table"))
        return out

    before = read_all()
    page.goto(f"{live_server.url}/clubs/{club.pk}/players/")
    page.select_option("select[name=merge-keep]", str(olli.pk))
    page.select_option("select[name=merge-merge]", str(twin.pk))
    page.click("#merge-players button[type=submit]")
    page.click("#merge-confirm button[type=submit]")  # what moves, then confirm
    page.wait_for_selector(".messages")
    assert "merged into Olli" in page.inner_text(".messages")
    assert not Player.objects.filter(pk=twin.pk).exists()
    after = read_all()
    # Names change where the duplicate stood ("olli" → "Olli"); no number does.
    assert [str(x).replace("olli", "Olli") for x in after] == [
        str(x).replace("olli", "Olli") for x in before
    ]


def test_one_account_in_two_clubs_its_page_rating_and_ranking(page, table, live_server):
    club, sami, (olli, cia, dan) = table
    other = ClubFactory(name="Pata", slug="pata")
    Membership.objects.create(club=other, player=sami, role=Role.ADMIN)
    page.goto(f"{live_server.url}/clubs/{other.pk}/players/")
    page.fill("input[name=acc-username]", olli.user.username)
    page.click("#add-account button[type=submit]")
    page.wait_for_selector(".messages")
    # An invitation, not a direct add: Olli joins when Olli accepts it.
    assert "If an account with this username exists" in page.inner_text(".messages")
    login_as(page, live_server, olli.user)
    page.goto(f"{live_server.url}/me/games/")
    page.click("#pending-invitations button[value=accept]")
    page.wait_for_selector(".messages")
    assert Membership.objects.filter(club=other, player=olli).exists()
    free = dict(point_value=None, currency="")
    play(club, sami.user, [olli, cia], [5, 1], **free)
    play(other, sami.user, [olli, sami], [2, 4], **free)
    page.goto(f"{live_server.url}/players/{olli.pk}/")
    listed = page.inner_text("#player-matches")
    assert "Kortti" in listed and "Pata" in listed
    rating = page.locator("#ratings td.total").first.inner_text()
    play(club, sami.user, [olli, dan], [9, 0], **free)
    play(club, sami.user, [cia, dan], [9, 0], **free)
    page.reload()
    assert page.locator("#ratings td.total").first.inner_text() != rating
    shot(page, "player-page")
    no_sideways_scroll(page)
    page.goto(f"{live_server.url}/clubs/{club.pk}/ratings/")
    values = [float(v) for v in cells(page, "#ranking td.total")]
    assert len(values) == 3 and values == sorted(values, reverse=True)
    shot(page, "ranking-list")
    no_sideways_scroll(page)


def test_the_csv_and_the_sheet_show_the_same_local_time(page, table, live_server):
    club, sami, (olli, _cia, _dan) = table
    match = play(club, sami.user, [sami, olli], [3, 1], point_value=None, currency="")
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    shown = page.locator("#started")
    csv = page.request.get(f"{live_server.url}/matches/{match.pk}/sheet.csv").text()
    assert f"started {shown.get_attribute('datetime')}" in csv
    assert shown.get_attribute("datetime").startswith(
        shown.inner_text().replace(" ", "T")
    )
    assert Match.objects.get(pk=match.pk).club.time_zone == "Europe/Helsinki"


def test_the_way_around_opens_without_errors(page, table, live_server):
    """Header, club page, players, search, ranking, tournaments, money: every page
    opens without a console error or a failed request."""
    club, sami, _others = table
    page.goto(f"{live_server.url}/clubs/{club.pk}/")
    for link in ("Matches", "Tournaments", "Money"):
        page.click(f"header >> text={link}")
        page.wait_for_load_state()
    for path in ("players/", "search/?q=ol", "ratings/"):
        page.goto(f"{live_server.url}/clubs/{club.pk}/{path}")
    page.goto(f"{live_server.url}/tournaments/?club={club.pk}")
    page.goto(f"{live_server.url}/players/{sami.pk}/")
    assert page.problems == []
