"""Who may do what through the API: a matrix of role × endpoint.

Roles: ``admin`` (club admin of club A), ``scorer`` (club scorer, scores the match),
``member`` (member of A), ``outsider`` (admin of another club, B), ``anonymous``.
Objects of another club answer 404; writes by a reader answer 403; anonymous users
read public matches only (elsewhere 401: no credentials, ``WWW-Authenticate: Token``).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from rest_framework.test import APIClient

from scoring import services
from scoring.models import Deal, Match, MatchStatus, Membership, Role
from tests.scoring.factories import ClubFactory, member, race_match

pytestmark = pytest.mark.django_db

ROLES = ("admin", "scorer", "member", "outsider", "anonymous")


@pytest.fixture
def world(club, people):
    other = ClubFactory(name="Toinen", slug="toinen")
    outsider = member(other, Role.ADMIN, "Ulla")
    by = people.scorer.user
    private = race_match(club, by, [people.scorer, people.opponent])
    public = race_match(club, by, [people.scorer, people.opponent], is_public=True)
    for m in (private, public):
        services.deal_submit(match=m, number=1, input={"points": [10, 0]}, by=by)
    theirs = race_match(other, outsider.user, [outsider, member(other)])
    users = {
        "admin": people.admin.user,
        "scorer": people.scorer.user,
        "member": people.member.user,
        "outsider": outsider.user,
        "anonymous": None,
    }
    return SimpleNamespace(
        club=club,
        other=other,
        private=private,
        public=public,
        theirs=theirs,
        people=people,
        outsider=outsider,
        users=users,
        membership=Membership.objects.get(club=club, player=people.member),
    )


def client_for(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _start_body(w):
    return {
        "game": "race-test",
        "seats": [
            {"player": w.people.scorer.pk, "side": 0},
            {"player": w.people.opponent.pk, "side": 1},
        ],
    }


# (name, method, url, body, expected status per role in ROLES order)
CASES = [
    ("club get", "get", "/api/v1/clubs/{club}/", None, (200, 200, 200, 404, 401)),
    (
        "club rename",
        "patch",
        "/api/v1/clubs/{club}/",
        {"name": "Uusi"},
        (200, 403, 403, 404, 401),
    ),
    (
        "players",
        "get",
        "/api/v1/clubs/{club}/players/",
        None,
        (200, 200, 200, 404, 401),
    ),
    (
        "player add",
        "post",
        "/api/v1/clubs/{club}/players/",
        {"display_name": "Ville"},
        (201, 403, 403, 404, 401),
    ),
    (
        "memberships",
        "get",
        "/api/v1/clubs/{club}/memberships/",
        None,
        (200, 200, 200, 404, 401),
    ),
    (
        "role change",
        "patch",
        "/api/v1/clubs/{club}/memberships/{membership}/",
        {"role": "scorer"},
        (200, 403, 403, 404, 401),
    ),
    (
        "club matches",
        "get",
        "/api/v1/clubs/{club}/matches/",
        None,
        (200, 200, 200, 404, 401),
    ),
    (
        "start match",
        "post",
        "/api/v1/clubs/{club}/matches/",
        _start_body,
        (201, 201, 403, 404, 401),
    ),
    (
        "private match",
        "get",
        "/api/v1/matches/{private}/",
        None,
        (200, 200, 200, 404, 404),
    ),
    (
        "public match",
        "get",
        "/api/v1/matches/{public}/",
        None,
        (200, 200, 200, 200, 200),
    ),
    (
        "private sheet",
        "get",
        "/api/v1/matches/{private}/sheet",
        None,
        (200, 200, 200, 404, 404),
    ),
    (
        "public sheet",
        "get",
        "/api/v1/matches/{public}/sheet",
        None,
        (200, 200, 200, 200, 200),
    ),
    (
        "deal schema",
        "get",
        "/api/v1/matches/{private}/deal-schema",
        None,
        (200, 200, 200, 404, 404),
    ),
    (
        "private deals",
        "get",
        "/api/v1/matches/{private}/deals/",
        None,
        (200, 200, 200, 404, 404),
    ),
    (
        "public deal",
        "get",
        "/api/v1/matches/{public}/deals/1/",
        None,
        (200, 200, 200, 200, 200),
    ),
    (
        "submit",
        "post",
        "/api/v1/matches/{private}/deals/",
        {"number": 2, "input": {"points": [0, 10]}},
        (201, 201, 403, 404, 403),
    ),
    (
        "submit public",
        "post",
        "/api/v1/matches/{public}/deals/",
        {"number": 2, "input": {"points": [0, 10]}},
        (201, 201, 403, 403, 403),
    ),
    (
        "correct",
        "post",
        "/api/v1/matches/{private}/deals/1/correct",
        {"input": {"points": [20, 0]}, "base_version": 1, "reason": "typo"},
        (200, 200, 403, 404, 401),
    ),
    (
        "void",
        "post",
        "/api/v1/matches/{private}/deals/1/void",
        {"base_version": 1, "reason": "misdeal"},
        (200, 200, 403, 404, 401),
    ),
    (
        "publish",
        "patch",
        "/api/v1/matches/{private}/",
        {"is_public": True},
        (200, 200, 403, 404, 403),
    ),
    (
        "abandon",
        "post",
        "/api/v1/matches/{private}/abandon",
        {"reason": "late"},
        (200, 200, 403, 404, 401),
    ),
    (
        "other club's player under our club",
        "get",
        "/api/v1/clubs/{club}/players/{their_player}/",
        None,
        (404, 404, 404, 404, 401),
    ),
    (
        "our player under their club",
        "get",
        "/api/v1/clubs/{other}/players/{our_player}/",
        None,
        (404, 404, 404, 404, 401),
    ),
    (
        "their match",
        "get",
        "/api/v1/matches/{theirs}/",
        None,
        (404, 404, 404, 200, 404),
    ),
    (
        "submit to their match",
        "post",
        "/api/v1/matches/{theirs}/deals/",
        {"number": 1, "input": {"points": [0, 10]}},
        (404, 404, 404, 201, 403),
    ),
]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    ("name", "method", "url", "body", "expected"), CASES, ids=[c[0] for c in CASES]
)
def test_permission_matrix(world, role, name, method, url, body, expected):
    """Each role gets the status of the matrix for each endpoint."""
    url = url.format(
        club=world.club.pk,
        other=world.other.pk,
        private=world.private.pk,
        public=world.public.pk,
        theirs=world.theirs.pk,
        membership=world.membership.pk,
        their_player=world.outsider.pk,
        our_player=world.people.member.pk,
    )
    if callable(body):
        body = body(world)
    client = client_for(world.users[role])
    response = getattr(client, method)(url, body, format="json")
    assert response.status_code == expected[ROLES.index(role)], response.content
    if response.status_code >= 400:
        assert response.json()["errors"]


def test_listing_matches_shows_own_clubs_and_public_ones(world):
    ids = lambda user: {  # noqa: E731
        m["id"] for m in client_for(user).get("/api/v1/matches/").json()["results"]
    }
    assert ids(world.users["member"]) == {world.private.pk, world.public.pk}
    assert ids(world.users["outsider"]) == {world.public.pk, world.theirs.pk}
    assert ids(None) == {world.public.pk}


def test_clubs_list_only_mine(world):
    body = client_for(world.users["outsider"]).get("/api/v1/clubs/").json()
    assert [c["id"] for c in body["results"]] == [world.other.pk]


def test_mass_assignment_of_ownership_and_status_is_ignored(world):
    """club, status, version, totals … in a body change nothing."""
    client = client_for(world.users["scorer"])
    body = {
        **_start_body(world),
        "club": world.other.pk,
        "status": "finished",
        "version": 99,
        "totals": [500, 0],
        "finished": True,
        "winners": [0],
        "started_by": world.users["outsider"].pk,
    }
    response = client.post(
        f"/api/v1/clubs/{world.club.pk}/matches/", body, format="json"
    )
    assert response.status_code == 201
    match = Match.objects.get(pk=response.json()["id"])
    assert match.club == world.club
    assert match.status == MatchStatus.IN_PROGRESS
    assert match.totals == [0, 0] and match.version == 1 and not match.finished
    assert match.started_by == world.users["scorer"]

    response = client.post(
        f"/api/v1/matches/{world.private.pk}/deals/",
        {
            "number": 2,
            "input": {"points": [0, 10]},
            "status": "voided",
            "entered_by": world.users["outsider"].pk,
            "version": 7,
            "result": {"points": [100, 0]},
        },
        format="json",
    )
    assert response.status_code == 201
    deal = Deal.objects.get(match=world.private, number=2)
    assert (deal.status, deal.version, deal.entered_by) == (
        "counted",
        1,
        world.users["scorer"],
    )
    assert deal.result["points"] == [0, 10]

    response = client.patch(
        f"/api/v1/matches/{world.private.pk}/",
        {"is_public": False, "status": "abandoned", "club": world.other.pk},
        format="json",
    )
    world.private.refresh_from_db()
    assert world.private.status == MatchStatus.IN_PROGRESS
    assert world.private.club == world.club

    admin = client_for(world.users["admin"])
    response = admin.patch(
        f"/api/v1/clubs/{world.club.pk}/memberships/{world.membership.pk}/",
        {"role": "member", "club": world.other.pk, "player": world.outsider.pk},
        format="json",
    )
    world.membership.refresh_from_db()
    assert world.membership.club == world.club
    assert world.membership.player == world.people.member
