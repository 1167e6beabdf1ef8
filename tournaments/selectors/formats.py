"""Reads of the format registry and the standings metrics for the director's forms:
each format with its settings as fields, the metrics with a one-line explanation.
The pure registry names them in English templates; here they take the reader's
language (``config.translation.localized``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import pgettext_lazy

from config.translation import localized
from tournaments.formats.registry import FORMATS
from tournaments.formats.spec import SettingField, setting_fields
from tournaments.models import StageFormat
from tournaments.ranking import METRICS

#: How the form names a setting's word choices (the registry's values are data:
#: the posted value, the stored setting).
CHOICE_LABELS = {
    "single": pgettext_lazy("elimination", "single"),
    "double": pgettext_lazy("elimination", "double"),
}


def _choices(field: SettingField) -> tuple[tuple[Any, str], ...]:
    """A choice field's values with their labels in the reader's language."""
    return tuple((c, str(CHOICE_LABELS.get(c, c))) for c in field.choices)


@dataclass(frozen=True)
class FormatChoice:
    key: str
    label: str
    fields: tuple[SettingField, ...]
    # The tournament's tie-break chain when the director ticks none (names).
    default_tiebreaks: tuple[str, ...]


@dataclass(frozen=True)
class MetricChoice:
    key: str
    name: str
    explanation: str


def format_choice_list() -> list[FormatChoice]:
    """Every format in the order of ``StageFormat``, with its settings' fields."""
    return [
        FormatChoice(
            key=key,
            label=str(label),
            fields=tuple(
                replace(
                    f,
                    label=localized(f.label),
                    help=localized(f.help),
                    options=_choices(f),
                )
                for f in setting_fields(FORMATS[key].settings)
            ),
            default_tiebreaks=tuple(
                localized(METRICS[m].name) for m in FORMATS[key].default_tiebreaks
            ),
        )
        for key, label in StageFormat.choices
    ]


def metric_choice_list() -> list[MetricChoice]:
    """Every standings metric, in the registry's order, in the reader's language."""
    return [
        MetricChoice(m.key, localized(m.name), localized(m.explanation))
        for m in METRICS.values()
    ]
