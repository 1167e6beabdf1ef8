"""Bad input never answers 500; every error under /api/ is one JSON shape (issue 21).

Each row of the issue's table is a test here (privacy, health and the schemathesis
runs have their own files): nested brackets, a boolean seat, an unbounded target, a
lower-case currency, a body too large; then every status Django or DRF answers
outside a view (the URL resolver's 404, 405, 413, 415, 429, 500), under ``DEBUG`` too.
"""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import Client
from django.urls import include, path
from rest_framework.test import APIClient

from config.parsers import MAX_JSON_DEPTH

pytestmark = pytest.mark.django_db

NESTED = "[" * 3000 + "]" * 3000  # a 6 kB body of nested brackets
TUPPI_DEAL = {"contract": "rami", "declarer": 1, "tricks": [5, 8]}


def assert_problem(response, status: int, code: str | None = None) -> dict:
    """The API's one error shape: RFC 9457 members and field errors, as JSON."""
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["type"] == "about:blank"
    assert body["status"] == status
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    assert body["errors"], body
    for error in body["errors"]:
        assert set(error) == {"path", "code", "message"}
    if code is not None:
        assert code in [e["code"] for e in body["errors"]], body
    return body


@pytest.fixture
def scorer(people):
    client = APIClient()
    client.force_authenticate(people.scorer.user)
    return client


def _post_raw(client, url: str, body: str | bytes):
    return client.generic("POST", url, body, content_type="application/json")


def test_nested_brackets_to_the_score_api_are_a_json_400():
    """Unauthenticated, 6 kB of ``[``: a 400 in the error shape, no RecursionError."""
    response = _post_raw(Client(), "/api/v1/games/tuppi/score", NESTED)
    assert_problem(response, 400, "parse_error")


@pytest.mark.parametrize("tail", ["clubs/", "matches/{match}/deals/"])
def test_nested_brackets_to_club_and_deal_endpoints_are_a_json_400(scorer, match, tail):
    response = _post_raw(scorer, "/api/v1/" + tail.format(match=match.pk), NESTED)
    assert_problem(response, 400, "parse_error")


def test_json_deeper_than_the_limit_is_refused_and_at_the_limit_is_read(scorer):
    def nested(depth: int) -> str:
        return '{"name": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"

    too_deep = _post_raw(scorer, "/api/v1/clubs/", nested(MAX_JSON_DEPTH + 1))
    assert_problem(too_deep, 400, "too_deep")
    at_limit = _post_raw(scorer, "/api/v1/clubs/", nested(MAX_JSON_DEPTH))
    # Read, then refused by the serializer: a name is not a list.
    assert_problem(at_limit, 400, "invalid")


def _score(deal: dict, options: dict | None = None):
    return APIClient().post(
        "/api/v1/games/tuppi/score",
        {"options": options or {}, "deals": [deal]},
        format="json",
    )


def test_a_boolean_seat_is_refused():
    """``"declarer": true`` is not seat 1."""
    assert _score(TUPPI_DEAL).status_code == 200
    body = assert_problem(_score({**TUPPI_DEAL, "declarer": True}), 400, "int_type")
    assert body["errors"][0]["path"] == "deals.0.declarer"


@pytest.mark.parametrize("value", [True, 1.0])
def test_trick_counts_are_integers_only(value):
    deal = {**TUPPI_DEAL, "tricks": [5, value]}
    body = assert_problem(_score(deal), 400, "int_type")
    assert body["errors"][0]["path"] == "deals.0.tricks.1"


@pytest.mark.parametrize("target", [10**30, 10**12, True, 52.0])
def test_a_target_out_of_its_range_is_refused(target):
    body = assert_problem(_score(TUPPI_DEAL, {"target": target}), 400)
    assert body["errors"][0]["path"] == "options.target"


def test_a_boolean_option_is_not_a_number():
    assert_problem(_score(TUPPI_DEAL, {"sooli": 1}), 400, "bool_type")


def test_a_lower_case_currency_is_refused(scorer, club, people):
    response = scorer.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {
            "game": "race-test",
            "seats": [
                {"player": people.scorer.pk, "side": 0},
                {"player": people.opponent.pk, "side": 1},
            ],
            "point_value": "0.05",
            "currency": "eur",
        },
        format="json",
    )
    body = assert_problem(response, 400, "unknown_currency")
    assert body["errors"][0]["path"] == "currency"


def test_a_body_over_the_size_limit_is_a_json_413(settings):
    body = b'{"deals": [' + b"0," * (1_500_000) + b"0]}"  # 3 MB
    assert len(body) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    response = _post_raw(Client(), "/api/v1/games/tuppi/score", body)
    assert_problem(response, 413, "request_too_large")


def test_a_form_post_over_the_size_limit_is_a_413(client, match, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post(
        f"/matches/{match.pk}/deals/new/",
        "x=" + "y" * 2000,
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 413


# -- one error shape, whatever answered -----------------------------------------------


def _boom(request):
    raise RuntimeError("a bug")


def _form(request):
    return HttpResponse("ok")


urlpatterns = [
    path("api/v1/boom", _boom),
    path("api/v1/form", _form),
    path("", include("config.urls")),
]


@pytest.mark.parametrize("debug", [False, True])
def test_an_unknown_api_url_is_a_json_404(settings, debug):
    settings.DEBUG = debug
    assert_problem(Client().get("/api/v1/no-such-thing/"), 404, "not_found")
    assert_problem(Client().get("/api/v1/matches/-1/"), 404, "not_found")


@pytest.mark.parametrize("debug", [False, True])
def test_a_bug_under_api_is_a_json_500(settings, debug):
    settings.DEBUG = debug
    settings.ROOT_URLCONF = __name__
    response = Client(raise_request_exception=False).get("/api/v1/boom")
    body = assert_problem(response, 500, "server_error")
    assert "a bug" not in response.content.decode()
    assert body["title"] == "Internal Server Error"


def test_a_redirect_under_api_is_json_too():
    """``/api/v1/clubs`` (no slash) redirects; its body is in the one shape."""
    response = Client().get("/api/v1/clubs")
    body = assert_problem(response, 301, "moved")
    assert response["Location"] == "/api/v1/clubs/"
    assert body["detail"] == "moved to /api/v1/clubs/"


def test_a_method_not_allowed_is_a_json_405():
    response = Client().delete("/api/v1/games/tuppi/score")
    assert_problem(response, 405, "method_not_allowed")
    assert "POST" in response["Allow"]


def test_a_form_body_is_a_json_415(scorer):
    response = scorer.post("/api/v1/clubs/", {"name": "x"}, format="multipart")
    assert_problem(response, 415, "unsupported_media_type")


def test_throttling_is_a_json_429(settings):
    from django.core.cache import cache

    cache.clear()
    statuses = set()
    for _ in range(120):  # the anonymous score API allows 120 a minute
        statuses.add(_score(TUPPI_DEAL).status_code)
    assert statuses == {200}
    response = _score(TUPPI_DEAL)
    body = assert_problem(response, 429, "throttled")
    assert "Retry-After" in response
    assert body["title"] == "Too Many Requests"
    cache.clear()


def test_csrf_refusal_under_api_is_json(people, club):
    client = Client(enforce_csrf_checks=True)
    client.force_login(people.scorer.user)
    response = client.post(
        "/api/v1/clubs/", {"name": "x"}, content_type="application/json"
    )
    assert_problem(response, 403)


def test_a_domain_error_keeps_its_members_in_the_shape(scorer, match):
    def submit():
        return scorer.post(
            f"/api/v1/matches/{match.pk}/deals/",
            {"number": 1, "input": {"points": [1, 2]}},
            format="json",
        )

    assert submit().status_code == 201
    body = assert_problem(submit(), 409)
    assert "match" in body


def test_patch_schemas_require_what_the_endpoints_require(scorer, club, people):
    """A PATCH body is documented as the endpoint reads it: no all-optional copy."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    assert not [name for name in schema["components"]["schemas"] if "Patched" in name]
    club_update = schema["components"]["schemas"]["ClubUpdateInRequest"]
    assert club_update["required"] == ["name"]
    admin = APIClient()
    admin.force_authenticate(people.admin.user)
    response = admin.patch(f"/api/v1/clubs/{club.pk}/", {}, format="json")
    body = assert_problem(response, 400, "required")
    assert body["errors"][0]["path"] == "name"


def test_json_in_a_form_field_has_the_same_limits(settings):
    """The score-sheet pages' JSON fields parse within the API's limits."""
    from config.parsers import json_loads

    assert json_loads('{"points": [1, 2]}') == {"points": [1, 2]}
    for raw in (NESTED, "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1)):
        with pytest.raises(ValueError):
            json_loads(raw)
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10
    with pytest.raises(ValueError):
        json_loads("[" + "1," * 10 + "1]")


def test_a_django_403_under_api_is_reshaped(settings):
    """What Django answers itself (here a CSRF refusal of a plain view) is reshaped."""
    settings.ROOT_URLCONF = __name__
    client = Client(enforce_csrf_checks=True)
    body = assert_problem(client.post("/api/v1/form"), 403, "permission_denied")
    assert body["detail"] == "Forbidden"
