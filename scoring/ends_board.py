"""The score sheet of a game of ends as a paper board: an end per column, a side
per row (a curling scoreboard, a frame sheet).

A game declares it (:attr:`games.engine.Game.sheet_layout` ``"ends"``) and which
fact of each end the board marks in the end's column (``sheet_mark``: the
hammer, who threw the jack). Input is the sheet (:func:`scoring.export.sheet_table`)
— nothing here reads the database or names a game. Terms:

* a **column** is one deal of the sheet (an end), whatever its status; a counted
  end shows each side's points (a side that scored nothing shows an empty cell,
  as on paper), any other shows its status word;
* **planned** columns follow the ends played up to the match's fixed number of
  ends (:meth:`games.engine.Game.match_goal`), empty, as a board is printed;
* the **mark** of a column is the side its ``sheet_mark`` fact names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from games.engine import Game
from scoring.export import SheetTable


@dataclass(frozen=True)
class BoardCell:
    text: str
    marked: bool = False


@dataclass(frozen=True)
class BoardColumn:
    number: int
    status: str  # a deal's status, or "planned"
    note: str = ""
    errors: Sequence[Mapping[str, str]] = ()


@dataclass(frozen=True)
class BoardRow:
    label: str
    cells: list[BoardCell]
    total: int


@dataclass(frozen=True)
class EndsBoard:
    columns: list[BoardColumn]
    rows: list[BoardRow]
    mark_label: str = ""
    errors: list[BoardColumn] = field(default_factory=list)


def ends_board(
    table: SheetTable, *, mark: tuple[str, str] | None, planned: int | None
) -> EndsBoard:
    """The board of ``table``: its ends as columns (and empty ones up to
    ``planned``), a row per side, each end's ``mark`` fact marked."""
    sides = len(table.sides)
    columns: list[BoardColumn] = []
    cells: list[list[BoardCell]] = [[] for _ in range(sides)]
    for row in table.rows:
        columns.append(BoardColumn(row.number, row.status, row.note, list(row.errors)))
        marked = _marked_side(row.facts, mark[0]) if mark else None
        for side in range(sides):
            if row.points is not None:
                points = row.points[side]
                text = str(points) if points else ""
            else:
                text = "—" if side == 0 else ""
            cells[side].append(BoardCell(text, marked == side))
    last = table.rows[-1].number if table.rows else 0
    for number in range(last + 1, (planned or 0) + 1):
        columns.append(BoardColumn(number, "planned"))
        for side in range(sides):
            cells[side].append(BoardCell(""))
    rows = [
        BoardRow(
            str(table.sides[side]["label"]),
            cells[side],
            table.totals[side] if side < len(table.totals) else 0,
        )
        for side in range(sides)
    ]
    return EndsBoard(
        columns,
        rows,
        # The game's English label, in the reader's language.
        mark_label=gettext(mark[1]) if mark and mark[1] else "",
        errors=[c for c in columns if c.errors],
    )


def _marked_side(facts: Sequence[Any], code: str) -> int | None:
    for fact in facts:
        if isinstance(fact, Mapping) and fact.get("code") == code:
            side = fact.get("side")
            return side if type(side) is int else None
    return None


def board_for(
    game: Game | None, table: SheetTable, options: Mapping[str, Any]
) -> EndsBoard | None:
    """The board if ``game`` keeps its sheet as ends, else ``None``."""
    if game is None or game.sheet_layout != "ends":
        return None
    try:
        planned = game.match_goal(game.parse_options(options)).deals
    except ValueError:
        planned = None
    return ends_board(table, mark=game.sheet_mark, planned=planned)
