"""Invitations, table links, table cards and "My games": the same bound with 4
invitations, matches and tables, and with 64 invitations, 64 matches (each with
deals) and 16 tables.

The table link's pages are probed as a phone without an account; the sheet and the
form read a match of 5 or 120 deals.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import selectors, services
from scoring.models import Role
from scoring.table_links import TableGuest
from tests.queries.conftest import as_user
from tests.queries.worlds import race, with_inputs
from tests.scoring.factories import ClubFactory, UserFactory, member
from tournaments import services as t_services

pytestmark = pytest.mark.django_db

BOUNDS = {
    # A page of a club costs one query more: the club's language (scoring.language).
    ("scoring:invitations", "GET"): 9,
    ("scoring:invitations", "POST"): 11,
    ("scoring:invitation", "GET"): 9,
    ("scoring:invitation", "POST"): 12,
    ("scoring:invitation-accept", "GET"): 5,
    # The account is made (a username check, the insert), signed in (session,
    # last login) and linked: the invitation locked, counted, the player made.
    # +2: the signup's savepoint, so that a username taken meanwhile is a form
    # error on the field, not a 500 (issue 29).
    ("scoring:invitation-accept", "POST"): 28,
    # …and the invitations addressed to the account, one query more.
    ("scoring:my-games", "GET"): 7,
    ("scoring:invitation-respond", "POST"): 13,
    ("scoring:club-table-cards", "GET"): 10,
    ("scoring:table-link", "GET"): 11,
    ("scoring:table-link", "POST"): 13,
    # The sheet reads the match's history of finishes and reopenings: one query.
    ("scoring:table", "GET"): 7,
    ("scoring:table-deal-new", "GET"): 4,
    ("scoring:table-deal-new", "POST"): 12,
    # One more: the match's status, to tell the table it finished by itself.
    ("scoring:table-deal-confirm", "POST"): 19,
    ("tournaments:table-cards", "GET"): 13,
    ("api:club-invitation-list", "GET"): 7,
    ("api:club-invitation-list", "POST"): 10,
    ("api:club-invitation-revoke", "POST"): 12,
    ("api:invitation-accept", "POST"): 14,
    ("api:invitation-pending-list", "GET"): 3,
    ("api:invitation-decline", "POST"): 8,
    ("api:match-table-link", "GET"): 7,
    ("api:match-table-link-revoke", "POST"): 11,
    ("api:table-match", "GET"): 3,
    ("api:table-sheet", "GET"): 4,
    ("api:table-deal-schema", "GET"): 4,  # the match's schema: its seats read once
    # As an account's submit and confirmation, with the table's Idempotency-Key.
    ("api:table-deal-list", "POST"): 18,
    ("api:table-deal-confirm", "POST"): 25,
    # Issue 31: a phone keeps its version of a deal (as an account's correction)
    # and reports its queue (the link read, the row locked or made, saved).
    ("api:table-deal-correct", "POST"): 28,
    ("api:table-queue", "POST"): 10,
    ("scoring:table-finish", "POST"): 10,
    ("api:table-finish", "POST"): 10,
}


@pytest.fixture(params=[(4, 5), (64, 120)], ids=["4each-5deals", "64each-120deals"])
def size(request):
    return request.param


@pytest.fixture
def world(club, people, size):
    count, deals = size
    admin = people.admin.user
    invitations = [
        services.invitation_create(club=club, max_uses=3, by=admin)
        for _ in range(count)
    ]
    for invitation in invitations[: count // 2]:
        services.invitation_accept(
            token=invitation.token, display_name="Uusi", by=UserFactory()
        )
    matches = [
        race(club, people.scorer.user, [people.member, people.opponent], 3)
        for _ in range(count)
    ]
    long = race(club, people.scorer.user, [people.scorer, people.opponent], deals)
    double = race(
        club,
        people.scorer.user,
        [people.scorer, people.opponent],
        deals,
        double_entry=True,
    )
    return invitations, matches, long, double


def test_invitation_pages(world, people, club, probe):
    invitations, *_ = world
    client = as_user(people.admin.user)
    one = {"club_id": club.pk}
    probe(client, "scoring:invitations", one)
    probe(
        client,
        "scoring:invitations",
        one,
        method="post",
        data={"role": "scorer", "max_uses": 2, "days": 3},
        status=302,
    )
    detail = {**one, "invitation_id": invitations[0].pk}
    probe(client, "scoring:invitation", detail)
    probe(client, "scoring:invitation", detail, method="post", data={}, status=302)
    token = {"token": invitations[-1].token}
    probe(client, "scoring:invitation-accept", token)
    newcomer = as_user(None)
    probe(
        newcomer,
        "scoring:invitation-accept",
        token,
        method="post",
        data={
            "username": "kaisa",
            "password1": "Pitkä salasana 7",
            "password2": "Pitkä salasana 7",
            "display_name": "Kaisa",
        },
        status=302,
    )


def test_my_games(world, people, probe):
    probe(as_user(people.member.user), "scoring:my-games")


@pytest.fixture
def sent(people, size):
    """Invitations to Mervi's account from as many clubs as the world's size."""
    count, _deals = size
    out = []
    for n in range(count):
        other = ClubFactory(name=f"Klubi {n}", slug=f"klubi-{n}")
        boss = member(other, Role.ADMIN, f"Boss {n}")
        out.append(
            services.invitation_send(
                club=other, username=people.member.user.username, by=boss.user
            )
        )
    return out


def test_invitations_addressed_to_an_account(sent, people, probe):
    mervi = as_user(people.member.user)
    probe(mervi, "scoring:my-games")
    probe(mervi, "api:invitation-pending-list")
    respond = "scoring:invitation-respond"
    probe(
        mervi,
        respond,
        {"invitation_id": sent[0].pk},
        method="post",
        data={"action": "accept"},
        status=302,
    )
    probe(
        mervi,
        "api:invitation-decline",
        {"invitation_id": sent[1].pk},
        method="post",
        data={},
        format="json",
    )


def test_table_link_pages(world, people, club, probe):
    _invitations, _matches, long, double = world
    probe(as_user(people.admin.user), "scoring:club-table-cards", {"club_id": club.pk})
    one = {"match_id": long.pk}
    probe(as_user(people.scorer.user), "scoring:table-link", one)
    probe(
        as_user(people.admin.user),
        "scoring:table-link",
        one,
        method="post",
        data={"reason": "lost"},
        status=302,
    )
    phone = as_user(None)
    token = {"token": selectors.table_link_get(long)}
    probe(phone, "scoring:table", token, query="seat=1")
    probe(phone, "scoring:table-deal-new", token, query="seat=1")
    probe(
        phone,
        "scoring:table-deal-new",
        token,
        method="post",
        data={"number": str(long.next_deal["number"]), "points": "1 1"},
        status=302,
    )
    services.deal_submit(
        match=double,
        number=double.next_deal["number"],
        input={"points": [2, 2]},
        by=TableGuest(double.pk, 0),
    )
    number = double.next_deal["number"]
    url = reverse(
        "scoring:table-deal-confirm",
        kwargs={"token": selectors.table_link_get(double), "number": number},
    )
    probe(
        phone,
        "scoring:table-deal-confirm",
        {"token": selectors.table_link_get(double), "number": number},
        method="post",
        data={"base_version": "1"},
        status=302,
        query="seat=1",
    )
    double.refresh_from_db()
    assert double.deals.get(number=number).status == "counted", url


def test_invitation_and_table_link_api(world, people, club, probe):
    invitations, _matches, long, _double = world
    admin = as_user(people.admin.user)
    one = {"club_id": club.pk}
    probe(admin, "api:club-invitation-list", one)
    probe(
        admin,
        "api:club-invitation-list",
        one,
        method="post",
        data={"role": "member"},
        format="json",
        status=201,
    )
    probe(
        admin,
        "api:club-invitation-revoke",
        {**one, "invitation_id": invitations[1].pk},
        method="post",
        data={},
        format="json",
    )
    probe(
        as_user(UserFactory()),
        "api:invitation-accept",
        method="post",
        data={"token": invitations[-1].token, "display_name": "Uusi"},
        format="json",
    )
    match = {"match_id": long.pk}
    probe(as_user(people.scorer.user), "api:match-table-link", match)
    probe(
        admin,
        "api:match-table-link-revoke",
        match,
        method="post",
        data={"reason": "lost"},
        format="json",
    )


def test_table_cards(club, people, size, probe):
    count, _deals = size
    director = people.admin.user
    tournament = t_services.tournament_create(
        club=club, name="Syys", game="sleazy", format="swiss", by=director
    )
    names = "\n".join(f"Entry {i}" for i in range(2 * min(count, 16)))
    t_services.entries_add(tournament=tournament, names=names, by=director)
    round_ = t_services.round_generate(stage=tournament.stages.get(), by=director)
    round_ = t_services.round_start(round=round_, by=director)
    probe(
        as_user(director),
        "tournaments:table-cards",
        {"tournament_id": tournament.pk, "round_id": round_.pk},
    )


def test_table_link_api(world, people, probe):
    """The table link's API as a phone without an account (an Idempotency-Key on
    the writes, as a phone sends it)."""
    _invitations, _matches, long, double = world
    phone = as_user(None)
    token = {"token": selectors.table_link_get(long)}
    probe(phone, "api:table-match", token, query="seat=1")
    probe(phone, "api:table-sheet", token, query="seat=1")
    probe(phone, "api:table-deal-schema", token)
    probe(
        phone,
        "api:table-deal-list",
        token,
        method="post",
        data={"number": long.next_deal["number"], "input": {"points": [1, 1]}},
        format="json",
        status=201,
        query="seat=1",
        HTTP_IDEMPOTENCY_KEY="phone-1",
    )
    services.deal_submit(
        match=double,
        number=double.next_deal["number"],
        input={"points": [2, 2]},
        by=TableGuest(double.pk, 0),
    )
    number = double.next_deal["number"]
    probe(
        phone,
        "api:table-deal-confirm",
        {"token": selectors.table_link_get(double), "number": number},
        method="post",
        data={"base_version": 1},
        format="json",
        query="seat=1",
        HTTP_IDEMPOTENCY_KEY="phone-2",
    )
    assert double.deals.get(number=number).status == "counted"
    probe(
        phone,
        "api:table-deal-correct",
        {**token, "number": 1},
        method="post",
        data={"input": {"points": [0, 2]}, "base_version": 1, "reason": "phone"},
        format="json",
        query="seat=1",
        HTTP_IDEMPOTENCY_KEY="phone-3",
    )
    for waiting in (3, 0):  # the first report makes the row, the next finds it
        probe(
            phone,
            "api:table-queue",
            token,
            method="post",
            data={"waiting": waiting},
            format="json",
            query="seat=1",
        )
    assert long.phone_queues.get().waiting == 0


#: An Indian Poker hand entered as totals: what each seat paid, who won.
HAND = {"mode": "totals", "paid": [5, 2, 1, 5], "winner": 3}


def _poker(club, people, hands: int):
    """Indian Poker with no number of hands (it ends when the table stops), with
    ``hands`` hands played."""
    players = [people.scorer, people.opponent, people.member, people.admin]
    match = services.match_start(
        club=club,
        game="indian-poker",
        seats=[(p, i) for i, p in enumerate(players)],
        point_value="0.10",
        currency="EUR",
        by=people.scorer.user,
    )
    return with_inputs(match, [HAND] * hands, people.scorer.user)


def test_a_table_finishes_a_game_with_no_fixed_end(club, people, size, probe):
    """The table link's "finish" after as many hands as the world's long match,
    from the page and from the API, as a seated phone without an account."""
    _count, hands = size
    phone = as_user(None)
    for name, status in (("scoring:table-finish", 302), ("api:table-finish", 200)):
        poker = _poker(club, people, hands)
        token = {"token": selectors.table_link_get(poker)}
        probe(phone, name, token, method="post", status=status, query="seat=1")
        poker.refresh_from_db()
        assert poker.status == "finished"
