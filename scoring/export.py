"""The score sheet as a table: for the sheet page, the CSV export and the chart.

Input is :func:`scoring.selectors.match_sheet` (plain data); nothing here reads the
database or scores anything. Terms:

* a **row** is one deal of the sheet, whatever its status (``counted``, ``flagged``,
  ``pending``, ``conflict``, ``voided``); only counted rows carry ``points`` (what the
  deal scored per side) and ``totals`` (running totals after it);
* the **difference** is side 0's running total minus side 1's, the way a two-player
  game decided by cumulative point difference (Sleazy) is kept on paper. Which games
  keep it is a matter of presentation, listed in :data:`DIFFERENCE_GAMES`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: Games whose paper sheet keeps the running difference of two sides.
DIFFERENCE_GAMES = frozenset({"sleazy"})

STATUS_WORDS = {
    "counted": "",
    "flagged": "flagged",
    "pending": "waiting for confirmation",
    "conflict": "conflicting entries",
    "voided": "voided",
}


@dataclass
class SheetRow:
    number: int
    status: str
    points: list[int] | None
    totals: list[int] | None
    difference: int | None
    errors: list[Mapping[str, str]]
    verified: bool | None
    version: int
    entered_by: str | None
    facts: list[Any] = field(default_factory=list)

    @property
    def note(self) -> str:
        return STATUS_WORDS.get(self.status, self.status)

    @property
    def cells(self) -> list[tuple[int | None, int | None]]:
        """``(points, total)`` per side, for templates."""
        count = len(self.points or self.totals or [])
        points = self.points or [None] * count
        totals = self.totals or [None] * count
        return list(zip(points, totals, strict=True))


@dataclass
class SheetTable:
    sides: list[Mapping[str, Any]]
    rows: list[SheetRow]
    totals: list[int]
    show_difference: bool
    difference: int | None

    @property
    def counted(self) -> list[SheetRow]:
        return [r for r in self.rows if r.totals is not None]


def sheet_table(sheet: Mapping[str, Any]) -> SheetTable:
    """Rows of the sheet with, for two-sided difference games, the difference."""
    sides = list(sheet["sides"])
    show_difference = sheet.get("game") in DIFFERENCE_GAMES and len(sides) == 2
    rows = []
    for row in sheet["rows"]:
        totals = row.get("totals")
        rows.append(
            SheetRow(
                number=row["number"],
                status=row["status"],
                points=row.get("points"),
                totals=totals,
                difference=totals[0] - totals[1]
                if show_difference and totals
                else None,
                errors=list(row.get("errors") or []),
                verified=row.get("verified"),
                version=row.get("version", 1),
                entered_by=row.get("entered_by"),
                facts=list(row.get("facts") or []),
            )
        )
    totals = list(sheet.get("totals") or [0] * len(sides))
    return SheetTable(
        sides=sides,
        rows=rows,
        totals=totals,
        show_difference=show_difference,
        difference=totals[0] - totals[1] if show_difference and totals else None,
    )


def chart_series(table: SheetTable) -> tuple[list[list[int]], list[str]]:
    """Running totals of the counted deals, and their numbers for the x axis."""
    counted = table.counted
    return [list(r.totals) for r in counted], [str(r.number) for r in counted]


def sheet_csv(table: SheetTable, *, header: Sequence[str] = ()) -> str:
    """The sheet as CSV: a row per deal, points and running total per side.

    ``header`` lines (match, game, date …) come first, each as a one-cell row.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for line in header:
        writer.writerow([_cell(line)])
    if header:
        writer.writerow([])
    names = [s["label"] for s in table.sides]
    columns = ["deal", "status"]
    for name in names:
        columns += [_cell(f"{name} points"), _cell(f"{name} total")]
    if table.show_difference:
        columns.append("difference")
    columns += ["verified", "errors", "entered by"]
    writer.writerow(columns)
    for row in table.rows:
        cells: list[Any] = [row.number, row.status]
        for points, total in row.cells or [(None, None)] * len(names):
            cells += [_cell(points), _cell(total)]
        if table.show_difference:
            cells.append(_cell(row.difference))
        cells += [
            "" if row.verified is None else ("yes" if row.verified else "totals only"),
            _cell("; ".join(_error_text(e) for e in row.errors)),
            _cell(row.entered_by),
        ]
        writer.writerow(cells)
    final = ["total", ""]
    for total in table.totals:
        final += ["", total]
    if table.show_difference:
        final.append(_cell(table.difference))
    writer.writerow(final)
    return out.getvalue()


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        # A spreadsheet would run it as a formula.
        return "'" + value
    return value


def _error_text(error: Mapping[str, str]) -> str:
    path = error.get("path")
    return f"{path}: {error['message']}" if path else error["message"]
