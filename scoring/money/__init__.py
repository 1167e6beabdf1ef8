"""Kirjuri's money core: exact settlement arithmetic, no Django, no database."""

from .errors import MoneyError, MoneyInvariantError

__all__ = ["MoneyError", "MoneyInvariantError"]
