"""The round's clock in the API: every round carries the clock the room screen shows
(start, deadline, minutes), readable by whoever may read the tournament; a director
sets the time limit or restarts the clock through the service the manage page uses;
others are refused, and a bad limit is the service's 400."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
import yaml
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from tests.tournaments.live_world import live_world
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(db):
    return live_world(minutes=45)


def _rounds(world) -> str:
    return f"/api/v1/tournaments/{world.event.pk}/rounds/"


def _clock(world) -> str:
    return f"/api/v1/tournaments/{world.event.pk}/rounds/{world.round.pk}/clock/"


def _when(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def test_each_round_carries_the_room_screens_clock(world):
    anyone = APIClient()  # the tournament is published: anyone reads its rounds
    (row,) = anyone.get(_rounds(world)).json()["results"]
    clock = row["clock"]
    assert clock["minutes"] == 45
    assert _when(clock["start"]) == world.round.started_at
    assert _when(clock["deadline"]) == world.round.started_at + timedelta(minutes=45)
    assert anyone.get(_clock(world)).json() == clock
    # The room screen shows the same deadline.
    html = Client().get(f"/tournaments/{world.event.pk}/room/").content.decode()
    shown = html.split('data-deadline="')[1].split('"')[0]
    assert datetime.fromisoformat(shown) == _when(clock["deadline"])


def test_a_draft_tournaments_clock_is_hidden_as_its_rounds_are(world):
    services.tournament_unpublish(tournament=world.event, by=world.director)
    anyone = APIClient()
    assert anyone.get(_rounds(world)).status_code == 404
    answer = anyone.get(_clock(world))
    assert answer.status_code == 404 and answer.json()["errors"][0]["code"]
    director = APIClient()
    director.force_authenticate(world.director)
    assert director.get(_clock(world)).json()["minutes"] == 45


def test_a_director_sets_and_restarts_the_clock(world):
    director = APIClient()
    director.force_authenticate(world.director)
    before = timezone.now()
    set_ = director.post(_clock(world), {"time_limit_minutes": 30}, format="json")
    assert set_.status_code == 200, set_.content
    assert set_.json()["clock"]["minutes"] == 30
    assert _when(set_.json()["clock"]["start"]) == world.round.started_at
    restarted = director.post(
        _clock(world), {"time_limit_minutes": 20, "restart": True}, format="json"
    ).json()["clock"]
    assert _when(restarted["start"]) >= before
    assert _when(restarted["deadline"]) == _when(restarted["start"]) + timedelta(
        minutes=20
    )
    round_ = Round.objects.get(pk=world.round.pk)
    assert round_.time_limit_minutes == 20 and round_.clock_started_at >= before
    cleared = director.post(_clock(world), {"time_limit_minutes": None}, format="json")
    assert cleared.json()["clock"]["minutes"] is None
    assert cleared.json()["clock"]["deadline"] is None


@pytest.mark.parametrize(
    "body, path, code",
    [
        ({"time_limit_minutes": 0}, "time_limit_minutes", "invalid_time_limit"),
        ({"time_limit_minutes": 24 * 60 + 1}, "time_limit_minutes", None),
        ({"time_limit_minutes": "30"}, "time_limit_minutes", None),
        ({}, "time_limit_minutes", None),
        ({"time_limit_minutes": 30, "restart": "yes"}, "restart", None),
    ],
)
def test_a_bad_clock_is_a_400_naming_the_field(world, body, path, code):
    director = APIClient()
    director.force_authenticate(world.director)
    answer = director.post(_clock(world), body, format="json")
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert error["path"] == path
    if code:
        assert error["code"] == code
    assert Round.objects.get(pk=world.round.pk).time_limit_minutes == 45


def test_only_a_director_sets_the_clock(world):
    body = {"time_limit_minutes": 5}
    assert APIClient().post(_clock(world), body, format="json").status_code in (
        401,
        403,
    )
    stranger = APIClient()
    stranger.force_authenticate(
        get_user_model().objects.create_user("stranger", password="pw")
    )
    answer = stranger.post(_clock(world), body, format="json")
    assert answer.status_code == 403
    assert answer.json()["errors"][0]["code"] == "permission_denied"
    assert Round.objects.get(pk=world.round.pk).time_limit_minutes == 45


def test_the_schema_documents_the_clock():
    schema = yaml.safe_load(Client().get("/api/schema/").content)
    clock = schema["paths"][
        "/api/v1/tournaments/{tournament_id}/rounds/{round_id}/clock/"
    ]
    assert set(clock) >= {"get", "post"}
    assert "RoundClockIn" in str(clock["post"]["requestBody"])
    components = schema["components"]["schemas"]
    assert set(components["RoundClockOut"]["properties"]) == {
        "start",
        "deadline",
        "minutes",
    }
    assert "clock" in components["RoundOut"]["required"]
