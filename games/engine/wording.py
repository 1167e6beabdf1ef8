"""Lists of words inside a text: "spades or hearts", "seat 1 and seat 2 and seat 3".

A list is built from a template per pair (``{first} and {second}``), folded from the
left, so that every item keeps its own template (a suit's name, a seat) and a
language joins them with its own word ("pata tai hertta"). The English reads as
``" and ".join(items)`` did.

:func:`as_text` keeps a message without values (a plain literal) translatable when
it is passed into another text ("{error} (l.153)").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.engine.text import Text, msg


def as_text(value: Any) -> Any:
    """A message kept as a text of its own inside another: a plain literal (a
    message without values) becomes a :class:`Text` that is its own template, so
    that the boundary translates it there too; a :class:`Text` stays as it is."""
    if isinstance(value, Text) or not isinstance(value, str):
        return value
    try:
        return Text(value, {})
    except (KeyError, IndexError, ValueError):  # braces that are no placeholders
        return value


def _joined(items: Sequence[Any], pair: Callable[[Any, Any], Text]) -> Any:
    """The items joined pairwise by ``pair`` (one item: the item itself; none:
    ``""``), so that every item keeps its own template."""
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = pair(out, item)
    return out


def all_of(items: Sequence[Any]) -> Any:
    """``a and b and c``."""
    return _joined(items, lambda a, b: msg("{first} and {second}", first=a, second=b))


def any_of(items: Sequence[Any]) -> Any:
    """``a or b or c``."""
    return _joined(items, lambda a, b: msg("{first} or {second}", first=a, second=b))


def comma_list(items: Sequence[Any]) -> Any:
    """``a, b, c``."""
    return _joined(items, lambda a, b: msg("{first}, {second}", first=a, second=b))


def semicolon_list(items: Sequence[Any]) -> Any:
    """``a; b; c``."""
    return _joined(items, lambda a, b: msg("{first}; {second}", first=a, second=b))
