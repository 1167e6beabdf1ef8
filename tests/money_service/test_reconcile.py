"""The settlements' reconcile: whatever a lost notification left unsettled.

In these tests the "result changed" notifications never run (no commit), as when
the broker was down: the reconcile finds the stale matches and sessions, settles
them, and a second run finds nothing.
"""

from __future__ import annotations

from money import selectors as money_selectors
from money import services as money_services
from money import tasks as money_tasks
from money.models import LedgerEntry, SettlementRecord, SourceKind
from scoring import services
from tests.money_service.conftest import play


def test_a_finished_match_nobody_settled_is_settled_by_the_reconcile(club, people):
    match = play(club, people.admin.user, [people.anna, people.cai], [520, 385])
    assert not LedgerEntry.objects.filter(match=match).exists()

    done = money_services.settlements_reconcile()

    assert (SourceKind.MATCH, match.pk) in done
    settled, _ = money_selectors.balances_compute(
        LedgerEntry.objects.filter(match=match)
    )
    assert settled[f"p{people.anna.pk}"] == 675  # (520 − 385) × 5 cents
    assert money_services.settlements_reconcile() == []
    assert money_tasks.settlements_reconcile.delay().get() == 0


def test_a_correction_after_the_settlement_is_caught_up(club, people):
    match = play(club, people.admin.user, [people.anna, people.cai], [520, 385])
    money_services.settlements_reconcile()
    deal = match.deals.get()
    services.correct_deal(
        match=match,
        number=1,
        input={"points": [500, 385]},
        base_version=deal.version,
        reason="miscounted",
        by=people.admin.user,
    )
    assert money_services.settlements_reconcile() == [(SourceKind.MATCH, match.pk)]
    settled, _ = money_selectors.balances_compute(
        LedgerEntry.objects.filter(match=match)
    )
    assert settled[f"p{people.anna.pk}"] == 575
    # From scratch, nothing would change.
    before = LedgerEntry.objects.count()
    money_services.match_settle(match=match)
    assert LedgerEntry.objects.count() == before


def test_a_session_with_a_stale_match_is_settled_as_a_session(club, people):
    admin = people.admin.user
    session = money_services.session_create(
        club=club, name="Friday", currency="EUR", point_value="0.05", by=admin
    )
    first = play(club, admin, [people.anna, people.cai], [520, 385], point_value=None)
    money_services.session_add_match(session=session, match=first, by=admin)
    SettlementRecord.objects.all().delete()
    LedgerEntry.objects.all().delete()

    done = money_services.settlements_reconcile()

    assert done == [(SourceKind.SESSION, session.pk)]
    assert SettlementRecord.objects.get(source_kind=SourceKind.SESSION).status == (
        "settled"
    )
    assert money_services.settlements_reconcile() == []


def test_a_match_played_for_nothing_and_never_settled_is_left_alone(club, people):
    """It would post nothing: the reconcile does not settle it every minute."""
    match = play(
        club, people.admin.user, [people.anna, people.cai], [520, 385], point_value=None
    )
    assert match.point_value is None
    assert money_services.settlements_reconcile() == []
    assert not SettlementRecord.objects.exists()
