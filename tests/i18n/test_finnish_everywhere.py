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
        "a game's ranking": (
            reverse("scoring:ranking", args=[club]) + "?game=tuppi",
            200,
        ),
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
        # A finished match's table link shows its final sheet; it takes no deals.
        "table link, final sheet": (
            reverse("scoring:table", args=[finished_link]),
            200,
        ),
        "table link gone": (
            reverse("scoring:table-deal-new", args=[finished_link]),
            410,
        ),
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
        "duplicate manage": (
            reverse("tournaments:manage", args=[world.duplicate.pk]),
            200,
        ),
        "duplicate public": (
            reverse("tournaments:public", args=[world.duplicate.pk]),
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
        # the tile pad and Mah Jong's winds, the dart pad's keys, Killeri's draw
        "mahjong form": (reverse("scoring:deal-new", args=[world.mahjong.pk]), 200),
        "mahjong sheet": (reverse("scoring:sheet", args=[world.mahjong.pk]), 200),
        "killeri form": (reverse("scoring:deal-new", args=[world.killeri.pk]), 200),
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
    # the signup refused: the password rules and the errors beside the fields
    response = client.post(
        reverse("scoring:invitation-accept", args=[world.invitation.token]),
        {"username": "uusi", "password1": "12", "password2": "13"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400, response.status_code
    pages["signup refused"] = response.content.decode()
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


def shows(texts: set[str], sentence: str) -> bool:
    return any(sentence in text for text in texts)


#: The walkover's note, as the round stores it (English) and as a Finnish
#: director reads it.
WALKOVER = (
    "W1-1: Lahna withdrew (sairas); Kuha advances without a game (walkover); "
    "table 1 of round 1 removed"
)
WALKOVER_FI = (
    "W1-1: Lahna vetäytyi (sairas); Kuha etenee pelaamatta (luovutusvoitto); "
    "kierroksen 1 pöytä 1 poistettu"
)


def test_the_pages_read_in_finnish(client, world):
    """What the detector cannot see (a sentence that differs but still holds an
    English word) read on the pages themselves: the texts put together from
    pieces — the walkover's note, the round's plain text, the bracket's words,
    the rotation's summary, a settlement's members — and the values shown from
    data (outcomes, states, roles, the deck, the games' names)."""
    pages = {
        name: visible_texts(html) for name, html in _pages(client, world, "fi").items()
    }
    assert "Kanasta" in pages["home"]
    # issue 33 item 6: the pads' and the games' words in a Finnish player's
    assert {"Tupla", "Tripla", "Arvonta"} <= pages["killeri form"]
    assert not {"Kahdennus", "Kolmoispeli", "Tasapeli"} & pages["killeri form"]
    assert shows(pages["mahjong sheet"], "Itätuuli")
    signup = pages["signup refused"]
    assert shows(signup, "Salasana on liian lyhyt")
    assert shows(signup, "Salasanasi ei voi olla kokonaan numeerinen.")
    assert not shows(signup, "password1")
    assert {"voitto", "kesken"} <= pages["my games"]
    assert "voimassa" in pages["invitations"]
    assert shows(pages["an invitation"], "jäsen")
    assert WALKOVER_FI in pages["cup public"]
    assert {"Voittaja W1-2", "W1-1 · luovutusvoitto"} <= pages["cup public"]
    assert shows(pages["cup manage"], "Kierros 1 huom.: " + WALKOVER_FI)
    assert shows(
        pages["cup manage"],
        "W1-2 (voittajien kaavio, kierros 1): sijoitus 2 vs sijoitus 3",
    )
    assert shows(
        pages["rotation manage"],
        "5 pelaajaa 1 pöydässä: yksi pelaaja on sivussa joka kierroksella, kukin "
        "kerran. 5 kierroksella: 0 toistuvaa paria",
    )
    assert shows(pages["rotation manage"], "Ei pelaa: ")
    assert shows(
        pages["an evening's settlement"],
        "Jäsentä kohden: Ceci ja Dora maksavat kukin 6,00 EUR; Aino ja Bertta "
        "saavat kukin 6,00 EUR.",
    )
    assert "tilitetty" in pages["a match's settlement"]
    assert "2/8" in pages["ends board"]
    assert shows(pages["canasta form"], "2 × 54 korttia (kussakin 2 jokeria)")
    assert shows(pages["cup manage"], "tasapisteiden ratkaisu: ")


def test_english_is_as_before(client, world):
    pages = {
        name: visible_texts(html) for name, html in _pages(client, world, "en").items()
    }
    assert WALKOVER in pages["cup public"]
    assert {"W of W1-2", "W1-1 · walkover"} <= pages["cup public"]
    assert shows(pages["cup manage"], "Round 1 note: " + WALKOVER)
    assert shows(
        pages["cup manage"], "W1-2 (winners bracket, round 1): seed 2 v seed 3"
    )
    assert shows(
        pages["an evening's settlement"],
        "Per member: Ceci and Dora each pay 6.00 EUR; Aino and Bertta each "
        "receive 6.00 EUR.",
    )
    assert {"won", "in progress"} <= pages["my games"]
    assert "2 of 8" in pages["ends board"]


def test_the_score_sheet_csv_heads_in_the_readers_language(client, world):
    client.force_login(world.admin.user)
    url = reverse("scoring:sheet-csv", args=[world.match.pk])
    heads = {}
    for language in ("en", "fi"):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        # UTF-8 with a byte order mark (config.spreadsheet): Excel reads ä and ö
        heads[language] = client.get(url).content.decode("utf-8-sig").splitlines()[:2]
    number = world.match.pk
    assert heads["en"][0] == f'"Tuppi #{number}, Kortti"'
    assert heads["en"][1].startswith('"started ')
    # in Finnish ";" between cells: a comma inside a cell needs no quotes
    assert heads["fi"][1].startswith("aloitettu ")
