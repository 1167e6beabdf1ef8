"""The standings' raw SQL, all of it: a large event's results are thousands of
tables, read as plain rows in one statement and decoded in one call
(:func:`stage_finished_table_list`), and the entries' names for the snapshot
(:func:`entry_name_list`). Everything else in :mod:`tournaments.selectors` reads
through the ORM."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from fractions import Fraction
from operator import itemgetter
from typing import Any, NamedTuple

from django.db import connection

from scoring.models import MatchStatus
from tournaments.ranking import (
    norm,
)

# Every table of the stages with its match's version, whether it is finished, and
# its totals, winners and line-up: never model instances.
_TABLES_SQL = """
SELECT t.id, r.stage_id, r.number, t.match_id, m.version, m.status = %s, {outcome}
FROM tournaments_table t
JOIN tournaments_round r ON r.id = t.round_id
JOIN scoring_match m ON m.id = t.match_id
WHERE r.stage_id IN ({stages})
ORDER BY t.id
"""
# Per vendor: the table's outcome as JSON text, ``totals, winners, lineup`` — three
# values, not an array of them: the tables' texts are joined into one flat array,
# so decoding makes no list per table beyond those three.
_OUTCOME_JSON = {
    "postgresql": "m.totals::text || ',' || m.winners::text || ',' || t.lineup",
    "sqlite": "m.totals || ',' || m.winners || ',' || t.lineup",
}
# Numbers exact: a decimal total becomes a Fraction, never a float.
_DECODER = json.JSONDecoder(parse_float=lambda text: norm(Fraction(text)))
# A table's line-up: per side (by number) its entries in slot order.
Lineup = list[list[int]]
# (stage id, round number, match id, line-up, totals, winners)
FinishedTable = tuple[int, int, int, Lineup, Any, Any]


class Tables(NamedTuple):
    """The finished tables of some stages as read (see
    :func:`stage_finished_table_list`)."""

    # (table id, stage id, round number, match id, ...) in table order.
    rows: list[tuple[Any, ...]]
    # Per row, one after the other: the match's totals and winners and the
    # table's line-up (three items a row; see outcomes()).
    flat_outcomes: list[Any]
    # The sum of the versions of every table's match, finished or not: the
    # results' part of :func:`standings_fingerprint_list`, read with the results.
    versions: int

    def outcomes(self) -> Iterator[tuple[tuple[Any, ...], Any, Any, Any]]:
        """Per row: the row, its totals, winners and line-up."""
        items = iter(self.flat_outcomes)
        return zip(self.rows, items, items, items, strict=True)

    def finished(self) -> Iterator[FinishedTable]:
        """Every finished table with entries (nobody to rank at one without)."""
        for row, totals, winners, lineup in self.outcomes():
            if type(lineup) is list and any(lineup):
                yield row[1], row[2], row[3], lineup, totals, winners


def stage_finished_table_list(stage_ids: Iterable[int]) -> Tables:
    """Every table of the stages whose match is finished, in table order."""
    stage_ids = [int(s) for s in stage_ids]
    if not stage_ids:
        return Tables([], [], 0)
    stages = ", ".join(["%s"] * len(stage_ids))
    with connection.cursor() as cursor:
        cursor.execute(
            _TABLES_SQL.format(outcome=_OUTCOME_JSON[connection.vendor], stages=stages),
            [MatchStatus.FINISHED, *stage_ids],
        )
        table_rows = cursor.fetchall()
    versions = sum(map(itemgetter(4), table_rows))
    table_rows = [row for row in table_rows if row[5]]
    outcomes = _DECODER.decode("[" + ",".join(map(itemgetter(6), table_rows)) + "]")
    return Tables(table_rows, outcomes, versions)


# Every entry's name and whether it has withdrawn (a flag, no datetimes to parse).
_ENTRY_NAMES_SQL = """
SELECT id, name, withdrawn_at IS NOT NULL FROM tournaments_entry
WHERE tournament_id = %s
"""


def entry_name_list(tournament_id: int) -> tuple[dict[int, tuple[str, bool]], int]:
    """Per entry of the tournament its name and whether it has withdrawn, and how
    many have withdrawn (the entries' part of the source fingerprint)."""
    entries: dict[int, tuple[str, bool]] = {}
    withdrawn_count = 0
    with connection.cursor() as cursor:
        cursor.execute(_ENTRY_NAMES_SQL, [tournament_id])
        for pk, name, withdrawn in cursor.fetchall():
            entries[pk] = (name, bool(withdrawn))
            withdrawn_count += bool(withdrawn)
    return entries, withdrawn_count
