"""Every money column holds what the code accepts, and nothing else (issue 29.1).

A stake of 100,000,000 used to be stored by SQLite and then fail every read of its
row (the club's evenings page and sessions API answered 500 for everyone). Now, for
each money field: the largest value accepted is stored and read back (API, page and
the settle-now sheet); the smallest refused value is a 400 naming the field and
stores nothing; a save past the bound straight through the ORM is refused by the
database (``IntegrityError``), on SQLite as on PostgreSQL.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import DataError, IntegrityError, connection, transaction
from django.test import Client

from config.bounds import STAKE
from money.models import MatchTerms, Session
from scoring.models import Match
from tests.money_service.conftest import play

pytestmark = pytest.mark.django_db


def past_the_column() -> type[Exception]:
    """What the database raises for a value past its column: SQLite keeps a decimal
    of any size, so the CheckConstraint refuses it (IntegrityError); PostgreSQL's
    numeric(12, p) overflows (DataError) before the check is reached."""
    return DataError if connection.vendor == "postgresql" else IntegrityError


LARGEST = "99999999.9999"
TOO_LARGE = "100000000"


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_stake_bound_is_the_columns():
    assert STAKE.largest == Decimal(LARGEST)
    assert STAKE.limit == Decimal(TOO_LARGE)


# -- an evening's value of a point -------------------------------------------------


def _session_body(point_value):
    return {"name": "Friday", "currency": "EUR", "point_value": point_value}


def test_an_evenings_largest_point_value_is_stored_and_read_back(
    api_client, club, people
):
    api_client.force_authenticate(people.admin.user)
    url = f"/api/v1/clubs/{club.pk}/sessions/"
    created = api_client.post(url, _session_body(LARGEST), format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["point_value"] == LARGEST
    listed = api_client.get(url)
    assert listed.status_code == 200
    assert listed.json()[0]["point_value"] == LARGEST
    page = _as(people.member.user).get(f"/clubs/{club.pk}/evenings/")
    assert page.status_code == 200


@pytest.mark.parametrize(
    ("value", "code"),
    [
        (TOO_LARGE, "out_of_range"),
        ("1e30", "out_of_range"),
        ("0.00001", "too_many_decimals"),
        ("0", "out_of_range"),
        (0.05, "not_a_string"),
    ],
)
def test_an_evenings_point_value_past_the_bound_is_refused_by_the_api(
    api_client, club, people, value, code
):
    api_client.force_authenticate(people.admin.user)
    url = f"/api/v1/clubs/{club.pk}/sessions/"
    refused = api_client.post(url, _session_body(value), format="json")
    assert refused.status_code == 400
    errors = refused.json()["errors"]
    assert errors[0]["path"] == "point_value"
    assert errors[0]["code"] == code
    assert not Session.objects.exists()


def test_a_float_point_value_is_refused_with_the_string_to_send(
    api_client, club, people
):
    api_client.force_authenticate(people.admin.user)
    url = f"/api/v1/clubs/{club.pk}/sessions/"
    refused = api_client.post(url, _session_body(0.05), format="json")
    assert '"0.05"' in refused.json()["errors"][0]["message"]


def test_an_evenings_point_value_past_the_bound_is_refused_by_the_page(club, people):
    admin = _as(people.admin.user)
    url = f"/clubs/{club.pk}/evenings/"
    data = {"name": "Friday", "currency": "EUR", "team_mode": "per_member"}
    refused = admin.post(url, {**data, "point_value": TOO_LARGE})
    assert refused.status_code == 400
    assert "<code>point_value</code>" in refused.content.decode()
    assert not Session.objects.exists()
    assert admin.post(url, {**data, "point_value": LARGEST}).status_code == 302
    assert Session.objects.get().point_value == Decimal(LARGEST)
    assert admin.get(url).status_code == 200


def test_the_database_refuses_an_evenings_point_value_past_the_bound(club):
    with pytest.raises(past_the_column()), transaction.atomic():
        Session.objects.create(
            club=club, name="Friday", currency="EUR", point_value=Decimal(TOO_LARGE)
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.create(
            club=club, name="Friday", currency="EUR", point_value=Decimal(0)
        )
    assert not Session.objects.exists()


# -- a match's value of a point ------------------------------------------------------


def _match_body(people, point_value):
    return {
        "game": "tally-test",
        "options": {"deals": 1},
        "seats": [
            {"player": people.anna.pk, "side": 0},
            {"player": people.ben.pk, "side": 1},
        ],
        "point_value": point_value,
        "currency": "EUR",
    }


def test_a_matchs_largest_point_value_is_stored_and_read_back(api_client, club, people):
    api_client.force_authenticate(people.admin.user)
    url = f"/api/v1/clubs/{club.pk}/matches/"
    created = api_client.post(url, _match_body(people, LARGEST), format="json")
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    read = api_client.get(f"/api/v1/matches/{match_id}/")
    assert read.json()["point_value"] == LARGEST


@pytest.mark.parametrize("value", [TOO_LARGE, "1e30", 0.05, "0.00001"])
def test_a_matchs_point_value_past_the_bound_is_refused(
    api_client, club, people, value
):
    api_client.force_authenticate(people.admin.user)
    url = f"/api/v1/clubs/{club.pk}/matches/"
    refused = api_client.post(url, _match_body(people, value), format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["path"] == "point_value"
    assert not Match.objects.exists()


def test_the_database_refuses_a_matchs_point_value_past_the_bound(club, people):
    match = play(club, people.admin.user, [people.anna, people.ben], [10, 5])
    with pytest.raises(past_the_column()), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(point_value=Decimal(TOO_LARGE))
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(point_value=Decimal("-0.05"))
    match.refresh_from_db()
    assert match.point_value == Decimal("0.05")


# -- a match's flat stake ------------------------------------------------------------


@pytest.fixture
def unsettled(club, people):
    return play(
        club,
        people.admin.user,
        [people.anna, people.ben],
        [10, 5],
        point_value=None,
        finish=False,
    )


def test_the_largest_flat_stake_is_stored_and_read_back(api_client, unsettled, people):
    api_client.force_authenticate(people.admin.user)
    url = f"/api/v1/matches/{unsettled.pk}/money-terms"
    body = {"team_mode": "per_member", "flat_stake": "99999999.99"}
    stored = api_client.put(url, body, format="json")
    assert stored.status_code == 200, stored.json()
    assert stored.json()["flat_stake"] == "99999999.9900"
    sheet = api_client.get(f"/api/v1/matches/{unsettled.pk}/settlement")
    assert sheet.status_code == 200


@pytest.mark.parametrize(
    ("value", "code"),
    [(TOO_LARGE, "out_of_range"), ("-1", "out_of_range"), (2.5, "not_a_string")],
)
def test_a_flat_stake_past_the_bound_is_refused(
    api_client, unsettled, people, value, code
):
    api_client.force_authenticate(people.admin.user)
    url = f"/api/v1/matches/{unsettled.pk}/money-terms"
    body = {"team_mode": "per_member", "flat_stake": value}
    refused = api_client.put(url, body, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0] == {
        **refused.json()["errors"][0],
        "path": "flat_stake",
        "code": code,
    }
    assert not MatchTerms.objects.exists()


def test_the_database_refuses_a_flat_stake_past_the_bound(unsettled):
    with pytest.raises(past_the_column()), transaction.atomic():
        MatchTerms.objects.create(match=unsettled, flat_stake=Decimal(TOO_LARGE))
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchTerms.objects.create(match=unsettled, flat_stake=Decimal("-1"))
    assert not MatchTerms.objects.exists()
