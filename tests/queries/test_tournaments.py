"""Tournaments, rounds, standings and the bracket: the same bound with 16 entries
after 3 Swiss rounds and with 64 entries after 9, and for a knockout of 8 entries
(3 rounds) and of 32 (5 rounds).

Each size builds its tournament once (the rounds played through the services, the
deals stored in bulk) and walks every page and endpoint on it: the reads first,
then the director's actions, each on the state the previous one left.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scoring.models import DealStatus, PhoneQueue
from scoring.services import deal_submit as submit
from scoring.services import match_finish as finish
from tests.queries.conftest import as_user
from tests.queries.worlds import SLEAZY, tournament, with_inputs
from tournaments.models import Round, RoundStatus, Table
from tournaments.services import round_generate as generate
from tournaments.services import round_start as start

pytestmark = pytest.mark.django_db

BOUNDS = {
    # A page of a club costs one query more: the club's language (scoring.language).
    ("tournaments:list", "GET"): 5,
    ("tournaments:new", "GET"): 5,
    ("tournaments:new", "POST"): 11,
    # The live stamp (2) and the prize-settlement link (1) on top of the page:
    # Swiss 23 (issue 32: the round shown read in four queries — its tables, their
    # seats, the page's tables in full, its explanation — whatever the rounds
    # played), knockout and duplicate 25.
    ("tournaments:public", "GET"): 27,
    ("tournaments:standings", "GET"): 10,
    ("tournaments:room", "GET"): 22,
    # issue 32: the standing and the top of the standings (the snapshot read as
    # the standings fragment reads it: 4)
    ("tournaments:entry", "GET"): 14,
    # 19 + the live stamp (2); issue 32: the round shown and a page of its tables,
    # the standings and the entries, the same for any number of rounds; the round
    # generation jobs (1); the tables' phones (1, issue 31)
    ("tournaments:manage", "GET"): 23,
    ("tournaments:table-correct", "GET"): 16,
    # 34 + the match's history: a void that leaves the table undecided reopens it
    ("tournaments:table-correct", "POST"): 35,
    ("tournaments:act", "POST"): 31,
    ("api:tournament-list", "GET"): 4,
    ("api:tournament-list", "POST"): 12,
    ("api:tournament-detail", "GET"): 4,
    ("api:tournament-detail", "PATCH"): 10,
    # The money layer's service reads the tournament, its entries and the club's
    # admins before it writes: 15 at both sizes.
    ("api:tournament-prize-terms", "PUT"): 15,
    ("money:prize-terms", "POST"): 16,
    ("api:tournament-close", "POST"): 16,
    ("api:tournament-entry-list", "GET"): 6,  # the page and its count (issue 32)
    ("api:tournament-entry-list", "POST"): 32,
    ("api:tournament-entry-withdraw", "POST"): 19,
    ("api:tournament-round-list", "GET"): 7,
    # issue 32: a round's tables a page at a time (the page, its count, the seats)
    ("api:tournament-round-table-list", "GET"): 7,
    ("api:tournament-stage-list", "GET"): 4,
    ("api:tournament-stage-list", "POST"): 11,
    ("api:tournament-stage-bracket", "GET"): 7,
    ("api:tournament-stage-boards", "GET"): 12,
    # Off the write lock (issue 29): the inputs read and fingerprinted with no
    # transaction, the format computed, then the fingerprint read again under the
    # lock before the round is stored — the same at every size.
    ("api:tournament-round-generate", "POST"): 40,
    # A round generation job (issue 29): asked for (the job written, its run sent
    # after commit), then read; the run itself is the path above, bounded below.
    ("api:tournament-generation-list", "POST"): 14,
    ("api:tournament-generation-detail", "GET"): 5,
    ("api:tournament-round-swap", "POST"): 21,
    # Starting a round starts one score-book match per table, each through the
    # score book's match_start (about 13 queries: checks, the match, its seats and
    # scorers, the first fold). Bounded here at 8 tables for any number of rounds
    # played; it grows with the tables (441 queries for 32), see the report.
    ("api:tournament-round-start", "POST"): 33,
    ("api:tournament-round-clock", "GET"): 4,
    ("api:tournament-round-clock", "POST"): 13,
    ("api:tournament-round-lock", "POST"): 16,
    ("api:tournament-round-unlock", "POST"): 16,
    ("api:tournament-table-corrections", "POST"): 31,
    ("api:tournament-standings", "GET"): 7,
    ("api:tournament-settlement", "GET"): 7,
    ("money:sheet", "GET"): 10,
}

JSON = {"format": "json"}


@pytest.fixture(
    params=[(16, 3), (64, 9)], ids=["16entries-3rounds", "64entries-9rounds"]
)
def size(request):
    return request.param


def last_table(event) -> Table:
    return (
        Table.objects.filter(round__stage__tournament=event)
        .order_by("-round__number", "-number")
        .first()
    )


#: A live page polled while nothing has changed: the session and the user, the
#: tournament and the reader's right to see it, and the two stamp queries; the
#: answer is a 304. The director's page asks three more (is this a director? and
#: its round generation jobs).
LIVE_UNCHANGED = 6
LIVE_UNCHANGED_DIRECTOR = 9
#: A round generation job's run: the path of ``api:tournament-round-generate``
#: with the job's claim, lock and update instead of the request's session, user
#: and permission reads — 40 at both sizes.
GENERATION_RUN = 40


def unchanged_costs_little(client, name, kwargs, etag, *, director=False) -> None:
    """The poll of an unchanged live page: a 304 in ``LIVE_UNCHANGED`` queries."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse(name, kwargs=kwargs), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304, response.status_code
    assert response["ETag"] == etag
    bound = LIVE_UNCHANGED_DIRECTOR if director else LIVE_UNCHANGED
    assert len(captured) <= bound, [q["sql"][:80] for q in captured]


def phones_everywhere(event) -> None:
    """Every table's phone has reported deals waiting (issue 31): the room screen
    and the director's page mark them all, at the same cost at every size."""
    now = timezone.now()
    PhoneQueue.objects.bulk_create(
        PhoneQueue(
            match_id=match_id,
            reporter="seat:0",
            seat=0,
            waiting=2,
            waiting_since=now,
            reported_at=now,
            changed_at=now,
        )
        for match_id in Table.objects.filter(
            round__stage__tournament=event, match__isnull=False
        ).values_list("match_id", flat=True)
    )


def read_everything(event, people, probe):
    """Every page and read of ``event`` (a member, then the director)."""
    one = {"tournament_id": event.pk}
    phones_everywhere(event)
    director = people.admin.user
    client = as_user(people.member.user)
    probe(client, "tournaments:list")
    for name in ("tournaments:public", "tournaments:standings", "tournaments:room"):
        page = probe(client, name, one)
        unchanged_costs_little(client, name, one, page["ETag"])
    entry = event.entries.order_by("seed").first()
    probe(client, "tournaments:entry", {**one, "entry_id": entry.pk})
    probe(client, "api:tournament-list", query="limit=500")
    probe(client, "api:tournament-detail", one)
    probe(client, "api:tournament-entry-list", one)
    probe(client, "api:tournament-round-list", one)
    # issue 32: the pages' rounds, searches and pages, the API's filters and pages
    name = entry.name
    probe(
        client,
        "tournaments:public",
        one,
        query=f"round=1&q={name}&tables=2&standings=2&entries=2",
    )
    probe(client, "tournaments:standings", one, query=f"q={name}&standings=2")
    probe(client, "tournaments:room", one, query="tables=2")
    probe(client, "api:tournament-round-list", one, query="number=1&limit=1")
    first = Round.objects.get(stage__tournament=event, number=1)
    probe(
        client,
        "api:tournament-round-table-list",
        {**one, "round_id": first.pk},
        query="limit=3&offset=1",
    )
    probe(client, "api:tournament-standings", one, query="limit=5&offset=5")
    probe(client, "api:tournament-stage-list", one)
    body = probe(client, "api:tournament-standings", one).json()
    assert body["pending"] is False
    boss = as_user(director)
    page = probe(boss, "tournaments:manage", one)
    probe(boss, "tournaments:manage", one, query="round=1&q=1&tables=2&entries=2")
    unchanged_costs_little(boss, "tournaments:manage", one, page["ETag"], director=True)
    probe(boss, "tournaments:new")
    table = last_table(event)
    probe(
        boss, "tournaments:table-correct", {**one, "table_id": table.pk}, query="deal=1"
    )


def test_swiss(club, people, size, probe, django_capture_on_commit_callbacks):
    """Every read; then the director unlocks the last round, corrects and voids a
    deal, locks it again; generates, adjusts and locks the next round; edits,
    withdraws two entries, adds a stage and closes the tournament."""
    entries, rounds = size
    director = people.admin.user
    event = tournament(
        club, director, entries=entries, rounds=rounds, planned=rounds + 1
    )
    assert event.stages.get().rounds.count() == rounds
    read_everything(event, people, probe)
    one = {"tournament_id": event.pk}
    stage = event.stages.get()
    boss = as_user(director)
    table = last_table(event)
    last = {**one, "round_id": table.round_id}
    probe(boss, "api:tournament-round-unlock", last, method="post")
    probe(
        boss,
        "api:tournament-table-corrections",
        {**one, "table_id": table.pk},
        method="post",
        data={
            "number": 1,
            "input": {"mode": "totals", "points": [75, 25]},
            "base_version": 1,
            "reason": "misread",
        },
        **JSON,
    )
    assert table.match.deals.get(number=1).version == 2
    probe(
        boss,
        "tournaments:table-correct",
        {**one, "table_id": table.pk},
        method="post",
        data={"number": "2", "void": "on", "reason": "twice", "base_version": "1"},
        status=302,
    )
    assert table.match.deals.get(number=2).status == DealStatus.VOIDED
    # The void left the table undecided: one more deal decides it again.
    match = table.match
    match.refresh_from_db()
    submit(match=match, number=5, input=SLEAZY, by=director)
    match.refresh_from_db()
    finish(match=match, by=director)
    probe(
        boss,
        "tournaments:act",
        one,
        method="post",
        data={"action": "lock", "round": str(table.round_id)},
        status=302,
    )
    assert Round.objects.get(pk=table.round_id).status == RoundStatus.LOCKED

    body = probe(
        boss,
        "api:tournament-round-generate",
        {**one, "stage_id": stage.pk},
        method="post",
        status=201,
    ).json()
    new = {**one, "round_id": body["id"]}
    (a,), (b,) = body["tables"][0]["sides"]
    probe(
        boss,
        "api:tournament-round-swap",
        new,
        method="post",
        data={"swaps": [[a, b]]},
        **JSON,
    )
    probe(
        boss,
        "api:tournament-round-clock",
        new,
        method="post",
        data={"time_limit_minutes": 40, "restart": True},
        **JSON,
    )
    probe(as_user(people.member.user), "api:tournament-round-clock", new)
    start(round=Round.objects.get(pk=body["id"]), by=director)  # see below
    for t in Round.objects.get(pk=body["id"]).tables.select_related("match"):
        finish(match=with_inputs(t.match, [SLEAZY] * 4, director), by=director)
    probe(boss, "api:tournament-round-lock", new, method="post")

    probe(
        boss,
        "api:tournament-detail",
        one,
        method="patch",
        data={"name": "Open (final)"},
        **JSON,
    )
    probe(
        boss,
        "api:tournament-prize-terms",
        one,
        method="put",
        data={"structure": {"kind": "percentages", "percentages": ["60", "40"]}},
        **JSON,
    )
    probe(
        boss,
        "money:prize-terms",
        {"tournament_id": event.pk},
        method="post",
        data={"percentages": "50, 30, 20", "house_fee_percent": ""},
        status=302,
    )
    last_two = list(event.entries.order_by("-seed")[:2])
    probe(
        boss,
        "api:tournament-entry-withdraw",
        {**one, "entry_id": last_two[0].pk},
        method="post",
        data={"reason": "flight"},
        **JSON,
    )
    probe(
        boss,
        "tournaments:act",
        one,
        method="post",
        data={"action": "withdraw", "entry": str(last_two[1].pk)},
        status=302,
    )
    assert event.entries.filter(withdrawn_at__isnull=False).count() == 2
    probe(
        boss,
        "api:tournament-stage-list",
        one,
        method="post",
        data={"format": "knockout", "source_stage": stage.pk, "source_top_n": 4},
        status=201,
        **JSON,
    )
    # Closing pays the prizes after the commit (the money layer's task).
    with django_capture_on_commit_callbacks(execute=True):
        probe(boss, "api:tournament-close", one, method="post")
    probe(boss, "api:tournament-settlement", one)
    probe(boss, "money:sheet", {"kind": "tournament", "source_id": event.pk})


def test_new_tournaments_and_entries(club, people, size, probe):
    """A new tournament in a club that runs one of 16 or 64 entries; two entries
    more for that one, through the API and the manage page."""
    entries, _rounds = size
    director = people.admin.user
    event = tournament(club, director, entries=entries, rounds=0, planned=1)
    one = {"tournament_id": event.pk}
    boss = as_user(director)
    probe(
        boss,
        "api:tournament-list",
        method="post",
        data={"club": club.pk, "name": "Cup", "game": "sleazy", "format": "swiss"},
        status=201,
        **JSON,
    )
    probe(
        boss,
        "tournaments:new",
        method="post",
        data={"club": str(club.pk), "name": "Night", "game": "sleazy"},
        status=302,
    )
    probe(
        boss,
        "api:tournament-entry-list",
        one,
        method="post",
        data={"names": ["Late Lassi", "Late Liisa"]},
        status=201,
        **JSON,
    )
    probe(
        boss,
        "tournaments:act",
        one,
        method="post",
        data={"action": "entries", "names": "Later Lauri\nLater Leena"},
        status=302,
    )
    assert event.entries.count() == entries + 4


@pytest.mark.parametrize(
    ("entries", "rounds"),
    [(16, 3), (64, 9)],
    ids=["16entries-after3rounds", "64entries-after9rounds"],
)
def test_round_start(club, people, entries, rounds, probe):
    """Starting round 4 of a Swiss of 16 entries (8 tables) or round 10 of one of
    64 (32 tables): the tables' matches are started together
    (``scoring.services.matches_start``), so the count is the same."""
    director = people.admin.user
    event = tournament(
        club, director, entries=entries, rounds=rounds, planned=rounds + 1
    )
    round_ = generate(stage=event.stages.get(), by=director)
    assert round_.tables.count() == entries // 2
    probe(
        as_user(director),
        "api:tournament-round-start",
        {"tournament_id": event.pk, "round_id": round_.pk},
        method="post",
    )


def test_round_generation_job(
    club, people, size, probe, django_capture_on_commit_callbacks
):
    """Asking for the next round as a job (202, queued while the worker has not
    run it), the director's page meanwhile, the job's run (bounded as the
    synchronous path), and the job read once done: the same at both sizes."""
    from tournaments.services import round_generation_compute

    entries, rounds = size
    director = people.admin.user
    event = tournament(
        club, director, entries=entries, rounds=rounds, planned=rounds + 1
    )
    one = {"tournament_id": event.pk}
    boss = as_user(director)
    with django_capture_on_commit_callbacks() as sent:
        job = probe(
            boss,
            "api:tournament-generation-list",
            {**one, "stage_id": event.stages.get().pk},
            method="post",
            status=202,
        ).json()
    assert job["status"] == "queued" and len(sent) == 1
    page = probe(boss, "tournaments:manage", one)
    assert b'data-generation="queued"' in page.content
    unchanged_costs_little(boss, "tournaments:manage", one, page["ETag"], director=True)
    with CaptureQueriesContext(connection) as captured:
        round_generation_compute(generation_id=job["id"])
    assert len(captured) <= GENERATION_RUN, len(captured)
    done = probe(
        boss, "api:tournament-generation-detail", {**one, "generation_id": job["id"]}
    ).json()
    assert done["status"] == "done" and done["round"] is not None


@pytest.mark.parametrize("entries", [8, 32], ids=["8entries", "32entries"])
def test_bracket(club, people, entries, probe):
    event = tournament(
        club,
        people.admin.user,
        entries=entries,
        rounds=entries.bit_length() - 1,
        fmt="knockout",
    )
    stage = event.stages.get()
    client = as_user(people.member.user)
    probe(
        client,
        "api:tournament-stage-bracket",
        {"tournament_id": event.pk, "stage_id": stage.pk},
    )
    probe(client, "api:tournament-standings", {"tournament_id": event.pk})
    # The public page draws the bracket.
    probe(client, "tournaments:public", {"tournament_id": event.pk})


@pytest.mark.parametrize("stanzas", [1, 2], ids=["1stanza", "2stanzas"])
def test_duplicate_boards(club, people, stanzas, probe):
    """The board comparison of a duplicate evening of eight after one stanza (8
    plays at 2 tables) and after two (16 plays at 4 tables), and its page."""
    from tests.tournaments.duplicate_evening import TEAM_A, TEAM_B, deal_input
    from tournaments.services import entries_add, tournament_create
    from tournaments.services import round_lock as lock

    director = people.admin.user
    event = tournament_create(
        club=club,
        name="Sakaali for eight",
        game="sakaali",
        format="duplicate",
        visibility="published",
        by=director,
    )
    entries_add(tournament=event, names=[TEAM_A, TEAM_B], by=director)
    stage = event.stages.get()
    for stanza in range(1, stanzas + 1):
        round_ = start(round=generate(stage=stage, by=director), by=director)
        for table in round_.tables.select_related("match").order_by("number"):
            inputs = [deal_input(board, stanza) for board in table.deal_ids]
            finish(match=with_inputs(table.match, inputs, director), by=director)
        lock(round=round_, by=director)
    client = as_user(people.member.user)
    one = {"tournament_id": event.pk}
    body = probe(
        client, "api:tournament-stage-boards", {**one, "stage_id": stage.pk}
    ).json()
    assert len(body["boards"]) == (8 if stanzas == 2 else 0)
    probe(client, "tournaments:public", one)
