"""Rounds and tables as the pure core and the API read them: a stored round as a
:class:`~tournaments.formats.base.Round`, the rounds listed with their table counts,
the tables' phones' marks, and one entry's history. The pages' round, a page of
tables at a time, is :mod:`.pages`.

**Loading tables with their sides.** A round's tables and their sides (with the
entries) are read by a filter on the rounds — a subquery, the same SQL at every
size — never by Django's ``prefetch_related``, which lists the ids it has just
read: a ``table_id IN (…)`` as long as the tables, and for a foreign key
(``sides__entry``) an ``id = 1 OR id = 2 OR …`` chain that SQLite refuses past
999 terms ("Expression tree is too large (maximum depth 1000)": a Swiss of 999
entries or more answered 503 for good on the embedded default). The rows are put
where ``round_.tables.all()`` and ``table.sides.all()`` read them
(:func:`_preloaded`), as a prefetch would have.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Model, OuterRef, QuerySet, Subquery
from django.db.models.fields.json import KeyTransform
from django.db.models.functions import Coalesce

from scoring import selectors as scoring_selectors
from scoring.models import MatchStatus
from tournaments.formats.base import Bye as FormatBye
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.base import Table as FormatTable
from tournaments.models import (
    Entry,
    GenerationStatus,
    Round,
    RoundGeneration,
    Stage,
    Table,
    TableSide,
    Tournament,
)
from tournaments.ranking import (
    places_from_points,
)
from tournaments.selectors.results import ranking_config_get

# -- rounds as the pure core sees them ----------------------------------------------


def round_format_get(round_: Round) -> FormatRound:
    tables = list(round_.tables.order_by("number"))
    _sides_attach(tables, TableSide.objects.filter(table__round=round_))
    return _as_format(round_, tables)


def stage_round_format_list(stage: Stage) -> list[FormatRound]:
    """Every round of ``stage`` as :func:`round_format_get` gives it, in order: the
    same three queries for any number of rounds (a format's history)."""
    rounds = list(stage.rounds.order_by("number"))
    _tables_attach(
        rounds,
        Table.objects.filter(round__stage=stage),
        TableSide.objects.filter(table__round__stage=stage),
    )
    return [_as_format(r, r.tables.all()) for r in rounds]


def _as_format(round_: Round, in_order: Iterable[Table]) -> FormatRound:
    tables = []
    for table in in_order:
        sides: dict[int, list[int]] = defaultdict(list)
        for seat in table.sides.all():
            sides[seat.side].append(seat.entry_id)
        tables.append(
            FormatTable(table.number, tuple(tuple(sides[s]) for s in sorted(sides)))
        )
    byes = tuple(
        FormatBye(bye["entry"]) for bye in (round_.explanation or {}).get("byes", ())
    )
    return FormatRound(round_.number, tuple(tables), byes)


def stage_round_list(stage: Stage) -> QuerySet[Round]:
    return stage.rounds.order_by("number")


def round_table_list(round_: Round) -> list[Table]:
    """The round's tables in order, each with its match and its sides (with their
    entries, ``table.sides.all()``): two queries for any number of tables."""
    tables = list(round_.tables.select_related("match").order_by("number"))
    _sides_attach(
        tables, TableSide.objects.filter(table__round=round_).select_related("entry")
    )
    return tables


def round_summary_list(tournament: Tournament) -> QuerySet[Round]:
    """The tournament's rounds in order, each with ``table_count`` and its stored
    explanation's ``messages``, ``byes`` and ``i18n`` (read by key: the long plain
    ``text`` of a big round is not read)."""
    tables = (
        Table.objects.filter(round=OuterRef("pk"))
        .order_by()
        .values("round")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return (
        Round.objects.filter(stage__tournament=tournament)
        .defer("explanation")
        .annotate(
            table_count=Coalesce(Subquery(tables), 0),
            messages=KeyTransform("messages", "explanation"),
            byes=KeyTransform("byes", "explanation"),
            i18n=KeyTransform("i18n", "explanation"),
        )
        .order_by("stage__order", "stage_id", "number")
    )


def round_list_with_tables(rounds: QuerySet[Round]) -> list[Round]:
    """``rounds`` with their tables loaded as :func:`round_table_list` loads them (read
    them as ``round_.tables.all()``): the same three queries for any number of
    rounds, tables and entries (see the module: a subquery on ``rounds``, never a
    list of ids)."""
    loaded = list(rounds)
    chosen = rounds.order_by().values("pk")
    _tables_attach(
        loaded,
        Table.objects.filter(round__in=chosen).select_related("match"),
        TableSide.objects.filter(table__round__in=chosen).select_related("entry"),
    )
    return loaded


def _preloaded(instance: Model, name: str, rows: list[Any]) -> None:
    """``rows`` as ``instance.<name>.all()`` returns them, without a query (as
    ``prefetch_related`` leaves them)."""
    rows_qs = getattr(instance, name).get_queryset()
    rows_qs._result_cache = rows
    rows_qs._prefetch_done = True
    cache = instance.__dict__.setdefault("_prefetched_objects_cache", {})
    cache[name] = rows_qs


def _sides_attach(tables: list[Table], sides: QuerySet[TableSide]) -> None:
    """Each of ``tables`` with its rows of ``sides`` (in side and slot order)."""
    by_table: dict[int, list[TableSide]] = defaultdict(list)
    for seat in sides.order_by("table_id", "side", "slot"):
        by_table[seat.table_id].append(seat)
    for table in tables:
        _preloaded(table, "sides", by_table.get(table.pk, []))


def _tables_attach(
    rounds: list[Round], tables: QuerySet[Table], sides: QuerySet[TableSide]
) -> None:
    """Each of ``rounds`` with its rows of ``tables`` (in number order), each table
    with its rows of ``sides``."""
    loaded = list(tables.order_by("round_id", "number"))
    _sides_attach(loaded, sides)
    by_round: dict[int, list[Table]] = defaultdict(list)
    for table in loaded:
        by_round[table.round_id].append(table)
    for round_ in rounds:
        _preloaded(round_, "tables", by_round.get(round_.pk, []))


def table_place_list(match: Any, lower_wins: bool) -> list[int | None]:
    """Each side's place at a finished table of three or more (ties share)."""
    if match is None or match.status != MatchStatus.FINISHED or not match.totals:
        return [None] * len(match.totals if match else ())
    return list(places_from_points(match.totals, lower_wins=lower_wins))


def table_phone_marks_add(rows: Iterable[dict[str, Any]]) -> None:
    """Put on each table row (``{"table", "match", …}``) the mark of its phones
    (``row["phone"]``: deals waiting on a phone, or a quiet open table; ``None``
    for none), read in one query for all of them (issue 31)."""
    rows = [row for row in rows if row.get("match") is not None]
    marks = scoring_selectors.table_queue_list([row["match"].pk for row in rows])
    for row in rows:
        row["phone"] = marks.get(row["match"].pk)


def entry_history_get(tournament: Tournament, entry: Entry) -> list[dict[str, Any]]:
    """One entry's games, round by round: opponents, totals, result."""
    history = []
    lower_wins = ranking_config_get(tournament).lower_game_points_win
    seats = (
        TableSide.objects.filter(entry=entry)
        .select_related("table__round__stage", "table__match")
        .prefetch_related("table__sides__entry")
        .order_by("table__round__stage__order", "table__round__number")
    )
    for seat in seats:
        table = seat.table
        at_table = list(table.sides.all())  # in side and slot order (Meta)
        others = [s for s in at_table if s.side != seat.side]
        partners = [
            s for s in at_table if s.side == seat.side and s.entry_id != entry.pk
        ]
        match = table.match
        totals = list(match.totals) if match else []
        place = None
        if len(totals) > 2:
            places = table_place_list(match, lower_wins)
            place = places[seat.side] if seat.side < len(places) else None
        history.append(
            {
                "stage": table.round.stage.name,
                "round": table.round.number,
                "table": table.number,
                "side": seat.side,
                "partners": [p.entry.name for p in partners],
                "opponents": [o.entry.name for o in others],
                "totals": totals,
                "status": match.status if match else "not started",
                "won": bool(match and seat.side in (match.winners or [])),
                # At a table of three or more: the place, and how many played.
                "place": place,
                "players": len(totals),
                "match_id": match.pk if match else None,
            }
        )
    return history


# -- round generation jobs -----------------------------------------------------------

# The recent jobs a director's page looks at (one query, whatever the history).
_RECENT_JOBS = 20


def tournament_generation_list(tournament: Tournament) -> list[RoundGeneration]:
    """The round generation jobs the director's page shows: per stage its latest
    job, if it is still queued or running, or failed (until asked again)."""
    shown, seen = [], set()
    recent = (
        RoundGeneration.objects.filter(stage__tournament_id=tournament.pk)
        .select_related("stage")
        .order_by("-pk")[:_RECENT_JOBS]
    )
    for job in recent:
        if job.stage_id in seen:
            continue
        seen.add(job.stage_id)
        if job.status != GenerationStatus.DONE:
            shown.append(job)
    return sorted(shown, key=lambda job: (job.stage.order, job.stage_id))
