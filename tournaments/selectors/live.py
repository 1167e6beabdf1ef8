"""What the live pages need: a cheap **stamp** of everything a tournament's pages
show (the poller's ETag, :mod:`scoring.live`), and the room screen's data.

The stamp is two small aggregate queries whatever the tournament's size: the
tournament with its entry and stage counts and its standings snapshot's
generation; its rounds with their states, clocks and tables' matches (count and
the sum of their versions, which grows with every deal entered, corrected or
confirmed). Anything a public, director's or room page shows changes one of them.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Count, Q, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from scoring.models import MatchStatus
from tournaments.models import Round, Table, TableSide, Tournament
from tournaments.selectors.pages import ROOM_TABLES_PER_PAGE, tournament_page_get
from tournaments.selectors.standings import standings_view_get

#: How many finished tables the room screen lists as the latest results.
LATEST_RESULTS = 6


def tournament_live_stamp_get(tournament: Tournament) -> tuple[Any, ...]:
    """Everything the tournament's pages show changes this tuple (see the module)."""
    head = (
        Tournament.objects.filter(pk=tournament.pk)
        .annotate(
            n_entries=Count("entries", distinct=True),
            n_out=Count(
                "entries",
                filter=Q(entries__withdrawn_at__isnull=False),
                distinct=True,
            ),
            n_stages=Count("stages", distinct=True),
        )
        .values_list(
            "name",
            "status",
            "visibility",
            "standings_generation",
            "standings__generation",
            "standings__source_version",
            "standings__computed_at",
            "n_entries",
            "n_out",
            "n_stages",
        )
        .first()
    )
    rounds = tuple(
        Round.objects.filter(stage__tournament_id=tournament.pk)
        .annotate(
            n_tables=Count("tables"),
            n_started=Count("tables__match"),
            versions=Sum("tables__match__version"),
        )
        .order_by("pk")
        .values_list(
            "pk",
            "status",
            "time_limit_minutes",
            "clock_started_at",
            "n_tables",
            "n_started",
            "versions",
        )
    )
    return (tournament.pk, head, rounds)


def round_clock_get(round_: Round | None) -> dict[str, Any] | None:
    """The round's clock: when it started and, with a time limit, its deadline."""
    if round_ is None:
        return None
    start = round_.clock_started_at or round_.started_at
    if start is None:
        return {"start": None, "deadline": None, "minutes": round_.time_limit_minutes}
    deadline = (
        start + timedelta(minutes=round_.time_limit_minutes)
        if round_.time_limit_minutes
        else None
    )
    return {"start": start, "deadline": deadline, "minutes": round_.time_limit_minutes}


def _latest_results(tournament: Tournament) -> list[dict[str, Any]]:
    """The last finished tables of the tournament, newest first: two queries
    whatever the number of rounds played."""
    tables = list(
        Table.objects.filter(
            round__stage__tournament=tournament, match__status=MatchStatus.FINISHED
        )
        .select_related("match", "round")
        .defer("reasons", "round__explanation")
        .order_by(
            Coalesce("match__ended_at", "match__updated_at").desc(), "-match__pk"
        )[:LATEST_RESULTS]
    )
    sides: dict[int, dict[int, list[Any]]] = {t.pk: {} for t in tables}
    for seat in TableSide.objects.filter(table__in=tables).select_related("entry"):
        sides[seat.table_id].setdefault(seat.side, []).append(seat.entry)
    return [
        {
            "round": table.round,
            "table": table,
            "match": table.match,
            "sides": [sides[table.pk][s] for s in sorted(sides[table.pk])],
        }
        for table in tables
    ]


def _standings_panel(standings: dict[str, Any]) -> dict[str, Any] | None:
    """The latest stage that has standings rows (a groups stage: its groups)."""
    for stage in reversed(standings["stages"]):
        if stage.get("groups"):
            return {
                "name": stage["name"],
                "metrics": stage["metrics"],
                "groups": stage["groups"],
                "rows": [],
            }
        if stage.get("rows"):
            return {
                "name": stage["name"],
                "metrics": stage["metrics"],
                "groups": None,
                "rows": stage["rows"],
            }
    return None


def tournament_room_get(tournament: Tournament, *, page: int = 1) -> dict[str, Any]:
    """The room screen: the round being played with a screenful of its tables
    (``page``) and its clock, the standings of the latest stage that has any, and
    the latest finished tables."""
    shown = tournament_page_get(tournament, page=page, per_page=ROOM_TABLES_PER_PAGE)
    current = shown["round"]
    standings = standings_view_get(tournament)
    return {
        "stage": shown["stage"],
        "round": current,
        "clock": round_clock_get(current["round"] if current else None),
        "standings": standings,
        "panel": _standings_panel(standings),
        "latest": _latest_results(tournament),
        "now": timezone.now(),
    }
