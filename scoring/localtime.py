"""Times in a club's own time zone (``Club.time_zone``, default Europe/Helsinki).

Pages print ``local_text`` ("2026-11-25 11:00"), the CSV and machine-readable
attributes ``local_iso`` (ISO 8601 with the offset: "2026-11-25T11:00:00+02:00"),
so a CSV row and the page show the same local time.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.utils import timezone

DEFAULT_ZONE = "Europe/Helsinki"
_YEAR = re.compile(r"[0-9]{1,4}")


def season_of(text: str) -> int | None:
    """The season (a year) a query string names, or ``None`` if it names none.

    ASCII digits only: ``"²"`` is a digit to ``str.isdigit`` but not to ``int``.
    """
    return int(text) if _YEAR.fullmatch(text) else None


def club_zone(club) -> ZoneInfo:
    """The zone of ``club`` (a Club, or its id as the money sheets carry it)."""
    if isinstance(club, int):
        from scoring.models import Club

        club = Club.objects.filter(pk=club).only("time_zone").first()
    try:
        return ZoneInfo(getattr(club, "time_zone", "") or DEFAULT_ZONE)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_ZONE)


def local(value: datetime, club) -> datetime:
    return timezone.localtime(value, club_zone(club))


def local_iso(value: datetime | None, club) -> str:
    return local(value, club).isoformat(timespec="seconds") if value else ""


def local_text(value: datetime | None, club, *, seconds: bool = False) -> str:
    fmt = "%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M"
    return local(value, club).strftime(fmt) if value else ""
