"""The API's token authentication reads the user's player with the token.

``scoring.api.authentication.PlayerTokenAuthentication`` is DRF's token
authentication with the player in the same query: a user with a player is that
player at once, a user without one is still signed in and belongs to no club, and a
bad or inactive token is refused as before.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def client_with(token: str) -> APIClient:
    return APIClient(HTTP_AUTHORIZATION=f"Token {token}")


def test_a_members_token_reads_the_player_in_the_tokens_query(people, match):
    """The match list of a member: the player is not read by a query of its own."""
    token = Token.objects.create(user=people.opponent.user).key
    with CaptureQueriesContext(connection) as ctx:
        answer = client_with(token).get(f"/api/v1/matches/{match.pk}/")
    assert answer.status_code == 200
    assert not any(
        'FROM "scoring_player" WHERE' in q["sql"] for q in ctx.captured_queries
    )


def test_a_user_without_a_player_is_signed_in_and_sees_no_club_match(people, match):
    token = Token.objects.create(user=people.outsider).key
    answer = client_with(token).get("/api/v1/matches/")
    assert answer.status_code == 200
    assert answer.json()["results"] == []
    assert client_with(token).get(f"/api/v1/matches/{match.pk}/").status_code == 404


def refusal(answer) -> tuple[int, str]:
    return answer.status_code, answer.json()["errors"][0]["message"]


def test_a_bad_or_inactive_token_is_refused(people):
    """401 with the ``WWW-Authenticate: Token`` challenge: the token
    authentication comes first (issue 29)."""
    bad = client_with("0" * 40).get("/api/v1/matches/")
    assert refusal(bad) == (401, "Invalid token.")
    assert bad["WWW-Authenticate"] == "Token"
    user = people.member.user
    token = Token.objects.create(user=user).key
    user.is_active = False
    user.save(update_fields=["is_active"])
    inactive = client_with(token).get("/api/v1/matches/")
    assert refusal(inactive) == (401, "User inactive or deleted.")
