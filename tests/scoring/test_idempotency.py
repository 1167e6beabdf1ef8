"""Idempotency-Key: a retried submission returns the first response, creates nothing.

Runs on both databases (SQLite by default, PostgreSQL in CI).
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring.models import Deal, DealRevision, IdempotencyKey
from scoring.tasks import idempotency_keys_purge

pytestmark = pytest.mark.django_db


@pytest.fixture
def scorer(people):
    client = APIClient()
    client.force_authenticate(people.scorer.user)
    return client


def post(client, match, body, key):
    return client.post(
        f"/api/v1/matches/{match.pk}/deals/",
        body,
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )


BODY = {"number": 1, "input": {"points": [25, 5]}}


def test_a_retry_replays_the_first_response(scorer, match):
    first = post(scorer, match, BODY, "k-1")
    again = post(scorer, match, BODY, "k-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Deal.objects.count() == 1
    assert DealRevision.objects.count() == 1


def test_the_same_key_with_another_body_is_refused(scorer, match):
    post(scorer, match, BODY, "k-2")
    response = post(scorer, match, {"number": 2, "input": {"points": [1, 0]}}, "k-2")
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "idempotency_key_reused"
    assert Deal.objects.count() == 1


def test_keys_are_per_user(scorer, match, people):
    post(scorer, match, BODY, "shared")
    admin = APIClient()
    admin.force_authenticate(people.admin.user)
    response = post(admin, match, BODY, "shared")
    assert response.status_code == 409  # executed for the admin: deal 1 exists


def test_a_failed_request_is_not_stored(scorer, match):
    bad = {"number": 1, "input": {"points": [-1, 0]}}
    assert post(scorer, match, bad, "k-3").status_code == 400
    assert not IdempotencyKey.objects.exists()
    assert post(scorer, match, bad, "k-3").status_code == 400


def test_without_a_key_a_retry_is_a_conflict_not_a_second_deal(scorer, match):
    assert post(scorer, match, BODY, "a").status_code == 201
    response = scorer.post(f"/api/v1/matches/{match.pk}/deals/", BODY, format="json")
    assert response.status_code == 409
    assert Deal.objects.count() == 1


def test_corrections_are_idempotent_too(scorer, match):
    post(scorer, match, BODY, "k-4")
    body = {"input": {"points": [30, 5]}, "base_version": 1, "reason": "typo"}
    url = f"/api/v1/matches/{match.pk}/deals/1/correct"
    first = scorer.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k-5")
    again = scorer.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k-5")
    assert first.status_code == again.status_code == 200
    assert Deal.objects.get().version == 2
    assert DealRevision.objects.count() == 2


def test_old_keys_are_purged(scorer, match):
    post(scorer, match, BODY, "k-6")
    assert idempotency_keys_purge(hours=48) == 0
    assert idempotency_keys_purge(hours=-1) == 1
