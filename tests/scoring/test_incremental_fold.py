"""The score book's incremental folds store what a fold from scratch stores.

A new deal is folded onto the stored state; a correction or void of deal k folds from
the state before k. For random sequences of entries, corrections and voids of the
test game (whose threshold rule flags a later deal when a correction changes the
context), the match and its deals after every step equal what ``match_refold`` — a
fold of the stored deals from the first — writes.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from games.engine import DealRejected
from scoring import services
from scoring.errors import Conflict
from scoring.models import DealStatus
from tests.scoring.factories import race_match

pytestmark = pytest.mark.django_db

# Few values, so that sides pass the threshold (50) and 1–9-point deals get flagged.
points = st.sampled_from([0, 5, 9, 20, 30])
steps = st.lists(
    st.one_of(
        st.tuples(st.just("submit"), points, points),
        st.tuples(st.just("correct"), st.integers(1, 12), points, points),
        st.tuples(st.just("void"), st.integers(1, 12)),
    ),
    min_size=1,
    max_size=14,
)


def stored(match):
    match.refresh_from_db()
    deals = list(
        match.deals.order_by("number").values_list(
            "number", "status", "result", "totals"
        )
    )
    return (
        match.totals,
        match.leaders,
        match.winners,
        match.finished,
        match.needs_attention,
        match.next_deal,
        match.state,
        deals,
    )


def apply(match, step, by) -> None:
    kind, *args = step
    if kind == "submit":
        number = match.deals.count() + 1
        services.deal_submit(
            match=match, number=number, input={"points": list(args)}, by=by
        )
        return
    number = args[0]
    deal = match.deals.filter(number=number).first()
    if deal is None or deal.status == DealStatus.VOIDED:
        return
    if kind == "correct":
        services.deal_correct(
            match=match,
            number=number,
            input={"points": list(args[1:])},
            base_version=deal.version,
            reason="test",
            by=by,
        )
    else:
        services.deal_void(
            match=match, number=number, base_version=deal.version, reason="test", by=by
        )


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(steps=steps)
# Deal 3 is flagged by the correction of deal 1 (side 0 then holds 50 before it);
# voiding deal 4 then folds from a state before it that follows a flagged deal.
@example(
    steps=[
        ("submit", 20, 0),
        ("submit", 20, 0),
        ("submit", 5, 0),
        ("submit", 0, 0),
        ("correct", 1, 30, 0),
        ("void", 4),
        ("submit", 0, 5),
    ]
)
def test_every_step_stores_what_a_fold_from_scratch_stores(club, people, steps):
    by = people.admin.user
    match = race_match(
        club, by, [people.scorer, people.opponent], options={"target": 10_000}
    )
    for step in steps:
        # A deal the rules refuse, or a step the book refuses, changes nothing.
        with contextlib.suppress(DealRejected, Conflict):
            apply(match, step, by)
        after = stored(match)
        services.match_refold(match=match)
        assert stored(match) == after, step
