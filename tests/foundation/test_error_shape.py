"""One parser and one error shape for every endpoint and status (issue 29.4, 29.7).

Every error under ``/api/`` is an RFC 9457 problem with the field errors in
``errors`` — the token endpoint, the lockout's 429 and the database-busy 503 too. A
missing or bad token on a token-authenticated endpoint is a 401 with
``WWW-Authenticate: Token``. The token endpoint reads JSON only, with the depth
limit; a chunked body is refused with a 411 rather than read as empty.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import OperationalError
from rest_framework.test import APIClient

from config.parsers import MAX_JSON_DEPTH
from scoring.models import Club, Membership, Player
from tests.scoring.test_bad_input import assert_problem

pytestmark = pytest.mark.django_db

TOKEN = "/api/v1/auth/token"


@pytest.fixture(autouse=True)
def _fresh_throttle_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def aino(db):
    return get_user_model().objects.create_user("aino", password="right-pw")


def _nested(depth: int) -> str:
    return '{"username": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"


def test_deeply_nested_json_at_the_token_endpoint_is_a_400_not_a_500():
    client = APIClient()
    deep = client.post(TOKEN, "[" * 3000 + "]" * 3000, content_type="application/json")
    assert_problem(deep, 400)
    too_deep = client.post(
        TOKEN, _nested(MAX_JSON_DEPTH + 1), content_type="application/json"
    )
    assert_problem(too_deep, 400, "too_deep")


def test_the_token_endpoint_reads_json_only(aino):
    client = APIClient()
    form = client.post(TOKEN, {"username": "aino", "password": "right-pw"})
    body = assert_problem(form, 415, "unsupported_media_type")
    assert "token" not in body
    ok = client.post(TOKEN, {"username": "aino", "password": "right-pw"}, format="json")
    assert ok.status_code == 200 and ok.json()["token"]


def test_the_token_endpoint_takes_text_as_json_strings_only(aino):
    refused = APIClient().post(
        TOKEN, {"username": "aino", "password": 12345}, format="json"
    )
    body = assert_problem(refused, 400, "invalid")
    assert body["errors"][0]["path"] == "password"


def test_a_bad_token_is_a_401_with_www_authenticate():
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = client.get("/api/v1/matches/")
    assert_problem(response, 401, "authentication_failed")
    assert response["WWW-Authenticate"] == "Token"


def test_no_credentials_on_a_token_endpoint_is_a_401_with_www_authenticate():
    response = APIClient().post("/api/v1/clubs/", {"name": "Uusi"}, format="json")
    assert_problem(response, 401, "not_authenticated")
    assert response["WWW-Authenticate"] == "Token"


def test_the_lockout_429_has_the_problem_shape(aino):
    client = APIClient()
    for _ in range(5):
        client.post(TOKEN, {"username": "aino", "password": "wrong"}, format="json")
    locked = client.post(
        TOKEN, {"username": "aino", "password": "wrong"}, format="json"
    )
    assert_problem(locked, 429, "locked_out")
    assert locked["Retry-After"]


def test_the_database_busy_503_has_the_problem_shape(aino, monkeypatch):
    from scoring import selectors

    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(selectors, "clubs_for", locked)
    client = APIClient()
    client.force_authenticate(aino)
    response = client.get("/api/v1/clubs/")
    assert_problem(response, 503, "database_unavailable")
    assert response["Retry-After"] == "5"


def test_every_other_status_has_the_problem_shape(aino):
    client = APIClient()
    client.force_authenticate(aino)
    assert_problem(client.get("/api/v1/no-such-thing/"), 404, "not_found")
    assert_problem(client.delete("/api/v1/clubs/"), 405, "method_not_allowed")
    assert_problem(
        client.post("/api/v1/clubs/", "name=x", content_type="text/plain"),
        415,
        "unsupported_media_type",
    )
    created = client.post("/api/v1/clubs/", {"name": "Kortti"}, format="json")
    assert created.status_code == 201
    taken = client.post("/api/v1/clubs/", {"name": "Kortti"}, format="json")
    assert_problem(taken, 409, "slug_taken")
    olli = get_user_model().objects.create_user("olli", password="x")
    club = Club.objects.get()
    Membership.objects.create(
        club=club, player=Player.objects.create(display_name="Olli", user=olli)
    )
    client.force_authenticate(olli)
    refused = client.patch(f"/api/v1/clubs/{club.pk}/", {"name": "M"}, format="json")
    assert_problem(refused, 403)


def test_a_chunked_body_is_refused_with_411_not_read_as_empty(aino):
    client = APIClient()
    client.force_authenticate(aino)
    response = client.post(
        "/api/v1/clubs/",
        {"name": "Uusi"},
        format="json",
        HTTP_TRANSFER_ENCODING="chunked",
    )
    assert_problem(response, 411, "length_required")
    page = client.post("/accounts/login/", {}, HTTP_TRANSFER_ENCODING="chunked")
    assert page.status_code == 411
