"""The deal entry form, generated from a game's deal input JSON Schema.

A game declares the shape of one deal once (``Game.deal_schema()``); the API docs and
this form both come from that declaration, so a new game gets an entry page without
page code. Three steps, all pure (no database, no request):

* :func:`build_form` walks the schema into a tree of :class:`Field` nodes;
* :func:`render_form` turns the tree, the values entered and the engine's errors into
  HTML;
* :func:`deal_from_post` reads the posted fields back into the deal's JSON, exactly
  what the API would receive.

How the schema maps to fields:

* object → ``<fieldset>`` of its properties; ``$ref`` is resolved;
* a card list (the engine's ``CardList``: an array of card strings, or one string of
  them) → a text input marked ``data-cards`` that ``static/js/cardpicker.js`` turns
  into a card picker; one card (``CardField``) → the same with ``data-max="1"``;
* a fixed-length array (``prefixItems``) → one field per position, labelled by side
  where the array declares ``x-role: per_side`` and by player where it declares
  ``x-role: per_partner`` (one item per seat of the enclosing side); a
  variable-length ``per_side`` array (a game for any number of players) → the same,
  one position per side of the match's table;
* a variable-length array of objects or card lists → numbered slots plus spare ones
  (empty slots are dropped); of numbers or words → one text input, space separated;
* ``enum`` / ``const`` → radio buttons (up to four choices) or a select;
* an integer that declares ``x-role: seat`` or ``side`` → a select of the table's
  seats or sides; other integers → number inputs with ``min``/``max``;
* boolean → checkbox; ``X | null`` → an optional ``X``;
* a discriminated union (``oneOf`` of objects that share a ``const`` property such as
  ``mode``) → a toggle between the branches, e.g. card entry and quick (totals) entry.

The roles come from the game's declaration (:mod:`games.engine.inputs`: ``SeatField``,
``SideField``, ``PER_SIDE``, ``PER_PARTNER``); nothing here reads a field's name to
decide what it means.

Every input is named by its **path** in the deal, dot-separated with list indices as
numbers (``teams.0.melds.2``), the same paths the engine puts on its errors
(:class:`games.engine.RuleError`); an error is shown next to the deepest field whose
path is a prefix of the error's path, and errors that name no field head the form.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from config.parsers import json_loads
from games.engine.cards import RANKS, Card
from games.engine.decks import DeckSpec
from games.engine.inputs import CARD_PATTERN, ROLE

BRANCH_LABELS = {"cards": "Card entry", "totals": "Quick entry (totals)"}
SPARE_SLOTS = 1
MIN_SLOTS = 3
RADIO_LIMIT = 4
TUCKED_KINDS = frozenset({"integer", "number", "mixed", "json", "words", "text"})


@dataclass(frozen=True)
class Table:
    """Names for the seats and sides of the match, to label selects and positions."""

    seat_labels: Sequence[str] = ()
    side_labels: Sequence[str] = ()
    seats: Sequence[int] = ()  # side of each seat, in seat order

    def seats_of(self, side: int) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == side]


def table_from_sides(sides: Sequence[Mapping[str, Any]]) -> Table:
    """The form's table from a match's sides (``scoring.selectors.match_sides``)."""
    by_seat: dict[int, str] = {}
    seat_sides: dict[int, int] = {}
    for side in sides:
        for pos, player in zip(side["seats"], side["players"], strict=True):
            by_seat[pos] = player["display_name"]
            seat_sides[pos] = side["side"]
    positions = sorted(by_seat)
    return Table(
        seat_labels=[by_seat[p] for p in positions],
        side_labels=[s["label"] for s in sides],
        seats=[seat_sides[p] for p in positions],
    )


@dataclass
class Field:
    """One node of the form. ``kind`` decides how it renders and how it is read."""

    kind: str
    path: str
    key: str
    label: str
    help: str = ""
    required: bool = False
    default: Any = None
    has_default: bool = False
    children: list[Field] = field(default_factory=list)
    choices: list[tuple[Any, str]] = field(default_factory=list)
    minimum: int | None = None
    maximum: int | None = None
    # variable-length lists: the schema of one item, to make slots on demand
    item_schema: Mapping[str, Any] | None = None
    item_label: str = ""
    min_items: int = 0
    defs: Mapping[str, Any] = field(default_factory=dict, repr=False)
    # unions
    discriminator: str = ""
    branches: list[tuple[str, str, Field]] = field(default_factory=list)
    default_branch: str = ""


# -- schema → tree ---------------------------------------------------------------


class _Walker:
    def __init__(self, root: Mapping[str, Any], table: Table):
        self.root = root
        self.defs = root.get("$defs", {})
        self.table = table

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
    ) -> Field:
        schema = self.resolve(schema)
        base = {
            "path": path,
            "key": key,
            "label": label,
            "help": schema.get("description", ""),
            "required": required,
        }
        if "default" in schema:
            base["default"] = schema["default"]
            base["has_default"] = True

        nullable = _nullable_inner(schema)
        if nullable is not None:
            inner = self.walk(
                {
                    **nullable,
                    **{k: schema[k] for k in ("description",) if k in schema},
                },
                path,
                key,
                label,
                False,
                values,
            )
            inner.has_default = inner.has_default or "default" in schema
            return inner

        if _is_card_list(schema):
            return Field("cards", **base)
        if _is_card(schema):
            return Field("card", **base, maximum=1)

        union = self.union(schema)
        if union is not None:
            disc, options = union
            branches = []
            default_branch = ""
            for tag, branch_schema in options:
                node = self.walk(branch_schema, path, key, label, required, values)
                node.children = [c for c in node.children if c.key != disc]
                branches.append((tag, BRANCH_LABELS.get(tag, tag.title()), node))
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
                obj.children.append(
                    self.walk(
                        sub,
                        _join(path, name),
                        name,
                        sub.get("title") or _titled(name),
                        name in required_keys,
                        sub_value,
                    )
                )
            return obj

        if kind == "array":
            return self.array(schema, base, values)

        if "enum" in schema or "const" in schema:
            options = schema.get("enum") or [schema["const"]]
            return Field(
                "choice", **base, choices=[(v, _titled(str(v))) for v in options]
            )

        if kind == "integer":
            seat_or_side = self.seat_or_side(schema)
            if seat_or_side is not None:
                return Field("choice", **base, choices=seat_or_side)
            return Field(
                "integer",
                **base,
                minimum=_bound(schema, "minimum", "exclusiveMinimum", 1),
                maximum=_bound(schema, "maximum", "exclusiveMaximum", -1),
            )
        if kind == "boolean":
            return Field("boolean", **base)
        if kind == "number":
            return Field("number", **base)
        if kind == "string":
            return Field("text", **base)
        if _is_scalar_mix(schema, self):
            return Field("mixed", **base)
        return Field("json", **base)

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
        if prefix:
            node = Field("tuple", **base)
            for i, item in enumerate(prefix):
                sub_value = (
                    values[i] if isinstance(values, list) and i < len(values) else None
                )
                node.children.append(
                    self.walk(
                        item,
                        _join(path, i),
                        str(i),
                        self.position_label(path, role, i, base["label"]),
                        True,
                        sub_value,
                    )
                )
            return node
        items = self.resolve(schema.get("items", {}))
        item_kind = items.get("type")
        if item_kind in ("integer", "number") and not _is_card(items):
            return Field("numbers", **base)
        if item_kind == "string" and not _is_card(items):
            return Field("words", **base)
        if _is_card(items):
            return Field("cards", **base)
        existing = len(values) if isinstance(values, list) else 0
        count = max(existing + SPARE_SLOTS, MIN_SLOTS, schema.get("minItems", 0))
        if "maxItems" in schema:
            count = min(count, schema["maxItems"])
        item_label = _singular(base["label"])
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
                    _join(path, i),
                    str(i),
                    f"{item_label} {i + 1}",
                    False,
                    sub_value,
                )
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
                self.walk(items, _join(base["path"], i), str(i), label, True, sub_value)
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

    def position_label(self, path: str, role: Any, index: int, label: str) -> str:
        sides = self.table.side_labels
        if role == "per_side" and sides and index < len(sides):
            return sides[index]
        # A partner's item inside a side: <side>.<field>.<n> → that seat's player.
        side = path.rsplit(".", 2)[-2] if path.count(".") >= 1 else ""
        if (
            role == "per_partner"
            and side.isdigit()
            and self.table.seats
            and self.table.seat_labels
        ):
            side_seats = self.table.seats_of(int(side))
            if index < len(side_seats):
                player = self.table.seat_labels[side_seats[index]]
                return f"{_singular(label)} of {player}"
        return f"{_singular(label)} {index + 1}"


def build_form(
    schema: Mapping[str, Any],
    table: Table | None = None,
    values: Any = None,
    *,
    prefix: str = "",
    label: str = "Deal",
) -> Field:
    """The form tree of a deal schema; ``values`` (a deal as entered) sizes lists.

    ``prefix`` puts every path under it (the match options form uses ``options``,
    the path the engine gives option errors).
    """
    walker = _Walker(schema, table or Table())
    root_values = value_at(values, prefix) if prefix else values
    return walker.walk(schema, prefix, prefix, label, True, root_values)


def has_cards(node: Field) -> bool:
    """Does the form have a card field (and so needs the card picker)?"""
    if node.kind in ("cards", "card"):
        return True
    return any(has_cards(c) for c in node.children) or any(
        has_cards(b) for _, _, b in node.branches
    )


SUIT_ORDER = ("S", "H", "D", "C")


def deck_cards(deck: DeckSpec | None) -> list[dict[str, Any]]:
    """The deck's faces for the card picker: code, label, copies, red; suit by suit."""
    if deck is None:
        return []
    rank_order = {r: i for i, r in enumerate(RANKS)}

    def order(card: Card) -> tuple[int, int]:
        if card.is_joker:
            return (len(SUIT_ORDER), 0)
        return (SUIT_ORDER.index(card.suit.value), rank_order[card.rank])

    return [
        {
            "code": card.code,
            "label": card.pretty,
            "copies": copies,
            "red": bool(card.suit and card.suit.is_red),
        }
        for card, copies in sorted(deck.copies.items(), key=lambda kv: order(kv[0]))
        if copies > 0
    ]


# -- helpers over schemas ----------------------------------------------------------


def _join(path: str, part: str | int) -> str:
    return f"{path}.{part}" if path else str(part)


def _titled(name: str) -> str:
    text = name.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


_IRREGULAR = {"Feet": "Foot"}


def _singular(label: str) -> str:
    if label in _IRREGULAR:
        return _IRREGULAR[label]
    if label.endswith("s") and not label.endswith("ss"):
        return label[:-1]
    return label


def _bound(schema: Mapping[str, Any], inclusive: str, exclusive: str, shift: int):
    if inclusive in schema:
        return schema[inclusive]
    if exclusive in schema:
        return schema[exclusive] + shift
    return None


def _nullable_inner(schema: Mapping[str, Any]) -> Mapping[str, Any] | None:
    options = schema.get("anyOf")
    if not options or len(options) != 2:
        return None
    rest = [o for o in options if o.get("type") != "null"]
    if len(rest) == 1:
        return rest[0]
    return None


def _is_card(schema: Mapping[str, Any]) -> bool:
    return schema.get("type") == "string" and schema.get("pattern") == CARD_PATTERN


def _is_card_list(schema: Mapping[str, Any]) -> bool:
    options = schema.get("oneOf") or []
    return any(
        o.get("type") == "array" and _is_card(o.get("items", {})) for o in options
    ) or (schema.get("type") == "array" and _is_card(schema.get("items", {})))


def _is_scalar_mix(schema: Mapping[str, Any], walker: _Walker) -> bool:
    """``anyOf`` of integers and cards (e.g. a meld index or a meld's cards)."""
    options = schema.get("anyOf") or schema.get("oneOf") or []
    return bool(options) and all(
        walker.resolve(o).get("type") in ("integer", "string")
        or _is_card_list(walker.resolve(o))
        for o in options
    )


# -- values and errors -------------------------------------------------------------


def value_at(values: Any, path: str) -> Any:
    """The value at a dotted path of a deal as entered (``None`` where absent)."""
    current = values
    for part in path.split(".") if path else []:
        if isinstance(current, Mapping):
            current = current.get(part)
        elif isinstance(current, list | tuple) and part.isdigit():
            index = int(part)
            current = current[index] if index < len(current) else None
        else:
            return None
    return current


def _paths(node: Field, out: set[str]) -> set[str]:
    out.add(node.path)
    for child in node.children:
        _paths(child, out)
    for _, _, branch in node.branches:
        _paths(branch, out)
    return out


def place_errors(
    node: Field, errors: Sequence[Mapping[str, str]]
) -> tuple[dict[str, list[str]], list[Mapping[str, str]]]:
    """Errors keyed by the field they belong to, and the ones that fit no field.

    An error belongs to the deepest rendered field whose path is a prefix of the
    error's path (``teams.0.melds.2.1`` — a card of meld 2 — goes to the meld).
    """
    known = _paths(node, set()) - {""}
    placed: dict[str, list[str]] = {}
    loose: list[Mapping[str, str]] = []
    for error in errors:
        parts = (error.get("path") or "").split(".")
        for n in range(len(parts), 0, -1):
            candidate = ".".join(parts[:n])
            if candidate in known:
                placed.setdefault(candidate, []).append(error["message"])
                break
        else:
            loose.append(error)
    return placed, loose


# -- tree → HTML --------------------------------------------------------------------


def _html_id(path: str) -> str:
    return "f-" + (path.replace(".", "-") or "deal")


def _display(value: Any, kind: str) -> str:
    if value is None:
        return ""
    if kind in ("cards", "numbers", "words") and isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    if kind == "mixed" and isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    if kind == "json" and not isinstance(value, str):
        return json.dumps(value)
    return str(value)


class _Renderer:
    def __init__(
        self, values: Any, errors: dict[str, list[str]], collapse: bool = True
    ):
        self.values = values
        self.errors = errors
        self.collapse = collapse

    def errors_html(self, path: str) -> str:
        messages = self.errors.get(path)
        if not messages:
            return ""
        items = "".join(format_html("<li>{}</li>", m) for m in messages)
        return format_html(
            '<ul class="field-error" id="{}-error" role="alert">{}</ul>',
            _html_id(path),
            mark_safe(items),
        )

    def help_html(self, node: Field) -> str:
        if not node.help:
            return ""
        return format_html('<p class="df-help muted">{}</p>', node.help)

    def invalid_attrs(self, path: str) -> str:
        if path in self.errors:
            return format_html(
                ' aria-invalid="true" aria-describedby="{}-error"', _html_id(path)
            )
        return ""

    def render(self, node: Field) -> str:
        return getattr(self, f"render_{node.kind}")(node)

    def wrap(self, node: Field, control: str, css: str = "") -> str:
        classes = "df-field" + (f" {css}" if css else "")
        if node.path in self.errors:
            classes += " has-error"
        return format_html(
            '<div class="{}" data-path="{}"><label for="{}">{}{}</label>{}{}{}</div>',
            classes,
            node.path,
            _html_id(node.path),
            node.label,
            mark_safe(' <span class="req" aria-hidden="true">*</span>')
            if node.required
            else "",
            mark_safe(control),
            mark_safe(self.help_html(node)),
            mark_safe(self.errors_html(node.path)),
        )

    def render_object(self, node: Field) -> str:
        shown = [c for c in node.children if not self.tucked(c)]
        tucked = [c for c in node.children if self.tucked(c)]
        inner = "".join(self.render(c) for c in shown)
        if tucked:
            # Open when something in it was entered or is wrong.
            busy = any(
                value_at(self.values, c.path) not in (None, [], "", 0, False)
                or any(p == c.path or p.startswith(c.path + ".") for p in self.errors)
                for c in tucked
            )
            inner += format_html(
                '<details class="df-more"{}><summary>More: {}</summary>{}</details>',
                mark_safe(" open") if busy else "",
                ", ".join(c.label.lower() for c in tucked),
                mark_safe("".join(self.render(c) for c in tucked)),
            )
        if not node.path:
            return inner
        return self.fieldset(node, inner)

    def tucked(self, node: Field) -> bool:
        """Optional fields that are rarely filled in go under "More"."""
        if not self.collapse or node.required:
            return False
        if node.kind in TUCKED_KINDS:
            return True
        return node.kind == "list" and not all(
            c.kind in ("cards", "card") for c in node.children
        )

    def fieldset(self, node: Field, inner: str, css: str = "df-group") -> str:
        return format_html(
            '<fieldset class="{}" data-path="{}"><legend>{}</legend>{}{}{}</fieldset>',
            css + (" has-error" if node.path in self.errors else ""),
            node.path,
            node.label,
            mark_safe(self.help_html(node)),
            mark_safe(self.errors_html(node.path)),
            mark_safe(inner),
        )

    def render_tuple(self, node: Field) -> str:
        inner = "".join(self.render(c) for c in node.children)
        return self.fieldset(node, inner, "df-group df-tuple")

    def render_list(self, node: Field) -> str:
        inner = "".join(self.render(c) for c in node.children)
        add = format_html(
            '<button type="button" class="df-add" data-add-to="{}">Add {}</button>',
            node.path,
            node.item_label.lower(),
        )
        return self.fieldset(
            node,
            format_html('<div class="df-slots">{}</div>{}', mark_safe(inner), add),
            "df-group df-list",
        )

    def render_union(self, node: Field) -> str:
        chosen = self.values_branch(node)
        name = _join(node.path, node.discriminator)
        toggle = "".join(
            format_html(
                '<label class="df-toggle-option"><input type="radio" name="{}" '
                'value="{}"{}> {}</label>',
                name,
                tag,
                mark_safe(" checked") if tag == chosen else "",
                label,
            )
            for tag, label, _ in node.branches
        )
        branches = "".join(
            format_html(
                '<div class="df-branch" data-branch="{}"{}>{}</div>',
                tag,
                mark_safe("") if tag == chosen else mark_safe(" hidden"),
                mark_safe(self.render_object(branch)),
            )
            for tag, _, branch in node.branches
        )
        return format_html(
            '<div class="df-union" data-union="{}" data-path="{}">'
            '<div class="df-toggle" role="radiogroup" aria-label="How to enter">'
            "{}</div>{}{}</div>",
            name,
            node.path,
            mark_safe(toggle),
            mark_safe(self.errors_html(node.path)),
            mark_safe(branches),
        )

    def values_branch(self, node: Field) -> str:
        tag = value_at(self.values, _join(node.path, node.discriminator))
        tags = [t for t, _, _ in node.branches]
        return tag if tag in tags else node.default_branch

    def current(self, node: Field) -> Any:
        value = value_at(self.values, node.path)
        if value is None and self.values is None and node.has_default:
            return node.default
        return value

    def render_cards(self, node: Field) -> str:
        control = format_html(
            '<input type="text" id="{}" name="{}" value="{}" data-cards{} '
            'autocomplete="off" autocapitalize="characters" spellcheck="false" '
            'placeholder="e.g. 7H 7D 7S Jo"{}>',
            _html_id(node.path),
            node.path,
            _display(self.current(node), "cards"),
            mark_safe(f' data-max="{node.maximum}"') if node.maximum else "",
            mark_safe(self.invalid_attrs(node.path)),
        )
        return self.wrap(node, control, "df-cards")

    def render_card(self, node: Field) -> str:
        return self.render_cards(node)

    def render_choice(self, node: Field) -> str:
        current = self.current(node)
        current = "" if current is None else str(current)
        options = list(node.choices)
        if len(options) <= RADIO_LIMIT:
            radios = []
            if not node.required and (not node.has_default or node.default is None):
                options = [("", "—"), *options]
            for value, label in options:
                radios.append(
                    format_html(
                        '<label class="df-radio"><input type="radio" name="{}" '
                        'value="{}"{}{}> {}</label>',
                        node.path,
                        value,
                        mark_safe(" checked") if str(value) == current else "",
                        mark_safe(self.invalid_attrs(node.path)),
                        label,
                    )
                )
            inner = format_html(
                '<div class="df-radios" role="radiogroup" id="{}">{}</div>',
                _html_id(node.path),
                mark_safe("".join(radios)),
            )
            return self.fieldset(node, inner, "df-choice")
        opts = [mark_safe('<option value="">—</option>')]
        for value, label in options:
            opts.append(
                format_html(
                    '<option value="{}"{}>{}</option>',
                    value,
                    mark_safe(" selected") if str(value) == current else "",
                    label,
                )
            )
        control = format_html(
            '<select id="{}" name="{}"{}>{}</select>',
            _html_id(node.path),
            node.path,
            mark_safe(self.invalid_attrs(node.path)),
            mark_safe("".join(opts)),
        )
        return self.wrap(node, control)

    def render_integer(self, node: Field) -> str:
        bounds = ""
        if node.minimum is not None:
            bounds += f' min="{int(node.minimum)}"'
        if node.maximum is not None:
            bounds += f' max="{int(node.maximum)}"'
        control = format_html(
            '<input type="number" id="{}" name="{}" value="{}" inputmode="numeric" '
            'step="1"{}{}>',
            _html_id(node.path),
            node.path,
            _display(self.current(node), "integer"),
            mark_safe(bounds),
            mark_safe(self.invalid_attrs(node.path)),
        )
        return self.wrap(node, control, "df-number")

    def render_number(self, node: Field) -> str:
        return self.render_integer(node)

    def render_boolean(self, node: Field) -> str:
        checked = bool(self.current(node))
        return format_html(
            '<div class="df-field df-check" data-path="{}">'
            '<input type="hidden" name="{}" value="false"><label>'
            '<input type="checkbox" id="{}" name="{}" value="true"{}> {}</label>{}{}'
            "</div>",
            node.path,
            node.path,
            _html_id(node.path),
            node.path,
            mark_safe(" checked") if checked else "",
            node.label,
            mark_safe(self.help_html(node)),
            mark_safe(self.errors_html(node.path)),
        )

    def _text(self, node: Field, placeholder: str = "") -> str:
        control = format_html(
            '<input type="text" id="{}" name="{}" value="{}" autocomplete="off"'
            ' placeholder="{}"{}>',
            _html_id(node.path),
            node.path,
            _display(self.current(node), node.kind),
            placeholder,
            mark_safe(self.invalid_attrs(node.path)),
        )
        return self.wrap(node, control)

    def render_text(self, node: Field) -> str:
        return self._text(node)

    def render_numbers(self, node: Field) -> str:
        return self._text(node, "numbers separated by spaces, e.g. 7 6")

    def render_words(self, node: Field) -> str:
        return self._text(node, "separated by spaces")

    def render_mixed(self, node: Field) -> str:
        return self._text(node, "a number, or cards such as 7H 7D 7S")

    def render_json(self, node: Field) -> str:
        return self._text(node, "JSON")


def render_form(
    node: Field,
    values: Any = None,
    errors: Sequence[Mapping[str, str]] = (),
    *,
    collapse: bool = True,
) -> tuple[SafeString, list[Mapping[str, str]]]:
    """HTML of the form's fields, and the errors that belong to no field.

    With ``collapse``, optional fields that are rarely filled in (numbers with a
    default, free lists, anything that is not cards or a choice) sit in a
    "More" disclosure per group, open when one of them has a value or an error.
    """
    placed, loose = place_errors(node, errors)
    return mark_safe(_Renderer(values, placed, collapse).render(node)), loose


# -- POST → deal ---------------------------------------------------------------------


_INT = re.compile(r"^[+-]?\d+$")


def _int_or_text(text: str) -> int | str:
    return int(text) if _INT.match(text) else text


def deal_from_post(node: Field, data: Mapping[str, Any]) -> Any:
    """The deal's JSON from posted fields named by path.

    Empty optional fields are left out (the game's defaults apply); empty slots of a
    variable-length list are dropped; text that is not a number stays text, so the
    engine reports it at its path. ``data`` is a ``QueryDict`` or a plain mapping.
    """
    return _read(node, data)


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
    if kind == "object":
        out = {}
        for child in node.children:
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
        for i in range(slots):
            child = node.children[i] if i < len(node.children) else _slot(node, i)
            value = _read(child, data)
            if value is not _EMPTY:
                values.append(value)
        if not values and not node.required:
            return _EMPTY
        return values
    if kind == "union":
        tag = _get(data, _join(node.path, node.discriminator)) or node.default_branch
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
    if kind in ("cards", "card", "text", "words"):
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


def _empty_value(node: Field) -> Any:
    """What an untouched position of a fixed-length array means."""
    if node.kind in ("cards", "list", "numbers", "words"):
        return []
    if node.kind == "object":
        return {}
    return None


def _indices(data: Mapping[str, Any], prefix: str) -> set[int]:
    found = set()
    for name in data:
        if name.startswith(prefix):
            head = name[len(prefix) :].split(".", 1)[0]
            if head.isdigit():
                found.add(int(head))
    return found


def _slot(node: Field, index: int) -> Field:
    """A slot the browser added to a list (the card picker's "Add meld")."""
    walker = _Walker({"$defs": node.defs}, Table())
    return walker.walk(
        node.item_schema or {}, _join(node.path, index), str(index), "", False
    )


__all__ = [
    "Field",
    "Table",
    "build_form",
    "deal_from_post",
    "deck_cards",
    "has_cards",
    "place_errors",
    "render_form",
    "value_at",
]
