"""Numbers of a tournament have the ranges its format declares (issue 21).

Match points, stage settings (rounds, groups, table sizes …) and the game's options
are refused with a 400 naming the field when they are booleans, floats or out of
range, instead of being stored.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def create(api_client, director, club):
    api_client.force_authenticate(director)

    def post(**extra):
        body = {"club": club.pk, "name": "Open", "game": "sleazy", **extra}
        return api_client.post("/api/v1/tournaments/", body, format="json")

    return post


def test_a_plain_tournament_is_created(create):
    assert (
        create(points={"win": 3, "draw": 1}, stage_settings={"rounds": 5}).status_code
        == 201
    )


@pytest.mark.parametrize(
    ("extra", "path"),
    [
        ({"points": {"win": True}}, "points.win"),
        ({"points": {"win": 10**12}}, "points.win"),
        ({"points": {"win": 2.0}}, "points.win"),
        ({"points": {"placement": [4, 2, False]}}, "points.placement"),
        # "²" is a digit to str.isdigit, not to int (it was a 500).
        ({"points": {"placement": {"²": [3, 1, 0]}}}, "points.placement.²"),
        ({"name": 1e308}, "name"),
        ({"name": "Open \u202eneproM"}, "name"),
        ({"stage_settings": {"rounds": 10**30}}, "stage_settings.rounds"),
        ({"stage_settings": {"rounds": True}}, "stage_settings.rounds"),
        ({"stage_settings": {"rounds": 65}}, "stage_settings.rounds"),
        ({"options": {"rounds": 10**9}}, "options.rounds"),
        ({"options": {"magic_hat": 1}}, "options.magic_hat"),
        ({"entry_fee": "5.00", "entry_fee_currency": "eur"}, "entry_fee_currency"),
    ],
)
def test_out_of_range_or_mistyped_numbers_are_refused(create, extra, path):
    response = create(**extra)
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["status"] == 400
    assert path in [error["path"] for error in body["errors"]], body
