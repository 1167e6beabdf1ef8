"""Settlement explanations and amounts in the reader's language.

The money core (``money.settlement``) is pure: it writes each line of an explanation
as an English template and its values (``games.engine.text.msg``), amounts already
written out ("0.05 EUR"). A settlement record stores the English lines as before and,
beside them, ``i18n`` with the template and values of every line that has values
(``{"lines.2": {"template", "params"}}``, the shape ``config.translation`` reads).

Shown, a line is looked up in the active language's catalogue and its values are
written as that language writes numbers: Finnish "0,05 EUR" for "0.05 EUR" (only the
decimal separator changes; the currency code and the layout stay what the English
pages show). The CSV export keeps its column headers in English — they are for
spreadsheets and scripts and name the API's fields — while the explanation lines in
it, written for people, follow the reader's language like the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy

from games.engine.text import Text, i18n_of, params_from_json, render
from money.settlement.currency import Currency, format_minor

# A decimal number written with a point ("0.05", "-12.5"), not part of a word, a
# version or a longer dotted run.
_DECIMAL = re.compile(r"(?<![\w.])-?\d+\.\d+(?![\w.])")


def localized_number(text: str) -> str:
    """``text`` with each decimal number written as the active language writes it
    ("0.05 EUR" -> "0,05 EUR" in Finnish), as many decimals as before."""

    def one(match: re.Match[str]) -> str:
        digits = match.group(0)
        places = len(digits.partition(".")[2])
        return number_format(Decimal(digits), decimal_pos=places, use_l10n=True)

    return _DECIMAL.sub(one, text)


def amount_text(minor: int, currency: Currency) -> str:
    """An amount as the pages show it ("12.34 EUR"), in the reader's number format."""
    return localized_number(format_minor(minor, currency))


def lines_i18n(lines: Iterable[Any]) -> dict[str, Any]:
    """``i18n`` for a list of explanation lines: the template and values of each
    line that has values, keyed ``lines.N``."""
    out: dict[str, Any] = {}
    for i, line in enumerate(lines):
        entry = i18n_of(line)
        if entry is not None:
            out[f"lines.{i}"] = entry
    return out


def with_line_i18n(trail: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A trail as stored: every item's and every deal's lines as plain English
    strings, their templates under ``i18n``."""
    stored = []
    for item in trail:
        item = _lines_stored(item)
        if item.get("deals"):
            item["deals"] = [_lines_stored(deal) for deal in item["deals"]]
        stored.append(item)
    return stored


def _lines_stored(item: Mapping[str, Any]) -> dict[str, Any]:
    item = dict(item)
    lines = item.get("lines")
    if lines is None:
        return item
    i18n = lines_i18n(lines)
    item["lines"] = [str(line) for line in lines]
    if i18n:
        item["i18n"] = i18n
    else:
        item.pop("i18n", None)
    return item


def localized_lines(item: Mapping[str, Any]) -> list[str]:
    """An item's stored ``lines`` in the active language."""
    i18n = item.get("i18n") or {}
    out = []
    for i, line in enumerate(item.get("lines") or ()):
        entry = i18n.get(f"lines.{i}")
        if isinstance(entry, Mapping) and isinstance(entry.get("template"), str):
            params = {
                key: localized_number(value)
                if isinstance(value, str) and not isinstance(value, Text)
                else value
                for key, value in params_from_json(entry.get("params") or {}).items()
            }
            # a text inside the line ("Aino and Bertta") in the same language
            out.append(render(gettext(entry["template"]), params, translate=gettext))
        else:
            out.append(gettext(line) if line else line)
    return out


def localized_trail(trail: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A stored trail as the sheet shows it: lines in the reader's language."""
    shown = []
    for item in trail or ():
        copy = dict(item)
        if "lines" in copy:
            copy["lines"] = localized_lines(item)
        if copy.get("deals"):
            copy["deals"] = [
                {**deal, "lines": localized_lines(deal)} for deal in copy["deals"]
            ]
        copy.pop("i18n", None)
        for deal in copy.get("deals") or ():
            deal.pop("i18n", None)
        shown.append(copy)
    return shown


# A money field as the pages name it: a message names the field in words
# ("Pisteen arvo: …"), never by its API key (``point_value``).
FIELD_LABELS = {
    "point_value": gettext_lazy("Value of a point"),
    "flat_stake": gettext_lazy("Flat stake per match won"),
    "currency": gettext_lazy("Currency"),
    "team_mode": gettext_lazy("Teams settle"),
    "name": gettext_lazy("Name"),
    "entry_fee": gettext_lazy("Entry fee"),
    "house_fee.percent": gettext_lazy("House fee, percent"),
    "house_fee.amount": gettext_lazy("House fee"),
    "structure.percentages": gettext_lazy("Prize percentages"),
    "structure.amounts": gettext_lazy("Prize amounts"),
    "structure.brackets.percentages": gettext_lazy("Prize percentages"),
}


def field_label(path: str) -> str:
    """The money field at ``path`` (``matches.12.point_value``, ``structure.amounts.0``)
    in the reader's words; "" for a path the pages do not name."""
    words = [part for part in path.split(".") if not part.isdigit()]
    for start in range(len(words)):
        label = FIELD_LABELS.get(".".join(words[start:]))
        if label is not None:
            return str(label)
    return ""


def labelled(path: str, message: str) -> str:
    """``message`` headed by the name of the field it is about, if it has one."""
    label = field_label(path)
    if not label:
        return message
    return gettext("%(field)s: %(message)s") % {"field": label, "message": message}
