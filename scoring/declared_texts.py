"""Every text a game declares rather than writes in its code, for the catalogue.

A game's name, summary and ``deal_word``, and what the deal form and the match form
read from its JSON Schemas: each field's label (its name, titled) and help (its
``description``), and each choice's label. ``make messages`` puts them in the
catalogue (``config/management/commands/makemessages.py``) and ``tests/i18n`` checks
that each has its Finnish text. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.engine import all_games


def declared_texts() -> set[str]:
    """The texts of every registered game's declaration."""
    texts: set[str] = set()
    for game in all_games():
        texts.update(t for t in (game.name, game.summary, game.deal_word) if t)
        for schema in (game.options_schema(), game.deal_schema()):
            texts.update(_schema_texts(schema))
    texts.discard("")
    return texts


def _schema_texts(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key in ("title", "description"):
            if isinstance(node.get(key), str):
                yield node[key]
        for value in node.values():
            yield from _schema_texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _schema_texts(value)
