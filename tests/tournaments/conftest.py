"""Fixtures for the tournament service tests: a club, its admin as director, and a
helper that plays a started round through the score book's services."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from scoring import services as scoring_services
from scoring.models import Club
from tests.scoring.browser import browser  # noqa: F401  (the shared Chromium)
from tournaments import services
from tournaments.models import Round, Table


@pytest.fixture
def director(db):
    return get_user_model().objects.create_user("director", password="pw")


@pytest.fixture
def club(director) -> Club:
    return scoring_services.club_create(name="Kortti", by=director)


def side_entries(table: Table) -> list[list[int]]:
    sides: dict[int, list[int]] = {}
    for seat in table.sides.order_by("side", "slot"):
        sides.setdefault(seat.side, []).append(seat.entry_id)
    return [sides[s] for s in sorted(sides)]


def play_round(
    round_: Round,
    by: Any,
    deals_for: Callable[[Table], list[Any]],
    *,
    lock: bool = True,
) -> Round:
    """Start ``round_``, enter each table's deals until the match is decided,
    finish the matches, lock."""
    round_ = services.round_start(round=round_, by=by)
    for table in round_.tables.select_related("match").order_by("number"):
        match = table.match
        for deal in deals_for(table):
            match.refresh_from_db()
            if match.finished:
                break
            scoring_services.deal_submit(
                match=match, number=match.next_deal["number"], input=deal, by=by
            )
        match.refresh_from_db()
        scoring_services.match_finish(match=match, by=by)
    if lock:
        round_ = services.round_lock(round=round_, by=by)
    return round_
