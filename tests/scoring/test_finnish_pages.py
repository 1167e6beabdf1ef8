"""Issue 19 item 4, "Done when": the Finnish UI shows no English string on the
sheet, the deal form, a rule error and the standings — the fast version (Django's
test client, ``Accept-Language: fi`` against ``en``) of the browser test
``test_browser_finnish.py``, on the same pages of the same Tuppi world
(:mod:`tests.scoring.finnish`); and the engine's texts on those pages, in Finnish.
"""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.scoring.finnish import (
    BAD_SOOLI,
    allowed_words,
    english_left,
    tuppi_world,
    visible_texts,
)


@pytest.fixture
def world(db):
    return tuppi_world()


def shows(texts: set[str], sentence: str) -> bool:
    """Is ``sentence`` in one of the texts (a sheet's error follows its path:
    ``<code>conceded_by</code>: …``)?"""
    return any(sentence in text for text in texts)


def _get(client, url, language):
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language)


def _bad_sooli(client, world, language):
    """The deal form posted with a sooli its declarer's partner bid: refused."""
    url = reverse("scoring:deal-new", kwargs={"match_id": world.match.pk})
    fields = {
        "number": world.match.next_deal["number"],
        "contract": BAD_SOOLI["contract"],
        "declarer": BAD_SOOLI["declarer"],
        "soloist": BAD_SOOLI["soloist"],
        "tricks.0": BAD_SOOLI["tricks"][0],
    }
    return client.post(url, fields, HTTP_ACCEPT_LANGUAGE=language)


def _pages(client, world, language) -> dict[str, str]:
    """Each page of the Done-when as ``language`` reads it."""
    client.force_login(world.admin.user)
    match = world.match.pk
    pages = {
        "sheet": _get(client, reverse("scoring:sheet", args=[match]), language),
        "deal form": _get(client, reverse("scoring:deal-new", args=[match]), language),
        "correction of a flagged deal": _get(
            client, reverse("scoring:deal-correct", args=[match, 2]), language
        ),
        "rule error": _bad_sooli(client, world, language),
        "new match": _get(
            client,
            reverse("scoring:match-new", args=[world.club.pk]) + "?game=tuppi",
            language,
        ),
        "standings": _get(
            client, reverse("tournaments:public", args=[world.event.pk]), language
        ),
    }
    for name, response in pages.items():
        expected = 400 if name == "rule error" else 200
        assert response.status_code == expected, name
    return {name: response.content.decode() for name, response in pages.items()}


@pytest.mark.django_db
def test_the_finnish_pages_show_no_english(client, world):
    english = _pages(client, world, "en")
    finnish = _pages(client, world, "fi")
    left = {
        name: english_left(english[name], finnish[name], world.allowed)
        for name in english
    }
    left = {name: texts for name, texts in left.items() if texts}
    assert left == {}, "English on the Finnish pages:\n" + json.dumps(
        left, ensure_ascii=False, indent=1
    )


@pytest.mark.django_db
def test_tuppi_speaks_finnish_on_the_sheet_the_form_and_its_errors(client, world):
    """The engine's texts (the boundary's part) in Finnish: the story with the
    players' names, a flagged deal's stored error, the context row and the notes,
    the form's labels and choices, and a rule error just refused."""
    pages = _pages(client, world, "fi")
    sheet = visible_texts(pages["sheet"])
    assert "rami, huutaja Ceci: huutajat saavat 12" in sheet
    assert shows(sheet, "vain nousussa oleva pari (Ceci & Dora) voi luovuttaa jaon")
    assert {"Jakaja:", "Nousussa:"} <= sheet
    assert any(t.startswith("Tarjoukset käännetään jakajan vasemmalta") for t in sheet)
    form = visible_texts(pages["deal form"])
    for label in ("Peli", "Huutaja", "Soolinpelaaja", "Tikit", "Tarjoukset"):
        assert label in form
    assert "Anna kaikki luvut" in form
    assert "Luovuttaja" in form
    refused = visible_texts(pages["rule error"])
    assert "soolin huutaa huutajan (Aino) vastapelaaja" in refused
    correction = visible_texts(pages["correction of a flagged deal"])
    assert "vain nousussa oleva pari (Ceci & Dora) voi luovuttaa jaon" in correction
    options = visible_texts(pages["new match"])
    assert {"Tavoite", "Takaisin nollaan", "Pisteiden saaja nousee"} <= options


@pytest.mark.django_db
def test_english_is_as_before(client, world):
    pages = _pages(client, world, "en")
    sheet = visible_texts(pages["sheet"])
    assert "rami by Ceci: declarers score 12" in sheet
    assert shows(sheet, "only the nousussa side (Ceci & Dora) concedes a deal")
    refused = visible_texts(pages["rule error"])
    assert "sooli is bid by an opponent of the declarer (Aino)" in refused


# -- the detector itself -----------------------------------------------------------


def test_the_detector_names_english_the_finnish_page_still_shows():
    english = (
        "<p>Enter deal 3</p><p>Aino &amp; Bertta</p><p>rami</p><code>tricks</code>"
        '<input placeholder="numbers, e.g. 7 6"><script>var x = "Save";</script>'
        "<p>12 – 0</p><p>Tuppi #4</p><p>Save</p>"
    )
    finnish = (
        "<p>Syötä jako 3</p><p>Aino &amp; Bertta</p><p>rami</p><code>tricks</code>"
        '<input placeholder="numbers, e.g. 7 6"><script>var x = "Save";</script>'
        "<p>12 – 0</p><p>Tuppi #4</p><p>Save</p>"
    )
    allowed = allowed_words(["Aino", "Bertta"])
    assert english_left(english, finnish, allowed) == ["Save", "numbers, e.g. 7 6"]
