"""Errors the score book's services raise for the user to fix.

All are :class:`config.api.DomainError` subclasses, so the API's one exception handler
renders them as ``{"errors": [{path, code, message}], ...}`` with their status; pages
show ``message`` next to ``path``. The engine's own :class:`games.engine.DealRejected`
(a deal the rules reject) passes through the services unchanged (400).
"""

from __future__ import annotations

from rest_framework import status

from config.api import Conflict, DomainError

__all__ = ["Conflict", "DomainError", "NotAllowed", "NotFound", "Unprocessable"]


class NotAllowed(DomainError):
    """The user may not do this (403)."""

    status_code = status.HTTP_403_FORBIDDEN


class NotFound(DomainError):
    """No such object that the user may see (404)."""

    status_code = status.HTTP_404_NOT_FOUND


class Unprocessable(DomainError):
    """Well-formed but refused: an idempotency key reused for another body (422)."""

    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
