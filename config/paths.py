"""An id in a path is at most what a database id holds.

Every ``<int:…>`` of every route (``config.urls`` walks them once, so a new route is
covered) reads its digits with :class:`IdConverter`: a number past ``2**63 - 1``
(the largest id a ``BIGINT`` holds) or too long for Python to read is no match, so
the answer is the ordinary 404 of an id that does not exist. Without it SQLite
cannot even bind such a number (``OverflowError``, a 500), while PostgreSQL answers
404; both now answer as PostgreSQL does. ``<int:>`` already takes ASCII digits only.
"""

from __future__ import annotations

from django.urls import URLResolver
from django.urls.converters import IntConverter

MAX_ID = 2**63 - 1
# A longer digit string cannot be at most MAX_ID; reading it is never tried.
_DIGITS = len(str(MAX_ID))


class IdConverter(IntConverter):
    def to_python(self, value: str) -> int:
        number = int(value) if len(value) <= _DIGITS else MAX_ID + 1
        if number > MAX_ID:
            raise ValueError("past the largest database id")
        return number


def ids_bounded(patterns: list) -> list:
    """``patterns`` with every ``int`` path converter (nested too) an
    :class:`IdConverter`."""
    for pattern in patterns:
        converters = getattr(pattern.pattern, "converters", {})
        for name, converter in converters.items():
            if type(converter) is IntConverter:
                converters[name] = IdConverter()
        if isinstance(pattern, URLResolver):
            ids_bounded(pattern.url_patterns)
    return patterns
