"""The score book's Celery tasks answer to their ``noun_verb`` names and, for one
release, to their old names: a message queued by the previous release still runs,
and does what the new task does."""

from __future__ import annotations

import pytest
from celery import current_app

from scoring import services, tasks
from scoring.models import IdempotencyKey

pytestmark = pytest.mark.django_db

RENAMED = {
    "scoring.refold_match": "scoring.match_refold",
    "scoring.purge_idempotency_keys": "scoring.idempotency_keys_purge",
    "scoring.rating_match_changed": "scoring.ratings_update_for_match",
}


@pytest.mark.parametrize(("old", "new"), sorted(RENAMED.items()))
def test_both_names_are_registered(old, new):
    assert current_app.tasks[new].name == new
    assert current_app.tasks[old].name == old


def test_the_old_refold_name_refolds_the_match(match, people):
    services.deal_submit(
        match=match, number=1, input={"points": [10, 0]}, by=people.scorer.user
    )
    match.refresh_from_db()
    version = current_app.tasks["scoring.refold_match"].apply((match.pk,)).get()
    assert version == match.version
    match.refresh_from_db()
    assert match.totals == [10, 0]
    assert current_app.tasks["scoring.refold_match"].apply((0,)).get() == 0


def test_the_old_purge_name_purges(people):
    IdempotencyKey.objects.create(
        user=people.scorer.user, key="k", request_hash="h", response_status=201
    )
    task = current_app.tasks["scoring.purge_idempotency_keys"]
    assert task.apply((48,)).get() == 0
    assert task.apply((-1,)).get() == 1
    assert not IdempotencyKey.objects.exists()


def test_the_old_ratings_name_answers_like_the_new(match):
    """An unfinished match is ignored by both (nothing to rate)."""
    old = current_app.tasks["scoring.rating_match_changed"].apply((match.pk,)).get()
    assert old == tasks.ratings_update_for_match(match.pk) == "ignored"
