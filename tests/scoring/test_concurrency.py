"""Two scorers submit deal N at the same moment: exactly one deal N, the other 409.

These run against PostgreSQL (CI) with real transactions in two threads released by
a barrier. One of them switches the row lock off to show that the database
constraint alone keeps deal N unique.
"""

from __future__ import annotations

import threading

import pytest
from django.db import IntegrityError, connection, transaction
from rest_framework.test import APIClient

from scoring import services
from scoring.models import Deal, IdempotencyKey, Match
from scoring.services import deals

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def race(*calls):
    """Run ``calls`` in threads released at the same moment; return their results."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except Exception as exc:
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def api_submit(user, match_id, points, key=None, number=2):
    def call():
        client = APIClient()
        client.force_authenticate(user)
        extra = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
        return client.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": {"points": points}},
            format="json",
            **extra,
        )

    return call


def test_two_scorers_submit_deal_two_at_once(match, people):
    """One 201, one 409 carrying the current state; one deal 2 in the database."""
    services.deal_submit(
        match=match, number=1, input={"points": [10, 0]}, by=people.scorer.user
    )
    for number in (2, 3, 4):  # a few rounds: the race must never let both through
        responses = race(
            api_submit(people.scorer.user, match.pk, [5, 10], number=number),
            api_submit(people.admin.user, match.pk, [10, 5], number=number),
        )
        codes = sorted(r.status_code for r in responses)
        assert codes == [201, 409], [r.content for r in responses]
        conflict = next(r for r in responses if r.status_code == 409).json()
        assert conflict["match"]["deals"][-1]["number"] == number
        assert Deal.objects.filter(match=match, number=number).count() == 1


def test_the_constraint_alone_keeps_deal_numbers_unique(match, people, monkeypatch):
    """Without the row lock both threads pass the checks; the database refuses one."""
    monkeypatch.setattr(deals, "locked_match", lambda m: Match.objects.get(pk=m.pk))
    barrier = threading.Barrier(2)
    real_create = Deal.objects.create

    def create_after_barrier(**kwargs):
        barrier.wait(10)  # both have checked "no deal 1 yet"
        return real_create(**kwargs)

    monkeypatch.setattr(Deal.objects, "create", create_after_barrier)
    results = race(
        lambda: services.deal_submit(
            match=match, number=1, input={"points": [1, 0]}, by=people.scorer.user
        ),
        lambda: services.deal_submit(
            match=match, number=1, input={"points": [0, 1]}, by=people.admin.user
        ),
    )
    kinds = sorted(type(r).__name__ for r in results)
    assert kinds == ["Conflict", "Deal"], results
    assert Deal.objects.filter(match=match).count() == 1
    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.bulk_create([Deal(match=match, number=1, input={})])


def test_the_same_idempotent_request_twice_at_once(match, people):
    """Both get the same 201: the second waits for the first and replays it."""
    services.deal_submit(
        match=match, number=1, input={"points": [10, 0]}, by=people.scorer.user
    )
    responses = race(
        api_submit(people.scorer.user, match.pk, [5, 10], key="same"),
        api_submit(people.scorer.user, match.pk, [5, 10], key="same"),
    )
    assert [r.status_code for r in responses] == [201, 201]
    assert responses[0].json() == responses[1].json()
    assert Deal.objects.filter(match=match).count() == 2
    assert IdempotencyKey.objects.count() == 1


def test_stale_corrections_race(match, people):
    """Two corrections based on the same version: one wins, one 409."""
    services.deal_submit(
        match=match, number=1, input={"points": [10, 0]}, by=people.scorer.user
    )

    def correct(user, points):
        def call():
            client = APIClient()
            client.force_authenticate(user)
            return client.post(
                f"/api/v1/matches/{match.pk}/deals/1/correct",
                {"input": {"points": points}, "base_version": 1, "reason": "fix"},
                format="json",
            )

        return call

    responses = race(
        correct(people.scorer.user, [20, 0]), correct(people.admin.user, [30, 0])
    )
    assert sorted(r.status_code for r in responses) == [200, 409]
    assert Deal.objects.get(match=match, number=1).version == 2
