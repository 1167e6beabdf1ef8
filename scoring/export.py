"""The score sheet as a table: for the sheet page, the CSV export and the chart.

Input is :func:`scoring.selectors.match_sheet_get` (plain data); nothing here reads the
database or scores anything. Terms:

* a **row** is one deal of the sheet, whatever its status (``counted``, ``flagged``,
  ``pending``, ``conflict``, ``voided``); only counted rows carry ``points`` (what the
  deal scored per side) and ``totals`` (running totals after it);
* the **difference** is side 0's running total minus side 1's, the way a two-player
  game decided by cumulative point difference is kept on paper; a game that keeps it
  declares ``sheet_difference`` (:class:`games.engine.Game`);
* the **context rows** are what the sheet shows before the next deal: the dealer,
  then exactly the rows the game declares (``next_deal["context"]``, from
  :class:`games.engine.ContextRow`), each rendered by its ``kind``.

**Language.** The engine's texts here — a row's fact and story, a flagged deal's
errors, the context rows' labels and the next deal's notes — are rendered in the
active language from their stored templates (:mod:`config.translation`), sides and
seats named as the sheet names them. The CSV export follows the active language
like the page (the reader downloads what they read): its column heads and each
deal's status ("laskettu", "mitätöity" in Finnish) are words of that language, and
it is written in that language's spreadsheet conventions (:mod:`config.spreadsheet`:
``;`` between cells in Finnish); a script should send ``Accept-Language: en`` or use
the API.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, gettext_noop

from config.spreadsheet import SpreadsheetCsv
from config.translation import localized_errors, stored_field
from games.engine import UnknownGame, get_game
from scoring.story import story_lines, table_namer

STATUS_WORDS = {
    "counted": "",
    "flagged": gettext_noop("flagged"),
    "pending": gettext_noop("waiting for confirmation"),
    "conflict": gettext_noop("conflicting entries"),
    "voided": gettext_noop("voided"),
}
# The CSV's status column names every status, a counted deal's too.
STATUS_LABELS = {**STATUS_WORDS, "counted": gettext_noop("counted")}


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
    # The text of the fact the game shows in the row (``Game.sheet_fact``).
    fact_text: str = ""
    # The deal's story: its facts' texts, sides and seats named (scoring.story).
    story: list[str] = field(default_factory=list)
    # Double entry: a pending deal's row as it will count once confirmed (its
    # points and totals shown, marked as not counted yet).
    preview: bool = False

    @property
    def note(self) -> str:
        word = STATUS_WORDS.get(self.status, self.status)
        return gettext(word) if word else word

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

    @property
    def last_standing(self) -> SheetRow | None:
        """The last deal not voided (the one the sheet's undo voids)."""
        for row in reversed(self.rows):
            if row.status != "voided":
                return row
        return None


def sheet_table(sheet: Mapping[str, Any]) -> SheetTable:
    """Rows of the sheet with, for two-sided difference games, the difference."""
    sides = list(sheet["sides"])
    show_difference = _keeps_difference(sheet.get("game")) and len(sides) == 2
    shown_fact = _shown_fact(sheet.get("game"))
    story_codes = _story_codes(sheet.get("game"))
    side_labels = [str(side.get("label") or "") for side in sides]
    seat_names = _seat_names(sides)
    told: dict[tuple[str, Any], str] = {}  # one sheet's texts, told once
    namer = table_namer(side_labels, seat_names)
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
                # A flagged deal's errors as stored, in the reader's language.
                errors=localized_errors(row.get("errors") or [], name=namer),
                verified=row.get("verified"),
                version=row.get("version", 1),
                entered_by=row.get("entered_by"),
                facts=list(row.get("facts") or []),
                fact_text=_fact_text(row.get("facts"), shown_fact, namer),
                story=story_lines(
                    row.get("facts") or (),
                    codes=story_codes,
                    shown=shown_fact,
                    side_labels=side_labels,
                    seat_names=seat_names,
                    memo=told,
                )
                if story_codes != ()
                else [],
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


def _shown_fact(slug: str | None) -> str | None:
    try:
        return get_game(slug).sheet_fact if slug is not None else None
    except UnknownGame:
        return None


def _story_codes(slug: str | None) -> tuple[str, ...] | None:
    """The fact codes the game's story shows (``None``: all; ``()``: none)."""
    try:
        return get_game(slug).sheet_story if slug is not None else None
    except UnknownGame:
        return None  # no longer shipped: every stored fact


def _seat_names(sides: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """Seat position → its player's name, from the sheet's sides."""
    names = {}
    for side in sides:
        players = side.get("players") or ()
        for pos, player in zip(side.get("seats") or (), players, strict=False):
            if isinstance(player, Mapping):
                names[int(pos)] = str(
                    player.get("sheet_name") or player.get("display_name") or ""
                )
    return names


def _fact_text(facts: Any, code: str | None, name: Any = None) -> str:
    """The text of the first fact with ``code`` (facts as stored: dicts), in the
    reader's language; ``name`` names its seats and sides."""
    if not code:
        return ""
    for fact in facts or ():
        if isinstance(fact, Mapping) and fact.get("code") == code:
            return stored_field(fact, "text", name=name)
    return ""


def _keeps_difference(slug: str | None) -> bool:
    try:
        return slug is not None and get_game(slug).sheet_difference
    except UnknownGame:
        return False  # a game this version no longer ships: a plain sheet


@dataclass(frozen=True)
class ContextLine:
    """One row of the sheet's "next deal" box: ``code`` marks it for pages and
    tests (``data-context``), ``label`` and ``text`` are what is shown."""

    code: str
    label: str
    text: str


def context_lines(
    next_deal: Mapping[str, Any] | None,
    *,
    seat_names: Mapping[int, str],
    side_labels: Sequence[str],
) -> list[ContextLine]:
    """The dealer, then exactly the game's declared context rows, as text.

    ``next_deal`` is the stored :class:`games.engine.NextDeal` (plain data). A row's
    ``kind`` says how its value reads: ``side`` → the side's label (``None`` →
    "nobody"), ``seat`` → the player's name, ``per_side`` → "A 50 · B 90",
    ``number``/``text`` → as it is. A row's ``label`` is the game's English text
    (its own msgid), shown in the active language.
    """
    if not next_deal:
        return []
    lines = []
    if next_deal.get("dealer") is not None:
        lines.append(
            ContextLine(
                "dealer", gettext("Dealer"), seat_names.get(next_deal["dealer"], "?")
            )
        )
    for row in next_deal.get("context") or ():
        if row.get("kind") == "text" and isinstance(row.get("value"), str):
            # a text of the engine ("2 of 8"): its stored template, translated
            name = table_namer(side_labels, seat_names)
            text = stored_field(row, "value", name=name)
        else:
            text = _context_text(
                row.get("kind"), row.get("value"), seat_names, side_labels
            )
        label = str(row["label"])
        lines.append(
            ContextLine(str(row["code"]), gettext(label) if label else label, text)
        )
    return lines


def next_deal_notes(
    next_deal: Mapping[str, Any] | None,
    *,
    seat_names: Mapping[int, str],
    side_labels: Sequence[str],
) -> list[str]:
    """The game's notes for the next deal in the active language, seats and sides
    named as the sheet names them (stored templates under ``i18n["notes.N"]``)."""
    if not next_deal:
        return []
    name = table_namer(side_labels, seat_names)
    return [
        stored_field(next_deal, f"notes.{i}", name=name)
        for i in range(len(next_deal.get("notes") or ()))
    ]


def _context_text(
    kind: Any, value: Any, seat_names: Mapping[int, str], side_labels: Sequence[str]
) -> str:
    def side(index: Any) -> str:
        if index is None:
            return gettext("nobody")
        if type(index) is int and 0 <= index < len(side_labels):
            return side_labels[index]
        return str(index)

    if kind == "side":
        return side(value)
    if kind == "seat":
        return gettext("nobody") if value is None else seat_names.get(value, str(value))
    if kind == "per_side" and isinstance(value, list | tuple):
        # a word of the engine ("East", a seat's wind) in the reader's language
        return " · ".join(
            f"{side(i)} {gettext(v) if isinstance(v, str) and v else v}"
            for i, v in enumerate(value)
        )
    return "" if value is None else str(value)


def chart_series(table: SheetTable) -> tuple[list[list[int]], list[str]]:
    """Running totals of the counted deals, and their numbers for the x axis."""
    counted = table.counted
    return [list(r.totals) for r in counted], [str(r.number) for r in counted]


def sheet_csv(table: SheetTable, *, header: Sequence[str] = ()) -> str:
    """The sheet as CSV in the reader's language and spreadsheet conventions
    (:mod:`config.spreadsheet`): a row per deal, its status in words, points and
    running total per side.

    ``header`` lines (match, game, date …) come first, each as a one-cell row.
    """
    out = SpreadsheetCsv()
    for line in header:
        out.row([line])
    if header:
        out.row()
    names = [s["label"] for s in table.sides]
    columns = [gettext("deal"), gettext("status")]
    for name in names:
        columns += [
            gettext("{side} points").format(side=name),
            gettext("{side} total").format(side=name),
        ]
    if table.show_difference:
        columns.append(gettext("difference"))
    columns += [gettext("verified"), gettext("errors"), gettext("entered by")]
    out.row(columns)
    for row in table.rows:
        label = STATUS_LABELS.get(row.status)
        cells: list[Any] = [row.number, gettext(label) if label else row.status]
        for points, total in row.cells or [(None, None)] * len(names):
            cells += [points, total]
        if table.show_difference:
            cells.append(row.difference)
        cells += [
            ""
            if row.verified is None
            else (gettext("yes") if row.verified else gettext("totals only")),
            "; ".join(_error_text(e) for e in row.errors),
            row.entered_by,
        ]
        out.row(cells)
    final = [gettext("total"), ""]
    for total in table.totals:
        final += ["", total]
    if table.show_difference:
        final.append(table.difference)
    out.row(final)
    return out.text()


def _error_text(error: Mapping[str, str]) -> str:
    # the message names its field in words; the path is the API's key
    return error["message"]
