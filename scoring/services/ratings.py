"""Ratings per game and club, stored: the writes of :mod:`scoring.ratings`' model.

:func:`ratings_recompute` folds a club's finished matches of a game from scratch;
:func:`ratings_update_for_match` (after each finished or corrected match) applies
one match on top of the stored ratings when it is the newest of its club and game, does
nothing when its outcome is already counted, and recomputes otherwise — so it gives
exactly what a recompute gives. Both idempotent."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scoring.models import Club, Match, RatedMatch, Rating
from scoring.ratings import finished_matches, outcome_of, rate


def _apply(club: Club, game: str, outcome: dict[str, Any]) -> None:
    ids = [pid for team in outcome["teams"] for pid in team]
    book = {
        r.player_id: r
        for r in Rating.objects.filter(club=club, game=game, player_id__in=ids)
    }
    rate(book, outcome)
    for row in book.values():
        row.club, row.game = club, game
        row.save()


@transaction.atomic
def ratings_recompute(*, club: Club, game: str) -> int:
    """Rebuild ``club``'s ratings in ``game`` from its finished matches; returns how
    many matches count. Idempotent."""
    Club.objects.select_for_update().get(pk=club.pk)
    Rating.objects.filter(club=club, game=game).delete()
    RatedMatch.objects.filter(club=club, game=game).delete()
    counted = 0
    for match in finished_matches(club, game):
        outcome = outcome_of(match)
        if outcome is None:
            continue
        _apply(club, game, outcome)
        RatedMatch.objects.create(
            match=match, club=club, game=game, ended_at=match.ended_at, outcome=outcome
        )
        counted += 1
    return counted


def _later_than(match: Match):
    """Rated matches of the club and game that come after ``match`` in the order."""
    same = RatedMatch.objects.filter(club_id=match.club_id, game=match.game_id)
    return same.filter(ended_at__gt=match.ended_at) | same.filter(
        ended_at=match.ended_at, match_id__gt=match.pk
    )


@transaction.atomic
def ratings_update_for_match(*, match_id: int) -> str:
    """Bring the ratings of the match's club and game up to date with it (see the
    module docstring). Returns what it did: ``applied``, ``unchanged``,
    ``recomputed`` or ``ignored``."""
    match = Match.objects.select_related("club").filter(pk=match_id).first()
    if match is None:
        return "ignored"
    club, game = match.club, match.game_id
    Club.objects.select_for_update().get(pk=club.pk)
    outcome = outcome_of(match)
    done = RatedMatch.objects.filter(match=match).first()
    if done is not None and outcome == done.outcome and done.ended_at == match.ended_at:
        return "unchanged"
    if done is None and outcome is None:
        return "ignored"
    if done is None and not _later_than(match).exists():
        _apply(club, game, outcome)
        RatedMatch.objects.create(
            match=match, club=club, game=game, ended_at=match.ended_at, outcome=outcome
        )
        return "applied"
    ratings_recompute(club=club, game=game)
    return "recomputed"
