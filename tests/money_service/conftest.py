"""Clubs, players and finished matches of the made-up games, for the money tests."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import tests.money_service.testgames  # noqa: F401  (registers the test games)
from scoring import services
from scoring.models import Role
from tests.scoring.browser import browser  # noqa: F401  (the shared Chromium)
from tests.scoring.factories import ClubFactory, UserFactory, member


@pytest.fixture
def club(db):
    return ClubFactory(name="Kortti", slug="kortti")


@pytest.fixture
def people(club):
    """``admin`` (treasurer), ``member`` and four players Anna, Ben, Cai, Dan."""
    return SimpleNamespace(
        admin=member(club, Role.ADMIN, "Aino"),
        member=member(club, Role.MEMBER, "Mervi"),
        anna=member(club, Role.MEMBER, "Anna"),
        ben=member(club, Role.MEMBER, "Ben"),
        cai=member(club, Role.MEMBER, "Cai"),
        dan=member(club, Role.MEMBER, "Dan"),
        outsider=UserFactory(username="outsider"),
    )


def play(
    club,
    by,
    players,
    scores,
    *,
    sides=None,
    game="tally-test",
    finish=True,
    point_value="0.05",
    currency="EUR",
    deals=None,
):
    """Start a match, enter ``scores`` (one list per deal) and finish it.

    A Tally match is decided by its last deal, and so finishes by itself as that
    deal counts; ``finish=False`` plays it one deal longer, so that it stays in
    progress."""
    sides = sides or tuple(range(len(players)))
    deals = deals if deals is not None else [scores]
    length = len(deals) if finish else len(deals) + 1
    match = services.match_start(
        club=club,
        game=game,
        seats=list(zip(players, sides, strict=True)),
        options={"deals": length} if game == "tally-test" else {},
        point_value=point_value,
        currency=currency,
        by=by,
    )
    key = "points" if game == "tally-test" else "chips"
    for number, deal in enumerate(deals, start=1):
        services.deal_submit(match=match, number=number, input={key: deal}, by=by)
    match.refresh_from_db()
    if finish and game == "tally-test":
        services.match_finish(match=match, by=by)
        match.refresh_from_db()
    return match
