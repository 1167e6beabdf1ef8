"""The query parameters of the tournament's paged pages (issue 32), read strictly:
a malformed one is a :class:`BadParam` (the view answers 400 naming it), never a
silent default. ``stage`` and ``round`` pick the round shown (the round being
played when absent); ``q`` searches names (or a table's number); ``tables``,
``standings`` and ``entries`` are page numbers of those lists."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import QueryDict
from django.utils.translation import gettext

#: The parameters a paged page reads (the director comes back with them).
PAGE_PARAMS = ("stage", "round", "q", "tables", "standings", "entries")
#: The longest search read (a name is at most 120 characters).
QUERY_MAX = 200
#: No list has more pages than this (and no round a larger number).
NUMBER_MAX = 100_000


class BadParam(ValueError):
    """A query parameter the reader can fix: ``field`` and ``message``."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class PageParams:
    stage: int | None = None
    round: int | None = None
    query: str = ""
    tables: int = 1
    standings: int = 1
    entries: int = 1

    def stamp(self) -> tuple[object, ...]:
        """What the page shows differently by these parameters (its ETag's part)."""
        return (
            self.stage,
            self.round,
            self.query,
            self.tables,
            self.standings,
            self.entries,
        )


def _number(get: QueryDict, name: str) -> int | None:
    values = get.getlist(name)
    if not values or values == [""]:
        return None
    if len(values) > 1:
        raise BadParam(name, gettext("give it once"))
    try:
        value = int(values[0])
    except ValueError:
        value = 0
    if not 1 <= value <= NUMBER_MAX:
        raise BadParam(
            name,
            gettext("a whole number from 1 to %(max)s") % {"max": NUMBER_MAX},
        )
    return value


def page_params_read(get: QueryDict) -> PageParams:
    """``get``'s parameters (see the module); :class:`BadParam` if one is wrong."""
    query = get.get("q", "").strip()
    if len(query) > QUERY_MAX:
        raise BadParam("q", gettext("at most %(max)s characters") % {"max": QUERY_MAX})
    return PageParams(
        stage=_number(get, "stage"),
        round=_number(get, "round"),
        query=query,
        tables=_number(get, "tables") or 1,
        standings=_number(get, "standings") or 1,
        entries=_number(get, "entries") or 1,
    )
