"""What the live pages need: a cheap **stamp** of everything a tournament's pages
show (the poller's ETag, :mod:`scoring.live`), and the room screen's data.

The stamp is two small aggregate queries whatever the tournament's size: the
tournament with its entry and stage counts and its standings snapshot's
generation; its rounds with their states, clocks and tables' matches (count and
the sum of their versions, which grows with every deal entered, corrected or
confirmed). Anything a public, director's or room page shows changes one of them.
The first also carries what the tables' phones last reported (issue 31,
:func:`scoring.selectors.table_queue_stamp_get`): deals waiting on a phone, a
table gone quiet.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Count, Q, Sum
from django.utils import timezone

from scoring import selectors as scoring_selectors
from scoring.models import MatchStatus
from tournaments.models import Round, RoundStatus, Table, Tournament
from tournaments.selectors.rounds import table_phone_marks_add, tournament_overview_get
from tournaments.selectors.standings import standings_view_get

#: How many finished tables the room screen lists as the latest results.
LATEST_RESULTS = 6


def tournament_live_stamp_get(tournament: Tournament) -> tuple[Any, ...]:
    """Everything the tournament's pages show changes this tuple (see the module)."""
    # What the tables' phones last reported (issue 31), on the same row.
    phones = scoring_selectors.table_queue_stamp_get(
        Table.objects.filter(
            round__stage__tournament_id=tournament.pk, match__isnull=False
        ).values("match_id")
    )
    head = (
        Tournament.objects.filter(pk=tournament.pk)
        .annotate(**phones)
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
            *phones,
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


def _current_round(stages: list[dict[str, Any]]) -> tuple[Any, dict | None]:
    """The round being played (the latest generated or started one), else the
    latest round: (its stage, its overview row)."""
    latest = (None, None)
    for stage in stages:
        for row in stage["rounds"]:
            latest = (stage["stage"], row)
    for stage in reversed(stages):
        for row in reversed(stage["rounds"]):
            if row["round"].status in (RoundStatus.GENERATED, RoundStatus.STARTED):
                return stage["stage"], row
    return latest


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


def _latest_results(stages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    finished = [
        {"stage": stage["stage"], "round": row["round"], **table}
        for stage in stages
        for row in stage["rounds"]
        for table in row["tables"]
        if table["match"] is not None and table["match"].status == MatchStatus.FINISHED
    ]
    finished.sort(
        key=lambda t: (t["match"].ended_at or t["match"].updated_at, t["match"].pk),
        reverse=True,
    )
    return finished[:LATEST_RESULTS]


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


def tournament_room_get(tournament: Tournament) -> dict[str, Any]:
    """The room screen: the round being played with its tables and clock, the
    standings of the latest stage that has any, and the latest finished tables."""
    stages = tournament_overview_get(tournament)
    stage, current = _current_round(stages)
    if current:
        table_phone_marks_add(current["tables"])
    standings = standings_view_get(tournament)
    return {
        "stage": stage,
        "round": current,
        "clock": round_clock_get(current["round"] if current else None),
        "standings": standings,
        "panel": _standings_panel(standings),
        "latest": _latest_results(stages),
        "now": timezone.now(),
    }
