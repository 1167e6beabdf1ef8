"""How a match's book closes and opens again by itself, and the match's history.

* **Finished by the rules.** When a write leaves an open match decided by its fold
  (``match.finished``: Tuppi's side at 52, a Go game with a winner), clean (no
  flagged deal) and settled (no deal waiting for confirmation or in conflict), the
  match is finished in the same transaction — nobody has to press *Finish*. With
  double entry that is the confirmation of the deciding deal, never its first entry
  (a pending deal is not folded). The :class:`~scoring.models.MatchEvent` says
  ``finished_by_rules`` after deal N, and who entered or confirmed it.
* **Open again by a correction.** A finished match whose corrected sheet no longer
  decides it, or flags a later deal, is in progress again (the table plays on or
  fixes the flagged deal; the next deciding deal finishes it again) — except a
  match of a game with **no fixed end** (:attr:`games.engine.MatchGoal.open_ended`)
  that the table finished by hand: its totals were the result and stay the result,
  corrected.
* **No fixed end.** The fold of such a game never says "over"; the table finishes
  it by hand (:func:`scoring.services.match_finish`) and, while it is closed, its
  leaders are its winners (:func:`._fold._set_fold`), so standings and a flat
  stake read it like any decided match.
"""

from __future__ import annotations

from django.utils import timezone

from games.engine import Game, InputRejected, UnknownGame, get_game
from scoring.models import (
    FOLDED_STATUSES,
    UNSETTLED_STATUSES,
    Match,
    MatchEvent,
    MatchEventKind,
    MatchStatus,
)
from scoring.permissions import User
from scoring.table_links import TableGuest

#: ``MatchEvent.via`` of a change made through a match's table link.
TABLE_LINK = "table_link"


def is_open_ended(match: Match, game: Game | None = None) -> bool:
    """Does the game's declaration say this match has no end its fold reaches?"""
    try:
        game = game or get_game(match.game_id)
        return game.match_goal(game.parse_options(match.options)).open_ended
    except (UnknownGame, InputRejected):
        return False  # no longer shipped, or options this version rejects


def record(
    match: Match,
    kind: str,
    by: User | None,
    *,
    after_deal: int | None = None,
    reason: str = "",
) -> MatchEvent:
    guest = isinstance(by, TableGuest)
    return MatchEvent.objects.create(
        match=match,
        kind=kind,
        after_deal=after_deal,
        reason=reason,
        by=by if by is not None and by.is_authenticated else None,
        via=TABLE_LINK if guest else "",
        seat=by.seat if guest else None,
    )


def finish_if_decided(match: Match, by: User | None) -> bool:
    """Finish the open, locked ``match`` if its fold (just stored) decides it and
    nothing waits (see the module docstring). ``True`` if it did."""
    if not match.is_open or not match.finished or match.needs_attention:
        return False
    if match.deals.filter(status__in=UNSETTLED_STATUSES).exists():
        return False
    last = (
        match.deals.filter(status__in=FOLDED_STATUSES)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    match.status = MatchStatus.FINISHED
    match.ended_at = timezone.now()
    match.save(update_fields=["status", "ended_at", "updated_at"])
    record(match, MatchEventKind.FINISHED_BY_RULES, by, after_deal=last)
    return True


def reopen_if_undecided(match: Match, game: Game, by: User, number: int) -> bool:
    """A finished match whose corrected sheet (deal ``number``) no longer stands is
    open again (see the module docstring); the correction's revision says who and
    why, the match's history that it opened. ``True`` if it did."""
    if match.status != MatchStatus.FINISHED:
        return False
    if not match.needs_attention and (match.finished or is_open_ended(match, game)):
        # Still decided; or finished by hand with no fixed end, when the corrected
        # totals are the result (its leaders its winners, see ``_set_fold``).
        return False
    match.status = MatchStatus.IN_PROGRESS
    match.ended_at = None
    if not match.finished:
        match.winners = []  # the leaders stood in as winners of a closed match
    match.save(update_fields=["status", "ended_at", "winners", "updated_at"])
    record(match, MatchEventKind.REOPENED, by, after_deal=number)
    return True
