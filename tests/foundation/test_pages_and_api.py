"""The home page, the catalogue API and the API schema read the real registry."""

import pytest
from django.utils.html import escape

from games.engine import all_games

pytestmark = pytest.mark.django_db


def test_home_page_lists_every_registered_game(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<meta name="viewport"' in html
    for game in all_games():
        assert escape(game.name) in html  # "Tuomas&#x27;s Mah Jong"


def test_catalogue_api_lists_the_registry_with_schemas(client):
    response = client.get("/api/v1/games/")
    assert response.status_code == 200
    body = response.json()
    assert [g["slug"] for g in body] == [g.slug for g in all_games()]
    for entry in body:
        assert entry["deal_schema"]
        assert entry["options_schema"]["type"] == "object"


def test_unknown_game_is_a_404_with_a_structured_error(client):
    response = client.get("/api/v1/games/no-such-game/")
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "unknown_game"


def test_openapi_schema_and_docs_are_served_without_a_cdn(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"/api/v1/games/" in schema.content
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "cdn" not in html.lower()
    assert "/static/drf_spectacular_sidecar/" in html


def test_admin_login_page_is_served(client):
    assert client.get("/admin/login/").status_code == 200


def test_static_files_are_served_by_the_service(client):
    response = client.get("/static/css/kirjuri.css")
    assert response.status_code == 200


def test_each_game_in_the_api_carries_its_declarations(client):
    """The catalogue API shows what each game declares for the other layers."""
    body = {g["slug"]: g for g in client.get("/api/v1/games/").json()}
    for game in all_games():
        declares = body[game.slug]["declares"]
        assert declares["lower_totals_win"] is game.lower_totals_win
        assert declares["stakes_per_point"] is game.stakes_per_point
        assert declares["duplicate_boards"] is game.duplicate_boards
    assert body["klubiskruuvi"]["declares"]["team_multiplier"] == 2
    assert body["sakaali"]["declares"]["match_goal"] == {"target": 100, "deals": None}
