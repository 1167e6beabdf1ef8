"""Money: settlements and the ledger. The same bound for an evening of 3 matches
of 5 deals among 4 players and for one of 30 matches of 100 deals among 12.

The evening is a session (its point value on every match) built through the API;
a match with its own stake, as long as the session's matches, is settled on its
own. The sheets, the CSV, marking transfers paid (and undoing one) run on the
ledger those settlements wrote.
"""

from __future__ import annotations

import pytest

import tests.money_service.testgames  # noqa: F401  (registers tally-test)
from scoring import services
from scoring.models import Role
from tests.queries.conftest import as_user
from tests.queries.worlds import with_inputs
from tests.scoring.factories import MembershipFactory, PlayerFactory, member

pytestmark = pytest.mark.django_db

BOUNDS = {
    # A page of a club costs one query more: the club's language (scoring.language).
    ("money:index", "GET"): 5,
    ("money:evenings", "GET"): 11,
    ("money:evenings", "POST"): 11,
    ("money:evening-matches", "POST"): 32,
    # An evening's sheet also lists its matches with their players and the
    # matches it can still take (5 more: the session, the reader's role, its
    # matches, their seats, the candidates; their seats when there are any).
    ("money:sheet", "GET"): 19,
    # The CSV's times in the club's time zone: its club read once (config.spreadsheet).
    ("money:sheet-csv", "GET"): 11,
    ("money:settle", "POST"): 24,
    ("money:paid", "POST"): 19,
    ("api:club-session-list", "GET"): 6,
    ("api:club-session-list", "POST"): 10,
    ("api:session-detail", "GET"): 6,
    ("api:session-matches", "POST"): 33,
    ("api:session-settlement", "GET"): 10,
    ("api:session-settlement", "POST"): 25,
    # The terms as they were, and the match bumped when they change (its live
    # sheet's ETag): two queries, at any size.
    ("api:match-money-terms", "PUT"): 17,
    ("api:match-settlement", "GET"): 9,
    ("api:match-settlement", "POST"): 29,
    ("api:settlement-payments", "POST"): 15,
    ("api:payment-undo", "POST"): 12,
    # The merge walks every relation to Player: invitations and their
    # acceptances (issue 19) are two more, three queries, at any size.
    ("api:people-merge", "POST"): 73,
}

JSON = {"format": "json"}


@pytest.fixture(
    params=[(3, 5, 4), (30, 100, 12)],
    ids=["3matches-5deals-4players", "30matches-100deals-12players"],
)
def size(request):
    return request.param


def tally(club, by, players, deals: int, **stake):
    """A finished Tally match of ``players`` (one side each) with ``deals`` deals
    stored in bulk; seat 0 scores most, the others less and less."""
    match = services.match_start(
        club=club,
        game="tally-test",
        seats=[(p, i) for i, p in enumerate(players)],
        options={"deals": deals},
        by=by,
        **stake,
    )
    points = [10 * (len(players) - i) + deals % 7 for i in range(len(players))]
    match = with_inputs(match, [{"points": points}] * deals, by)
    return services.match_finish(match=match, by=by)


def test_an_evening_and_a_staked_match(club, size, probe):
    matches, deals, count = size
    admin = member(club, Role.ADMIN, "Aino")
    # Gus, a guest without an account, plays in a quarter of the matches at least.
    gus = PlayerFactory(display_name="Gus", user=None)
    MembershipFactory(club=club, player=gus, is_guest=True)
    players = [gus] + [member(club) for _ in range(count - 1)]
    boss = as_user(admin.user)
    one = {"club_id": club.pk}
    session = probe(
        boss,
        "api:club-session-list",
        one,
        method="post",
        data={"name": "Friday", "currency": "EUR", "point_value": "0.05"},
        status=201,
        **JSON,
    ).json()
    evening = {"session_id": session["id"]}
    for i in range(matches):
        seated = [players[(i + k) % count] for k in range(4)]
        match = tally(club, admin.user, seated, deals)
        link = {"match": match.pk}
        if i < matches - 1:
            boss.post(f"/api/v1/sessions/{session['id']}/matches", link, **JSON)
    probe(
        boss,
        "api:session-matches",
        evening,
        method="post",
        data={"match": match.pk},
        status=201,
        **JSON,
    )
    body = probe(boss, "api:session-settlement", evening, method="post").json()
    assert body["transfers"]
    probe(boss, "api:session-settlement", evening)
    probe(boss, "api:session-detail", evening)
    probe(boss, "api:club-session-list", one)
    sheet = {"kind": "session", "source_id": session["id"]}
    probe(boss, "money:settle", sheet, method="post", data={}, status=302)
    first, second = body["transfers"][:2]
    probe(
        boss,
        "money:paid",
        sheet,
        method="post",
        data={k: first[k] for k in ("payer", "payee", "amount")},
        status=302,
    )
    paid = probe(
        boss,
        "api:settlement-payments",
        sheet,
        method="post",
        data={k: second[k] for k in ("payer", "payee", "amount")},
        status=201,
        **JSON,
    ).json()
    probe(boss, "api:payment-undo", {"entry_id": paid["id"]}, method="post", status=204)
    # Every other transfer paid too: the sheet lists as many payments as the
    # evening has transfers (one undone).
    payments = f"/api/v1/settlements/session/{session['id']}/payments"
    for t in body["transfers"][2:]:
        keys = ("payer", "payee", "amount")
        assert boss.post(payments, {k: t[k] for k in keys}, **JSON).status_code == 201
    page = probe(boss, "money:sheet", sheet).content.decode()
    assert page.count("marked by") == len(body["transfers"])
    probe(boss, "money:sheet-csv", sheet)
    probe(boss, "money:index")

    staked = tally(
        club, admin.user, players[:4], deals, point_value="0.05", currency="EUR"
    )
    own = {"match_id": staked.pk}
    probe(
        boss,
        "api:match-money-terms",
        own,
        method="put",
        data={"team_mode": "per_member"},
        **JSON,
    )
    probe(boss, "api:match-settlement", own, method="post")
    probe(boss, "api:match-settlement", own)
    probe(boss, "money:sheet", {"kind": "match", "source_id": staked.pk})

    # Merging Gus into a new guest rewrites the ledger lines that name him (one
    # per match he played) and settles the evening again.
    kept = PlayerFactory(display_name="Gustav", user=None)
    MembershipFactory(club=club, player=kept, is_guest=True)
    probe(
        boss,
        "api:people-merge",
        one,
        method="post",
        data={"keep": kept.pk, "merge": gus.pk},
        **JSON,
    )


def test_the_treasurers_evening_pages(club, size, probe):
    """The club's evenings, a new one, matches ticked and the day collected, and
    the evening's sheet with the matches it can still take."""
    from django.utils import timezone

    from money.models import Session, SessionMatch
    from scoring.localtime import local

    matches, deals, count = size
    admin = member(club, Role.ADMIN, "Aino")
    players = [member(club) for _ in range(count)]
    boss = as_user(admin.user)
    one = {"club_id": club.pk}
    probe(boss, "money:evenings", one)
    for i in range(matches):
        seated = [players[(i + k) % count] for k in range(4)]
        last = tally(
            club, admin.user, seated, deals, point_value="0.05", currency="EUR"
        )
    data = {"name": "Friday", "currency": "EUR", "team_mode": "per_member"}
    probe(boss, "money:evenings", one, method="post", data=data, status=302)
    session = Session.objects.get(club=club)
    evening = {"session_id": session.pk}
    sheet = {"kind": "session", "source_id": session.pk}
    probe(boss, "money:sheet", sheet)  # every match still offered
    # All but the last through the API; the last ticked, then the day collected
    # (nothing left: the bound is the day's read and the redirect).
    for match in club.matches.exclude(pk=last.pk):
        link = {"match": match.pk}
        boss.post(f"/api/v1/sessions/{session.pk}/matches", link, **JSON)
    ticked = {"match": [str(last.pk)]}
    probe(
        boss, "money:evening-matches", evening, method="post", data=ticked, status=302
    )
    day = {"day": local(timezone.now(), club).date().isoformat()}
    probe(boss, "money:evening-matches", evening, method="post", data=day, status=302)
    assert SessionMatch.objects.filter(session=session).count() == matches
    page = probe(boss, "money:sheet", sheet).content.decode()
    assert page.count('name="match"') == 0  # nothing left to offer
    probe(boss, "money:evenings", one)
