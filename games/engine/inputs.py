"""Building blocks for a game's deal input and options (pydantic models).

A game declares its deal input as pydantic models built from these pieces, so that the
same declaration validates what a scorer sent, exports JSON Schema for the API docs
and the entry form, and turns every problem into a :class:`RuleError` with a path.

**Roles.** What a number or a list *stands for* at the table is declared in the
schema, under the key ``x-role`` (:data:`ROLE`), so that forms and pages read it
instead of guessing from field names:

* ``seat`` (:data:`SeatField`) — an integer naming a seat: the declarer, the
  soloist, who went out, who knocked;
* ``side`` (:data:`SideField`) — an integer naming a side (who conceded);
* ``per_side`` (:data:`PER_SIDE`) — a list with one item per side, in side order;
* ``per_partner`` (:data:`PER_PARTNER`) — inside one side's item, a list with one
  item per seat of that side, partners in seat order (each partner's hand).

**Shortcuts.** A card list may declare common ways to fill it in one tap
(:data:`CARD_SHORTCUTS`, :class:`CardShortcuts`): a natural canasta of a rank is
seven cards of that rank, the suits being whatever the deck still has.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    GetCoreSchemaHandler,
    PlainSerializer,
    Tag,
    TypeAdapter,
    ValidationError,
    WithJsonSchema,
)
from pydantic_core import CoreSchema, PydanticCustomError, PydanticKnownError

from games.engine.cards import CARD_SPELLINGS, Card, split_tokens
from games.engine.errors import DealRejected, RuleError
from games.engine.input_messages import constraint_text, label_at
from games.engine.text import Text, msg
from games.engine.wording import any_of

CARD_PATTERN = (
    r"^\s*(?i:(10|[2-9TJQKA])[SHDC♠♥♦♣♤♡♢♧]|[SHDC♠♥♦♣♤♡♢♧](10|[2-9TJQKA])"
    r"|JO|JK|JOKER|★)\s*$"
)


ROLE = "x-role"
"""The JSON Schema key under which a field declares its role at the table."""

WIDGET = "x-widget"
"""The JSON Schema key under which a field asks the entry form for a widget of its
own (``dart``: a pad with one tap per dart); the form renders the partial template
of that name and reads the field back as its plain kind (words, numbers)."""

PIECES = "pieces"
"""The widget of a text of pieces picked from a set (``x-widget: pieces``): tiles
of Mah Jong, say. The form shows the set as a grid of buttons, each with how many
copies are left over every such field of the deal; a tap adds the piece's code to
the text (what is posted, what the engine parses). The settings, under
``x-pieces-*`` (:func:`piece_picker`): ``faces`` — ``[code, copies, group]`` per face
in the order shown; ``groups`` — the groups' ``{"label": ...}`` (English, translated
where shown); ``sets`` — the text holds sets separated by commas, and the picker
offers a button that starts the next set; ``shortcuts`` — ``{"kind": "same" |
"run", "size": n, "label": ...}``: a key that makes the next tap add ``n`` copies
of the piece (``same``: a pung is three alike) or the piece and the ``n − 1``
faces after it in its group (``run``: a chow), as a set of its own."""

TOKENS = "tokens"
"""The widget of a list of words each from a small fixed set (``x-widget:
tokens``): the turns of a round of betting. The form shows one button per word
(``x-tokens-keys``: ``[word, label]``, the label English, translated where shown);
a tap appends the word to the text, which shows the sequence; Undo takes the last
one off (:func:`token_keys`)."""


def piece_picker(
    faces: Sequence[tuple[str, int, int]],
    groups: Sequence[str],
    *,
    sets: bool = False,
    shortcuts: Sequence[tuple[str, int, str]] = (),
) -> dict[str, Any]:
    """``json_schema_extra`` of a text entered by tapping pieces (:data:`PIECES`):
    ``faces`` as ``(code, copies, group index)``, ``groups`` their English names,
    ``shortcuts`` as ``(kind, size, English label)``."""
    return {
        WIDGET: PIECES,
        "x-pieces-faces": [list(face) for face in faces],
        "x-pieces-groups": [{"label": label} for label in groups],
        "x-pieces-sets": sets,
        "x-pieces-shortcuts": [
            {"kind": kind, "size": size, "label": label}
            for kind, size, label in shortcuts
        ],
    }


def token_keys(keys: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """``json_schema_extra`` of a list of words entered by tapping them
    (:data:`TOKENS`): ``keys`` as ``(word, English label)``, in the order shown."""
    return {WIDGET: TOKENS, "x-tokens-keys": [list(key) for key in keys]}


SeatField = Annotated[int, Field(ge=0, json_schema_extra={ROLE: "seat"})]
"""A seat index (add the upper bound where the field is used: ``Field(le=3)``)."""


def seat_role(role: str) -> Any:
    """Mark a seat index of a deal input with its role at the table, on the integer
    itself (inside ``anyOf`` when the field is optional, where forms look):
    ``declarer: Annotated[Seat, seat_role("declarer")] | None``."""
    return Field(json_schema_extra={ROLE: "seat", "x-seat-role": role})


ENTRY = "x-entry"
"""The JSON Schema key under which a field declares how it is best entered:
``"tap"`` — a seat whose choice completes the entry, so that a form offers one
button per player that saves at once (one tap per event, :mod:`games.engine.events`)."""


def tap_seat_role(role: str) -> Any:
    """:func:`seat_role`, and the entry is saved by choosing the seat (``x-entry:
    tap``): ``by: Annotated[Seat, tap_seat_role("scored")] | None``."""
    return Field(json_schema_extra={ROLE: "seat", "x-seat-role": role, ENTRY: "tap"})


APPLIES = "x-applies"
"""The JSON Schema key under which a field says it applies only to some values of
another field of the same object: ``{"contract": ["sooli"]}`` — the soloist is
entered only in sooli. A form shows the field only while the other field has one of
those values, and ignores it otherwise; the engine still checks the deal.
Put it on the field with :func:`applies_when`."""


def applies_when(field: str, *values: Any) -> dict[str, Any]:
    """``json_schema_extra`` of a field that applies only while ``field`` (a
    sibling) has one of ``values``: ``Field(None, json_schema_extra=
    applies_when("contract", "rami", "sooli"))``."""
    return {APPLIES: {field: list(values)}}


DERIVED = "x-derived"
"""The JSON Schema key of a list of one number per side whose **other** number is
derived from a total: ``{"total": 13}`` — the scorer enters side 0's count and side 1
gets ``total − count`` (the tricks of a deal). A form asks for the one number; the
API still takes the whole list (and whatever else the model allows, such as one
count per seat), and the engine checks that the numbers add up. A pair that is not
one item per side of the table names its two positions: ``"labels": ["Declarer and
dummy", "Opponents"]``. A pair whose positions depend on another field of the same
object names them for those values: ``"labels_when": {"bolsu": [true]}`` with
``"when_labels": ["Declarer", "The three others"]`` (Klubiskruuvi's tricks are the
sides' in a teams' deal, [declarer, the three others] in a bolsu)."""

COUNT = "x-count"
"""The JSON Schema key of a small bounded count and how a form offers it:
``"buttons"`` — one button per value, one tap; ``"stepper"`` — a number with − and +.
On a :data:`DERIVED` list it describes the entered number."""


def derived_pair(
    total: int,
    count: str = "buttons",
    labels: tuple[str, str] | None = None,
    when: tuple[dict[str, Any], tuple[str, str]] | None = None,
) -> dict[str, Any]:
    """``json_schema_extra`` of a per-side pair whose second number is ``total``
    minus the first, entered as a count (:data:`COUNT`); ``labels`` name the two
    positions where they are not the table's sides; ``when`` names them while a
    sibling has some values: ``when=(applies_when("bolsu", True), (msg("Declarer"),
    msg("The three others")))``."""
    spec: dict[str, Any] = {"total": total}
    if labels is not None:
        spec["labels"] = list(labels)
    if when is not None:
        condition, named = when
        spec["labels_when"] = condition[APPLIES]
        spec["when_labels"] = list(named)
    return {DERIVED: spec, COUNT: count}


CONTRACT_GRID = "x-contract-grid"
"""The JSON Schema key of a deal object whose contract is entered as one grid:
``{"level": <a bounded integer field>, "strain": <an enum field>}`` — two sibling
fields chosen together, a row per level and a column per strain, one tap picking
both. A strain the level does not apply to (Skruuvi's pass misere, by the level's
own ``x-applies``) is offered beside the grid. Only how a form asks: the model, the
API and the engine's checks are the two fields as declared."""


def contract_grid(level: str = "level", strain: str = "strain") -> dict[str, Any]:
    """``json_schema_extra`` of a deal model whose ``level`` and ``strain`` fields
    are entered as one grid (:data:`CONTRACT_GRID`): ``model_config =
    ConfigDict(json_schema_extra=contract_grid(strain="contract"))``."""
    return {CONTRACT_GRID: {"level": level, "strain": strain}}


SideField = Annotated[int, Field(ge=0, json_schema_extra={ROLE: "side"})]
"""A side index."""

PER_SIDE = Field(json_schema_extra={ROLE: "per_side"})
"""Mark a list as one item per side: ``Annotated[tuple[X, X], PER_SIDE]``."""

PER_PARTNER = Field(json_schema_extra={ROLE: "per_partner"})
"""Mark a list inside a side's item as one item per partner, in seat order."""

TAP_GRID = "x-tap-grid"
"""The JSON Schema key of an object that a form may offer as a grid of buttons, one
tap per value: ``{"rows": <a side or seat field>, "cells": <an integer field>,
"blank": <whether a button for neither>}`` — one button per row choice and number
(an end of curling: the scoring side and its points; :mod:`games.engine.ends`)."""


def bound_schema(
    schema: Mapping[str, Any],
    bounds: Mapping[str, tuple[int | None, int | None]],
) -> dict[str, Any]:
    """A copy of a deal's JSON Schema with the integers at the dotted paths of
    ``bounds`` narrowed to ``(low, high)`` (``None`` keeps a side as it is; a bound
    never widens the schema's). A path is followed through ``$ref``, through every
    branch of a union (each entry mode) and into an optional number; a path the
    schema does not have is left alone."""
    out = copy.deepcopy(dict(schema))
    defs = out.get("$defs", {})

    def targets(node: dict[str, Any], parts: list[str]) -> list[dict[str, Any]]:
        ref = node.get("$ref")
        if isinstance(ref, str):
            node = defs.get(ref.rsplit("/", 1)[-1], {})
        found: list[dict[str, Any]] = []
        for option in node.get("oneOf", []) + node.get("anyOf", []):
            found += targets(option, parts)
        if not parts:
            if node.get("type") == "integer":
                found.append(node)
            return found
        child = node.get("properties", {}).get(parts[0])
        if isinstance(child, dict):
            found += targets(child, parts[1:])
        return found

    for path, (low, high) in bounds.items():
        for node in targets(out, path.split(".")):
            if low is not None:
                node["minimum"] = max(low, node.get("minimum", low))
            if high is not None:
                node["maximum"] = min(high, node.get("maximum", high))
    return out


NUMBER_BOUND = 1_000_000
"""Default range of a number that its model leaves open: ``-NUMBER_BOUND…NUMBER_BOUND``.

A game declares the range of each number it knows one for (a seat, a trick count,
a target); this bound closes the others, so that no number of a deal or of options
is unbounded (a target of 10**30 is refused, not played to)."""

TEXT_BOUND = 1_000
"""Default longest text of an input model's string field (a name, a mode …)."""


def _tighten(node: Any) -> None:
    """Make every number and boolean of a core schema strict, and bound it.

    Strict: a boolean is never taken as an integer (``"declarer": true`` is not seat
    1), an integer or a float never as a boolean, a float never as an integer. Where
    a field declares no upper or lower bound, :data:`NUMBER_BOUND` applies; a string
    without a declared length gets :data:`TEXT_BOUND`. Walks the whole schema (lists,
    tuples, unions, nested models) in place.
    """
    if isinstance(node, dict):
        kind = node.get("type")
        if kind in ("int", "float", "bool"):
            node["strict"] = True
        if kind in ("int", "float"):
            if "le" not in node and "lt" not in node:
                node["le"] = NUMBER_BOUND
            if "ge" not in node and "gt" not in node:
                node["ge"] = -NUMBER_BOUND
        elif kind == "str" and "max_length" not in node:
            node["max_length"] = TEXT_BOUND
        for value in node.values():
            _tighten(value)
    elif isinstance(node, list):
        for value in node:
            _tighten(value)


class FrozenModel(BaseModel):
    """Base of every input model: immutable, unknown fields are errors, and every
    number, boolean and string is strict and bounded (:func:`_tighten`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[BaseModel], handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        schema = handler(source)
        _tighten(schema)
        return schema


def _to_card(value: Any) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        card = CARD_SPELLINGS.get(value.strip().upper())
        if card is not None:
            return card
    raise input_error(
        "bad_card",
        "'{token}' is not a card (write e.g. KH, 10D, K♥ or Jo)",
        token=value,
    )


def _to_card_list(value: Any) -> Any:
    # A scorer may type a whole meld as one string: "7H 7D 7S Jo".
    return split_tokens(value) if isinstance(value, str) else value


CardField = Annotated[
    Card,
    BeforeValidator(_to_card),
    PlainSerializer(lambda c: c.code, return_type=str),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": CARD_PATTERN,
            "description": "A card: KH, 10D, K♥, ♥K, TD; Jo/JK/★ for a joker.",
            "examples": ["KH", "10D", "Jo"],
        }
    ),
]
"""One card, parsed from what people type; serialised in canonical form."""

CardList = Annotated[
    tuple[CardField, ...],
    BeforeValidator(_to_card_list),
    WithJsonSchema(
        {
            "oneOf": [
                {
                    "type": "array",
                    "items": {"type": "string", "pattern": CARD_PATTERN},
                },
                {
                    "type": "string",
                    "description": "Cards separated by spaces or commas",
                },
            ],
            "examples": [["7H", "7D", "7S", "Jo"], "7H 7D 7S Jo"],
        }
    ),
]
"""A list of cards, or one string of them separated by spaces or commas."""


CARD_SHORTCUTS = "x-card-shortcuts"
"""The JSON Schema key under which a card list declares its shortcuts: a list of
``{"kind": "same_rank", "label": ..., "size": 7, "ranks": ["4", …, "A"]}``
(:class:`SameRank`). A form offers each as a button that fills the list at once."""


@dataclass(frozen=True, slots=True)
class SameRank:
    """A shortcut: ``size`` cards of one rank, the rank chosen among ``ranks`` (in
    the order offered), every card a natural of that rank — no joker, and no two
    unless the rank is ``"2"`` — the suits being those the deck still has.

    ``label`` is English (a :func:`~games.engine.text.msg`), translated where it
    is shown."""

    label: str
    size: int
    ranks: tuple[str, ...]

    def as_schema(self) -> dict[str, Any]:
        return {
            "kind": "same_rank",
            "label": self.label,
            "size": self.size,
            "ranks": list(self.ranks),
        }


@dataclass(frozen=True, slots=True, init=False)
class CardShortcuts:
    """Declare shortcuts on a card list, in its JSON Schema (:data:`CARD_SHORTCUTS`):
    ``Meld = Annotated[CardList, CardShortcuts(natural_canasta)]``. Validation is
    unchanged: a shortcut only fills the list, the engine checks what it holds."""

    shortcuts: tuple[SameRank, ...]

    def __init__(self, *shortcuts: SameRank) -> None:
        object.__setattr__(self, "shortcuts", shortcuts)

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: Any
    ) -> dict[str, Any]:
        schema = handler.resolve_ref_schema(handler(core_schema))
        return {**schema, CARD_SHORTCUTS: [s.as_schema() for s in self.shortcuts]}


_INPUT_TEMPLATES: dict[str, str] = {}
"""The English template of each custom input error, by its type (code)."""


def input_error(code: str, template: str, /, **ctx: Any) -> PydanticCustomError:
    """A validator's error for the scorer: raise it from a validator. The template
    is remembered by ``code``, so :func:`validation_errors` keeps the message
    translatable (:class:`~games.engine.text.Text`)."""
    _INPUT_TEMPLATES[code] = template
    return PydanticCustomError(code, template, ctx)


def validation_errors(
    exc: ValidationError, prefix: str = "", schema: Mapping[str, Any] | None = None
) -> list[RuleError]:
    """Turn pydantic's errors into :class:`RuleError` with dotted paths; with the
    input's JSON ``schema``, each message names its field by label and says the
    broken rule in words (:mod:`games.engine.input_messages`)."""
    errors = []
    for err in exc.errors(include_url=False):
        # Tagged unions add the tag as a path element; a scorer never typed it.
        kept = [p for p in err["loc"] if not _is_union_tag(p)]
        loc = [str(p) for p in kept]
        path = ".".join([prefix, *loc] if prefix else loc)
        ctx = _input_ctx(err)
        message = _input_message(err, ctx)
        label, node = label_at(schema, kept)
        message = constraint_text(err, ctx, message, label, node)
        errors.append(RuleError(path, err["type"], message))
    return errors


def _input_ctx(err: Mapping[str, Any]) -> dict[str, Any]:
    ctx = {
        k: v if isinstance(v, (str, int, float, bool)) else str(v)
        for k, v in (err.get("ctx") or {}).items()
    }
    expected = ctx.get("expected")
    if isinstance(expected, str) and " or " in expected:
        # Pydantic words the choices "'rami', 'nolo' or 'sooli'": the quoted
        # choices are codes, the "or" a word of the reader's language.
        first, _, last = expected.rpartition(" or ")
        ctx["expected"] = any_of([first, last])
    return ctx


def _input_message(err: Mapping[str, Any], ctx: Mapping[str, Any]) -> str:
    """Pydantic's message as a :class:`Text` of its template, where the template
    renders exactly the message pydantic wrote; else the message as it is."""
    template = _INPUT_TEMPLATES.get(err["type"])
    if template is None:
        try:
            template = PydanticKnownError(err["type"], ctx or None).message_template
        except (KeyError, TypeError, ValueError):
            return err["msg"]
    try:
        text = Text(template, ctx)
    except (KeyError, IndexError, ValueError):
        return err["msg"]
    return text if text == err["msg"] else err["msg"]


def _is_union_tag(part: Any) -> bool:
    return isinstance(part, str) and part.startswith("function-")


def deal_mode(value: Any) -> str:
    """The entry mode of a raw or parsed deal (``"cards"`` when it names none).

    A mode that is not a string (a list, say) is returned as ``""``: it matches no
    adapter, so the scorer gets ``bad_mode`` rather than a ``TypeError``.
    """
    if isinstance(value, dict):
        mode = value.get("mode", "cards")
    else:
        mode = getattr(value, "mode", "cards")
    return mode if isinstance(mode, str) else ""


def parse_by_mode(adapters: Mapping[str, TypeAdapter], raw: Any) -> Any:
    """Validate ``raw`` with the adapter of its entry mode (cards, totals …)."""
    adapter = adapters.get(deal_mode(raw))
    if adapter is None:
        raise DealRejected(
            [
                RuleError(
                    "mode",
                    "bad_mode",
                    msg("mode is {modes}", modes=any_of([repr(m) for m in adapters])),
                )
            ]
        )
    try:
        return adapter.validate_python(raw)
    except ValidationError as exc:
        raise DealRejected(
            validation_errors(exc, schema=adapter.json_schema())
        ) from None


def mode_union(modes: Mapping[str, Any]) -> Any:
    """The one type of a deal entered in modes (``{"cards": Cards, "totals":
    Totals}``): a union of the modes' types in their order, told apart by
    :func:`deal_mode`. It is the deal's JSON Schema; a game that declares
    ``deal_modes`` gets it as its ``deal_input`` (see :class:`games.engine.Game`)."""
    if len(modes) == 1:
        return next(iter(modes.values()))
    members = tuple(Annotated[model, Tag(mode)] for mode, model in modes.items())
    return Annotated[Union[members], Discriminator(deal_mode)]  # noqa: UP007
