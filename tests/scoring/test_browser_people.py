"""People at the tables, in Chromium on a phone-sized screen (390 × 844): a table
link opened in a fresh browser with no account scores a deal; two phones of a
double-entry match enter and confirm a deal; an invitation accepted in a fresh
browser makes an account linked to its player; the director's table cards. With
``KIRJURI_SCREENSHOTS=docs/screenshots`` the pages are saved as PNG (the
invitation, a table card, the table link's sheet).
"""

# The fixtures browser and page come from test_browser; tests take them by name.
# ruff: noqa: F811

from __future__ import annotations

import os
import re

import pytest

from scoring import selectors, services
from scoring.models import DealRevision, Membership, Player, Role
from tests.scoring.browser import post_form
from tests.scoring.factories import ClubFactory, member, race_match
from tests.scoring.test_browser import (  # noqa: F401  (fixtures: browser, page)
    PHONE,
    browser,
    no_sideways_scroll,
    page,
    shot,
    watch,
)
from tournaments import services as t_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def table(db):
    """Kortti with Sami (club admin, who is signed in by ``page``) and three
    members."""
    club = ClubFactory(name="Kortti", slug="kortti")
    admin = member(club, Role.ADMIN, "Sami")
    others = [member(club, Role.MEMBER, name) for name in ("Olli", "Cia", "Dan")]
    return club, admin, others


def fresh(browser):
    """A new browser context on a phone: no cookies, no account."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.set_default_timeout(15_000)
    phone.problems = watch(phone)
    return context, phone


def test_a_table_link_in_a_fresh_browser_scores_a_deal(
    page, browser, table, live_server
):
    club, sami, (olli, _cia, _dan) = table
    match = race_match(club, sami.user, [sami, olli])
    token = selectors.table_link_get(match)
    context, phone = fresh(browser)
    try:
        phone.goto(f"{live_server.url}/t/{token}/")
        assert "Log in" in phone.inner_text("header")  # no account here
        phone.click("#table-link-seats a[data-seat='1']")
        phone.wait_for_url(re.compile(r"\?seat=1$"))
        assert phone.inner_text("#chosen-seat") == "Olli"
        phone.click("#enter-deal")
        phone.fill("input[name=points]", "12 5")
        post_form(phone)
        phone.wait_for_url(re.compile(rf"/t/{re.escape(token)}/\?seat=1$"))
        totals = phone.locator("#totals td.total").all_inner_texts()
        assert totals == ["12", "5"]
        shot(phone, "table-link-sheet")
        no_sideways_scroll(phone)
        revision = DealRevision.objects.get(deal__match=match)
        assert (revision.via, revision.seat, revision.by_id) == ("table_link", 1, None)
        # The link opens that match only: its own sheet needs an account.
        phone.goto(f"{live_server.url}/matches/{match.pk}/")
        assert "/accounts/login/" in phone.url
        assert phone.problems == []
    finally:
        context.close()


def test_two_phones_enter_and_confirm_a_double_entry_deal(
    page, browser, table, live_server
):
    club, sami, (olli, _cia, _dan) = table
    match = race_match(club, sami.user, [sami, olli], double_entry=True)
    link = f"{live_server.url}/t/{selectors.table_link_get(match)}/"
    first, phone_a = fresh(browser)
    second, phone_b = fresh(browser)
    try:
        phone_a.goto(link + "?seat=0")
        phone_a.click("#enter-deal")
        phone_a.fill("input[name=points]", "20 7")
        post_form(phone_a)
        phone_a.wait_for_url(re.compile(r"\?seat=0$"))
        assert "waiting for a player of the other side" in phone_a.inner_text(
            ".messages"
        )
        phone_b.goto(link + "?seat=1")
        phone_b.click("#confirm-deal")
        phone_b.wait_for_url(re.compile(r"\?seat=1$"))
        assert "Deal 1 confirmed." in phone_b.inner_text(".messages")
        assert phone_b.locator("#totals td.total").all_inner_texts() == ["20", "7"]
        assert phone_a.problems == [] and phone_b.problems == []
    finally:
        first.close()
        second.close()
    kinds = list(
        DealRevision.objects.filter(deal__match=match).values_list("kind", "seat")
    )
    assert kinds == [("entered", 0), ("confirmed", 1)]


def test_an_accepted_invitation_creates_a_linked_account(
    page, browser, table, live_server
):
    club, sami, _others = table
    veera = services.player_add(
        club=club, display_name="Veera", guest=True, by=sami.user
    )
    page.goto(f"{live_server.url}/clubs/{club.pk}/")
    page.click("#invitations-link")
    page.select_option("select[name=role]", "scorer")
    page.select_option("select[name=player]", str(veera.pk))
    page.click("#make-invitation")
    page.wait_for_url(re.compile(r"/invitations/\d+/$"))
    url = page.input_value("#invitation-url")
    assert page.locator("#invitation-qr").is_visible()
    shot(page, "invitation")
    no_sideways_scroll(page)

    context, phone = fresh(browser)
    try:
        phone.goto(url)
        assert "playing as Veera" in phone.inner_text("main")
        phone.fill("input[name=username]", "veera")
        phone.fill("input[name=password1]", "Pitkä salasana 7")
        phone.fill("input[name=password2]", "Pitkä salasana 7")
        shot(phone, "invitation-accept")
        phone.click("#accept")
        phone.wait_for_url(re.compile(r"/me/games/$"))
        assert "veera" in phone.inner_text("header")
        assert "As Veera" in phone.inner_text("#tally")
        assert phone.problems == []
    finally:
        context.close()
    veera = Player.objects.get(pk=veera.pk)
    assert veera.user is not None and veera.user.username == "veera"
    membership = Membership.objects.get(club=club, player=veera)
    assert (membership.role, membership.is_guest) == (Role.SCORER, False)


def test_the_director_prints_table_cards(page, table, live_server):
    club, sami, _others = table
    tournament = t_services.tournament_create(
        club=club, name="Syysturnaus", game="sleazy", format="swiss", by=sami.user
    )
    t_services.entries_add(
        tournament=tournament, names="Aino\nBertta\nCiri\nDaavid", by=sami.user
    )
    round_ = t_services.round_generate(stage=tournament.stages.get(), by=sami.user)
    t_services.round_start(round=round_, by=sami.user)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/manage/")
    page.click("#table-cards-link")
    page.wait_for_url(re.compile(r"/cards/$"))
    cards = page.locator("[data-table-card]")
    assert cards.count() == 2
    first = cards.nth(0)
    assert first.locator("h2").inner_text() == "Table 1"
    assert first.locator("img.table-card-qr").evaluate("i => i.naturalWidth") > 0
    shot(page, "table-card", "[data-table-card] >> nth=0")
    # Printed: one card a page, the buttons hidden.
    page.emulate_media(media="print")
    assert page.locator("button[data-print]").is_hidden()
    breaks = first.evaluate("c => getComputedStyle(c).breakAfter")
    assert breaks == "page"
