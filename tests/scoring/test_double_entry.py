"""Double entry: a deal counts only once a player of another side confirms it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring import services
from scoring.errors import Conflict, NotAllowed
from scoring.models import DealStatus, RevisionKind
from tests.scoring.factories import race_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def dmatch(club, people):
    """Sami & Mervi (side 0) against Olli & Aino (side 1), double entry."""
    return race_match(
        club,
        people.scorer.user,
        [people.scorer, people.opponent, people.member, people.admin],
        double_entry=True,
    )


def enter(match, number, points, user):
    return services.deal_submit(
        match=match, number=number, input={"points": points}, by=user
    )


def test_a_pending_deal_does_not_count_until_confirmed(dmatch, people):
    deal = enter(dmatch, 1, [20, 0], people.scorer.user)
    dmatch.refresh_from_db()
    assert deal.status == DealStatus.PENDING
    assert dmatch.totals == [0, 0]
    confirmed = services.deal_confirm(
        match=dmatch, number=1, base_version=deal.version, by=people.opponent.user
    )
    dmatch.refresh_from_db()
    assert confirmed.status == DealStatus.COUNTED
    assert confirmed.confirmed_by == people.opponent.user
    assert dmatch.totals == [20, 0]
    assert [r.kind for r in confirmed.revisions.all()] == [
        RevisionKind.ENTERED,
        RevisionKind.CONFIRMED,
    ]


@pytest.mark.parametrize(
    ("who", "code"),
    [("scorer", "same_person"), ("member", "same_side")],
)
def test_the_enterer_and_their_partner_cannot_confirm(dmatch, people, who, code):
    deal = enter(dmatch, 1, [20, 0], people.scorer.user)
    with pytest.raises(NotAllowed) as exc:
        services.deal_confirm(
            match=dmatch,
            number=1,
            base_version=deal.version,
            by=getattr(people, who).user,
        )
    assert exc.value.code == code


def test_a_player_not_at_the_table_cannot_confirm(club, people):
    match = race_match(
        club,
        people.admin.user,
        [people.scorer, people.opponent],
        double_entry=True,
        scorers=[people.scorer],
    )
    deal = enter(match, 1, [20, 0], people.scorer.user)
    with pytest.raises(NotAllowed) as exc:
        services.deal_confirm(
            match=match, number=1, base_version=deal.version, by=people.admin.user
        )
    assert exc.value.code == "not_seated"


def test_the_same_deal_entered_by_the_other_side_counts(dmatch, people):
    enter(dmatch, 1, [20, 0], people.scorer.user)
    deal = enter(dmatch, 1, [20, 0], people.opponent.user)
    assert deal.status == DealStatus.COUNTED
    assert deal.confirmed_by == people.opponent.user


def test_different_entries_are_a_conflict_kept_until_resolved(dmatch, people):
    enter(dmatch, 1, [20, 0], people.scorer.user)
    deal = enter(dmatch, 1, [0, 20], people.opponent.user)
    dmatch.refresh_from_db()
    assert deal.status == DealStatus.CONFLICT
    assert deal.input == {"points": [20, 0]}
    assert deal.rival_input == {"points": [0, 20]}
    assert dmatch.totals == [0, 0]
    with pytest.raises(Conflict) as exc:
        enter(dmatch, 2, [5, 5], people.scorer.user)
    assert exc.value.code == "deal_unsettled"
    resolved = services.deal_correct(
        match=dmatch,
        number=1,
        input={"points": [0, 20]},
        base_version=deal.version,
        reason="Olli was right",
        by=people.scorer.user,
    )
    assert resolved.status == DealStatus.PENDING
    assert resolved.rival_input is None
    counted = services.deal_confirm(
        match=dmatch, number=1, base_version=resolved.version, by=people.admin.user
    )
    dmatch.refresh_from_db()
    assert counted.status == DealStatus.COUNTED
    assert dmatch.totals == [0, 20]
    kinds = [r.kind for r in counted.revisions.all()]
    assert kinds == ["entered", "conflicted", "corrected", "confirmed"]
    assert counted.revisions.get(kind="conflicted").input == {"points": [0, 20]}


def test_the_enterer_resubmitting_is_told_to_wait(dmatch, people):
    enter(dmatch, 1, [20, 0], people.scorer.user)
    with pytest.raises(Conflict) as exc:
        enter(dmatch, 1, [20, 0], people.scorer.user)
    assert exc.value.code == "awaiting_confirmation"


def test_the_second_entry_through_the_api(dmatch, people):
    """Olli is no scorer of the match but sits on the other side: he may confirm."""
    scorer, olli = APIClient(), APIClient()
    scorer.force_authenticate(people.scorer.user)
    olli.force_authenticate(people.opponent.user)
    url = f"/api/v1/matches/{dmatch.pk}/deals/"
    body = {"number": 1, "input": {"points": [15, 0]}}
    first = scorer.post(url, body, format="json")
    assert first.json()["deal"]["status"] == "pending"
    second = olli.post(url, body, format="json")
    assert second.status_code == 201
    assert second.json()["deal"]["status"] == "counted"
    assert second.json()["match"]["totals"] == [15, 0]
    third = olli.post(url, {**body, "number": 2}, format="json")
    assert third.status_code == 403  # Olli may confirm, not enter
