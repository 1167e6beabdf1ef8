"""Which language a page speaks (scoring.language): the header's switch (the language
cookie) > the club's default on the club's pages > the browser's Accept-Language >
English. The API follows the cookie and Accept-Language only.

"Log in" is Finnish ("Kirjaudu sisään") in every catalogue Kirjuri ships, so these
tests do not depend on which of the pages' own texts are translated yet.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from scoring import services
from scoring.errors import DomainError, NotAllowed
from scoring.language import club_language_for
from scoring.table_links import table_token_make
from tests.scoring.factories import ClubFactory
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def speaks(response) -> str:
    """The page's ``<html lang>``, checked against its Content-Language."""
    html = response.content.decode()
    start = html.index('<html lang="') + len('<html lang="')
    lang = html[start : html.index('"', start)]
    assert response["Content-Language"] == lang
    return lang


def set_club_language(club, people, language: str) -> None:
    services.club_set_language(club=club, language=language, by=people.admin.user)


def test_a_reader_without_a_choice_reads_english(client):
    """No cookie, no Accept-Language (the test client): English."""
    page = client.get("/")
    assert speaks(page) == "en"
    assert "Log in" in page.content.decode()


def test_the_page_follows_the_browser(client):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="fi-FI,fi;q=0.9,en;q=0.5")
    assert speaks(page) == "fi"
    assert "Kirjaudu sisään" in page.content.decode()


def test_the_switch_sets_the_language_and_keeps_the_page(client):
    """The header's form posts to set_language and comes back to the same page."""
    page = client.get(reverse("tournaments:list"))
    html = page.content.decode()
    assert 'action="/i18n/setlang/"' in html
    assert 'name="language" value="fi"' in html and ">Suomi<" in html
    answer = client.post(
        "/i18n/setlang/", {"language": "fi", "next": reverse("tournaments:list")}
    )
    assert answer.status_code == 302
    assert answer["Location"] == reverse("tournaments:list")
    assert client.cookies[COOKIE].value == "fi"
    page = client.get(reverse("tournaments:list"), HTTP_ACCEPT_LANGUAGE="en")
    assert speaks(page) == "fi"
    assert "Kirjaudu sisään" in page.content.decode()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert speaks(client.get("/", HTTP_ACCEPT_LANGUAGE="fi")) == "en"


def test_the_club_default_applies_to_the_clubs_pages(client, club, people, match):
    """A reader whose browser asks for English reads a Finnish club's pages in
    Finnish: the club page, its match's sheet and deal form, its table link."""
    set_club_language(club, people, "fi")
    client.force_login(people.scorer.user)
    token = table_token_make(match.pk, 0)
    for url in (
        reverse("scoring:club", kwargs={"club_id": club.pk}),
        reverse("scoring:players", kwargs={"club_id": club.pk}),
        reverse("scoring:sheet", kwargs={"match_id": match.pk}),
        reverse("scoring:deal-new", kwargs={"match_id": match.pk}),
        reverse("scoring:table", kwargs={"token": token}),
    ):
        assert speaks(client.get(url, HTTP_ACCEPT_LANGUAGE="en")) == "fi", url
    # A page of no club keeps to the browser.
    assert speaks(client.get("/", HTTP_ACCEPT_LANGUAGE="en")) == "en"
    assert speaks(client.get(reverse("scoring:clubs"), HTTP_ACCEPT_LANGUAGE="en")) == (
        "en"
    )


def test_the_club_default_applies_to_its_tournaments(client, club, people):
    set_club_language(club, people, "fi")
    tournament = tournament_services.tournament_create(
        club=club,
        name="Syysturnaus",
        game="race-test",
        format="swiss",
        visibility="published",
        by=people.admin.user,
    )
    client.force_login(people.admin.user)
    for name in ("public", "room", "manage"):
        url = reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk})
        assert speaks(client.get(url, HTTP_ACCEPT_LANGUAGE="en")) == "fi", url


def test_a_blank_club_default_leaves_the_browser_to_decide(client, club, people):
    client.force_login(people.member.user)
    url = reverse("scoring:club", kwargs={"club_id": club.pk})
    assert speaks(client.get(url, HTTP_ACCEPT_LANGUAGE="fi")) == "fi"
    assert speaks(client.get(url, HTTP_ACCEPT_LANGUAGE="en")) == "en"


def test_the_cookie_wins_over_the_club_default(client, club, people, match):
    set_club_language(club, people, "fi")
    client.force_login(people.member.user)
    client.cookies[COOKIE] = "en"
    url = reverse("scoring:club", kwargs={"club_id": club.pk})
    assert speaks(client.get(url, HTTP_ACCEPT_LANGUAGE="fi")) == "en"
    set_club_language(club, people, "en")
    client.cookies[COOKIE] = "fi"
    assert speaks(client.get(url)) == "fi"


def test_the_api_follows_accept_language_not_the_club(api_client, club, people):
    set_club_language(club, people, "fi")
    api_client.force_authenticate(people.member.user)
    url = reverse("api:club-detail", kwargs={"club_id": club.pk})
    answer = api_client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200
    assert answer["Content-Language"] == "en"
    assert answer.json()["language"] == "fi"
    answer = api_client.get(url, HTTP_ACCEPT_LANGUAGE="fi")
    assert answer["Content-Language"] == "fi"


def test_the_club_language_costs_one_query_on_a_club_page_and_none_elsewhere(
    club, people, match, django_assert_num_queries
):
    set_club_language(club, people, "fi")
    with django_assert_num_queries(0):
        assert club_language_for("home", "", {}) == ""
        assert club_language_for("player", "scoring", {"player_id": 1}) == ""
        assert club_language_for("table", "scoring", {"token": "forged"}) == ""
    with django_assert_num_queries(1):
        assert club_language_for("club", "scoring", {"club_id": club.pk}) == "fi"
    with django_assert_num_queries(1):
        assert club_language_for("sheet", "scoring", {"match_id": match.pk}) == "fi"
    token = table_token_make(match.pk, 0)
    with django_assert_num_queries(1):
        assert club_language_for("table", "scoring", {"token": token}) == "fi"


def test_club_admins_set_the_language_on_the_club_page(client, club, people):
    client.force_login(people.admin.user)
    url = reverse("scoring:club", kwargs={"club_id": club.pk})
    page = client.get(url).content.decode()
    assert 'id="club-language"' in page and "browser decides" in page
    answer = client.post(url, {"action": "language", "language": "fi"})
    assert answer.status_code == 302
    club.refresh_from_db()
    assert club.language == "fi"
    client.post(url, {"action": "language", "language": ""})
    club.refresh_from_db()
    assert club.language == ""


def test_only_club_admins_set_the_language(client, club, people):
    with pytest.raises(NotAllowed):
        services.club_set_language(club=club, language="fi", by=people.scorer.user)
    with pytest.raises(DomainError) as raised:
        services.club_set_language(club=club, language="sv", by=people.admin.user)
    assert raised.value.code == "unknown_language"
    client.force_login(people.member.user)
    url = reverse("scoring:club", kwargs={"club_id": club.pk})
    assert 'id="club-language"' not in client.get(url).content.decode()
    answer = client.post(url, {"action": "language", "language": "fi"})
    assert answer.status_code == 403
    other = ClubFactory(language="fi")
    assert other.language == "fi"
    club.refresh_from_db()
    assert club.language == ""
