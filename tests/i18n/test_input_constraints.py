"""Issue 33 item 6: every constraint a game's deal input (and options) declares —
pattern, enum/const, minimum/maximum, lengths, multipleOf — is refused with a
sentence that names the field by its label and says the rule in words, in English
and in Finnish; pydantic's own text ("String should match pattern '^(F|C|R[1-5])$'",
"Input should be less than or equal to 6") never reaches a person."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from django.utils import translation

from config.translation import localized, localized_errors
from games.engine import InputRejected, all_games, get_game
from games.engine.input_messages import constraint_text, label_at

#: A constraint keyword of JSON Schema → pydantic's error type and context.
CONSTRAINTS = {
    "pattern": lambda v: ("string_pattern_mismatch", {"pattern": v}),
    "enum": lambda v: ("enum", {"expected": ", ".join(repr(x) for x in v)}),
    "const": lambda v: ("literal_error", {"expected": repr(v)}),
    "maximum": lambda v: ("less_than_equal", {"le": v}),
    "minimum": lambda v: ("greater_than_equal", {"ge": v}),
    "exclusiveMaximum": lambda v: ("less_than", {"lt": v}),
    "exclusiveMinimum": lambda v: ("greater_than", {"gt": v}),
    "maxLength": lambda v: ("string_too_long", {"max_length": v}),
    "minLength": lambda v: ("string_too_short", {"min_length": v}),
    "maxItems": lambda v: (
        "too_long",
        {"field_type": "List", "max_length": v, "actual_length": v + 1},
    ),
    "minItems": lambda v: (
        "too_short",
        {"field_type": "List", "min_length": v, "actual_length": max(v - 1, 0)},
    ),
    "multipleOf": lambda v: ("multiple_of", {"multiple_of": v}),
}

#: Words of pydantic's own messages, and of a raw pattern.
RAW = ("Input should", "String should", "should match", "should have", "^", "$'")

#: The English words of the rules; a Finnish sentence has none of them.
ENGLISH_RULES = (
    "at most",
    "at least",
    "less than",
    "more than",
    "choose",
    "multiple",
    "character",
    "item",
    "is not written",
)


def _walk(
    node: Any, defs: Mapping[str, Any], loc: tuple, depth: int = 0
) -> Iterator[tuple[tuple, Mapping[str, Any]]]:
    if depth > 12 or not isinstance(node, Mapping):
        return
    while "$ref" in node:
        node = defs.get(str(node["$ref"]).rsplit("/", 1)[-1], {})
    yield loc, node
    for key in ("anyOf", "oneOf", "allOf"):
        for member in node.get(key) or ():
            yield from _walk(member, defs, loc, depth + 1)
    for name, sub in (node.get("properties") or {}).items():
        yield from _walk(sub, defs, (*loc, name), depth + 1)
    for i, sub in enumerate(node.get("prefixItems") or ()):
        yield from _walk(sub, defs, (*loc, i), depth + 1)
    if isinstance(node.get("items"), Mapping):
        yield from _walk(node["items"], defs, (*loc, 0), depth + 1)


def constraints(schema: Mapping[str, Any]) -> list[tuple[tuple, str, dict, dict]]:
    """Every (location, error type, context, node) the schema's constraints make."""
    found = []
    for loc, node in _walk(schema, schema.get("$defs") or {}, ()):
        if not any(isinstance(p, str) for p in loc):
            continue  # the root: no field to name
        for key, make in CONSTRAINTS.items():
            if key in node:
                kind, ctx = make(node[key])
                found.append((loc, kind, ctx, node))
    return found


def _sentences(schema: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    for loc, kind, ctx, node in constraints(schema):
        err = {"type": kind, "loc": loc, "ctx": ctx, "input": "??", "msg": "RAW"}
        label, _ = label_at(schema, loc)
        yield label, constraint_text(err, ctx, "RAW", label, node)


@pytest.mark.parametrize("slug", sorted(g.slug for g in all_games()))
def test_every_constraint_of_a_game_s_input_is_a_sentence_naming_the_field(slug):
    game = get_game(slug)
    checked = 0
    for schema in (game.deal_schema(), game.options_schema()):
        for label, text in _sentences(schema):
            assert label, text
            english = localized(text)
            assert english.startswith(f"{label}: "), english
            assert not any(raw in english for raw in (*RAW, "RAW")), english
            assert any(word in english for word in ENGLISH_RULES), english
            with translation.override("fi"):
                finnish = localized(text)
                finnish_label = translation.gettext(label)
            assert finnish.startswith(f"{finnish_label}: "), finnish
            assert not any(raw in finnish for raw in (*RAW, "RAW")), finnish
            assert not any(word in finnish for word in ENGLISH_RULES), finnish
            checked += 1
    assert checked, "a game's input declares no constraint?"


@pytest.mark.parametrize(
    "slug, raw, english, finnish",
    [
        (
            "indian-poker",
            {"actions": "C R6", "cards": ["KH", "2S", "3D"]},
            "Actions: choose F, C or R1–R5",
            ": valitse F, C tai R1–R5",
        ),
        (
            "tuomas-petanque",
            {"side": 0, "points": 9},
            "Points: at most 6",
            ": enintään 6",
        ),
        (
            "tuomas-petanque",
            {"side": 0, "points": 1, "extra": 1},
            "“extra” is no field of this entry",
            "”extra” ei ole tämän kirjauksen kenttä",
        ),
    ],
)
def test_a_refused_deal_reads_as_a_sentence_in_both_languages(
    slug, raw, english, finnish
):
    with pytest.raises(InputRejected) as refused:
        get_game(slug).parse_deal(raw)
    errors = [e.as_dict() for e in refused.value.errors]
    with translation.override("en"):
        messages = [e["message"] for e in localized_errors(errors)]
    assert english in messages, messages
    with translation.override("fi"):
        messages = [e["message"] for e in localized_errors(errors)]
    assert any(finnish in m for m in messages), messages
    assert not any(raw in m for m in messages for raw in RAW), messages
