"""Answers a format remembers between rounds, which a search process hands back.

A pure search whose answer depends on its arguments alone (the whist search: on
the field size) is remembered with :func:`remembered`, so that every round of a
rotation does not search again. The round's search may run in a child process
(:mod:`tournaments.services.offload`), a new interpreter that starts with nothing
remembered and whose memory is lost when it exits: the parent sends its
:func:`snapshot`, which the child :func:`merge`\\ s, and the child sends
:func:`since` back with the round, which the parent :func:`merge`\\ s, so the next
round is answered from memory wherever it runs. Pure Python, no Django.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

# (function name, arguments) -> answer, for every remembered function.
_KEPT: dict[tuple[str, Hashable], Any] = {}
# The most answers kept (the oldest is forgotten first); a few field sizes.
LIMIT = 64


def remembered(function: F) -> F:
    """``function``'s answers kept per arguments (``cache_clear`` forgets
    them, as with :func:`functools.lru_cache`)."""
    name = f"{function.__module__}.{function.__qualname__}"

    @functools.wraps(function)
    def wrapper(*args: Hashable, **kwargs: Hashable) -> Any:
        key = (name, (args, tuple(sorted(kwargs.items()))))
        if key in _KEPT:
            return _KEPT[key]
        answer = function(*args, **kwargs)
        _keep(key, answer)
        return answer

    def cache_clear() -> None:
        for key in [k for k in _KEPT if k[0] == name]:
            del _KEPT[key]

    wrapper.cache_clear = cache_clear  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


def _keep(key: tuple[str, Hashable], answer: Any) -> None:
    _KEPT[key] = answer
    while len(_KEPT) > LIMIT:
        del _KEPT[next(iter(_KEPT))]


def snapshot() -> dict[tuple[str, Hashable], Any]:
    """Everything remembered now (sent to a search process, which merges it)."""
    return dict(_KEPT)


def known() -> set[tuple[str, Hashable]]:
    """What is remembered now (a child takes it before searching)."""
    return set(_KEPT)


def since(known: set[tuple[str, Hashable]]) -> dict[tuple[str, Hashable], Any]:
    """The answers learned after ``known`` was taken."""
    return {key: value for key, value in _KEPT.items() if key not in known}


def merge(learned: dict[tuple[str, Hashable], Any]) -> None:
    """Remember answers a child process learned."""
    for key, answer in learned.items():
        _keep(key, answer)
