"""Whatever a scorer sends, every game answers a score or a validation error.

For every registered game, hypothesis builds payloads three ways: valid-looking ones
from the game's own JSON Schemas (deal input and options), the same with one value
swapped for any JSON value (a boolean seat, a huge count, a float, a list, ``null``),
and arbitrary JSON. The engine must fold them into a match or raise
:class:`InputRejected` whose errors each have a field path, a code and a message:
never another exception (a ``TypeError``, a ``KeyError``, a recursion error …).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import InputRejected
from games.engine.inputs import CARD_PATTERN
from games.engine.play import fold_payload
from games.engine.registry import all_games

CARDS = ["AS", "KH", "10D", "QC", "JS", "2H", "7D", "Jo", "K♥", "9C", "XX", ""]
GAMES = [game.slug for game in all_games()]

_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(CARDS)
)
ANY_JSON = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def from_schema(node: Any, defs: dict[str, Any], depth: int = 0) -> st.SearchStrategy:
    """Values that a JSON Schema (the subset the games export) describes."""
    if not isinstance(node, dict) or depth > 8:
        return ANY_JSON
    if "$ref" in node:
        target = defs[node["$ref"].rsplit("/", 1)[-1]]
        return st.deferred(lambda: from_schema(target, defs, depth + 1))
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    for key in ("anyOf", "oneOf"):
        if key in node:
            return st.one_of([from_schema(n, defs, depth + 1) for n in node[key]])
    kind = node.get("type")
    if isinstance(kind, list):
        return st.one_of([from_schema({**node, "type": k}, defs, depth) for k in kind])
    if kind == "integer":
        low = node.get("minimum", node.get("exclusiveMinimum", -1) + 1)
        return st.integers(min_value=low, max_value=node.get("maximum", low + 200))
    if kind == "number":
        return st.floats(min_value=node.get("minimum"), max_value=node.get("maximum"))
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "string":
        if node.get("pattern") == CARD_PATTERN:
            return st.sampled_from(CARDS)
        if node.get("examples"):
            return st.sampled_from(node["examples"]) | st.text(max_size=6)
        return st.text(max_size=node.get("maxLength", 8))
    if kind == "array":
        if "prefixItems" in node:
            items = [from_schema(n, defs, depth + 1) for n in node["prefixItems"]]
            return st.tuples(*items).map(list)
        low = node.get("minItems", 0)
        return st.lists(
            from_schema(node.get("items"), defs, depth + 1),
            min_size=low,
            max_size=max(low, min(node.get("maxItems", low + 4), low + 4)),
        )
    if kind == "object" or "properties" in node:
        properties = node.get("properties", {})
        required = set(node.get("required", ()))
        return st.fixed_dictionaries(
            {
                k: from_schema(v, defs, depth + 1)
                for k, v in properties.items()
                if k in required
            },
            optional={
                k: from_schema(v, defs, depth + 1)
                for k, v in properties.items()
                if k not in required
            },
        )
    return ANY_JSON


@st.composite
def swap_one_value(draw: st.DrawFn, value: Any) -> Any:
    """``value`` with one of its values (or itself) replaced by any JSON value."""
    if isinstance(value, dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: draw(swap_one_value(value[key]))}
    if isinstance(value, list) and value and draw(st.booleans()):
        i = draw(st.integers(0, len(value) - 1))
        return [*value[:i], draw(swap_one_value(value[i])), *value[i + 1 :]]
    return draw(ANY_JSON)


def payloads(slug: str) -> st.SearchStrategy[dict[str, Any]]:
    game = next(g for g in all_games() if g.slug == slug)

    def schema_strategy(schema: dict[str, Any]) -> st.SearchStrategy:
        return from_schema(schema, schema.get("$defs", {}))

    deal = schema_strategy(game.deal_schema())
    options = schema_strategy(game.options_schema())
    valid = st.fixed_dictionaries(
        {"deals": st.lists(deal, max_size=4)}, optional={"options": options}
    )
    return st.one_of(
        valid,
        valid.flatmap(
            lambda p: st.fixed_dictionaries(
                {key: swap_one_value(value) for key, value in p.items()}
            )
        ),
        st.fixed_dictionaries(
            {"deals": st.lists(ANY_JSON, max_size=3)},
            optional={"options": ANY_JSON, "table": ANY_JSON},
        ),
        ANY_JSON.filter(lambda v: isinstance(v, dict)),
    )


@pytest.mark.slow(
    reason="hypothesis's examples of malformed input for each game: 2-11 s a game"
)
@pytest.mark.parametrize("slug", GAMES)
def test_the_engine_answers_a_score_or_a_validation_error(slug):
    outcomes: set[str] = set()

    @settings(
        max_examples=120,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        derandomize=True,
        database=None,
    )
    @given(payload=payloads(slug))
    def check(payload: dict[str, Any]) -> None:
        try:
            folded = fold_payload(slug, payload)
        except InputRejected as rejected:
            outcomes.add("rejected")
            assert rejected.errors
            for error in rejected.errors:
                assert isinstance(error.path, str)
                assert isinstance(error.code, str) and error.code
                assert isinstance(error.message, str) and error.message
        else:
            outcomes.add("scored")
            assert len(folded.deals) == len(payload.get("deals", []))

    check()
    assert outcomes == {"scored", "rejected"}  # both answers were reached
