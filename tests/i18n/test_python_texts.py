"""The texts the score book, the tournaments and the money pages make in Python read
in the reader's language: a service's error through the API (same code and path),
a form's label, a format's settings, a tie-break's explanation, a settlement's
explanation and its amounts (Finnish writes a decimal comma). English stays as it
was.

The Finnish comes from a catalogue compiled for these tests from the committed
``django.po`` and the branches' ``locale/fi/parts/*.po`` (what ``make messages``
folds in), so that they read the same before and after the parts are folded.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.utils import translation
from rest_framework.test import APIClient

from games.engine.text import msg
from money.settlement import PointStake, Side, get_currency, settle_two_sides
from money.texts import amount_text, localized_lines, localized_trail, with_line_i18n
from scoring.forms import MatchSetupForm, PlayerForm
from scoring.models import Club, Membership, Player, Role
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.explain import named
from tournaments.selectors import format_choice_list, metric_choice_list
from tournaments.texts import (
    explanation_shown,
    messages_i18n,
    reason_shown,
    reason_stored,
)

LOCALE = Path(settings.BASE_DIR) / "locale" / "fi"


@pytest.fixture(autouse=True)
def finnish_catalogue(tmp_path):
    """The committed Finnish catalogue with the parts' translations folded in,
    compiled where Django looks for it during the test."""
    catalogue = polib.pofile(str(LOCALE / "LC_MESSAGES" / "django.po"))
    known = {(e.msgctxt, e.msgid): e for e in catalogue}
    for part in sorted((LOCALE / "parts").glob("*.po")):
        for entry in polib.pofile(str(part)):
            if not (entry.msgstr or entry.msgstr_plural) or "fuzzy" in entry.flags:
                continue
            mine = known.get((entry.msgctxt, entry.msgid))
            if mine is None:
                catalogue.append(entry)
                known[(entry.msgctxt, entry.msgid)] = entry
            elif not (mine.msgstr or any(mine.msgstr_plural.values())):
                mine.msgstr, mine.msgstr_plural = entry.msgstr, entry.msgstr_plural
    for entry in catalogue:
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
    target = tmp_path / "fi" / "LC_MESSAGES"
    target.mkdir(parents=True)
    catalogue.save_as_mofile(str(target / "django.mo"))
    with override_settings(LOCALE_PATHS=[tmp_path]):
        yield


# -- services' errors through the API ------------------------------------------------


def _user(name: str):
    return get_user_model().objects.create_user(username=name, password="x")


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _error(response) -> dict:
    (error,) = response.json()["errors"]
    return error


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("fi", "kerho nimeltä 'kortti' on jo olemassa"),
        ("en", "a club called 'kortti' exists"),
    ],
)
def test_a_conflict_reads_in_the_readers_language(language, message):
    client = _client(_user("aino"))
    first = client.post("/api/v1/clubs/", {"name": "Kortti"}, format="json")
    assert first.status_code == 201
    response = client.post(
        "/api/v1/clubs/",
        {"name": "Kortti"},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 409
    assert _error(response) == {
        "path": "slug",
        "code": "slug_taken",
        "message": message,
    }
    assert response.json()["detail"] == message


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "message"),
    [("fi", "vain kerhon ylläpitäjille"), ("en", "club admins only")],
)
def test_a_refusal_reads_in_the_readers_language(language, message):
    club = Club.objects.create(name="Kortti", slug="kortti")
    user = _user("mervi")
    player = Player.objects.create(display_name="Mervi", user=user)
    Membership.objects.create(club=club, player=player, role=Role.MEMBER)
    response = _client(user).patch(
        f"/api/v1/clubs/{club.pk}/",
        {"name": "Pata"},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 403
    assert _error(response) == {
        "path": "",
        "code": "permission_denied",
        "message": message,
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "message"), [("fi", "kokonaisluku"), ("en", "a whole number")]
)
def test_a_bad_parameter_reads_in_the_readers_language(language, message):
    response = _client(_user("sami")).get(
        "/api/v1/clubs/?limit=many", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    assert _error(response) == {"path": "limit", "code": "invalid", "message": message}


# -- forms, formats and tie-breaks ---------------------------------------------------


def test_form_labels_and_help():
    with translation.override("fi"):
        form = PlayerForm()
        assert form["display_name"].label == "Nimi"
        assert form.fields["role"].choices[2] == ("admin", "kerhon ylläpitäjä")
        setup = MatchSetupForm(players=[], seats=[0, 1], side_names=["A", "B"])
        assert setup["seat_1"].label == "Paikka 2 · B"
        assert str(setup.fields["point_value"].label) == "Pisteen arvo"
    with translation.override("en"):
        assert PlayerForm()["display_name"].label == "Name"
        setup = MatchSetupForm(players=[], seats=[0, 1], side_names=["A", "B"])
        assert setup["seat_1"].label == "Seat 2 · B"
        assert str(setup.fields["point_value"].help_text) == (
            "Optional stake, e.g. 0.01 for a cent a point."
        )


def _swiss(choices):
    (swiss,) = [c for c in choices if c.key == "swiss"]
    return swiss, {f.name: f for f in swiss.fields}


def test_a_formats_settings_read_in_the_readers_language():
    with translation.override("fi"):
        swiss, fields = _swiss(format_choice_list())
        assert swiss.label == "sveitsiläinen"
        assert fields["rounds"].label == "Kierrokset"
        assert fields["rounds"].help == "tyhjä: osallistujamäärälle suositeltu määrä"
        assert fields["balance_sides"].label == "Tasapainota aloitusvuorot"
    with translation.override("en"):
        swiss, fields = _swiss(format_choice_list())
        assert swiss.label == "Swiss"
        assert fields["rounds"].label == "Rounds"
        assert fields["rounds"].help == "empty: the number recommended for the field"


def test_a_tie_break_reads_in_the_readers_language():
    with translation.override("fi"):
        metrics = {m.key: m for m in metric_choice_list()}
        assert metrics["buchholz"].explanation == (
            "vastustajien ottelupisteiden summa: kuka kohtasi vahvemmat vastustajat"
        )
        assert metrics["match_points"].name == "Ottelupisteet"
    with translation.override("en"):
        metrics = {m.key: m for m in metric_choice_list()}
        assert metrics["buchholz"].explanation == (
            "the opponents' match points summed: who met the stronger field"
        )
        assert metrics["match_points"].name == "Match points"


# -- settlements ---------------------------------------------------------------------


def _settled():
    stake = PointStake(Decimal("0.05"), get_currency("EUR"))
    settlement = settle_two_sides(
        Side(("Aino",), 12, "Aino"), Side(("Olli",), 10, "Olli"), stake
    )
    return with_line_i18n([{"match": 1, "lines": list(settlement.explanation)}])


def test_a_settlement_is_stored_in_english_with_its_templates():
    (item,) = _settled()
    assert item["lines"][0] == "Value of a point: 0.05 EUR."
    assert all(type(line) is str for line in item["lines"])
    assert item["i18n"]["lines.0"] == {
        "template": "Value of a point: {stake}.",
        "params": {"stake": "0.05 EUR"},
    }


def test_a_settlement_reads_in_finnish_with_a_decimal_comma():
    (item,) = _settled()
    with translation.override("fi"):
        lines = localized_lines(item)
        assert lines[0] == "Pisteen arvo: 0,05 EUR."
        assert lines[1] == "Pisteet: Aino 12, Olli 10."
        assert lines[-1] == "Olli maksaa 0,10 EUR pelaajalle Aino."
        (shown,) = localized_trail([item])
        assert shown["lines"] == lines
        assert "i18n" not in shown
        assert amount_text(5, get_currency("EUR")) == "0,05 EUR"
        assert amount_text(-123456, get_currency("EUR")) == "-1234,56 EUR"


def test_a_settlement_reads_in_english_unchanged():
    (item,) = _settled()
    with translation.override("en"):
        assert localized_lines(item) == item["lines"]
        assert item["lines"][-1] == "Olli pays Aino 0.10 EUR."
        assert amount_text(5, get_currency("EUR")) == "0.05 EUR"


def test_a_line_stored_before_templates_still_reads():
    """Old records have English lines and no ``i18n``: a line without values is
    its own msgid; one with values stays English."""
    item = {"lines": ["Equal scores: nobody pays.", "Value of a point: 0.05 EUR."]}
    with translation.override("fi"):
        assert localized_lines(item) == [
            "Tasapisteet: kukaan ei maksa.",
            "Value of a point: 0.05 EUR.",
        ]


# -- round notes ---------------------------------------------------------------------


def test_a_rounds_note_is_stored_in_english_and_shown_in_the_readers_language():
    notes = (
        msg("{count} players at tables of {sizes}.", count=7, sizes="4 + 3"),
        msg("Players change tables; everyone keeps their direction."),
        "Seed 4 withdrew (ill)",
    )
    planned = FormatRound(1, (), (), notes)
    stored = {
        "messages": [str(m) for m in planned.messages],
        "i18n": messages_i18n(planned.messages),
    }
    assert stored["messages"][0] == "7 players at tables of 4 + 3."
    with translation.override("fi"):
        assert explanation_shown(stored)["messages"] == [
            "7 pelaajaa pöydissä 4 + 3.",
            "Pelaajat vaihtavat pöytää; jokainen pitää suuntansa.",
            "Seed 4 withdrew (ill)",
        ]
    with translation.override("en"):
        assert explanation_shown(stored)["messages"] == stored["messages"]


def test_a_tables_reason_quoting_another_reads_in_the_readers_language():
    inner = msg("Round-robin schedule: {a} v {b}", a=named(1), b=named(4))
    stored = reason_stored(
        {
            "code": "schedule",
            "text": msg("Group {group}: {reason}", group="A", reason=inner),
        }
    )
    assert stored["text"] == "Group A: Round-robin schedule: 1 v 4"
    assert type(stored["text"]) is str
    with translation.override("fi"):
        shown = reason_shown(stored, {1: "Aino", 4: "Dora"})
        assert shown["text"] == "Lohko A: Sarjan ohjelma: Aino vs. Dora"
        assert "i18n" not in shown
    with translation.override("en"):
        assert reason_shown(stored)["text"] == stored["text"]
