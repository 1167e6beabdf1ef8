"""The English labels a game's declaration gives its deal form.

The form translates each of them into the reader's language, and
:func:`scoring.deal_forms.schema.form_texts` records them for the catalogue
(``scoring.declared_texts``), so the two always agree on the English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_noop

BRANCH_LABELS = {
    "cards": gettext_noop("Card entry"),
    "totals": gettext_noop("Quick entry (totals)"),
    # Not "Draw": that word is a drawn game ("Tasapeli") in the catalogue.
    "draw": gettext_noop("Drawing lots"),
}
# The form's own labels where a declaration names none (the root, a pair's sides).
DEAL_LABEL = gettext_noop("Deal")
OPTIONS_LABEL = gettext_noop("Options")
SIDE_PAIR = (gettext_noop("Side 1"), gettext_noop("Side 2"))


def property_label(name: str, schema: Mapping[str, Any]) -> str:
    """A property's English label: its schema ``title``, else its name titled."""
    title = schema.get("title")
    return title if isinstance(title, str) and title else titled(name)


def choice_label(value: Any) -> str:
    """The English label of an enum value: ``back_to_zero`` → "Back to zero"."""
    return titled(str(value))


def branch_label(tag: str) -> str:
    """The English label of an entry mode (a union's branch)."""
    return BRANCH_LABELS.get(tag, tag.title())


def numbered(item: str, number: int) -> str:
    """A numbered position in the reader's language: "Meld 2"."""
    return gettext("{item} {number}").format(item=item, number=number)


def worded(text: str) -> bool:
    """Has ``text`` a word to translate (not a number or a symbol)?"""
    return any(c.isalpha() for c in text)


def titled(name: str) -> str:
    text = name.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


_IRREGULAR = {"Feet": "Foot"}


def singular(label: str) -> str:
    if label in _IRREGULAR:
        return _IRREGULAR[label]
    if label.endswith("s") and not label.endswith("ss"):
        return label[:-1]
    return label
