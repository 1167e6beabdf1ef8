"""Rounds and tables as the pure core and the API read them: a stored round as a
:class:`~tournaments.formats.base.Round`, the rounds listed with their table counts,
and one entry's history. The pages' round, a page of tables at a time, is
:mod:`.pages`."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, OuterRef, Prefetch, QuerySet, Subquery
from django.db.models.fields.json import KeyTransform
from django.db.models.functions import Coalesce

from scoring.models import MatchStatus
from tournaments.formats.base import Bye as FormatBye
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.base import Table as FormatTable
from tournaments.models import (
    Entry,
    Round,
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
    return _as_format(
        round_, round_.tables.prefetch_related("sides").order_by("number")
    )


def stage_round_format_list(stage: Stage) -> list[FormatRound]:
    """Every round of ``stage`` as :func:`round_format_get` gives it, in order: the
    same three queries for any number of rounds (a format's history)."""
    tables = Table.objects.prefetch_related("sides").order_by("number")
    rounds = stage.rounds.order_by("number").prefetch_related(
        Prefetch("tables", queryset=tables)
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


def round_table_list(round_: Round) -> QuerySet[Table]:
    return (
        round_.tables.select_related("match")
        .prefetch_related("sides__entry")
        .order_by("number")
    )


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


def round_list_with_tables(rounds: QuerySet[Round]) -> QuerySet[Round]:
    """``rounds`` with their tables loaded as :func:`round_table_list` loads them (read
    them as ``round_.tables.all()``): the same few queries for any number of rounds.
    """
    tables = (
        Table.objects.select_related("match")
        .prefetch_related("sides__entry")
        .order_by("number")
    )
    return rounds.prefetch_related(Prefetch("tables", queryset=tables))


def table_place_list(match: Any, lower_wins: bool) -> list[int | None]:
    """Each side's place at a finished table of three or more (ties share)."""
    if match is None or match.status != MatchStatus.FINISHED or not match.totals:
        return [None] * len(match.totals if match else ())
    return list(places_from_points(match.totals, lower_wins=lower_wins))


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
