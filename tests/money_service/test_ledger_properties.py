"""The ledger invariant over random scores, stakes and group sizes (hypothesis).

For every session: the settlement entries' balances sum to exactly zero, the pot
ends at exactly zero (as much paid in as taken out), every person's balance is the
sum of the pure core's nets for their matches, and settling again posts nothing.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from money import selectors as money_selectors
from money import services as money_services
from money.models import LedgerEntry
from scoring.models import Role
from tests.money_service.conftest import play
from tests.scoring.factories import ClubFactory, member

match_st = st.integers(min_value=2, max_value=6).flatmap(
    lambda n: st.lists(st.integers(-500, 2000), min_size=n, max_size=n)
)


@pytest.mark.django_db
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    matches=st.lists(match_st, min_size=1, max_size=3),
    value=st.decimals(min_value=Decimal("0.0001"), max_value=Decimal("5"), places=4),
    currency=st.sampled_from(["EUR", "JPY", "KWD"]),
    split=st.booleans(),
)
def test_a_session_always_balances_to_the_cent(matches, value, currency, split):
    club = ClubFactory()
    admin = member(club, Role.ADMIN)
    players = [member(club) for _ in range(6)]
    session = money_services.session_create(
        club=club,
        name="night",
        currency=currency,
        team_mode="split" if split else "per_member",
        by=admin.user,
    )
    for scores in matches:
        match = play(
            club,
            admin.user,
            players[: len(scores)],
            scores,
            point_value=str(value),
            currency=currency,
        )
        money_services.session_add_match(session=session, match=match, by=admin.user)

    entries = LedgerEntry.objects.filter(source_kind="session", source_id=session.pk)
    settled, paid = money_selectors.balances_compute(entries)
    assert paid == {}
    assert sum(settled.values()) == 0
    assert settled.get("pot", 0) == 0
    assert all(e.amount > 0 and e.currency == currency for e in entries)
    count = entries.count()
    money_services.session_settle(session=session)
    assert LedgerEntry.objects.filter(source_id=session.pk).count() == count
    sheet = money_selectors.session_sheet_get(admin.user, session.pk)
    paid_out = sum(t["amount"] for t in sheet["transfers"])
    assert paid_out == sum(v for k, v in settled.items() if v > 0)
    assert len(sheet["transfers"]) <= max(
        0, len([v for v in settled.values() if v]) - 1
    )
