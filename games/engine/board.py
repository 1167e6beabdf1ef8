"""Boards of points as a scorer enters them: the text of a final position, its
cells, who is next to whom, and the connected regions.

Three shapes, for the board games of book part VIII:

* ``square`` — *size* × *size* points, each next to the points above, below, left
  and right (Go §46.2.1: "Diagonally 'adjacent' points are not said to be
  adjacent");
* ``rhombus`` — the Hex board (§45.1), *size* × *size* hexagons; row *r* is drawn
  shifted half a hexagon right of row *r* − 1, so hexagon (r, c) touches (r, c ± 1),
  (r − 1, c), (r − 1, c + 1), (r + 1, c − 1) and (r + 1, c);
* ``triangle`` — the Y board (§45.3), an equilateral triangle of hexagons with
  *size* on a side: row *r* (from the top) holds *r* + 1 hexagons, and (r, c)
  touches (r, c ± 1), (r − 1, c − 1), (r − 1, c), (r + 1, c) and (r + 1, c + 1).

**The text of a board**: one character per point, rows from the top, each row left
to right, in the game's symbols (``.`` for an empty point); rows may be separated by
spaces, new lines or ``/`` (then each row's length is checked), or the points run
on in one string. Upper and lower case are the same.

Invariants: the cells of a parsed board are exactly the shape's points, each one of
the symbols; the neighbour relation is symmetric; the regions of a set of symbols
partition the cells holding them.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Sequence
from functools import lru_cache

from games.engine.errors import DealRejected, RuleError
from games.engine.text import msg

SHAPES = ("square", "rhombus", "triangle")
EMPTY = "."
_SEPARATORS = re.compile(r"[\s/]+")


def row_lengths(shape: str, size: int) -> tuple[int, ...]:
    """The number of points in each row, from the top."""
    if shape == "triangle":
        return tuple(range(1, size + 1))
    return (size,) * size


def cell_count(shape: str, size: int) -> int:
    return sum(row_lengths(shape, size))


@lru_cache(maxsize=64)
def coordinates(shape: str, size: int) -> tuple[tuple[int, int], ...]:
    """(row, column) of each cell, in the order of the board's text."""
    return tuple(
        (r, c)
        for r, length in enumerate(row_lengths(shape, size))
        for c in range(length)
    )


_STEPS = {
    "square": ((0, -1), (0, 1), (-1, 0), (1, 0)),
    "rhombus": ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, -1), (1, 0)),
    "triangle": ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, 0), (1, 1)),
}


@lru_cache(maxsize=64)
def neighbours(shape: str, size: int) -> tuple[tuple[int, ...], ...]:
    """For each cell (by index), the indices of the cells next to it."""
    if shape not in _STEPS:
        raise AssertionError(f"unknown board shape {shape!r}")
    cells = coordinates(shape, size)
    index = {rc: i for i, rc in enumerate(cells)}
    return tuple(
        tuple(
            index[(r + dr, c + dc)]
            for dr, dc in _STEPS[shape]
            if (r + dr, c + dc) in index
        )
        for r, c in cells
    )


def board_size_of(text: str, shape: str) -> int | None:
    """The size of the board ``text`` is written for: its number of rows, or for
    points run on in one string the size with that many points; ``None`` if no
    size fits (then :func:`board_parse` at any size says what is wrong)."""
    rows = [r for r in _SEPARATORS.split(text.strip()) if r]
    if len(rows) > 1:
        return len(rows)
    count = len(rows[0]) if rows else 0
    for size in range(1, 27):
        if cell_count(shape, size) == count:
            return size
    return None


def board_parse(
    text: str,
    *,
    shape: str,
    size: int,
    symbols: str,
    path: str = "board",
    section: str = "",
) -> tuple[str, ...]:
    """The cells of a board as entered (lower case), or :class:`DealRejected`:
    ``board_rows`` (a row of the wrong length, or the wrong number of rows),
    ``board_size`` (the wrong number of points), ``board_symbol`` (a character
    that is none of ``symbols``)."""
    where = f" ({section})" if section else ""
    lengths = row_lengths(shape, size)
    rows = [r for r in _SEPARATORS.split(text.strip().lower()) if r]
    errors: list[RuleError] = []
    if len(rows) > 1:
        if len(rows) != len(lengths):
            errors.append(
                RuleError(
                    path,
                    "board_rows",
                    msg(
                        "the board has {rows} rows, not {entered}{where}",
                        rows=len(lengths),
                        entered=len(rows),
                        where=where,
                    ),
                )
            )
        else:
            pairs = zip(rows, lengths, strict=True)
            for number, (row, length) in enumerate(pairs, start=1):
                if len(row) != length:
                    errors.append(
                        RuleError(
                            path,
                            "board_rows",
                            msg(
                                "row {number} has {length} points, not {entered}",
                                number=number,
                                length=length,
                                entered=len(row),
                            ),
                        )
                    )
    cells = "".join(rows)
    if not errors and len(cells) != sum(lengths):
        errors.append(
            RuleError(
                path,
                "board_size",
                msg(
                    "a board of size {size} has {points} points, not {entered}{where}",
                    size=size,
                    points=sum(lengths),
                    entered=len(cells),
                    where=where,
                ),
            )
        )
    wrong = sorted(set(cells) - set(symbols))
    if wrong:
        errors.append(
            RuleError(
                path,
                "board_symbol",
                msg(
                    "{wrong}: a point is one of {symbols}",
                    wrong=", ".join(map(repr, wrong)),
                    symbols=", ".join(map(repr, symbols)),
                ),
            )
        )
    if errors:
        raise DealRejected(errors)
    return tuple(cells)


def board_text(cells: Sequence[str], *, shape: str, size: int) -> str:
    """The board's text with its rows separated by ``/`` (as the sheet shows it)."""
    out, start = [], 0
    for length in row_lengths(shape, size):
        out.append("".join(cells[start : start + length]))
        start += length
    return "/".join(out)


def regions(
    cells: Sequence[str], links: Sequence[Sequence[int]], members: Collection[str]
) -> Iterator[list[int]]:
    """The connected regions of the cells holding one of ``members`` (a group of
    stones, a chain of pieces, an empty area), each as a list of cell indices."""
    seen = [False] * len(cells)
    for start, symbol in enumerate(cells):
        if seen[start] or symbol not in members:
            continue
        seen[start] = True
        region, stack = [], [start]
        while stack:
            cell = stack.pop()
            region.append(cell)
            for other in links[cell]:
                if not seen[other] and cells[other] in members:
                    seen[other] = True
                    stack.append(other)
        yield region


def point_name(index: int, *, shape: str, size: int) -> str:
    """A point as players name it: column letter and row number from the top
    (``c3``: the third point of the third row)."""
    r, c = coordinates(shape, size)[index]
    return f"{chr(ord('a') + c)}{r + 1}"
