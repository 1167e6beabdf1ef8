"""Rounds and tables as pages and the pure core read them: a stored round as a
:class:`~tournaments.formats.base.Round`, the overview of every stage, round and
table, and one entry's history."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, OuterRef, Prefetch, QuerySet, Subquery
from django.db.models.fields.json import KeyTransform
from django.db.models.functions import Coalesce

from scoring.models import MatchStatus
from tournaments.formats.base import Bye as FormatBye
from tournaments.formats.base import FormatError
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.base import Table as FormatTable
from tournaments.formats.registry import get_format
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
from tournaments.selectors.brackets import stage_bracket_svg_get
from tournaments.selectors.duplicate import stage_board_list
from tournaments.selectors.results import ranking_config_get
from tournaments.texts import explanation_shown, explanation_text, reason_shown

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


def table_places(match: Any, lower_wins: bool) -> list[int | None]:
    """Each side's place at a finished table of three or more (ties share)."""
    if match is None or match.status != MatchStatus.FINISHED or not match.totals:
        return [None] * len(match.totals if match else ())
    return list(places_from_points(match.totals, lower_wins=lower_wins))


def tournament_overview_get(
    tournament: Tournament, *, director: bool = False
) -> list[dict[str, Any]]:
    """Stages → rounds → tables with sides (entry names) and match state, for pages.

    A duplicate stage also carries its board comparison (``boards``); ``director``
    shows the boards not yet replayed too. A table of three or more sides
    (multi-player tables) also lists ``seats``: per side its seat number (1 = first
    dealer), entries, total and, once the match is finished, its place at the
    table."""
    entries = {e.pk: e for e in tournament.entries.all()}
    # the reasons name entries by id (the formats are pure): here they get names
    names = {pk: e.name for pk, e in entries.items()}
    lower_wins = ranking_config_get(tournament).lower_game_points_win
    stages = []
    for stage in tournament.stages.order_by("order", "id"):
        spec = get_format(stage.format)
        rounds = []
        for round_ in round_list_with_tables(stage.rounds.order_by("number")):
            round_.explanation = explanation_shown(round_.explanation, names)
            tables = []
            for table in round_.tables.all():
                table.reasons = [reason_shown(r, names) for r in table.reasons or ()]
                sides: dict[int, list[Entry]] = defaultdict(list)
                for seat in table.sides.all():
                    sides[seat.side].append(entries[seat.entry_id])
                ordered = [sides[s] for s in sorted(sides)]
                row = {"table": table, "sides": ordered, "match": table.match}
                if len(ordered) > 2:
                    totals = list(table.match.totals) if table.match else []
                    places = table_places(table.match, lower_wins)
                    row["seats"] = [
                        {
                            "number": i + 1,
                            "entries": side,
                            "total": totals[i] if i < len(totals) else None,
                            "place": places[i] if i < len(places) else None,
                        }
                        for i, side in enumerate(ordered)
                    ]
                tables.append(row)
            byes = [
                {**bye, "entry_obj": entries.get(bye["entry"])}
                for bye in (round_.explanation or {}).get("byes", ())
            ]
            if round_.explanation.get("text"):
                # the director's plain text, in the reader's language
                round_.explanation["text"] = explanation_text(
                    round_.number,
                    round_.explanation.get("messages") or (),
                    [
                        (
                            row["table"].number,
                            [[e.name for e in side] for side in row["sides"]],
                            row["table"].reasons,
                        )
                        for row in tables
                    ],
                    [
                        (
                            bye["entry_obj"].name
                            if bye["entry_obj"]
                            else str(bye["entry"]),
                            bye.get("reasons") or (),
                        )
                        for bye in byes
                    ],
                )
            rounds.append({"round": round_, "tables": tables, "byes": byes})
        svg = None
        if spec.has_bracket:
            try:
                svg = stage_bracket_svg_get(stage)
            except FormatError:
                svg = None  # a result the director must fix first
        boards = None
        if spec.has_boards:
            boards = stage_board_list(stage, reveal_unreplayed=director)
        stages.append({"stage": stage, "rounds": rounds, "svg": svg, "boards": boards})
    return stages


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
            places = table_places(match, lower_wins)
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
