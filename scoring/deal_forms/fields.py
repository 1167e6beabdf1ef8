"""The deal form's tree of fields: a Field node per input, the table it is entered at,
and reading a posted value by its path."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

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
    """The form's table from a match's sides (``scoring.selectors.match_side_list``)."""
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
    label: str  # in the reader's language
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
    # a widget the schema asks for (``x-widget``) and its settings: ``x-<widget>-*``
    # keys (the dart pad), or ``x-grid`` for a board of points (``grid``)
    widget: str = ""
    widget_options: Mapping[str, Any] = field(default_factory=dict)
    # a choice that completes the entry (``x-entry: tap``): one submit button each
    tap: bool = False
    # shown only while a sibling field has one of some values (``x-applies``):
    # (that field's path, the values as posted)
    applies: tuple[str, tuple[str, ...]] | None = None
    # a small count offered as buttons or a stepper (``x-count``)
    count: str = ""
    # a per-side pair whose second number is ``total`` − the first (``x-derived``)
    total: int | None = None
    # the English label the declaration gives (``label`` is its translation): a
    # list's items are named by its singular ("Melds" → "Meld 2")
    term: str = ""
    # a card list's one-tap fillings (``x-card-shortcuts``), as the game declares them
    shortcuts: Sequence[Mapping[str, Any]] = ()
    # its two positions' names while a sibling has some values (``labels_when``):
    # (that field's path, the values as posted, the two names)
    labels_when: tuple[str, tuple[str, ...], tuple[str, str]] | None = None


def has_cards(node: Field) -> bool:
    """Does the form have a card field (and so needs the card picker)?"""
    if node.kind in ("cards", "card"):
        return True
    return any(has_cards(c) for c in node.children) or any(
        has_cards(b) for _, _, b in node.branches
    )


def value_at(values: Any, path: str) -> Any:
    """The value at a dotted path of a deal as entered (``None`` where absent)."""
    current = values
    for part in path.split(".") if path else []:
        if isinstance(current, Mapping):
            current = current.get(part)
        elif isinstance(current, list | tuple) and part.isascii() and part.isdigit():
            index = int(part)
            current = current[index] if index < len(current) else None
        else:
            return None
    return current
