"""The money tasks' names of the previous release still run (one release only):
a message queued under ``scoring.money.*`` before the upgrade is not lost."""

from __future__ import annotations

import pytest
from celery import current_app

from money import tasks as money_tasks
from scoring.tasks import CoalescedTask
from tests.money_service.conftest import play

pytestmark = pytest.mark.django_db

OLD_TO_NEW = {
    "scoring.money.settle_match": "money.match_settle",
    "scoring.money.settle_session": "money.session_settle",
    "scoring.money.settle_prizes": "money.tournament_prizes_settle",
    "scoring.money.reconcile_settlements": "money.settlements_reconcile",
}


@pytest.mark.parametrize(("old", "new"), OLD_TO_NEW.items())
def test_the_old_name_is_registered_beside_the_new(old, new):
    tasks = current_app.tasks
    assert old in tasks and new in tasks
    # The same function under both names.
    assert tasks[old].run is tasks[new].run
    assert isinstance(tasks[old], CoalescedTask) == isinstance(
        tasks[new], CoalescedTask
    )


def test_a_message_under_the_old_name_settles_the_match(club, people):
    match = play(club, people.admin.user, [people.anna, people.cai], [520, 385])
    old = current_app.tasks["scoring.money.settle_match"]
    assert old.delay(match.pk).get() == "settled"
    assert money_tasks.match_settle.delay(match.pk).get() == "settled"


def test_the_result_changed_setting_names_the_new_task(settings):
    assert "money.match_settle" in settings.KIRJURI_RESULT_CHANGED_TASKS
    assert "scoring.money.settle_match" not in settings.KIRJURI_RESULT_CHANGED_TASKS
    assert settings.KIRJURI_FINAL_STANDINGS_TASKS == ["money.tournament_prizes_settle"]
    beat = {e["task"] for e in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "money.settlements_reconcile" in beat
