"""CSV files for a spreadsheet in the reader's locale (the score sheet's and the
settlement sheet's exports).

A CSV download is read by a person in a spreadsheet, so it follows the reader's
language as the page does (the active language: the club's, the cookie's or the
browser's, see docs/i18n.md), and is written so that a spreadsheet of that locale
opens it into columns without an import dialog:

* **Decimals** with the language's decimal separator (Django's ``DECIMAL_SEPARATOR``
  of the active language): ``1,50`` in Finnish, ``1.50`` in English.
* **Delimiter** ``;`` where the decimal separator is a comma, ``,`` where it is a
  point. A spreadsheet splits a CSV on its locale's list separator, and a locale
  with a decimal comma (Finnish Excel and LibreOffice) has ``;`` — the Finnish
  Excel convention; a ``,`` there would also cut every amount in two.
* **UTF-8 with a byte order mark**: Excel reads a CSV without one in the system's
  legacy code page, and ä and ö come out garbled.
* **Formula guard**: a text cell starting ``=``, ``+``, ``-``, ``@``, a tab or a
  carriage return is prefixed with ``'`` so that a spreadsheet shows it instead of
  running it. Numbers (``int``, ``Decimal``) are numbers and are not guarded.

A script that wants the English headers and decimal point sends
``Accept-Language: en`` (or uses the API, whose JSON never changes with the language).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.http import HttpResponse
from django.utils import formats

BYTE_ORDER_MARK = "\ufeff"
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class SpreadsheetCsv:
    """Rows written in the active language's CSV conventions (read at creation)."""

    def __init__(self) -> None:
        self.decimal_separator = str(formats.get_format("DECIMAL_SEPARATOR"))
        self.delimiter = ";" if self.decimal_separator == "," else ","
        self._out = io.StringIO()
        self._writer = csv.writer(
            self._out, delimiter=self.delimiter, lineterminator="\r\n"
        )

    def row(self, cells: Iterable[Any] = ()) -> None:
        self._writer.writerow([self.cell(value) for value in cells])

    def cell(self, value: Any) -> str | int:
        if value is None:
            return ""
        if isinstance(value, bool):
            raise TypeError("a yes/no cell is a word in the reader's language")
        if isinstance(value, int):
            return value
        if isinstance(value, Decimal):
            return format(value, "f").replace(".", self.decimal_separator)
        text = str(value)
        if text[:1] in _FORMULA_STARTS:
            return "'" + text
        return text

    def text(self) -> str:
        """The rows written so far (without the byte order mark)."""
        return self._out.getvalue()


def csv_response(text: str, *, filename: str) -> HttpResponse:
    """``text`` as a CSV download: UTF-8 with a byte order mark."""
    response = HttpResponse(
        (BYTE_ORDER_MARK + text).encode("utf-8"),
        content_type="text/csv; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
