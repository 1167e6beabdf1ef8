"""Clubs and players: the same bound with 16 members and 4 finished matches, and
with 256 members and 64 matches.

Mervi plays every match (her player page and history grow with them), against
Olli or against Dupe, a guest without an account whom the merge folds into a new
player; the matches are rated so that the ranking lists every player who played.
"""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import Club, Role
from tests.queries.conftest import as_user
from tests.queries.worlds import race
from tests.scoring.factories import MembershipFactory, PlayerFactory, member

pytestmark = pytest.mark.django_db

BOUNDS = {
    # A page of a club costs one query more: the club's language (scoring.language).
    ("home", "GET"): 4,
    ("api:game-list", "GET"): 2,
    ("api:game-detail", "GET"): 2,
    ("api:game-score", "POST"): 2,
    ("scoring:clubs", "GET"): 5,
    ("scoring:clubs", "POST"): 8,
    ("scoring:club", "GET"): 11,
    ("scoring:club", "POST"): 12,
    ("scoring:players", "GET"): 8,
    ("scoring:players", "POST"): 13,
    ("scoring:search", "GET"): 9,
    ("scoring:ranking", "GET"): 10,
    ("scoring:player-edit", "GET"): 9,
    ("scoring:player-edit", "POST"): 13,
    ("scoring:player", "GET"): 14,
    ("scoring:match-new", "GET"): 9,
    ("api:club-list", "GET"): 5,
    ("api:club-list", "POST"): 8,
    ("api:club-detail", "GET"): 4,
    ("api:club-detail", "PATCH"): 9,
    ("api:club-player-list", "GET"): 6,
    ("api:club-player-list", "POST"): 13,
    ("api:club-player-detail", "GET"): 6,
    ("api:club-player-detail", "PATCH"): 12,
    ("api:club-membership-list", "GET"): 6,
    ("api:club-membership-list", "POST"): 12,
    ("api:club-membership-detail", "GET"): 6,
    ("api:club-membership-detail", "PATCH"): 12,
    ("api:club-ranking", "GET"): 5,
    ("api:club-time-zone", "POST"): 8,
    ("api:people-add", "POST"): 10,
    # Sends an invitation (the account, its player, its memberships, any open one).
    ("api:people-add-account", "POST"): 12,
    # The merge walks every relation to Player: invitations and their
    # acceptances (issue 19) are two more, three queries, at any size.
    ("api:people-merge", "POST"): 57,
    ("api:people-rename", "POST"): 11,
    ("api:people-retire", "POST"): 11,
    ("api:player-history", "GET"): 8,
}


@pytest.fixture(
    params=[(16, 4), (256, 64)], ids=["16members-4matches", "256members-64matches"]
)
def size(request):
    return request.param


def guest(club: Club, name: str):
    player = PlayerFactory(display_name=name, user=None)
    MembershipFactory(club=club, player=player, is_guest=True)
    return player


@pytest.fixture
def world(club, people, size):
    members, matches = size
    for _ in range(members - 4):
        member(club)
    dupe = guest(club, "Dupe Guest")
    by = people.scorer.user
    for i in range(matches):
        rival = people.opponent if i % 2 else dupe
        match = race(club, by, [people.member, rival], 2, last=(100, 0))
        services.match_finish(match=match, by=by)
    services.ratings_recompute(club=club, game="race-test")
    return dupe


def test_games(world, people, probe):
    client = as_user(people.member.user)
    probe(client, "home")
    probe(client, "api:game-list")
    probe(client, "api:game-detail", {"slug": "race-test"})
    probe(
        client,
        "api:game-score",
        {"slug": "race-test"},
        method="post",
        data={"options": {}, "deals": [{"points": [3, 0]}]},
        format="json",
    )


def test_club_pages(world, people, club, probe):
    client = as_user(people.admin.user)
    one = {"club_id": club.pk}
    probe(client, "scoring:clubs")
    probe(client, "scoring:club", one)
    probe(client, "scoring:players", one)
    probe(client, "scoring:search", one, query="q=mer")
    probe(client, "scoring:ranking", one)
    probe(client, "scoring:match-new", one)
    mervi = {**one, "player_id": people.member.pk}
    probe(client, "scoring:player-edit", mervi)
    probe(client, "scoring:player", {"player_id": people.member.pk})


def test_club_page_writes(world, people, club, probe):
    client = as_user(people.admin.user)
    one = {"club_id": club.pk}
    probe(client, "scoring:clubs", method="post", data={"name": "Pata"}, status=302)
    probe(
        client,
        "scoring:club",
        one,
        method="post",
        data={"display_name": "Quentin Zorn", "role": "member"},
        status=302,
    )
    probe(
        client,
        "scoring:players",
        one,
        method="post",
        data={"action": "add", "add-display_name": "Xavier Yli", "add-role": "member"},
        status=302,
    )
    probe(
        client,
        "scoring:player-edit",
        {**one, "player_id": people.member.pk},
        method="post",
        data={"action": "rename", "display_name": "Mervi K", "short_name": ""},
        status=302,
    )


def test_club_api_reads(world, people, club, probe):
    client = as_user(people.member.user)
    one = {"club_id": club.pk}
    probe(client, "api:club-list")
    probe(client, "api:club-detail", one)
    probe(client, "api:club-player-list", one, query="limit=500")
    probe(client, "api:club-player-detail", {**one, "player_id": people.member.pk})
    probe(client, "api:club-membership-list", one, query="limit=500")
    membership = people.member.memberships.get(club=club)
    probe(
        client,
        "api:club-membership-detail",
        {**one, "membership_id": membership.pk},
    )
    probe(client, "api:club-ranking", {**one, "game": "race-test"})
    probe(client, "api:player-history", {"player_id": people.member.pk})


def test_club_api_writes(world, people, club, probe):
    client = as_user(people.admin.user)
    one = {"club_id": club.pk}
    json = {"format": "json"}
    probe(
        client,
        "api:club-list",
        method="post",
        data={"name": "Pata"},
        status=201,
        **json,
    )
    probe(
        client,
        "api:club-detail",
        one,
        method="patch",
        data={"name": "Kortti 2"},
        **json,
    )
    probe(
        client,
        "api:club-player-list",
        one,
        method="post",
        data={"display_name": "Quentin Zorn"},
        status=201,
        **json,
    )
    mervi = {**one, "player_id": people.member.pk}
    probe(
        client,
        "api:club-player-detail",
        mervi,
        method="patch",
        data={"display_name": "Mervi K"},
        **json,
    )
    other = Club.objects.create(name="Pata", slug="pata-2")
    stranger = member(other, Role.MEMBER, "Stranger Danger")
    MembershipFactory(club=other, player=people.admin)  # Stranger is visible to her
    probe(
        client,
        "api:club-membership-list",
        one,
        method="post",
        data={"player": stranger.pk, "role": "member"},
        status=201,
        **json,
    )
    membership = people.member.memberships.get(club=club)
    probe(
        client,
        "api:club-membership-detail",
        {**one, "membership_id": membership.pk},
        method="patch",
        data={"role": "scorer"},
        **json,
    )
    probe(
        client,
        "api:club-time-zone",
        one,
        method="post",
        data={"time_zone": "Europe/Stockholm"},
        **json,
    )
    probe(
        client,
        "api:people-add",
        one,
        method="post",
        data={"display_name": "Xavier Yli"},
        status=201,
        **json,
    )
    third = Club.objects.create(name="Risti", slug="risti")
    wanderer = member(third, Role.MEMBER, "Wanda Wanderer")
    probe(
        client,
        "api:people-add-account",
        one,
        method="post",
        data={"username": wanderer.user.username},
        status=202,
        **json,
    )
    probe(
        client,
        "api:people-rename",
        mervi,
        method="post",
        data={"display_name": "Mervi L"},
        **json,
    )
    probe(
        client,
        "api:people-retire",
        {**one, "player_id": people.opponent.pk},
        method="post",
        data={"retired": True},
        **json,
    )
    keep = guest(club, "Kept Guest")
    probe(
        client,
        "api:people-merge",
        one,
        method="post",
        data={"keep": keep.pk, "merge": world.pk},
        **json,
    )
