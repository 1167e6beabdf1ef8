"""``{{ when|club_time:club }}`` and ``{{ when|club_iso:club }}``: a time in the club's
own time zone (:mod:`scoring.localtime`)."""

from django import template

from scoring.localtime import local_iso, local_text

register = template.Library()


@register.filter
def club_time(value, club) -> str:
    return local_text(value, club)


@register.filter
def club_iso(value, club) -> str:
    return local_iso(value, club)
