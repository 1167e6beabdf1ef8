"""The posted fields, named by path, back into the deal's JSON — exactly what the
API would receive."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from config.parsers import json_loads
from scoring.deal_forms.contract import unfold_grids
from scoring.deal_forms.fields import Field, Table
from scoring.deal_forms.schema import SchemaWalker
from scoring.deal_forms.shapes import join_path
from scoring.deal_forms.taps import read_tap

# Up to 18 digits: any longer is no score, and int() of thousands of digits raises;
# it stays text, which the engine refuses at its path (a 400 naming the field).
_INT = re.compile(r"^[+-]?\d{1,18}$")


def _int_or_text(text: str) -> int | str:
    return int(text) if _INT.match(text) else text


def deal_from_post(node: Field, data: Mapping[str, Any]) -> Any:
    """The deal's JSON from posted fields named by path.

    Empty optional fields are left out (the game's defaults apply); empty slots of a
    variable-length list are dropped, except the first ``minItems``, which keep their
    place as empty values; text that is not a number stays text, so the
    engine reports it at its path. ``data`` is a ``QueryDict`` or a plain mapping.
    """
    return _read(node, unfold_grids(node, data))


_EMPTY = object()


def _get(data: Mapping[str, Any], name: str) -> str | None:
    if hasattr(data, "getlist"):
        for value in data.getlist(name):
            if value.strip():
                return value.strip()
        return None
    value = data.get(name)
    if value is None:
        return None
    value = str(value).strip()
    return value or None


def _read(node: Field, data: Mapping[str, Any]) -> Any:
    kind = node.kind
    if kind == "taps":
        tapped = read_tap(node, data)
        return _read(node.children[0], data) if tapped is None else tapped
    if kind == "derived":
        return _read_derived(node, data)
    if kind == "object":
        out = {}
        ruled_out: set[str] = set()
        for child in node.children:
            if child.kind == "contract":
                # The grid's level and strain, each as if entered on its own.
                _read_parts(child.children, data, out, ruled_out)
                continue
            if not _applies(child, data) or (
                child.applies is not None and child.applies[0] in ruled_out
            ):
                # Hidden on the form, and ignored if posted anyway; so is what
                # applies by it (Vint's trumps by a strain of a played deal).
                ruled_out.add(child.path)
                continue
            value = _read(child, data)
            if value is not _EMPTY:
                out[child.key] = value
        if node.path and not out and not node.required:
            return _EMPTY
        return out
    if kind == "tuple":
        values = []
        entered = False
        for child in node.children:
            value = _read(child, data)
            entered = entered or value is not _EMPTY
            values.append(_empty_value(child) if value is _EMPTY else value)
        # An optional per-side pair left blank is absent, not a pair of blanks.
        if not entered and node.path and not node.required:
            return _EMPTY
        return values
    if kind == "list":
        values = []
        prefix = f"{node.path}."
        indices = _indices(data, prefix)
        slots = max(len(node.children), max(indices, default=-1) + 1)
        entered = False
        for i in range(slots):
            child = node.children[i] if i < len(node.children) else _slot(node, i)
            value = _read(child, data)
            if value is not _EMPTY:
                entered = True
                values.append(value)
            elif i < node.min_items:
                # A slot the list cannot do without (one per side of a two-sided
                # game) keeps its place when left blank: a side with no melds.
                values.append(_empty_value(child))
        if not entered and not node.required:
            return _EMPTY
        return values
    if kind == "union":
        tag = (
            _get(data, join_path(node.path, node.discriminator)) or node.default_branch
        )
        for branch_tag, _, branch in node.branches:
            if branch_tag == tag:
                out = _read(branch, data)
                out = {} if out is _EMPTY else out
                return {node.discriminator: tag, **out}
        return {node.discriminator: tag}
    if kind == "boolean":
        # The form sends a hidden "false" before the checkbox: the last value wins.
        sent = (
            data.getlist(node.path)
            if hasattr(data, "getlist")
            else ([data[node.path]] if node.path in data else [])
        )
        if not sent:
            return False if node.required or not node.has_default else _EMPTY
        return str(sent[-1]).lower() in ("true", "on", "1", "yes")

    raw = _get(data, node.path)
    if raw is None:
        return _EMPTY
    if kind in ("cards", "card", "text", "words", "grid"):
        if kind == "words":
            return raw.replace(",", " ").split()
        return raw
    if kind in ("integer", "number"):
        return _int_or_text(raw)
    if kind == "numbers":
        return [_int_or_text(t) for t in raw.replace(",", " ").split()]
    if kind == "mixed":
        return _int_or_text(raw)
    if kind == "choice":
        for value, _ in node.choices:
            if str(value) == raw:
                return value
        return raw
    if kind == "json":
        try:
            return json_loads(raw)  # bounded: size and depth (config.parsers)
        except ValueError:
            return raw
    raise AssertionError(f"unknown field kind {kind!r}")


def _read_parts(
    parts: list[Field], data: Mapping[str, Any], out: dict, ruled_out: set[str]
) -> None:
    for part in parts:
        if not _applies(part, data) or (
            part.applies is not None and part.applies[0] in ruled_out
        ):
            ruled_out.add(part.path)
            continue
        value = _read(part, data)
        if value is not _EMPTY:
            out[part.key] = value


def _applies(node: Field, data: Mapping[str, Any]) -> bool:
    """Does a field declared for some values of another (``x-applies``) apply to
    what was posted? Fields without the declaration always do."""
    if node.applies is None:
        return True
    other, allowed = node.applies
    if hasattr(data, "getlist"):
        # A checkbox posts a hidden "false" before its "true": the last value wins.
        sent = [v.strip() for v in data.getlist(other) if v.strip()]
        return bool(sent) and sent[-1] in allowed
    return _get(data, other) in allowed


def _read_derived(node: Field, data: Mapping[str, Any]) -> Any:
    """A derived pair: the whole list if typed out (per side or per seat), else the
    one count entered and the total's rest: ``[n, total − n]``. Text that is not a
    number goes to the engine as it is, which names the problem."""
    entered, whole = node.children
    typed = _read(whole, data)
    if typed is not _EMPTY:
        return typed
    count = _read(entered, data)
    if count is _EMPTY:
        return _EMPTY
    if isinstance(count, int) and node.total is not None:
        return [count, node.total - count]
    return [count]


def _empty_value(node: Field) -> Any:
    """What an untouched position of a fixed-length array means."""
    if node.kind in ("cards", "list", "numbers", "words"):
        return []
    if node.kind == "object":
        return {}
    return None


MAX_LIST_SLOTS = 100
"""Most entries a list of the form may have: more than any deal (a crafted field
name ``melds.99999999`` would otherwise make the form walk that many slots)."""


def _indices(data: Mapping[str, Any], prefix: str) -> set[int]:
    found = set()
    for name in data:
        if name.startswith(prefix):
            head = name[len(prefix) :].split(".", 1)[0]
            # ASCII digits only: "²" is a digit to str.isdigit, not to int.
            if head.isascii() and head.isdigit() and int(head) < MAX_LIST_SLOTS:
                found.add(int(head))
    return found


def _slot(node: Field, index: int) -> Field:
    """A slot the browser added to a list (the card picker's "Add meld")."""
    walker = SchemaWalker({"$defs": node.defs}, Table())
    return walker.walk(
        node.item_schema or {}, join_path(node.path, index), str(index), "", False
    )
