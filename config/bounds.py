"""What a column can hold: checked before anything is written, and held by the database.

A value that does not fit its column is refused with a 400 naming the field before
anything is written; the same bound is a ``CheckConstraint`` on the table, so that a
value that slips past the code is refused by the database (an ``IntegrityError``)
rather than stored — on SQLite too, which would otherwise store a decimal of any size
and then fail every later read of the row.

* **Money** (:class:`DecimalBound`): a ``DecimalField(max_digits=d, decimal_places=p)``
  holds less than ``10 ** (d - p)`` with at most ``p`` decimals. A stake is positive;
  an entry fee may be zero.
* **Text shown to others** (:func:`text_refusal`): no control characters (C0, C1)
  and no bidirectional overrides, embeddings, isolates or marks (U+202A–U+202E,
  U+2066–U+2069, U+200E, U+200F), which would let a name reorder what is shown after
  it on a public page; no NUL (PostgreSQL cannot store one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.db import models
from django.utils.translation import gettext


@dataclass(frozen=True)
class DecimalBound:
    """The bound of a money column: its digits, its decimals, and its sign."""

    max_digits: int
    decimal_places: int
    positive: bool = True
    """``True``: more than zero; ``False``: zero or more."""

    @property
    def limit(self) -> int:
        """The first value the column cannot hold."""
        return 10 ** (self.max_digits - self.decimal_places)

    @property
    def step(self) -> Decimal:
        return Decimal(1).scaleb(-self.decimal_places)

    @property
    def largest(self) -> Decimal:
        """The largest value it holds (99999999.9999 for 12 digits, 4 places)."""
        return Decimal(self.limit) - self.step

    def constraint(self, field: str, name: str) -> models.CheckConstraint:
        """The same bound, held by the database (a null passes: no stake)."""
        low = {f"{field}__gt": 0} if self.positive else {f"{field}__gte": 0}
        return models.CheckConstraint(
            condition=models.Q(**{f"{field}__isnull": True})
            | models.Q(**low, **{f"{field}__lt": self.limit}),
            name=name,
        )


STAKE = DecimalBound(max_digits=12, decimal_places=4, positive=True)
"""A match's or an evening's value of a point, a match's flat stake."""
ENTRY_FEE = DecimalBound(max_digits=12, decimal_places=2, positive=False)
"""A tournament's entry fee."""


def decimal_refusal(value: Decimal, bound: DecimalBound) -> tuple[str, str] | None:
    """``(code, message)`` saying why ``value`` does not fit ``bound``, or ``None``."""
    if not value.is_finite():
        return "invalid", gettext("not a number")
    if value <= 0 if bound.positive else value < 0:
        message = (
            gettext("a positive amount")
            if bound.positive
            else gettext("zero or a positive amount")
        )
        return "out_of_range", message
    if value >= bound.limit:
        return "out_of_range", gettext("at most %(largest)s") % {
            "largest": bound.largest
        }
    try:
        # Exact: within the limit the quotient has at most max_digits digits.
        whole = value % bound.step == 0
    except InvalidOperation:
        whole = False
    if not whole:
        return "too_many_decimals", gettext("at most %(places)s decimals") % {
            "places": bound.decimal_places
        }
    return None


_UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_UNSHOWABLE_LINE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


def text_refusal(value: str, *, multiline: bool = False) -> str | None:
    """Why ``value`` may not be shown to others, or ``None``.

    ``multiline`` text (a reason, a note) may have line breaks and tabs.
    """
    pattern = _UNSHOWABLE_LINE if multiline else _UNSHOWABLE
    found = pattern.search(value)
    if found is None:
        return None
    return gettext(
        "contains an invisible control or direction character (U+%(code)04X)"
    ) % {"code": ord(found.group())}
