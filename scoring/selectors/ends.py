"""Reads of how a match ends: whether its game has a fixed end, and the match's
history of finishes, abandonments and reopenings in the reader's language (see
:mod:`scoring.services._ends`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from games.engine import InputRejected, MatchGoal, UnknownGame, get_game
from scoring.models import Match, MatchEvent, MatchEventKind


def match_goal_get(match: Match) -> MatchGoal:
    """How the match ends, as its game declares it for its options; its
    ``open_ended``: no end its rules reach (the table finishes it by hand, its
    totals the result). A game no longer shipped, or options this version
    rejects: no goal known."""
    try:
        game = get_game(match.game_id)
        return game.match_goal(game.parse_options(match.options))
    except (UnknownGame, InputRejected):
        return MatchGoal()


def _who(event: MatchEvent, seats: dict[int, str]) -> str:
    if event.via:
        player = seats.get(event.seat) if event.seat is not None else None
        if player:
            return gettext("the table link (%(player)s)") % {"player": player}
        return gettext("the table link")
    if event.by is None:
        return gettext("someone no longer here")
    player = getattr(event.by, "player", None)
    return player.display_name if player is not None else event.by.get_username()


def _event_text(event: MatchEvent, seats: dict[int, str]) -> str:
    """One line of the match's history."""
    who = _who(event, seats)
    if event.kind == MatchEventKind.FINISHED_BY_RULES:
        # ``who`` counted the deciding deal (entered it, or confirmed it).
        return gettext("Finished by the rules after deal %(number)s (%(who)s).") % {
            "number": event.after_deal,
            "who": who,
        }
    if event.kind == MatchEventKind.FINISHED:
        return gettext("%(who)s finished the match.") % {"who": who}
    if event.kind == MatchEventKind.ABANDONED:
        return gettext("%(who)s abandoned the match.") % {"who": who}
    if event.after_deal is not None:
        return gettext(
            "Open again: after the correction of deal %(number)s the rules no "
            "longer decide the match (%(who)s)."
        ) % {"number": event.after_deal, "who": who}
    if event.reason:
        return gettext("%(who)s reopened the match: %(reason)s") % {
            "who": who,
            "reason": event.reason,
        }
    return gettext("%(who)s reopened the match.") % {"who": who}


def match_event_list(match: Match) -> list[dict[str, Any]]:
    """The match's history, oldest first: ``kind``, ``at``, ``text``."""
    seats = {s.position: s.player.display_name for s in match.seats.all()}
    events = match.events.select_related("by__player").order_by("at", "id")
    return [{"kind": e.kind, "at": e.at, "text": _event_text(e, seats)} for e in events]
