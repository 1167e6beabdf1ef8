"""The treasurer's evening (a money :class:`~money.models.Session` made from the
club page): which matches of the club it can take, and the stake matches of a day.

A **stake match** is one played for money on its own: a value per point, or a
flat stake in its money terms. An evening with a value per point of its own can
also take the club's matches played without one (they are settled at the
evening's value). A match already in an evening and a match in another currency
are never offered; nor is an abandoned match — unless it is a chip game
(``chips_are_money``): its chips changed hands deal by deal and are money whatever
became of the match, so they belong to the evening's one "who pays whom". A chip
game with no fixed end is *finished* by its table (the score book's finish, its
totals the result) and is offered like any finished match.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext, pgettext

from games.engine import all_games
from money.models import Session
from scoring.localtime import club_zone
from scoring.models import Club, Match, MatchStatus, Seat

#: How many matches the evening's page offers at most (newest first).
OFFERED = 50

STAKE = Q(point_value__isnull=False) | Q(money_terms__flat_stake__isnull=False)


def session_day_get(session: Session) -> date:
    """The evening's day: the date it was opened, in the club's time zone."""
    return timezone.localtime(session.created_at, club_zone(session.club)).date()


def _day_bounds(club: Club, day: date) -> tuple[datetime, datetime]:
    zone = club_zone(club)
    start = datetime.combine(day, time.min, tzinfo=zone)
    return start, datetime.combine(day + timedelta(days=1), time.min, tzinfo=zone)


def _chip_games() -> list[str]:
    """The games whose chips are money (each declares ``chips_are_money``)."""
    return [game.slug for game in all_games() if game.chips_are_money]


def _open_matches(session: Session) -> QuerySet[Match]:
    """The club's matches an evening may take (see the module docstring)."""
    matches = (
        Match.objects.filter(club_id=session.club_id, money_session_link__isnull=True)
        .exclude(Q(status=MatchStatus.ABANDONED) & ~Q(game_id__in=_chip_games()))
        .filter(Q(currency=session.currency) | Q(currency=""))
    )
    if session.point_value is None:
        matches = matches.filter(STAKE)
    return matches


def session_candidate_match_list(session: Session) -> list[Match]:
    """The matches the evening's page offers to add, newest first."""
    return list(
        _open_matches(session)
        .select_related("game")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
        .order_by("-started_at", "-id")[:OFFERED]
    )


def session_day_match_list(session: Session, day: date) -> list[Match]:
    """The day's stake matches of the club the evening can still take, in the
    order played (what "collect the day" adds)."""
    start, end = _day_bounds(session.club, day)
    return list(
        _open_matches(session)
        .filter(STAKE, started_at__gte=start, started_at__lt=end)
        .order_by("started_at", "id")
    )


def match_lineup_get(match: Match) -> str:
    """``match``'s players by side: "Aino & Bertta v Caius & Daavid" (its seats
    prefetched with their players)."""
    sides: dict[int, list[str]] = {}
    for seat in match.seats.all():
        sides.setdefault(seat.side, []).append(seat.player.display_name)
    versus = " {} ".format(pgettext("versus", "v"))
    return versus.join(" & ".join(sides[s]) for s in sorted(sides))


def session_form_defaults_get(club: Club) -> dict[str, str]:
    """A new evening's name (today's date in the club's zone) and currency (that
    of the club's latest stake match, else EUR)."""
    today = timezone.localtime(timezone.now(), club_zone(club)).date()
    currency = (
        Match.objects.filter(club=club)
        .filter(STAKE)
        .exclude(currency="")
        .order_by("-started_at", "-id")
        .values_list("currency", flat=True)
        .first()
    )
    name = gettext("Evening %(date)s") % {"date": today.isoformat()}
    return {"name": name, "currency": currency or "EUR"}


def session_ticked_match_list(session: Session, ids: list[int]) -> list[Match] | None:
    """The matches of ``ids`` (the ticked boxes), each a match of the evening's
    club, in the order given; ``None`` if one is not."""
    unique = list(dict.fromkeys(ids))
    matches = {m.pk: m for m in Match.objects.filter(pk__in=unique, club=session.club)}
    if len(matches) != len(unique):
        return None
    return [matches[i] for i in unique]
