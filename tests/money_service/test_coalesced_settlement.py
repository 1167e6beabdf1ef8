"""Settlements are coalesced: one pending run per match, not one task per deal.

The score book tells the settle task of every committed change
(``scoring.tasks.notify_result_changed``); while a run of it is pending for the
match (sent, not started), further changes send nothing — the pending run will read
them. A run clears the mark as it starts, so a change after that sends a new run.
These tests hold the sent runs as a broker would, and run them when they choose.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from money import selectors as money_selectors
from money import services as money_services
from money import tasks as money_tasks
from money.models import LedgerEntry, SettlementRecord
from scoring import services, tasks
from tests.money_service.conftest import play

CHIPS = [[30, -20, -10], [-5, 15, -10], [8, -4, -4], [1, 1, -2]]


@pytest.fixture(autouse=True)
def no_marks():
    """Runs held and never run leave their marks: no test sees another's (the
    database gives match ids out again)."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def held(monkeypatch):
    """Settle runs as the broker holds them: the match ids sent, not yet run."""
    sent: list[int] = []

    def send(args, **options):
        sent.append(args[0])

    monkeypatch.setattr(money_tasks.match_settle, "apply_async", send)
    return sent


def nets(match) -> dict[str, int]:
    balances, _ = money_selectors.balances_compute(
        LedgerEntry.objects.filter(match=match)
    )
    return {k: v for k, v in balances.items() if v}


def chip_match(club, people, deals):
    p = people
    return play(
        club,
        p.admin.user,
        [p.anna, p.ben, p.cai],
        None,
        game="chips-test",
        point_value="0.10",
        deals=deals,
    )


def test_a_burst_of_deals_sends_one_settle_run(
    club, people, held, django_capture_on_commit_callbacks
):
    """Four deals committed one by one while the first run waits: one run sent.
    It reads all four deals; the ledger equals a settlement from scratch."""
    with django_capture_on_commit_callbacks(execute=True):
        match = chip_match(club, people, CHIPS)
    assert held == [match.pk]

    money_tasks.match_settle(held.pop())

    settled = nets(match)
    assert settled == {
        f"p{people.anna.pk}": 340,
        f"p{people.ben.pk}": -80,
        f"p{people.cai.pk}": -260,
    }
    money_services.match_settle(match=match)  # from scratch: nothing more to post
    assert nets(match) == settled


def test_a_change_after_the_run_started_sends_a_new_run(
    club, people, held, django_capture_on_commit_callbacks
):
    """The run clears the mark before it reads: the next deal is sent again, and
    its settlement adds that deal."""
    with django_capture_on_commit_callbacks(execute=True):
        match = chip_match(club, people, CHIPS[:2])
    money_tasks.match_settle(held.pop())
    before = nets(match)

    with django_capture_on_commit_callbacks(execute=True):
        services.submit_deal(
            match=match, number=3, input={"chips": CHIPS[2]}, by=people.admin.user
        )
    assert held == [match.pk]
    money_tasks.match_settle(held.pop())

    assert nets(match)[f"p{people.anna.pk}"] == before[f"p{people.anna.pk}"] + 80


def test_matches_are_coalesced_apart(
    club, people, held, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first = chip_match(club, people, CHIPS[:2])
        second = chip_match(club, people, CHIPS[:3])
    assert held == [first.pk, second.pk]


def test_a_run_that_could_not_be_sent_is_not_left_pending(
    club, people, monkeypatch, caplog, django_capture_on_commit_callbacks
):
    """The broker refused the first run: the failure is logged (the stored change
    is not turned into an error), and the next change sends it again."""
    sent = []

    def refuse_once(args, **options):
        if not sent:
            sent.append(None)
            raise ConnectionError("broker down")
        sent.append(args[0])

    monkeypatch.setattr(money_tasks.match_settle, "apply_async", refuse_once)
    match = chip_match(club, people, [])
    tasks.notify_result_changed(match.pk)
    assert any("failed after commit" in r.getMessage() for r in caplog.records)
    tasks.notify_result_changed(match.pk)
    assert sent == [None, match.pk]


def test_one_notification_per_submit(club, people, django_capture_on_commit_callbacks):
    """A submit is one commit with one result-changed notification."""
    match = chip_match(club, people, [])
    with django_capture_on_commit_callbacks() as callbacks:
        services.submit_deal(
            match=match, number=1, input={"chips": CHIPS[0]}, by=people.admin.user
        )
    assert len(callbacks) == 1


def test_a_match_played_for_nothing_costs_no_settlement_write(club, people):
    """No stake, no terms, no session, never settled: the run reads and skips; the
    ledger and the settlement records stay empty. With a stake it settles."""
    p = people
    free = play(
        club, p.admin.user, [p.anna, p.cai], [520, 385], point_value=None, currency=""
    )
    assert money_tasks.match_settle(free.pk) == "no stake"
    assert not SettlementRecord.objects.exists()
    assert not LedgerEntry.objects.exists()

    staked = play(club, p.admin.user, [p.anna, p.cai], [520, 385])
    assert money_tasks.match_settle(staked.pk) == "settled"
    assert nets(staked)[f"p{p.anna.pk}"] == 675
