"""The one registry of games. Code outside the engine asks it by slug.

Rule modules register their :class:`Game` subclass with :func:`register`; the registry
imports every module of :mod:`games.rules` the first time it is asked.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TypeVar

from games.engine.errors import UnknownGame
from games.engine.game import Game

_GAMES: dict[str, Game] = {}
_loaded = False

G = TypeVar("G", bound=type[Game])


def register(cls: G) -> G:
    """Class decorator: make a game available under its slug."""
    if cls.slug in _GAMES and type(_GAMES[cls.slug]) is not cls:
        raise RuntimeError(f"two games registered as {cls.slug!r}")
    _GAMES[cls.slug] = cls()
    return cls


def _load() -> None:
    global _loaded
    if _loaded:
        return
    import games.rules as rules

    for module in pkgutil.iter_modules(rules.__path__):
        if not module.name.startswith("_"):
            importlib.import_module(f"games.rules.{module.name}")
    _loaded = True


def get_game(slug: str) -> Game:
    """The game registered as ``slug``; :class:`UnknownGame` if there is none."""
    _load()
    try:
        return _GAMES[slug]
    except KeyError:
        raise UnknownGame(slug) from None


def all_games() -> list[Game]:
    """Every registered game, by name."""
    _load()
    return sorted(_GAMES.values(), key=lambda g: g.name.lower())
