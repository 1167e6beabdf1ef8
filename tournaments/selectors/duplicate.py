"""Duplicate stages: the boards compared between the tables that played them
(book §39.7)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from scoring.models import Deal, DealStatus
from tournaments.formats.duplicate import DealPlay, compare_deals
from tournaments.models import (
    Entry,
    EntryMember,
    Stage,
    Table,
)
from tournaments.selectors.events import stage_entry_id_list

# -- duplicate stages ----------------------------------------------------------------


def stage_board_list(
    stage: Stage, *, reveal_unreplayed: bool = False
) -> dict[str, Any]:
    """A duplicate stage's boards compared between the tables that played them.

    Every counted deal of the stage's tables is one play of the board its result
    names (``detail.board``; the table's ``deal_ids`` when the engine did not
    name one). Per board: each play's North-South / East-West entries, game points
    and card points, and — once the board has been played at both tables — each
    team's **swing** (:func:`tournaments.formats.duplicate.compare_deals`).

    A board played at one table only is hidden unless ``reveal_unreplayed`` (the
    director): the other table has still to play those cards (book §39.7.1 keeps
    the score face down under the hands until then). ``teams`` sums what is shown:
    the game points of every counted deal and the swings of complete boards.
    """
    tables = list(
        Table.objects.filter(round__stage=stage)
        .select_related("round")
        .prefetch_related("sides")
        .order_by("round__number", "number")
    )
    entry_ids = stage_entry_id_list(stage)
    names = dict(
        Entry.objects.filter(tournament_id=stage.tournament_id).values_list(
            "pk", "name"
        )
    )
    lineups: dict[int, list[str]] = defaultdict(list)
    for entry_id, player in (
        EntryMember.objects.filter(entry_id__in=entry_ids)
        .order_by("entry_id", "position")
        .values_list("entry_id", "player__display_name")
    ):
        lineups[entry_id].append(player)
    deals: dict[int, list[tuple[int, dict[str, Any]]]] = defaultdict(list)
    for match_id, number, result in (
        Deal.objects.filter(
            match_id__in=[t.match_id for t in tables if t.match_id],
            status=DealStatus.COUNTED,
        )
        .order_by("number")
        .values_list("match_id", "number", "result")
    ):
        deals[match_id].append((number, result or {}))

    seating = []
    plays: list[tuple[DealPlay, dict[str, Any]]] = []
    for table in tables:
        sides = {seat.side: seat.entry_id for seat in table.sides.all()}
        pairs = next(
            (
                r["data"].get("pairs")
                for r in table.reasons
                if r.get("code") == "duplicate"
            ),
            None,
        ) or [0, 0]
        ns, ew = sides.get(0), sides.get(1)
        seating.append(
            {
                "round": table.round.number,
                "table": table.number,
                "match": table.match_id,
                "boards": list(table.deal_ids),
                "sides": [
                    {
                        "entry": entry,
                        "name": names.get(entry, ""),
                        "players": lineups[entry][2 * pair : 2 * pair + 2],
                    }
                    for entry, pair in ((ns, pairs[0]), (ew, pairs[1]))
                ],
            }
        )
        for index, (_number, result) in enumerate(deals.get(table.match_id, [])):
            detail = result.get("detail") or {}
            board = detail.get("board")
            if board is None and index < len(table.deal_ids):
                board = table.deal_ids[index]
            points = result.get("points") or [0, 0]
            play = DealPlay(str(board), (ns,), (ew,), points[0], points[1])
            plays.append(
                (
                    play,
                    {
                        "round": table.round.number,
                        "table": table.number,
                        "match": table.match_id,
                        "north_south": ns,
                        "east_west": ew,
                        "names": [names.get(ns, ""), names.get(ew, "")],
                        "points": [points[0], points[1]],
                        "net": points[0] - points[1],
                        "card_points": detail.get("card_points"),
                    },
                )
            )

    teams = {entry: (entry,) for entry in entry_ids}
    order = {board: i for i, board in enumerate(_board_order(tables))}
    by_board: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for play, row in plays:
        by_board[play.deal].append(row)
    complete = {board for board, rows in by_board.items() if len(rows) >= 2}
    swings = {
        c.deal: c.swing
        for c in compare_deals([p for p, _row in plays if p.deal in complete], teams)
    }
    boards = []
    totals = {entry: {"game_points": 0, "swing": 0} for entry in entry_ids}
    for board in sorted(by_board, key=lambda b: (order.get(b, len(order)), b)):
        rows = by_board[board]
        if board not in complete and not reveal_unreplayed:
            continue
        swing = swings.get(board)
        for row in rows:
            totals[row["north_south"]]["game_points"] += row["points"][0]
            totals[row["east_west"]]["game_points"] += row["points"][1]
        if swing is not None:
            for entry, value in swing.items():
                totals[entry]["swing"] += value
        boards.append(
            {
                "board": board,
                "complete": swing is not None,
                "plays": rows,
                "swing": (
                    [{"entry": e, "value": swing[e]} for e in entry_ids]
                    if swing is not None
                    else None
                ),
            }
        )
    return {
        "stage": stage.pk,
        "tables": seating,
        "boards": boards,
        "hidden": sorted(set(by_board) - complete) if not reveal_unreplayed else [],
        "teams": [
            {"entry": e, "name": names.get(e, ""), **totals[e]} for e in entry_ids
        ],
    }


def _board_order(tables: Iterable[Table]) -> list[str]:
    seen: dict[str, None] = {}
    for table in tables:
        for board in table.deal_ids:
            seen.setdefault(board, None)
    return list(seen)
