"""A match's stake on the new-match page: within its column, or a form error
(issue 29.1) — never a row that cannot be read back."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from scoring.models import Match

pytestmark = pytest.mark.django_db


def _start(client, people, club, point_value):
    client.force_login(people.scorer.user)
    return client.post(
        reverse("scoring:match-new", args=[club.pk]),
        {
            "game": "race-test",
            "table": "0",
            "seat_0": people.scorer.pk,
            "seat_1": people.opponent.pk,
            "first_dealer": "0",
            "options.target": "60",
            "options.threshold": "",
            "point_value": point_value,
            "currency": "EUR",
        },
    )


def test_the_largest_stake_is_stored_and_the_sheet_reads(client, people, club):
    response = _start(client, people, club, "99999999.9999")
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.point_value == Decimal("99999999.9999")
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.parametrize("value", ["100000000", "1e30", "0.00001"])
def test_a_stake_past_the_column_is_a_form_error(client, people, club, value):
    response = _start(client, people, club, value)
    assert response.status_code in (200, 400)
    assert response.context["form"].errors["point_value"]
    assert not Match.objects.exists()
