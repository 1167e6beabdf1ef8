"""``{{ when|club_time:club }}``, ``club_clock`` (with seconds), ``club_hour``
(the time of day alone) and ``club_iso``: a
time in the club's own time zone (:mod:`scoring.localtime`); ``club`` is a Club or
its id.

``club_time`` and ``club_clock`` print in the active language's way
(``SHORT_DATETIME_FORMAT`` of config/formats: "2026-11-25 18:30" in English,
"25.11.2026 18.30" in Finnish); ``club_iso`` is for machines and never changes."""

from django import template
from django.utils.formats import date_format, get_format

from scoring.localtime import local, local_iso

register = template.Library()


@register.filter
def club_time(value, club) -> str:
    return date_format(local(value, club), "SHORT_DATETIME_FORMAT") if value else ""


@register.filter
def club_clock(value, club) -> str:
    """With seconds (live standings), after the minutes with the same separator."""
    if not value:
        return ""
    fmt = get_format("SHORT_DATETIME_FORMAT")
    at = fmt.find("i")
    if at > 0:
        fmt = f"{fmt[: at + 1]}{fmt[at - 1]}s{fmt[at + 1 :]}"
    return date_format(local(value, club), fmt)


@register.filter
def club_hour(value, club) -> str:
    """The hour and minute alone ("20.14" in Finnish, "20:14" in English), as
    ``club_time`` prints them."""
    if not value:
        return ""
    fmt = get_format("SHORT_DATETIME_FORMAT")
    return date_format(local(value, club), fmt[max(fmt.find("H"), 0) :])


@register.filter
def club_iso(value, club) -> str:
    return local_iso(value, club)
