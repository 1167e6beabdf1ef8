"""Errors of the rules engine.

Two kinds, kept apart on purpose (CONVENTIONS §3):

* :class:`RuleError` / :class:`DealRejected` — a rules violation the scorer can fix.
  Each error carries a stable ``code``, a ``path`` to the offending field of the input
  (dot-separated, list indices as numbers: ``teams.0.melds.2``) and a message.
* Anything else raised from the engine (``AssertionError``, ``TypeError`` …) is a bug
  and is never shown to a user as their mistake.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.text import i18n_of


@dataclass(frozen=True, slots=True)
class RuleError:
    """One thing wrong with an input, in terms the scorer can act on."""

    path: str
    code: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        """Path, code and the English message; a message with values also carries
        ``i18n`` (its template and parameters) for the boundary to translate."""
        out: dict[str, Any] = {
            "path": self.path,
            "code": self.code,
            "message": str(self.message),
        }
        i18n = i18n_of(self.message)
        if i18n is not None:
            out["i18n"] = {"message": i18n}
        return out


def join_path(*parts: str | int) -> str:
    """``join_path("teams", 0, "melds")`` → ``"teams.0.melds"``; empty parts drop."""
    return ".".join(str(p) for p in parts if p != "")


class InputRejected(ValueError):
    """Raised with every :class:`RuleError` found in an input."""

    def __init__(self, errors: Iterable[RuleError]):
        self.errors: tuple[RuleError, ...] = tuple(errors)
        if not self.errors:
            raise AssertionError("InputRejected needs at least one error")
        super().__init__("; ".join(f"{e.path}: {e.message}" for e in self.errors))

    def as_list(self) -> list[dict[str, Any]]:
        return [e.as_dict() for e in self.errors]


class DealRejected(InputRejected):
    """A deal that cannot stand under the rules (or the deck, or the match so far)."""


class OptionsRejected(InputRejected):
    """Options a game does not accept."""


class SetupRejected(InputRejected):
    """A table (sides and seats) the game cannot be played at."""


class UnknownGame(LookupError):
    """No game is registered under the slug."""

    def __init__(self, slug: str):
        self.slug = slug
        super().__init__(f"no game is registered as {slug!r}")


def reject_if(errors: Sequence[RuleError], exc: type[InputRejected] = DealRejected):
    """Raise ``exc`` if ``errors`` is not empty."""
    if errors:
        raise exc(errors)
