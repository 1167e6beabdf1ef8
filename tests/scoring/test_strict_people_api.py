"""The people endpoints take the types their documentation says, and names that
can be shown (issue 29.8, 29.9): booleans are JSON booleans, ids JSON integers,
text JSON strings; no control or direction-override characters in a name."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_api(api_client, people):
    api_client.force_authenticate(people.admin.user)
    return api_client


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"display_name": "Kaisa", "guest": "1"}, "guest"),
        ({"display_name": "Kaisa", "guest": 1.0}, "guest"),
        ({"display_name": "Kaisa", "allow_duplicate": 1}, "allow_duplicate"),
        ({"display_name": 1e308}, "display_name"),
        ({"display_name": 12}, "display_name"),
        ({"display_name": "Kaisa\u202egnikiV"}, "display_name"),
        ({"display_name": "Kaisa\u2066x\u2069"}, "display_name"),
        ({"display_name": "Kai\x07sa"}, "display_name"),
        ({"display_name": "Kai\u200fsa"}, "display_name"),
    ],
)
def test_adding_a_person_takes_strict_types_and_showable_names(
    admin_api, club, body, path
):
    before = Player.objects.count()
    response = admin_api.post(f"/api/v1/clubs/{club.pk}/people/", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["errors"][0]["path"] == path
    assert Player.objects.count() == before


def test_a_plain_person_is_added(admin_api, club):
    body = {"display_name": "Kaisa", "guest": True}
    assert (
        admin_api.post(
            f"/api/v1/clubs/{club.pk}/people/", body, format="json"
        ).status_code
        == 201
    )


@pytest.mark.parametrize(
    "body",
    [{"keep": 6.0, "merge": 7}, {"keep": "6", "merge": 7}, {"keep": True, "merge": 7}],
)
def test_a_merge_takes_integer_ids_only(admin_api, club, people, body):
    body = {k: (people.member.pk if v == 7 else v) for k, v in body.items()}
    response = admin_api.post(
        f"/api/v1/clubs/{club.pk}/people/merge/", body, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "keep"
    assert Player.objects.filter(pk=people.member.pk).exists()


@pytest.mark.parametrize("value", ["1", 1, "true"])
def test_retiring_takes_a_json_boolean(admin_api, club, people, value):
    url = f"/api/v1/clubs/{club.pk}/people/{people.member.pk}/retire/"
    response = admin_api.post(url, {"retired": value}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "retired"


def test_the_players_page_refuses_a_name_with_a_direction_override(club, people):
    client = Client()
    client.force_login(people.admin.user)
    response = client.post(
        f"/clubs/{club.pk}/players/",
        {
            "action": "add",
            "add-display_name": "Kaisa\u202egnikiV",
            "add-role": "member",
        },
    )
    assert response.status_code in (200, 400)
    assert "U+202E" in response.content.decode()
    assert not Player.objects.filter(display_name__startswith="Kaisa").exists()
