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
  order (``ended_at``, match id). :func:`scoring.services.ratings_recompute` folds
  them from scratch.
* **After each finished match** the worker runs
  :func:`scoring.services.ratings_update_for_match` (task
  ``scoring.ratings_update_for_match``, sent by the score book's "result changed"
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

from openskill.models import PlackettLuce

from games.engine import UnknownGame, get_game
from scoring.models import Club, Match, MatchStatus, Rating

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


def finished_matches(club: Club, game: str):
    """The club's finished matches of ``game`` in the order ratings fold them."""
    return Match.objects.filter(
        club=club, game_id=game, status=MatchStatus.FINISHED
    ).order_by("ended_at", "id")
