"""What the live pages need: a cheap **stamp** of everything a tournament's pages
show (the poller's ETag, :mod:`scoring.live`), and the room screen's data.

The stamp is two small queries whatever the tournament's size: the tournament
with its entry and stage counts, its standings snapshot's generation and what the
tables' phones last reported (issue 31,
:func:`scoring.selectors.table_queue_stamp_sql_build`: deals waiting on a phone, a
table gone quiet); its rounds with their states and
clocks and, for a round being played, its tables' matches (count and the sum of
their versions, which grows with every deal entered, corrected or confirmed) and,
before it starts, its seats (a director's swap). Anything a public, director's or
room page shows changes one of them.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import connection
from django.db.models.functions import Coalesce
from django.utils import timezone

from scoring import selectors as scoring_selectors
from scoring.models import MatchStatus
from tournaments.models import Round, RoundStatus, Table, TableSide, Tournament
from tournaments.selectors.pages import ROOM_TABLES_PER_PAGE, tournament_page_get
from tournaments.selectors.rounds import table_phone_marks_add
from tournaments.selectors.standings import standings_view_get

#: How many finished tables the room screen lists as the latest results.
LATEST_RESULTS = 6

# The head names what the pages show of the tournament itself (its club's name
# too: an anonymous reader's copy is kept until the stamp changes).
# The stamp's two statements, written out: fixed SQL (no ORM to build on every
# poll: it cost more than running them), neither grouping rows — a GROUP BY of
# every column of the rounds sorted their explanations, tens of kilobytes each at a
# championship's size, on every poll on SQLite. Counts are scalar subqueries.
_HEAD_SQL = """
SELECT t.name, t.status, t.visibility, t.standings_generation,
       t.tiebreaks, t.points, t.closed_at,
       (SELECT c.name FROM scoring_club c WHERE c.id = t.club_id),
       s.generation, s.source_version, s.computed_at,
       (SELECT COUNT(*) FROM tournaments_entry e WHERE e.tournament_id = t.id),
       (SELECT COUNT(*) FROM tournaments_entry e
         WHERE e.tournament_id = t.id AND e.withdrawn_at IS NOT NULL),
       (SELECT COUNT(*) FROM tournaments_stage g WHERE g.tournament_id = t.id),
       {phones}
FROM tournaments_tournament t
LEFT JOIN tournaments_standings s ON s.tournament_id = t.id
WHERE t.id = %s
"""
# The tournament's tables' matches, for the phones' reports (``t`` is the head's
# tournament).
_MATCHES_SQL = """
SELECT tb.match_id FROM tournaments_table tb
JOIN tournaments_round r ON r.id = tb.round_id
JOIN tournaments_stage g ON g.id = r.stage_id
WHERE g.tournament_id = t.id AND tb.match_id IS NOT NULL
"""
# A round's tables are read only while they can change: generated or started
# (``%s`` 1–3, 5–7: those states). A locked or finished round's tables do not
# change: a director unlocks it first (its status changes), and a result corrected
# in the score book bumps the tournament's standings generation (the head). Before
# a round starts its seats count too (``%s`` 4, 8, 9: generated): a director's swap
# re-creates two seats (a new largest id) or seats the bye (another entry's id).
_ROUNDS_SQL = """
SELECT r.id, r.status, r.time_limit_minutes, r.clock_started_at,
  CASE WHEN r.status IN (%s, %s) THEN
    (SELECT COUNT(*) FROM tournaments_table t WHERE t.round_id = r.id) END,
  CASE WHEN r.status IN (%s, %s) THEN
    (SELECT COUNT(t.match_id) FROM tournaments_table t WHERE t.round_id = r.id) END,
  CASE WHEN r.status IN (%s, %s) THEN
    (SELECT SUM(m.version) FROM tournaments_table t
       JOIN scoring_match m ON m.id = t.match_id WHERE t.round_id = r.id) END,
  CASE WHEN r.status = %s THEN
    (SELECT MAX(ts.id) FROM tournaments_tableside ts
       JOIN tournaments_table t ON t.id = ts.table_id WHERE t.round_id = r.id) END,
  CASE WHEN r.status = %s THEN
    (SELECT SUM(ts.entry_id) FROM tournaments_tableside ts
       JOIN tournaments_table t ON t.id = ts.table_id WHERE t.round_id = r.id) END
FROM tournaments_round r
JOIN tournaments_stage g ON g.id = r.stage_id
WHERE g.tournament_id = %s
ORDER BY r.id
"""


def tournament_live_stamp_get(tournament: Tournament) -> tuple[Any, ...]:
    """Everything the tournament's pages show changes this tuple (see the module):
    two statements of a fixed size, whatever the tournament's."""
    live = [RoundStatus.GENERATED.value, RoundStatus.STARTED.value]
    generated = RoundStatus.GENERATED.value
    # What the tables' phones last reported (issue 31), on the same row.
    phones, phone_params = scoring_selectors.table_queue_stamp_sql_build(_MATCHES_SQL)
    with connection.cursor() as cursor:
        cursor.execute(_HEAD_SQL.format(phones=phones), [*phone_params, tournament.pk])
        head = cursor.fetchone()
        cursor.execute(_ROUNDS_SQL, [*live * 3, generated, generated, tournament.pk])
        rounds = tuple(cursor.fetchall())
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
    if current:
        table_phone_marks_add(current["tables"].items)
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
