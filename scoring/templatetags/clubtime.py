"""``{{ when|club_time:club }}``, ``club_clock`` (with seconds) and ``club_iso``: a
time in the club's own time zone (:mod:`scoring.localtime`); ``club`` is a Club or
its id."""

from django import template

from scoring.localtime import local_iso, local_text

register = template.Library()


@register.filter
def club_time(value, club) -> str:
    return local_text(value, club)


@register.filter
def club_clock(value, club) -> str:
    """With seconds (live standings)."""
    return local_text(value, club, seconds=True)


@register.filter
def club_iso(value, club) -> str:
    return local_iso(value, club)
