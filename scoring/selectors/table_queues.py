"""The table's phones as the room screen and the director's page see them (issue
31): which table's phone last said it holds deals not yet sent, and which open
table has not been heard from for :data:`QUIET`.

Reads the reports :func:`scoring.services.table_queue_record` keeps. The pages of
the layers above (tournaments) ask with their tables' match ids; both functions
are read in one query whatever the number of tables (the stamp in none of its
own: it rides on a row the live pages read anyway).

A table's mark (:class:`TableQueueMark`) sums its phones: the deals waiting on any
of them, since the oldest one's entry; ``heard_at`` is the latest report of any;
``quiet`` a match still in progress whose phones have all been silent for
:data:`QUIET` (a table that never reported is not marked: it may be scored on
paper, or online with a phone that never opened the sheet offline-ready).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import connection
from django.utils import timezone

from scoring.models import Match, MatchStatus, PhoneQueue

#: A table whose phone has said nothing for this long while its match is open is
#: marked. An open sheet reports every two minutes (offline.js); a phone asleep
#: through a long deal stays under it.
QUIET = timedelta(minutes=15)


@dataclass(frozen=True)
class TableQueueMark:
    waiting: int
    since: datetime | None
    heard_at: datetime
    quiet: bool


def table_queue_list(
    match_ids: Iterable[int] | Any, *, now: datetime | None = None
) -> dict[int, TableQueueMark]:
    """The marks of the tables among ``match_ids`` (ids, or a queryset of them)
    that have one: deals waiting on a phone, or an open table gone quiet."""
    now = now or timezone.now()
    rows = PhoneQueue.objects.filter(match_id__in=match_ids).values_list(
        "match_id", "waiting", "waiting_since", "reported_at", "match__status"
    )
    found: dict[int, dict[str, Any]] = {}
    for match_id, waiting, since, reported_at, status in rows:
        mark = found.setdefault(
            match_id,
            {"waiting": 0, "since": None, "heard_at": reported_at, "status": status},
        )
        mark["waiting"] += waiting
        if waiting and since and (mark["since"] is None or since < mark["since"]):
            mark["since"] = since
        mark["heard_at"] = max(mark["heard_at"], reported_at)
    marks = {}
    for match_id, mark in found.items():
        quiet = (
            mark["status"] == MatchStatus.IN_PROGRESS and mark["heard_at"] < now - QUIET
        )
        if mark["waiting"] or quiet:
            marks[match_id] = TableQueueMark(
                waiting=mark["waiting"],
                since=mark["since"],
                heard_at=mark["heard_at"],
                quiet=quiet,
            )
    return marks


def table_queue_stamp_sql_build(
    match_ids_sql: str, *, now: datetime | None = None
) -> tuple[str, list[Any]]:
    """What changes the marks of the tables of ``match_ids_sql`` (a ``SELECT`` of
    match ids; it may name the outer row), for a live page's ETag: four scalar
    subqueries, separated by commas, to put in a ``SELECT`` the page's stamp runs
    anyway (no query of their own), and their parameters — the reports' count,
    their waiting deals, their latest change and how many open tables' phones are
    past :data:`QUIET` (a time crossing it changes the stamp, a phone's "still
    here" does not)."""
    cutoff = (now or timezone.now()) - QUIET
    reports = PhoneQueue._meta.db_table
    matches = Match._meta.db_table
    within = f"FROM {reports} q WHERE q.match_id IN ({match_ids_sql})"
    sql = ", ".join(
        [
            f"(SELECT COUNT(*) {within})",
            f"(SELECT SUM(q.waiting) {within})",
            f"(SELECT MAX(q.changed_at) {within})",
            f"(SELECT COUNT(*) FROM {reports} q JOIN {matches} m ON m.id = q.match_id"
            f" WHERE q.match_id IN ({match_ids_sql})"
            " AND q.reported_at < %s AND m.status = %s)",
        ]
    )
    params = [
        connection.ops.adapt_datetimefield_value(cutoff),
        MatchStatus.IN_PROGRESS.value,
    ]
    return sql, params
