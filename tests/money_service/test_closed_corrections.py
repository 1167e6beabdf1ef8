"""The money follows a correction of a finished match (settled on its old result).

The score book lets a club admin correct a finished match in place; the settle task
hears of it after commit and posts only the difference. The ledger sums to zero at
every step and ends equal to a settlement of the corrected result from scratch.
"""

from __future__ import annotations

import pytest

from money import selectors as money_selectors
from money.models import LedgerEntry, SourceKind
from scoring import services
from scoring.models import MatchStatus
from tests.money_service.conftest import play

pytestmark = pytest.mark.django_db


def balance(match):
    settled, _paid = money_selectors.balances_compute(
        LedgerEntry.objects.filter(source_kind=SourceKind.MATCH, source_id=match.pk)
    )
    assert sum(settled.values()) == 0  # double entry: every posting has two sides
    return {k: v for k, v in settled.items() if v}


def change(match, number, points, by, *, void=False):
    deal = match.deals.get(number=number)
    if void:
        services.void_deal(
            match=match,
            number=number,
            base_version=deal.version,
            reason="played twice",
            by=by,
        )
    else:
        services.correct_deal(
            match=match,
            number=number,
            input={"points": points},
            base_version=deal.version,
            reason="miscounted",
            by=by,
        )
    match.refresh_from_db()


def test_a_corrected_finished_match_posts_reversal_and_new(
    club, people, django_capture_on_commit_callbacks
):
    """Anna 520 – Cai 385 at 0.05 EUR: Cai pays 6.75. Corrected to 520 – 445, the
    match stays finished and Cai owes 3.75: the two lines are reversed and posted
    anew, nothing else."""
    admin = people.admin.user
    with django_capture_on_commit_callbacks(execute=True):
        match = play(club, admin, [people.anna, people.cai], [520, 385])
    anna, cai = f"p{people.anna.pk}", f"p{people.cai.pk}"
    assert balance(match) == {anna: 675, cai: -675}

    with django_capture_on_commit_callbacks(execute=True):
        change(match, 1, [520, 445], admin)

    assert match.status == MatchStatus.FINISHED
    assert balance(match) == {anna: 375, cai: -375}
    entries = LedgerEntry.objects.filter(match=match)
    assert entries.count() == 2 + 2 + 2  # first posting, its reversal, the new one
    assert entries.filter(reverses__isnull=False).count() == 2


def test_a_match_opened_again_by_a_correction_settles_nothing_until_finished(
    club, people, django_capture_on_commit_callbacks
):
    """Two deals decide the tally match. Voiding deal 2 leaves it undecided, so it
    is open again and its settlement is taken back (the ledger nets zero); entering
    a new deal 3 and finishing settles the corrected result."""
    admin = people.admin.user
    with django_capture_on_commit_callbacks(execute=True):
        match = play(
            club,
            admin,
            [people.anna, people.cai],
            None,
            deals=[[300, 200], [220, 185]],
        )
    anna, cai = f"p{people.anna.pk}", f"p{people.cai.pk}"
    assert balance(match) == {anna: 675, cai: -675}

    with django_capture_on_commit_callbacks(execute=True):
        change(match, 2, None, admin, void=True)
    assert match.status == MatchStatus.IN_PROGRESS
    assert balance(match) == {}

    with django_capture_on_commit_callbacks(execute=True):
        services.submit_deal(
            match=match, number=3, input={"points": [100, 100]}, by=admin
        )
        services.finish_match(match=match, by=admin)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.totals == [400, 300]
    assert balance(match) == {anna: 500, cai: -500}
