"""A club night on the embedded default: concurrent writers wait their turn.

Through a real threaded server (``runserver``, as ``make run`` serves Kirjuri) on a
SQLite file with tasks run in-process after commit — and the same tests on
PostgreSQL when the suite runs there. Requests are released together by a barrier.
"""

from __future__ import annotations

import logging
import os
from decimal import Decimal

import pytest
from celery import shared_task
from django.db import OperationalError

from money.models import SettlementRecord
from tests.embedded import EmbeddedServer, at_once, postgres_database, postgres_drop


@pytest.fixture(
    scope="module",
    params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)],
)
def server(request, tmp_path_factory):
    """32 seated tables served from a fresh database of the given kind."""
    if request.param == "postgres":
        if not os.environ.get("TEST_DATABASE_URL", "").startswith("postgres"):
            pytest.skip("needs PostgreSQL: set TEST_DATABASE_URL=postgres://…")
        url = postgres_database(os.environ["TEST_DATABASE_URL"])
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('embedded') / 'club.sqlite3'}"
    folder = tmp_path_factory.mktemp("embedded-log")
    embedded = EmbeddedServer(url, tables=33, log=folder / "server.log")
    try:
        embedded.start()
        yield embedded
    finally:
        embedded.stop()
        if request.param == "postgres":
            postgres_drop(url)


@pytest.mark.slow
def test_sixteen_submissions_of_the_same_deal(server):
    """Exactly one 201, fifteen 409 carrying the current state, no 500; one deal."""
    match = server.matches[0]
    results = at_once(
        [lambda i=i: server.submit(match, 1, [10 + i, 0]) for i in range(16)]
    )
    codes = sorted(r[0] for r in results)
    assert codes == [201] + [409] * 15, (results, server.log())
    for status, body in results:
        if status == 409:
            assert body["errors"][0]["code"] == "deal_exists"
            assert [d["number"] for d in body["match"]["deals"]] == [1]
    assert server.deal_numbers(match) == [1]


@pytest.mark.slow
def test_thirty_two_tables_submit_at_once(server):
    """Every table's deal is answered 201 and stored once."""
    tables = server.matches[1:33]
    assert len(tables) == 32
    results = at_once([lambda m=m: server.submit(m, 1, [20, 5]) for m in tables])
    assert [r[0] for r in results] == [201] * 32, (results, server.log())
    for match in tables:
        assert server.deal_numbers(match) == [1]
    # And a second deal everywhere, so that each request folds onto a stored one.
    results = at_once([lambda m=m: server.submit(m, 2, [5, 20]) for m in tables])
    assert [r[0] for r in results] == [201] * 32, (results, server.log())
    for match in tables:
        assert server.deal_numbers(match) == [1, 2]


@shared_task(name="tests.follow_up_that_fails")
def follow_up_that_fails(match_id: int) -> None:
    raise OperationalError("database is locked")


@pytest.mark.django_db(transaction=True)
def test_a_follow_up_task_failing_after_commit_does_not_fail_the_stored_deal(
    match, people, settings, api_client, caplog
):
    """Tasks run in-process after commit: the stored deal answers 201 all the same.

    The failure is logged (the reconcile recomputes from the stored data), and the
    other follow-up tasks still run.
    """
    settings.KIRJURI_RESULT_CHANGED_TASKS = [
        "tests.follow_up_that_fails",
        "money.match_settle",
    ]
    # Played for a stake, so that the settlement (the task after the failing one)
    # writes its record: a match played for nothing is skipped without a write.
    match.point_value = Decimal("0.05")
    match.save(update_fields=["point_value"])
    api_client.force_authenticate(people.scorer.user)
    with caplog.at_level(logging.ERROR, logger="scoring.tasks"):
        response = api_client.post(
            f"/api/v1/matches/{match.pk}/deals/",
            {"number": 1, "input": {"points": [10, 0]}},
            format="json",
        )
    assert response.status_code == 201, response.content
    assert list(match.deals.values_list("number", flat=True)) == [1]
    failed = [r for r in caplog.records if "tests.follow_up_that_fails" in r.message]
    assert failed and failed[0].exc_info is not None
    assert SettlementRecord.objects.filter(source_id=match.pk).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "json"), [("/api/v1/matches/{pk}/deals/", True), ("/matches/{pk}/", False)]
)
def test_a_database_that_stays_locked_answers_503_with_retry_after(
    match, people, client, monkeypatch, path, json
):
    """A writer that waited out the busy timeout stored nothing: 503, send it again."""
    from scoring import selectors

    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(selectors, "match_get", locked)
    client.force_login(people.scorer.user)
    response = client.get(path.format(pk=match.pk))
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    if json:
        assert response.json()["errors"][0]["code"] == "database_unavailable"
    else:
        assert b"send it again" in response.content
