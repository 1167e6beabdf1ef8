"""Issue 33 item 6: every list of games is in the reader's language and sorted in
it — the catalogue (home page), the new-match picker, the tournament's game
choice — with Finnish collation (å, ä, ö after z) from a sort key, not from the
process's locale."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from config.collation import collation_key, sorted_by_name
from games.engine import all_games
from scoring.models import Role
from tests.scoring.factories import ClubFactory, member

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "language, order",
    [
        ("fi", ["apina", "Émile", "Yy", "Zeta", "Åke", "äijä", "Öljy"]),
        ("en", ["äijä", "Åke", "apina", "Émile", "Öljy", "Yy", "Zeta"]),
    ],
)
def test_names_sort_by_the_reader_s_alphabet(language, order):
    shuffled = ["Öljy", "Zeta", "äijä", "Åke", "apina", "Émile", "Yy"]
    with translation.override(language):
        assert sorted_by_name(shuffled, str) == order


def test_the_key_does_not_read_the_process_locale():
    assert collation_key("Ö", "fi") > collation_key("Z", "fi")
    assert collation_key("Ö", "en") < collation_key("P", "en")


def _finnish_names() -> list[str]:
    with translation.override("fi"):
        return [translation.gettext(g.name) for g in all_games()]


def _in_finnish_order(names: list[str]) -> bool:
    keys = [collation_key(n, "fi") for n in names]
    return keys == sorted(keys)


def _client(user=None) -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fi"
    if user is not None:
        client.force_login(user)
    return client


def test_the_world_of_games_differs_in_order_between_the_languages():
    """The test below could fail: sorted by the English names, the Finnish names
    are out of order."""
    with translation.override("fi"):
        by_english = [
            translation.gettext(g.name)
            for g in sorted(all_games(), key=lambda g: g.name)
        ]
    assert not _in_finnish_order(by_english)


def test_the_catalogue_is_in_finnish_and_in_finnish_order():
    page = _client().get("/").content.decode()
    shown = re.findall(r'<li class="card-item">\s*<strong>([^<]+)</strong>', page)
    assert sorted(shown) == sorted(_finnish_names())
    assert _in_finnish_order(shown)


def test_the_new_match_picker_is_in_finnish_and_in_finnish_order():
    club = ClubFactory(name="Kerho", slug="kerho")
    admin = member(club, Role.ADMIN, "Aino")
    page = _client(admin.user).get(f"/clubs/{club.pk}/matches/new/").content.decode()
    shown = re.findall(r'<a href="\?game=[^"]+"><strong>([^<]+)</strong>', page)
    assert len(shown) == len(all_games())
    assert set(shown) == set(_finnish_names())
    assert _in_finnish_order(shown)


def test_the_tournament_s_game_choice_is_in_finnish_order():
    club = ClubFactory(name="Kerho", slug="kerho")
    admin = member(club, Role.ADMIN, "Aino")
    page = _client(admin.user).get("/tournaments/new/").content.decode()
    select = page.split('name="game"', 1)[1].split("</select>", 1)[0]
    shown = re.findall(r"<option[^>]*>([^<]+)</option>", select)
    assert set(shown) == set(_finnish_names())
    assert _in_finnish_order(shown)
