"""Errors of the money core.

Two kinds, as everywhere in Kirjuri:

* :class:`MoneyError` -- the input is wrong and the user can fix it. It carries the
  ``field`` that is wrong (a dotted path into the input, list indices as numbers,
  like the rules engine's paths: ``"structure.percentages.2"``), a stable machine
  ``code`` (e.g. ``"unknown_currency"``) and a human ``message``. The API layer
  renders it as a structured 400; codes never change once released.
* :class:`MoneyInvariantError` -- an internal invariant failed (a cent was created or
  lost). That is a bug in this package, never the user's fault, and is
  deliberately *not* a :class:`MoneyError` so that it is never rendered as a user
  error.
"""

from __future__ import annotations


class MoneyError(ValueError):
    """Invalid money input: ``field`` (path), stable ``code``, human ``message``."""

    def __init__(self, field: str, code: str, message: str) -> None:
        super().__init__(f"{field}: {message} [{code}]")
        self.field = field
        self.code = code
        self.message = message

    @property
    def path(self) -> str:
        """Same as ``field``; the name the rules engine's ``RuleError`` uses."""
        return self.field

    def as_dict(self) -> dict[str, str]:
        """The structured form the API renders, shaped like ``RuleError.as_dict()``."""
        return {"path": self.field, "code": self.code, "message": self.message}


class MoneyInvariantError(RuntimeError):
    """A cent was created or lost: a bug in the money core, not a user error."""


def check_invariant(condition: bool, what: str) -> None:
    """Raise :class:`MoneyInvariantError` unless ``condition`` holds.

    Used instead of ``assert`` so the checks survive ``python -O``: a settlement sheet
    that does not add up must never be produced silently.
    """
    if not condition:
        raise MoneyInvariantError(what)
