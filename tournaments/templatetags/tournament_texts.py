"""Filters that name a tournament's stored keys in the reader's language (the
keys stay data: the API's, the stored settings')."""

from __future__ import annotations

from collections.abc import Iterable

from django import template

from config.translation import localized
from tournaments.ranking import METRICS

register = template.Library()


@register.filter
def metric_names(keys: Iterable[str]) -> str:
    """A tie-break chain by its metrics' names ("Ottelupisteet, Keskinäiset"); an
    unknown key as it is."""
    return ", ".join(
        localized(METRICS[key].name) if key in METRICS else str(key)
        for key in keys or ()
    )
