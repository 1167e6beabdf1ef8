"""Sorting names in the reader's language: a sort key, never the locale module.

Python's ``locale.strxfrm`` depends on the process's locale (one per process, not
per request, and often missing in a container), so lists a person reads (games,
players) are sorted with :func:`collation_key` of the active language instead.

Finnish (and Swedish) put å, ä and ö after z as letters of their own, in that order;
æ sorts as ä, ø as ö and ü as y (as the Finnish standard SFS 4600 does). Other
accents do not make a letter of their own (é is e). English ignores accents.
Case never decides before the letters do.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

from django.utils.translation import get_language

T = TypeVar("T")

# After "z" in code point order: "{", "|", "}".
_NORDIC = str.maketrans({"å": "{", "ä": "|", "æ": "|", "ö": "}", "ø": "}", "ü": "y"})
_NORDIC_LANGUAGES = ("fi", "sv")


def _plain(text: str) -> str:
    """``text`` without accents (é → e)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def collation_key(text: str, language: str | None = None) -> tuple[str, str]:
    """The key ``text`` sorts by in ``language`` (default: the active one)."""
    language = (language or get_language() or "en").split("-")[0]
    folded = unicodedata.normalize("NFC", str(text)).casefold()
    if language in _NORDIC_LANGUAGES:
        folded = folded.translate(_NORDIC)
    return (_plain(folded), str(text))


def sorted_by_name(items: Iterable[T], name: Callable[[T], str]) -> list[T]:
    """``items`` in the reader's alphabetical order of ``name(item)``."""
    language = get_language()
    return sorted(items, key=lambda item: collation_key(name(item), language))
