"""Ratings per game and club: openskill's Weng-Lin Plackett-Luce model.

One model fits the book's shapes alike: a 2 v 2 trick game is two teams of two, a
finishing-order game is one team per player, a heads-up game two teams of one.

* **The outcome of a finished match** (:func:`outcome_of`): its sides (the seated
  players of each) and their ranks — the sides the fold names ``winners`` first
  (rank 1), the others after them in the order of their totals (the most points
  first, or the fewest where the game declares ``lower_totals_win``); sides with equal
  totals share a rank. A finished match without winners is a draw: every side rank 1.
  Abandoned and unfinished matches do not count.
* **Order.** A club's ratings in a game are the fold of its finished matches in the
  order (``ended_at``, match id). :func:`ratings_recompute` folds them from scratch.
* **After each finished match** the worker runs :func:`rating_match_changed`
  (task ``scoring.rating_match_changed``, sent by the score book's "result changed"
  notification after the commit that finished or corrected the match). It applies
  the match on top of the stored ratings when it is the newest of its club and game,
  does nothing when the same outcome is already counted, and recomputes the club's
  game from scratch otherwise (a correction, a reopened match, a late
  notification) — so it gives exactly what a recompute gives.
* **Seasons.** ``ranking(club, game, season=2026)`` rates the matches that ended in
  that year (the club's time zone) alone, everyone starting afresh; computed on
  demand from the same outcomes.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from openskill.models import PlackettLuce

from games.engine import UnknownGame, get_game
from scoring.localtime import local
from scoring.models import Club, Match, MatchStatus, Player, RatedMatch, Rating

MODEL = PlackettLuce()


def _lower_totals_win(slug: str) -> bool:
    try:
        return get_game(slug).lower_totals_win
    except UnknownGame:
        return False


def outcome_of(match: Match) -> dict[str, Any] | None:
    """``{"teams": [[player ids]…], "ranks": [int…]}`` of a finished match, or
    ``None`` when it does not count (not finished, or fewer than two sides)."""
    if match.status != MatchStatus.FINISHED:
        return None
    sides: dict[int, list[int]] = {}
    for seat in sorted(match.seats.all(), key=lambda seat: seat.position):
        sides.setdefault(seat.side, []).append(seat.player_id)
    if len(sides) < 2:
        return None
    order = sorted(sides)
    winners = set(match.winners or [])
    if not winners:
        ranks = [1] * len(order)
    else:
        sign = 1 if _lower_totals_win(match.game_id) else -1
        totals = list(match.totals or [])

        def key(side: int) -> tuple[int, float]:
            total = totals[side] if side < len(totals) else 0
            return (0 if side in winners else 1, sign * float(total))

        distinct = sorted({key(s) for s in order})
        ranks = [distinct.index(key(s)) + 1 for s in order]
    return {"teams": [sides[s] for s in order], "ranks": ranks}


def rate(book: dict[int, Any], outcome: dict[str, Any]) -> None:
    """Apply ``outcome`` to ``book`` (player id → an object with ``mu``, ``sigma``
    and ``matches``; missing players start at openskill's defaults)."""
    teams = [
        [
            MODEL.rating(mu=book[pid].mu, sigma=book[pid].sigma)
            if pid in book
            else MODEL.rating()
            for pid in team
        ]
        for team in outcome["teams"]
    ]
    rated = MODEL.rate(teams, ranks=outcome["ranks"])
    for team_ids, team in zip(outcome["teams"], rated, strict=True):
        for pid, new in zip(team_ids, team, strict=True):
            row = book.setdefault(pid, Rating(player_id=pid))
            row.mu, row.sigma = new.mu, new.sigma
            row.matches += 1


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


def _matches(club: Club, game: str):
    return Match.objects.filter(
        club=club, game_id=game, status=MatchStatus.FINISHED
    ).order_by("ended_at", "id")


@transaction.atomic
def ratings_recompute(*, club: Club, game: str) -> int:
    """Rebuild ``club``'s ratings in ``game`` from its finished matches; returns how
    many matches count. Idempotent."""
    Club.objects.select_for_update().get(pk=club.pk)
    Rating.objects.filter(club=club, game=game).delete()
    RatedMatch.objects.filter(club=club, game=game).delete()
    # One book for the whole fold, written once at the end: the same rows as
    # applying the matches one by one, in a bounded number of queries.
    book: dict[int, Rating] = {}
    counted = []
    for match in _matches(club, game).prefetch_related("seats"):
        outcome = outcome_of(match)
        if outcome is None:
            continue
        rate(book, outcome)
        counted.append(
            RatedMatch(
                match=match,
                club=club,
                game=game,
                ended_at=match.ended_at,
                outcome=outcome,
            )
        )
    for row in book.values():
        row.club, row.game = club, game
    Rating.objects.bulk_create(book.values())
    RatedMatch.objects.bulk_create(counted)
    return len(counted)


def _later_than(match: Match):
    """Rated matches of the club and game that come after ``match`` in the order."""
    same = RatedMatch.objects.filter(club_id=match.club_id, game=match.game_id)
    return same.filter(ended_at__gt=match.ended_at) | same.filter(
        ended_at=match.ended_at, match_id__gt=match.pk
    )


@transaction.atomic
def rating_match_changed(*, match_id: int) -> str:
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


def games_rated(club: Club) -> list[str]:
    return list(
        Rating.objects.filter(club=club)
        .order_by("game")
        .values_list("game", flat=True)
        .distinct()
    )


def ranking(club: Club, game: str, *, season: int | None = None) -> list[Rating]:
    """The club's ranking list in ``game``: by ordinal (mu − 3σ), best first. With
    ``season`` (a year), the ratings of that season alone: every player starts
    afresh and only the matches that ended that year in the club's time zone count
    (computed, not stored)."""
    if season is None:
        rows = list(
            Rating.objects.filter(club=club, game=game).select_related("player")
        )
    else:
        book: dict[int, Rating] = {}
        for match in _matches(club, game).prefetch_related("seats"):
            outcome = outcome_of(match)
            if outcome is not None and local(match.ended_at, club).year == season:
                rate(book, outcome)
        names = Player.objects.in_bulk(list(book))
        rows = list(book.values())
        for row in rows:
            row.player = names[row.player_id]
    return sorted(rows, key=lambda r: (-r.ordinal, -r.mu, r.player.display_name))


def seasons(club: Club, game: str) -> list[int]:
    """The years (club time) in which rated matches of ``game`` ended, newest first."""
    ended = RatedMatch.objects.filter(club=club, game=game).values_list(
        "ended_at", flat=True
    )
    return sorted({local(e, club).year for e in ended}, reverse=True)
