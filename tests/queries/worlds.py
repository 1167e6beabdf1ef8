"""Cheap builders for long matches: deals stored in bulk and folded once, as an
engine upgrade would re-fold them (the services' own path, just not per deal)."""

from __future__ import annotations

from scoring import services
from scoring.models import Deal, Match
from tests.scoring.factories import race_match


def with_deals(match: Match, count: int, by, last=(0, 0)) -> Match:
    """``match`` with ``count`` deals stored in bulk and folded once: scoreless,
    but for the last, which scores ``last`` (``(100, 0)`` decides the match)."""
    Deal.objects.bulk_create(
        Deal(
            match=match,
            number=n,
            input={"points": list(last if n == count else (0, 0))},
            entered_by=by,
        )
        for n in range(1, count + 1)
    )
    services.refold_match(match=match)
    match.refresh_from_db()
    return match


def race(club, by, players, deals: int = 0, last=(0, 0), **kwargs) -> Match:
    """A match of the test game with ``deals`` deals already entered (see
    ``with_deals``)."""
    match = race_match(club, by, players, **kwargs)
    return with_deals(match, deals, by, last) if deals else match
