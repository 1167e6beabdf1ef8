"""Issue 33 item 6: a stake typed as a Finnish reader writes it ("0,05") is taken
on the pages; the API keeps its JSON format (a decimal string with a point) and
refuses "0,05" with a sentence that names the field in words, never
``point_value: …``."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from config.numbers import typed_decimal
from money.models import Session
from scoring.forms import MatchSetupForm

pytestmark = pytest.mark.django_db


def _setup_form(point_value: str) -> MatchSetupForm:
    return MatchSetupForm(
        {"seat_0": "", "seat_1": "", "first_dealer": "0", "point_value": point_value},
        players=[],
        seats=[0, 1],
        side_names=["A", "B"],
    )


@pytest.mark.parametrize(
    "language, typed, value",
    [("fi", "0,05", Decimal("0.05")), ("en", "0.05", Decimal("0.05"))],
)
def test_the_new_match_form_takes_the_stake_as_the_reader_writes_it(
    language, typed, value
):
    with translation.override(language):
        form = _setup_form(typed)
        form.is_valid()
    assert "point_value" not in form.errors
    assert form.cleaned_data["point_value"] == value


def test_the_new_match_form_shows_the_stake_with_a_comma_in_finnish():
    with translation.override("fi"):
        form = MatchSetupForm(
            initial={"point_value": Decimal("0.05")},
            players=[],
            seats=[0, 1],
            side_names=["A", "B"],
        )
        html = str(form["point_value"])
        help_text = str(form.fields["point_value"].help_text)
    assert 'value="0,05"' in html
    assert "0,01" in help_text


@pytest.mark.parametrize(
    "language, typed, read",
    [
        ("fi", "0,05", "0.05"),
        ("fi", "1 000,5", "1000.5"),
        ("fi", "abc", "abc"),
        ("en", "0.05", "0.05"),
        ("en", "0,05", "0,05"),  # an English reader's comma is no decimal point
    ],
)
def test_a_typed_number_reads_as_the_services_read_it(language, typed, read):
    with translation.override(language):
        assert typed_decimal(typed) == read


def test_an_evening_opened_in_finnish_takes_a_decimal_comma(club, people):
    client = Client()
    client.force_login(people.admin.user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fi"
    url = f"/clubs/{club.pk}/evenings/"
    page = client.get(url).content.decode()
    assert 'placeholder="0,05"' in page
    data = {"name": "Perjantai", "currency": "EUR", "team_mode": "per_member"}
    answer = client.post(url, {**data, "point_value": "0,05"})
    assert answer.status_code == 302
    assert Session.objects.get(name="Perjantai").point_value == Decimal("0.05")
    # Refused: the field named in Finnish words, not by its key.
    answer = client.post(url, {**data, "name": "Toinen", "point_value": "viisi"})
    page = answer.content.decode()
    assert answer.status_code == 400
    assert "Pisteen arvo: ”viisi” ei ole luku" in page
    assert "point_value" not in page.split("<form")[0] + page.split("</form>")[-1]


@pytest.mark.parametrize(
    "language, message",
    [
        (
            "en",
            "Value of a point: “0,05” is not a number: write the decimals after a "
            "point, e.g. 0.05",
        ),
        (
            "fi",
            "Pisteen arvo: ”0,05” ei ole luku: kirjoita desimaalit pisteen jälkeen, "
            "esim. 0.05",
        ),
    ],
)
def test_the_api_refuses_a_decimal_comma_with_a_sentence_naming_the_field(
    api_client, club, people, language, message
):
    api_client.force_authenticate(people.admin.user)
    response = api_client.post(
        f"/api/v1/clubs/{club.pk}/sessions/",
        {"name": "Friday", "currency": "EUR", "point_value": "0,05"},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error == {
        "path": "point_value",
        "code": "invalid_amount",
        "message": message,
    }
    assert not Session.objects.exists()


def test_a_serializer_s_refusal_names_the_field_by_its_label(api_client, club, people):
    """DRF's own messages (a match's stake that is no number) are headed by the
    field's label in the reader's language, the path keeps the API's key."""
    api_client.force_authenticate(people.admin.user)
    body = {"game": "x", "seats": [{"player": 1, "side": 0}], "point_value": "abc"}
    for language, label in (("en", "Value of a point: "), ("fi", "Pisteen arvo: ")):
        response = api_client.post(
            f"/api/v1/clubs/{club.pk}/matches/",
            body,
            format="json",
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert response.status_code == 400
        errors = {e["path"]: e["message"] for e in response.json()["errors"]}
        assert errors["point_value"].startswith(label), errors
        assert not any(m.startswith("point_value") for m in errors.values())
