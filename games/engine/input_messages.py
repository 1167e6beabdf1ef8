"""Sentences for the shape errors of a deal's or options' input, naming the field.

Pydantic words a broken constraint for programmers ("String should match pattern
'^(F|C|R[1-5])$'", "Input should be less than or equal to 6") and names no field.
A scorer gets a sentence that names the field by its label, the one the entry form
shows (the schema's ``title``, which pydantic makes from the field's name), and
says the rule in words: "Points: at most 6", "Turns: choose F, C or R1–R5".

* :func:`label_at` finds the label and the schema node of an error's location in
  the input's JSON Schema (through ``$ref``, ``anyOf``/``oneOf``, ``prefixItems``
  and ``items``).
* :func:`constraint_text` turns one pydantic error into a
  :class:`~games.engine.text.Text`: a template per error type (``missing``,
  ``less_than_equal``, ``string_pattern_mismatch``, ``too_long`` …), the field's
  label a text inside it, so the boundary translates both. A count that changes the
  words (items, characters) is a plural text (:func:`~games.engine.text.msgn`).
* A pattern says nothing to a person; a field may declare what it allows in words
  under :data:`PATTERN_RULE` (a :func:`~games.engine.text.msg` literal, so the
  catalogue has it); without one the sentence still names the field and quotes
  what was entered.

An error type without a template here keeps its message (pydantic's own template,
or a validator's :func:`~games.engine.inputs.input_error`) after the field's label.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.text import Text, msg, msgn

PATTERN_RULE = "x-pattern-rule"
"""The JSON Schema key under which a string field with a ``pattern`` says in words
what the pattern allows ("F, C or R1–R5"); its error is then "Turns: choose F, C or
R1–R5" rather than the pattern."""

INPUT_SHOWN = 40
"""The longest piece of a typed value quoted back in a message."""


def _resolve(node: Any, defs: Mapping[str, Any]) -> Any:
    """``node`` with its ``$ref`` followed (a definition of the same schema)."""
    seen = 0
    while isinstance(node, Mapping) and "$ref" in node and seen < 20:
        name = str(node["$ref"]).rsplit("/", 1)[-1]
        node = defs.get(name, {})
        seen += 1
    return node if isinstance(node, Mapping) else {}


def _branches(node: Mapping[str, Any], defs: Mapping[str, Any]) -> list[Any]:
    """``node`` and the members of its unions, resolved."""
    out = [node]
    for key in ("anyOf", "oneOf", "allOf"):
        for member in node.get(key) or ():
            out.append(_resolve(member, defs))
    return out


def _step(node: Mapping[str, Any], part: Any, defs: Mapping[str, Any]) -> Any:
    """The schema one location part below ``node`` (a property or an item)."""
    for branch in _branches(node, defs):
        if isinstance(part, int) or (isinstance(part, str) and part.isdigit()):
            index = int(part)
            prefix = branch.get("prefixItems")
            if isinstance(prefix, list) and index < len(prefix):
                return _resolve(prefix[index], defs)
            items = branch.get("items")
            if isinstance(items, Mapping):
                return _resolve(items, defs)
        else:
            props = branch.get("properties")
            if isinstance(props, Mapping) and part in props:
                return _resolve(props[part], defs)
    return None


def field_title(name: str, node: Mapping[str, Any]) -> str:
    """A property's English label, as the entry form shows it: its ``title``, else
    its name written as words."""
    title = node.get("title")
    if isinstance(title, str) and title:
        return title
    text = name.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def label_at(
    schema: Mapping[str, Any] | None, loc: Sequence[Any]
) -> tuple[str, Mapping[str, Any]]:
    """The English label of the deepest named field on ``loc`` ("" at the root or
    where the schema has no such field) and the schema node ``loc`` ends at."""
    if not schema:
        return "", {}
    defs = schema.get("$defs") or {}
    node = _resolve(schema, defs)
    label = ""
    for part in loc:
        below = _step(node, part, defs)
        if below is None:
            return label, {}
        if isinstance(part, str) and not part.isdigit():
            label = field_title(part, below)
        node = below
    return label, node


def _declared(node: Mapping[str, Any], key: str, defs: Mapping[str, Any]) -> Any:
    for branch in _branches(node, defs):
        if key in branch:
            return branch[key]
    return None


def _rule(err: Mapping[str, Any], ctx: Mapping[str, Any], node: Mapping[str, Any]):
    """The rule the input broke, in words, or None where only the message says it."""
    kind = err["type"]
    if kind == "missing":
        return msg("this is needed")
    if kind in ("less_than_equal",):
        return msg("at most {le}", le=ctx.get("le"))
    if kind == "less_than":
        return msg("less than {lt}", lt=ctx.get("lt"))
    if kind == "greater_than_equal":
        return msg("at least {ge}", ge=ctx.get("ge"))
    if kind == "greater_than":
        return msg("more than {gt}", gt=ctx.get("gt"))
    if kind == "multiple_of":
        return msg("a multiple of {multiple_of}", multiple_of=ctx.get("multiple_of"))
    if kind in ("literal_error", "enum"):
        return msg("choose {expected}", expected=ctx.get("expected"))
    if kind == "string_pattern_mismatch":
        rule = _declared(node, PATTERN_RULE, {})
        if isinstance(rule, str) and rule:
            return msg("choose {choices}", choices=Text(rule, {}))
        shown = str(err.get("input", ""))[:INPUT_SHOWN]
        return msg("“{input}” is not written the way this field takes", input=shown)
    if kind in ("too_long", "string_too_long", "too_short", "string_too_short"):
        return _length_rule(kind, ctx)
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return msg("a whole number")
    if kind in ("float_type", "float_parsing", "decimal_type", "decimal_parsing"):
        return msg("a number")
    if kind in ("string_type",):
        return msg("a text")
    if kind in ("bool_type", "bool_parsing"):
        return msg("yes or no")
    if kind in ("list_type", "tuple_type"):
        return msg("a list")
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return msg("a group of fields (an object)")
    return None


def _length_rule(kind: str, ctx: Mapping[str, Any]) -> Text:
    actual = ctx.get("actual_length")
    if kind == "string_too_long":
        return msgn(
            "at most {count} character",
            "at most {count} characters",
            count=ctx.get("max_length"),
        )
    if kind == "string_too_short":
        return msgn(
            "at least {count} character",
            "at least {count} characters",
            count=ctx.get("min_length"),
        )
    if kind == "too_long":
        return msgn(
            "at most {count} item, not {actual}",
            "at most {count} items, not {actual}",
            count=ctx.get("max_length"),
            actual=actual,
        )
    return msgn(
        "at least {count} item, not {actual}",
        "at least {count} items, not {actual}",
        count=ctx.get("min_length"),
        actual=actual,
    )


def constraint_text(
    err: Mapping[str, Any],
    ctx: Mapping[str, Any],
    message: str,
    label: str,
    node: Mapping[str, Any],
) -> str:
    """The sentence for one pydantic error: the field's label and the rule in
    words; ``message`` (pydantic's, or a validator's) where no rule is known. An
    unknown field (``extra_forbidden``) is named as it was sent: it has no label."""
    if err["type"] == "extra_forbidden":
        loc = err.get("loc") or ("",)
        return msg("“{name}” is no field of this entry", name=str(loc[-1]))
    rule = _rule(err, ctx, node)
    if rule is None:
        rule = message
    if not label:
        return rule if isinstance(rule, Text) else message
    return msg("{field}: {rule}", field=Text(label, {}), rule=rule)
