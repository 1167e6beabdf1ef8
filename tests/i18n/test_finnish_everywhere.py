"""Issue 19 item 4: Finnish "throughout: every page, form label, help text, email
and error message". The detector of :mod:`tests.scoring.finnish` (the page in
English and in Finnish; a visible text the two share must be a name or a word of
both languages) over every page a club uses, in the world of
:mod:`tests.i18n.finnish_world`. The sheet, the deal form, a rule error, a
correction, a new match and the standings are :mod:`tests.scoring.test_finnish_pages`.
"""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation

from config.security import lockout_response
from scoring import selectors
from tests.i18n.finnish_world import club_world
from tests.scoring.finnish import english_left, visible_texts
from tournaments.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(db):
    return club_world()


def _urls(world) -> dict[str, tuple[str, int]]:
    """Each page by name: its address and the status it answers with."""
    club = world.club.pk
    aino = world.admin.pk
    cup, event = world.cup.pk, world.event.pk
    first = world.cup_entries[0].pk
    stake = world.stake_matches[0]
    finished_link = selectors.table_link_get(stake)
    team = world.event.entries.order_by("pk").first().pk
    league_table = Table.objects.filter(round__stage__tournament=world.event).get()
    return {
        # the club and its people
        "club list": (reverse("scoring:clubs"), 200),
        "club page": (reverse("scoring:club", args=[club]), 200),
        "players": (reverse("scoring:players", args=[club]), 200),
        "a player's page": (reverse("scoring:player", args=[aino]), 200),
        "player edit": (reverse("scoring:player-edit", args=[club, aino]), 200),
        "search": (reverse("scoring:search", args=[club]) + "?q=ai", 200),
        "ranking": (reverse("scoring:ranking", args=[club]), 200),
        "my games": (reverse("scoring:my-games"), 200),
        "matches": (reverse("scoring:matches"), 200),
        # invitations and table links
        "invitations": (reverse("scoring:invitations", args=[club]), 200),
        "an invitation": (
            reverse("scoring:invitation", args=[club, world.invitation.pk]),
            200,
        ),
        "table link": (reverse("scoring:table-link", args=[world.match.pk]), 200),
        "table-link sheet": (
            reverse("scoring:table", args=[selectors.table_link_get(world.match)]),
            200,
        ),
        "table link gone": (reverse("scoring:table", args=[finished_link]), 410),
        "club table cards": (reverse("scoring:club-table-cards", args=[club]), 200),
        "round table cards": (
            reverse("tournaments:table-cards", args=[cup, world.cup_round.pk]),
            200,
        ),
        # tournaments
        "tournaments": (reverse("tournaments:list"), 200),
        "new tournament": (reverse("tournaments:new"), 200),
        "cup manage": (reverse("tournaments:manage", args=[cup]), 200),
        "league manage": (reverse("tournaments:manage", args=[event]), 200),
        "cup public": (reverse("tournaments:public", args=[cup]), 200),
        "an entry": (reverse("tournaments:entry", args=[cup, first]), 200),
        "rotation manage": (
            reverse("tournaments:manage", args=[world.rotation.pk]),
            200,
        ),
        "a team's page": (reverse("tournaments:entry", args=[event, team]), 200),
        "table correction": (
            reverse("tournaments:table-correct", args=[event, league_table.pk])
            + "?deal=1",
            200,
        ),
        "room": (reverse("tournaments:room", args=[event]), 200),
        # money
        "settlements": (reverse("money:index"), 200),
        "a match's settlement": (reverse("money:sheet", args=["match", stake.pk]), 200),
        "an evening's settlement": (
            reverse("money:sheet", args=["session", world.evening.pk]),
            200,
        ),
        "evenings": (reverse("money:evenings", args=[club]), 200),
        # the games' own texts
        "home": (reverse("home"), 200),
        "ends board": (reverse("scoring:sheet", args=[world.curling.pk]), 200),
        "darts sheet": (reverse("scoring:sheet", args=[world.darts.pk]), 200),
        "darts form": (reverse("scoring:deal-new", args=[world.darts.pk]), 200),
        "canasta form": (reverse("scoring:deal-new", args=[world.canasta.pk]), 200),
    }


def _pages(client, world, language) -> dict[str, str]:
    """Each page as ``language`` reads it: the reader's cookie (the switch), as
    the club's default is Finnish."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.force_login(world.admin.user)
    pages = {}
    for name, (url, status) in _urls(world).items():
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == status, (name, response.status_code)
        pages[name] = response.content.decode()
    client.logout()
    for name, url in {
        "login": reverse("login"),
        "accept an invitation": reverse(
            "scoring:invitation-accept", args=[world.invitation.token]
        ),
    }.items():
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, (name, response.status_code)
        pages[name] = response.content.decode()
    pages["lockout"] = _lockout(language)
    return pages


def _lockout(language) -> str:
    """The page django-axes answers a locked-out login with."""
    request = RequestFactory().post(reverse("login"))
    request.user = AnonymousUser()
    with translation.override(language):
        response = lockout_response(request)
    assert response.status_code == 429
    return response.content.decode()


def test_every_page_of_the_club_shows_no_english(client, world):
    english = _pages(client, world, "en")
    finnish = _pages(client, world, "fi")
    left = {
        name: english_left(english[name], finnish[name], world.allowed, world.phrases)
        for name in english
    }
    left = {name: texts for name, texts in left.items() if texts}
    assert left == {}, "English on the Finnish pages:\n" + json.dumps(
        left, ensure_ascii=False, indent=1
    )


def test_the_pages_read_in_finnish(client, world):
    """A few sentences each page must say in Finnish (the detector only sees what
    differs; these are what the pages are for)."""
    pages = {
        name: visible_texts(html) for name, html in _pages(client, world, "fi").items()
    }
    assert pages["home"]
