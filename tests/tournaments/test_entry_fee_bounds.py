"""A tournament's entry fee fits its column (12 digits, 2 decimals; zero or more):
the largest is stored and read back, past it is a 400 naming the field and nothing
is stored, and the database refuses a save past it (issue 29.1)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import DataError, IntegrityError, connection, transaction

from config.bounds import ENTRY_FEE
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def past_the_column() -> type[Exception]:
    """What the database raises for a value past its column: SQLite keeps a decimal
    of any size, so the CheckConstraint refuses it (IntegrityError); PostgreSQL's
    numeric(12, p) overflows (DataError) before the check is reached."""
    return DataError if connection.vendor == "postgresql" else IntegrityError


LARGEST = "9999999999.99"


@pytest.fixture
def create(api_client, director, club):
    api_client.force_authenticate(director)

    def post(fee):
        body = {
            "club": club.pk,
            "name": "Open",
            "game": "sleazy",
            "entry_fee": fee,
            "entry_fee_currency": "EUR",
        }
        return api_client.post("/api/v1/tournaments/", body, format="json")

    return post


def test_the_largest_fee_is_stored_and_read_back(create, api_client):
    assert ENTRY_FEE.largest == Decimal(LARGEST)
    created = create(LARGEST)
    assert created.status_code == 201, created.json()
    read = api_client.get(f"/api/v1/tournaments/{created.json()['id']}/")
    assert read.json()["entry_fee"] == LARGEST


@pytest.mark.parametrize(
    ("fee", "code"),
    [
        ("10000000000", "out_of_range"),
        ("-0.01", "out_of_range"),
        ("0.001", "too_many_decimals"),
        (5.0, "not_a_string"),
    ],
)
def test_a_fee_past_the_column_is_refused(create, fee, code):
    refused = create(fee)
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert (error["path"], error["code"]) == ("entry_fee", code)
    assert not Tournament.objects.exists()


def test_the_database_refuses_a_fee_past_the_column(create):
    created = create("5.00")
    assert created.status_code == 201
    with pytest.raises(past_the_column()), transaction.atomic():
        Tournament.objects.update(entry_fee=Decimal("10000000000"))
    with pytest.raises(IntegrityError), transaction.atomic():
        Tournament.objects.update(entry_fee=Decimal("-0.01"))
    assert Tournament.objects.get().entry_fee == Decimal("5.00")
