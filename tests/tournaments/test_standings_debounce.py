"""Debounced standings recomputes: a burst of result changes, one recompute.

Every result change takes a new standings generation and sends a recompute request
``KIRJURI_STANDINGS_DEBOUNCE_SECONDS`` later; a run that finds a newer generation
skips, so a burst within the countdown is answered by its last request alone. While
results keep coming, a snapshot never waits longer than
``KIRJURI_STANDINGS_MAX_WAIT_SECONDS`` for a result: an overtaken run then computes
anyway. The suite runs with no countdown (eager tasks); these tests set their own.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from scoring import services as scoring_services
from scoring.models import Match
from tests.workers import wait_until
from tournaments import selectors, services, tasks
from tournaments.models import Standings

DEAL = {"mode": "totals", "points": [100, 25]}


def _event(director, club, names: int):
    tournament = services.tournament_create(
        club=club,
        name="Burst",
        game="sleazy",
        format="round_robin",
        tiebreaks=["match_points", "point_difference"],
        by=director,
    )
    services.entries_add(
        tournament=tournament, names=[f"P{i}" for i in range(names)], by=director
    )
    round_ = services.round_start(
        round=services.round_generate(stage=tournament.stages.get(), by=director),
        by=director,
    )
    return tournament, list(round_.tables.select_related("match").order_by("number"))


def _burst(tables, director) -> int:
    """Every table plays its four deals: one result change per deal."""
    changes = 0
    for table in tables:
        for number in range(1, 5):
            scoring_services.deal_submit(
                match=table.match, number=number, input=DEAL, by=director
            )
            changes += 1
    return changes


@pytest.fixture
def scheduled(monkeypatch):
    """Recompute requests as the broker would hold them: (args, countdown)."""
    sent: list[tuple[tuple[int, int], float | None]] = []

    def hold(args, countdown=None, **_options):
        sent.append((tuple(args), countdown))

    monkeypatch.setattr(tasks.standings_recompute, "apply_async", hold)
    return sent


@pytest.mark.django_db
def test_a_burst_of_twenty_deals_writes_the_standings_once(
    club, director, settings, scheduled, django_capture_on_commit_callbacks
):
    """Twenty deals in a burst send twenty requests, each one second out; when they
    come due, nineteen find a newer generation and skip, the last one writes: one
    recompute for the burst, equal to a computation from scratch."""
    settings.KIRJURI_STANDINGS_DEBOUNCE_SECONDS = 1
    settings.KIRJURI_STANDINGS_MAX_WAIT_SECONDS = 600  # not what this test is about
    tournament, tables = _event(director, club, names=10)
    scheduled.clear()  # the request of round_start
    with django_capture_on_commit_callbacks(execute=True):
        assert _burst(tables, director) == 20
    assert len(scheduled) == 20
    assert {countdown for _args, countdown in scheduled} == {1}
    generations = [generation for (_tid, generation), _countdown in scheduled]
    assert generations == sorted(generations)

    written = [
        generation
        for (tid, generation), _countdown in scheduled
        if services.standings_recompute(tournament_id=tid, generation=generation)
    ]

    assert written == [generations[-1]]
    snapshot = Standings.objects.get(tournament=tournament)
    assert snapshot.stages == selectors.standings_data_get(tournament)
    assert selectors.standings_view_get(tournament)["pending"] is False


@pytest.mark.django_db
def test_no_countdown_when_the_setting_is_zero(
    club, director, settings, scheduled, django_capture_on_commit_callbacks
):
    """The suite's setting: requests go out at once (eager, in-process)."""
    settings.KIRJURI_STANDINGS_DEBOUNCE_SECONDS = 0
    _tournament, tables = _event(director, club, names=2)
    with django_capture_on_commit_callbacks(execute=True):
        scoring_services.deal_submit(
            match=tables[0].match, number=1, input=DEAL, by=director
        )
    assert [countdown for _args, countdown in scheduled][-1] is None


def _overtaken_run(tournament, *, snapshot_age: float, change_age: float) -> bool:
    """A snapshot ``snapshot_age`` seconds old, a result ``change_age`` seconds old
    that it lacks, and two requests since: does the older request's run write?"""
    now = timezone.now()
    Standings.objects.filter(tournament=tournament).update(
        computed_at=now - timedelta(seconds=snapshot_age)
    )
    match = Match.objects.filter(tournament_table__round__stage__tournament=tournament)
    match.update(updated_at=now - timedelta(seconds=change_age))
    older = services.standings_bump(tournament_id=tournament.pk)
    services.standings_bump(tournament_id=tournament.pk)
    return services.standings_recompute(tournament_id=tournament.pk, generation=older)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("max_wait", "snapshot_age", "change_age", "writes"),
    [
        (10, 30, 20, True),  # the snapshot has lacked a result for 20 s > 10 s
        (10, 30, 2, False),  # for 2 s only: the newer request will answer
        (10, 30, 40, False),  # the snapshot already has that result
        (0, 30, 20, False),  # no limit: overtaken runs always skip
    ],
)
def test_an_overtaken_run_computes_once_the_snapshot_has_waited_too_long(
    club, director, settings, max_wait, snapshot_age, change_age, writes
):
    """Results arriving faster than the debounce would otherwise starve the
    standings: every run would find a newer request."""
    settings.KIRJURI_STANDINGS_MAX_WAIT_SECONDS = max_wait
    tournament, tables = _event(director, club, names=2)
    scoring_services.deal_submit(
        match=tables[0].match, number=1, input=DEAL, by=director
    )
    written = _overtaken_run(
        tournament, snapshot_age=snapshot_age, change_age=change_age
    )
    assert written is writes
    if writes:
        snapshot = Standings.objects.get(tournament=tournament)
        assert snapshot.stages == selectors.standings_data_get(tournament)
        assert selectors.standings_view_get(tournament)["pending"] is True  # newer due


@pytest.mark.django_db
def test_the_result_hook_sends_a_request_and_returns_its_generation(
    club, director, scheduled
):
    tournament, tables = _event(director, club, names=2)
    scheduled.clear()
    generation = tasks.match_result_notify(tables[0].match_id)
    assert scheduled == [((tournament.pk, generation), None)]


# -- on a real worker ---------------------------------------------------------------


@pytest.fixture
def debounced_worker(monkeypatch, request):
    """A worker whose settings debounce by two seconds."""
    monkeypatch.setenv("KIRJURI_STANDINGS_DEBOUNCE_SECONDS", "2")
    return request.getfixturevalue("celery_worker_process")


def _written(log: str, tournament_id: int) -> int:
    pattern = rf"standings of tournament {tournament_id}, generation \d+: written"
    return len(re.findall(pattern, log))


@pytest.mark.worker
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_burst_on_a_real_worker_is_one_or_two_recomputes(debounced_worker):
    """Twenty deals committed one by one reach the worker as twenty result
    changes; the worker writes the standings once or twice for the whole burst,
    and they converge on the from-scratch standings."""
    worker = debounced_worker
    director = get_user_model().objects.create_user("td", password="pw")
    club = scoring_services.club_create(name="Burst club", by=director)
    tournament, tables = _event(director, club, names=10)

    def converged() -> bool:
        snapshot = Standings.objects.filter(tournament=tournament).first()
        return (
            snapshot is not None
            and not selectors.standings_view_get(tournament)["pending"]
            and snapshot.stages == selectors.standings_data_get(tournament)
        )

    assert wait_until(converged, timeout=60), worker.log()
    before = "".join(worker.output)

    assert _burst(tables, director) == 20

    assert wait_until(
        lambda: (
            worker.log().count("tournaments.match_result_notify") >= 20 and converged()
        ),
        timeout=90,
    ), worker.log()
    after = "".join(worker.output)[len(before) :]
    assert after.count("Task tournaments.match_result_notify") >= 20
    assert 1 <= _written(after, tournament.pk) <= 2, after
