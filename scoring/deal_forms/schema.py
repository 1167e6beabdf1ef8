"""The schema walk: a game's deal JSON Schema into a tree of :class:`Field` nodes
(how each schema shape maps to a field: see the package docstring)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext

from games.engine.inputs import (
    APPLIES,
    CARD_SHORTCUTS,
    CONTRACT_GRID,
    COUNT,
    DERIVED,
    ENTRY,
    ROLE,
    TAP_GRID,
    WIDGET,
)
from scoring.deal_forms.fields import (
    Field,
    Table,
    value_at,
)
from scoring.deal_forms.labels import (
    DEAL_LABEL,
    SIDE_PAIR,
    branch_label,
    choice_label,
    numbered,
    property_label,
    singular,
    worded,
)
from scoring.deal_forms.shapes import (
    as_posted,
    bound,
    is_card,
    is_card_list,
    join_path,
    nullable_inner,
)

SPARE_SLOTS = 1
MIN_SLOTS = 3


# -- schema → tree ---------------------------------------------------------------


class SchemaWalker:
    """Walks a schema into fields. ``translate`` turns each English text the
    declaration gives (a label, a help, a choice) into the reader's language;
    :func:`form_texts` passes one that records them instead, for the catalogue."""

    def __init__(
        self,
        root: Mapping[str, Any],
        table: Table,
        translate: Callable[[str], str] = gettext,
    ):
        self.root = root
        self.defs = root.get("$defs", {})
        self.table = table
        self.translate = translate

    def resolve(self, schema: Mapping[str, Any]) -> Mapping[str, Any]:
        while "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[-1]
            schema = {
                **self.defs[name],
                **{k: v for k, v in schema.items() if k != "$ref"},
            }
        return schema

    def walk(
        self,
        schema: Mapping[str, Any],
        path: str,
        key: str,
        label: str,
        required: bool,
        values: Any = None,
        term: str | None = None,
    ) -> Field:
        """The field of ``schema``; ``label`` is shown, ``term`` is the English
        label it translates (default: ``label``, a name or a composed label)."""
        schema = self.resolve(schema)
        node = self.walk_shape(schema, path, key, label, required, values, term)
        applies = schema.get(APPLIES)
        if isinstance(applies, Mapping) and len(applies) == 1:
            ((other, allowed),) = applies.items()
            parent = path.rsplit(".", 1)[0] if "." in path else ""
            node.applies = (
                join_path(parent, other),
                tuple(as_posted(v) for v in allowed),
            )
        return node

    def walk_shape(
        self,
        schema: Mapping[str, Any],
        path: str,
        key: str,
        label: str,
        required: bool,
        values: Any = None,
        term: str | None = None,
    ) -> Field:
        base = {
            "path": path,
            "key": key,
            "label": label,
            # The root's help is never shown (its fields are the form).
            "help": self.help(schema) if path else "",
            "required": required,
            "term": label if term is None else term,
        }
        if "default" in schema:
            base["default"] = schema["default"]
            base["has_default"] = True

        if schema.get(WIDGET) == "grid":
            return Field(
                "grid",
                **base,
                widget="grid",
                widget_options=self.widget_labels(schema.get("x-grid", {})),
            )

        nullable = nullable_inner(schema)
        if nullable is not None:
            inner = self.walk(
                {
                    **nullable,
                    **{k: schema[k] for k in _CARRIED if k in schema},
                },
                path,
                key,
                label,
                False,
                values,
                base["term"],
            )
            inner.has_default = inner.has_default or "default" in schema
            return inner

        if is_card_list(schema):
            return Field("cards", **base, shortcuts=schema.get(CARD_SHORTCUTS, ()))
        if is_card(schema):
            return Field("card", **base, maximum=1)

        union = self.union(schema)
        if union is not None:
            disc, options = union
            branches = []
            default_branch = ""
            for tag, branch_schema in options:
                node = self.walk(
                    branch_schema, path, key, label, required, values, base["term"]
                )
                # A branch drawn as a tap grid holds the object's fields inside.
                fields = node.children[0] if node.kind == "taps" else node
                fields.children = [c for c in fields.children if c.key != disc]
                branches.append((tag, self.translate(branch_label(tag)), node))
                if (
                    self.resolve(branch_schema)["properties"][disc].get("default")
                    == tag
                ):
                    default_branch = tag
            return Field(
                "union",
                **base,
                discriminator=disc,
                branches=branches,
                default_branch=default_branch or branches[0][0],
            )

        kind = schema.get("type")
        if kind == "object" or "properties" in schema:
            required_keys = set(schema.get("required", ()))
            obj = Field("object", **base)
            for name, sub in schema.get("properties", {}).items():
                sub_value = values.get(name) if isinstance(values, Mapping) else None
                english = property_label(name, sub)
                obj.children.append(
                    self.walk(
                        sub,
                        join_path(path, name),
                        name,
                        self.translate(english),
                        name in required_keys,
                        sub_value,
                        english,
                    )
                )
            if CONTRACT_GRID in schema:
                from scoring.deal_forms.contract import contract_field

                obj = contract_field(obj, schema[CONTRACT_GRID])
            if TAP_GRID in schema:
                from scoring.deal_forms.taps import tap_field

                return tap_field(obj, schema[TAP_GRID])
            return obj

        if kind == "array":
            derived = self.derived(schema, base)
            if derived is not None:
                return derived
            return self.with_widget(self.array(schema, base, values), schema)

        if "enum" in schema or "const" in schema:
            options = schema.get("enum") or [schema["const"]]
            return Field(
                "choice",
                **base,
                choices=[(v, self.choice(v)) for v in options],
            )

        if kind == "integer":
            seat_or_side = self.seat_or_side(schema)
            if seat_or_side is not None:
                return Field(
                    "choice",
                    **base,
                    choices=seat_or_side,
                    tap=schema.get(ENTRY) == "tap",
                )
            node = Field(
                "integer",
                **base,
                minimum=bound(schema, "minimum", "exclusiveMinimum", 1),
                maximum=bound(schema, "maximum", "exclusiveMaximum", -1),
            )
            if schema.get(COUNT) in COUNT_KINDS and _small(node):
                node.count = schema[COUNT]
            return node
        if kind == "boolean":
            return Field("boolean", **base)
        if kind == "number":
            return Field("number", **base)
        if kind == "string":
            return self.with_widget(Field("text", **base), schema)
        if _is_scalar_mix(schema, self):
            return Field("mixed", **base)
        return Field("json", **base)

    def with_widget(self, node: Field, schema: Mapping[str, Any]) -> Field:
        """``node`` with the widget its schema asks for (``x-widget``) and that
        widget's settings (the ``x-<widget>-*`` keys, labels translated)."""
        node.widget = schema.get(WIDGET) or ""
        if node.widget:
            head = f"x-{node.widget}-"
            node.widget_options = {
                k.removeprefix(head): self.widget_labels(v)
                for k, v in schema.items()
                if k.startswith(head)
            }
        return node

    def array(self, schema: Mapping[str, Any], base: dict, values: Any) -> Field:
        path = base["path"]
        prefix = schema.get("prefixItems")
        sides = self.table.side_labels
        low, high = schema.get("minItems", 0), schema.get("maxItems")
        role = schema.get(ROLE)
        if (
            not prefix
            and role == "per_side"
            and sides
            and high is not None
            and low < high
            and low <= len(sides) <= high
        ):
            # The length depends on the table (a game for 3 to 8 players).
            return self.per_side(schema, base, values)
        partners = self.partner_seats(path) if role == "per_partner" else None
        if not prefix and partners and low <= len(partners) <= (high or len(partners)):
            # The length depends on the table (a side of one player or of two).
            return self.per_partner(schema, base, values, len(partners))
        if prefix:
            node = Field("tuple", **base)
            for i, item in enumerate(prefix):
                sub_value = (
                    values[i] if isinstance(values, list) and i < len(values) else None
                )
                node.children.append(
                    self.walk(
                        item,
                        join_path(path, i),
                        str(i),
                        self.position_label(path, role, i, base["term"]),
                        True,
                        sub_value,
                    )
                )
            return node
        items = self.resolve(schema.get("items", {}))
        item_kind = items.get("type")
        if item_kind in ("integer", "number") and not is_card(items):
            return Field("numbers", **base)
        if item_kind == "string" and not is_card(items):
            return Field("words", **base)
        if is_card(items):
            return Field("cards", **base)
        existing = len(values) if isinstance(values, list) else 0
        count = max(existing + SPARE_SLOTS, MIN_SLOTS, schema.get("minItems", 0))
        if "maxItems" in schema:
            count = min(count, schema["maxItems"])
        item_term = singular(base["term"])
        item_label = self.translate(item_term)
        node = Field(
            "list",
            **base,
            item_schema=items,
            item_label=item_label,
            min_items=schema.get("minItems", 0),
            defs=self.defs,
        )
        for i in range(count):
            sub_value = values[i] if isinstance(values, list) and i < existing else None
            node.children.append(
                self.walk(
                    items,
                    join_path(path, i),
                    str(i),
                    numbered(item_label, i + 1),
                    False,
                    sub_value,
                )
            )
        return node

    def derived(self, schema: Mapping[str, Any], base: dict) -> Field | None:
        """A per-side pair whose second number is derived (``x-derived``): one
        count to enter, for side 0, and the total it is taken from; ``None`` when
        the declaration does not fit (the plain list is drawn instead)."""
        spec = schema.get(DERIVED)
        total = spec.get("total") if isinstance(spec, Mapping) else None
        if not isinstance(total, int) or isinstance(total, bool):
            return None
        prefix = schema.get("prefixItems")
        if prefix:
            # A fixed pair ([the declarer's side, the opponents]): both alike.
            if len(prefix) != 2 or self.resolve(prefix[0]) != self.resolve(prefix[1]):
                return None
            items = self.resolve(prefix[0])
        else:
            items = self.resolve(schema.get("items") or {})
        if items.get("type") != "integer":
            return None
        # Labels the game gives its two positions, else the table's sides.
        declared = [self.translate(str(s)) for s in spec.get("labels") or ()]
        sides = declared or list(self.table.side_labels or ())
        sides = sides or [gettext(s) for s in SIDE_PAIR]
        if len(sides) != 2:
            return None
        entered = self.walk(
            {**items, COUNT: schema.get(COUNT, "")},
            join_path(base["path"], 0),
            "0",
            sides[0],
            False,
        )
        if entered.kind != "integer":
            return None
        if entered.maximum is None or entered.maximum > total:
            # No more than the total to choose from (Vint's 5 trumps of 0–13).
            entered.maximum = total
        node = Field("derived", **base, total=total, children=[entered])
        node.choices = [(0, sides[0]), (1, sides[1])]
        when, named = spec.get("labels_when"), spec.get("when_labels")
        if isinstance(when, Mapping) and len(when) == 1 and len(named or ()) == 2:
            ((other, allowed),) = when.items()
            parent = base["path"].rsplit(".", 1)[0] if "." in base["path"] else ""
            node.labels_when = (
                join_path(parent, other),
                tuple(as_posted(v) for v in allowed),
                (self.translate(str(named[0])), self.translate(str(named[1]))),
            )
        # Every other way the model allows (per seat …): one line of numbers.
        node.children.append(
            Field("numbers", path=base["path"], key=base["key"], label=base["label"])
        )
        return node

    def per_side(self, schema: Mapping[str, Any], base: dict, values: Any) -> Field:
        """A list with one item per side, for games played by any number of sides
        (Sneaky Pete's ``players``): one position per side of this table, labelled
        by side and read back with empty positions kept, so that a player with
        nothing to enter (who went out) does not shift the others."""
        node = Field("tuple", **base)
        items = schema.get("items", {})
        for i, label in enumerate(self.table.side_labels):
            sub_value = (
                values[i] if isinstance(values, list) and i < len(values) else None
            )
            node.children.append(
                self.walk(
                    items, join_path(base["path"], i), str(i), label, True, sub_value
                )
            )
        return node

    def partner_seats(self, path: str) -> list[int] | None:
        """The seats of the side whose item holds ``path`` (``teams.0.hands``)."""
        side = path.rsplit(".", 2)[-2] if path.count(".") >= 1 else ""
        if not (side.isascii() and side.isdigit() and self.table.seats):
            return None
        return list(self.table.seats_of(int(side))) or None

    def per_partner(
        self, schema: Mapping[str, Any], base: dict, values: Any, count: int
    ) -> Field:
        """A list with one item per player of a side, for games whose sides have
        one or more players by table: one position per seat, read back with empty
        positions kept (the hand of who went out)."""
        node = Field("tuple", **base)
        items = schema.get("items", {})
        for i in range(count):
            sub_value = (
                values[i] if isinstance(values, list) and i < len(values) else None
            )
            label = self.position_label(base["path"], "per_partner", i, base["term"])
            node.children.append(
                self.walk(
                    items, join_path(base["path"], i), str(i), label, True, sub_value
                )
            )
        return node

    def union(self, schema: Mapping[str, Any]) -> tuple[str, list] | None:
        options = schema.get("oneOf") or schema.get("anyOf")
        if not options:
            return None
        resolved = [self.resolve(o) for o in options]
        if not all("properties" in o for o in resolved):
            return None
        shared = set.intersection(*(set(o["properties"]) for o in resolved))
        for name in sorted(shared):
            tags = [o["properties"][name].get("const") for o in resolved]
            if all(t is not None for t in tags) and len(set(tags)) == len(tags):
                return name, list(zip(tags, options, strict=True))
        return None

    def seat_or_side(self, schema: Mapping[str, Any]) -> list | None:
        """The table's seats (or sides) for an integer declared a seat (or side)."""
        role = schema.get(ROLE)
        names = {"seat": self.table.seat_labels, "side": self.table.side_labels}.get(
            role, ()
        )
        low, high = schema.get("minimum"), schema.get("maximum")
        # A seat field of a game for any number of players allows more seats than
        # this table has: offer this table's.
        if not names or low != 0 or (high is not None and high < len(names) - 1):
            return None
        return list(enumerate(names))

    def position_label(self, path: str, role: Any, index: int, term: str) -> str:
        """The label of one position of a fixed-length list whose English label
        is ``term``: a side's label, "Hand of Aino", or "Bid 2"."""
        sides = self.table.side_labels
        if role == "per_side" and sides and index < len(sides):
            return sides[index]
        # A partner's item inside a side: <side>.<field>.<n> → that seat's player.
        side = path.rsplit(".", 2)[-2] if path.count(".") >= 1 else ""
        if (
            role == "per_partner"
            and side.isascii()
            and side.isdigit()
            and self.table.seats
            and self.table.seat_labels
        ):
            side_seats = self.table.seats_of(int(side))
            if index < len(side_seats):
                player = self.table.seat_labels[side_seats[index]]
                return gettext("{item} of {player}").format(
                    item=self.translate(singular(term)), player=player
                )
        return numbered(self.translate(singular(term)), index + 1)

    def choice(self, value: Any) -> str:
        """An enum value's label in the reader's language; a number is itself."""
        label = choice_label(value)
        return self.translate(label) if worded(label) else label

    def widget_labels(self, value: Any) -> Any:
        """A widget's settings with the labels it shows translated: a ``label``
        (a grid's symbol: ``{"symbol": "b", "label": "black"}``) and the label of
        a ``[value, label]`` key (the dart pad's ``["M", "Miss"]``)."""
        if isinstance(value, Mapping):
            return {
                k: self.translate(v)
                if k == "label" and isinstance(v, str) and worded(v)
                else self.widget_labels(v)
                for k, v in value.items()
            }
        if isinstance(value, list):
            if (
                len(value) == 2
                and all(isinstance(v, str) for v in value)
                and worded(value[1])
            ):
                return [value[0], self.translate(value[1])]
            return [self.widget_labels(v) for v in value]
        return value

    def help(self, schema: Mapping[str, Any]) -> str:
        """A field's help in the reader's language: its ``description``."""
        text = schema.get("description")
        return self.translate(text) if isinstance(text, str) and text else ""


def build_form(
    schema: Mapping[str, Any],
    table: Table | None = None,
    values: Any = None,
    *,
    prefix: str = "",
    label: str = DEAL_LABEL,
) -> Field:
    """The form tree of a deal schema; ``values`` (a deal as entered) sizes lists.

    ``prefix`` puts every path under it (the match options form uses ``options``,
    the path the engine gives option errors). ``label`` is English (the form's
    labels are shown in the active language).
    """
    walker = SchemaWalker(schema, table or Table())
    root_values = value_at(values, prefix) if prefix else values
    return walker.walk(schema, prefix, prefix, gettext(label), True, root_values, label)


def form_texts(
    schema: Mapping[str, Any], *, prefix: str = "", label: str = DEAL_LABEL
) -> set[str]:
    """The English texts of a declaration that its form translates (labels,
    helps, choices, entry modes): the form is built, recording each one, so the
    catalogue (``scoring.declared_texts``) holds exactly what the form shows."""
    texts: set[str] = {label}

    def record(text: str) -> str:
        texts.add(text)
        return text

    SchemaWalker(schema, Table(), record).walk(schema, prefix, prefix, label, True)
    return texts


# -- helpers over schemas ----------------------------------------------------------

# Keys of an optional field's schema that hold for the value inside it.
_CARRIED = ("description", APPLIES, COUNT, DERIVED)
COUNT_KINDS = ("buttons", "stepper")
COUNT_BUTTONS_MAX = 21  # more values than this: a stepper


def _small(node: Field) -> bool:
    """Is the integer bounded on both sides, so that a count widget fits it?"""
    return (
        node.minimum is not None
        and node.maximum is not None
        and 0 <= node.maximum - node.minimum < 1000
    )


def _is_scalar_mix(schema: Mapping[str, Any], walker: SchemaWalker) -> bool:
    """``anyOf`` of integers and cards (e.g. a meld index or a meld's cards)."""
    options = schema.get("anyOf") or schema.get("oneOf") or []
    return bool(options) and all(
        walker.resolve(o).get("type") in ("integer", "string")
        or is_card_list(walker.resolve(o))
        for o in options
    )


# -- values and errors -------------------------------------------------------------
