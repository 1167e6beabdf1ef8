"""Odd input that used to answer 500 answers a clear 4xx (issue 29.3, 29.6).

``"²"`` is a digit to ``str.isdigit`` but not to ``int``; a NUL byte cannot be sent
to PostgreSQL; signing up with a taken username took the field out of the form's
data before it was read again. Each is refused (or ignored, for a page's filter)
without a 500, and the signup page never keeps the password for an error page.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.http import QueryDict
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scoring import services
from scoring.deal_forms import build_form, deal_from_post
from scoring.models import Role
from tests.scoring.test_deal_forms import SCHEMA, TABLE

pytestmark = pytest.mark.django_db


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# -- invitation signup ---------------------------------------------------------------


def test_signup_with_a_taken_username_is_a_form_error(club, people):
    invitation = services.invitation_create(
        club=club, role=Role.MEMBER, by=people.admin.user
    )
    url = reverse("scoring:invitation-accept", kwargs={"token": invitation.token})
    taken = people.member.user.get_username()
    response = Client().post(
        url,
        {
            "username": taken.upper(),
            "password1": "Pitkä salasana 7",
            "password2": "Pitkä salasana 7",
            "display_name": "Kaisa",
        },
    )
    assert response.status_code == 400
    assert response.context["signup"].errors["username"]
    assert "Pitkä salasana 7" not in response.content.decode()
    assert get_user_model().objects.filter(username__iexact=taken).count() == 1
    # An error page (DEBUG) would show the passwords as stars.
    assert set(response.wsgi_request.sensitive_post_parameters) == {
        "password1",
        "password2",
    }


def test_the_token_view_hides_the_password_from_error_pages(db):
    response = APIClient().post(
        "/api/v1/auth/token", {"username": "x", "password": "y"}, format="json"
    )
    assert response.wsgi_request.sensitive_post_parameters == ("password",)


# -- ?season= --------------------------------------------------------------------------


@pytest.mark.parametrize("season", ["²", "١٢", "99999999999999999999", "2026x"])
def test_a_season_that_is_not_a_year_is_ignored_by_the_pages(club, people, season):
    client = _signed_in(people.member.user)
    player_page = client.get(f"/players/{people.member.pk}/", {"season": season})
    assert player_page.status_code == 200
    ratings = client.get(f"/clubs/{club.pk}/ratings/", {"season": season})
    assert ratings.status_code in (200, 404)  # 404: no rated game yet


@pytest.mark.parametrize("season", ["²", "12345"])
def test_a_season_that_is_not_a_year_is_a_400_from_the_api(
    api_client, club, people, season
):
    api_client.force_authenticate(people.member.user)
    response = api_client.get(
        f"/api/v1/clubs/{club.pk}/ratings/race-test/", {"season": season}
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "season"


# -- deal pages ------------------------------------------------------------------------


def test_confirm_with_a_version_that_is_not_a_number_is_a_message(
    client, people, match
):
    client.force_login(people.opponent.user)
    url = reverse("scoring:deal-confirm", args=[match.pk, 1])
    for version in ("abc", "²", "9" * 40):
        response = client.post(url, {"base_version": version}, follow=True)
        assert response.status_code == 200
        assert "base_version" in response.content.decode()


@pytest.mark.parametrize(
    "name", ["teams.0.melds.²", "teams.0.melds.99999999", "teams.².hands.0"]
)
def test_a_crafted_list_index_in_a_deal_form_is_ignored(name):
    """A list index the browser never sends ("²", or one past any deal) is not
    read: no 500, and no walk over millions of empty slots."""
    form = build_form(SCHEMA, TABLE)
    data = QueryDict(mutable=True)
    data.update(
        {"mode": "cards", "teams.0.melds.0": "7H 7D 7S Jo", "went_out": "0", name: "4C"}
    )
    deal = deal_from_post(form, data)
    assert deal["teams"][0]["melds"] == ["7H 7D 7S Jo"]


# -- NUL bytes -------------------------------------------------------------------------


def test_a_nul_byte_in_the_player_search_is_a_400(club, people):
    client = _signed_in(people.admin.user)
    response = client.get(f"/clubs/{club.pk}/players/", {"q": "a\x00b"})
    assert response.status_code == 400


def test_a_nul_byte_in_an_invitation_url_is_a_400():
    assert Client().get("/invite/abc%00def/").status_code == 400


def test_a_nul_byte_in_an_api_query_is_a_400_in_the_problem_shape(api_client, people):
    api_client.force_authenticate(people.admin.user)
    response = api_client.get("/api/v1/matches/", {"q": "\x00"})
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_request"
