"""Small readings of JSON Schema shapes and of form values, shared by the walk,
the renderer and the reader of a posted form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.inputs import CARD_PATTERN


def as_posted(value: Any) -> str:
    """A value as a form posts it (a boolean as ``true``/``false``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def join_path(path: str, part: str | int) -> str:
    """``join_path("teams.0", "melds")`` → ``"teams.0.melds"``; the root has no path."""
    return f"{path}.{part}" if path else str(part)


def bound(schema: Mapping[str, Any], inclusive: str, exclusive: str, shift: int):
    if inclusive in schema:
        return schema[inclusive]
    if exclusive in schema:
        return schema[exclusive] + shift
    return None


def nullable_inner(schema: Mapping[str, Any]) -> Mapping[str, Any] | None:
    options = schema.get("anyOf")
    if not options or len(options) != 2:
        return None
    rest = [o for o in options if o.get("type") != "null"]
    if len(rest) == 1:
        return rest[0]
    return None


def is_card(schema: Mapping[str, Any]) -> bool:
    return schema.get("type") == "string" and schema.get("pattern") == CARD_PATTERN


def is_card_list(schema: Mapping[str, Any]) -> bool:
    options = schema.get("oneOf") or []
    return any(
        o.get("type") == "array" and is_card(o.get("items", {})) for o in options
    ) or (schema.get("type") == "array" and is_card(schema.get("items", {})))
