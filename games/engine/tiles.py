"""Mah Jong tiles: one parser for what people type, one canonical form, the set.

Book ``001_b57793035adc3f64.txt`` §42.1 (l.2788–2812): 144 tiles. Three **suits**
(circles, bamboos, characters) numbered 1–9, four **winds** (east, south, west,
north), three **dragons** (red, green, white) — four identical copies of each — and
eight **flowers**, two of each number 1–4 (flower *n* belongs to the *n*-th wind,
§42.11). Suit tiles 1 and 9 are **terminals**; winds and dragons are **honours**.

Canonical codes (what the engine writes back):

* suit tiles: number + suit letter — ``1C``…``9C`` circles, ``1B``…``9B`` bamboos,
  ``1K``…``9K`` characters;
* winds: ``E``, ``S``, ``W``, ``N`` (the Western letter on the tile);
* dragons: ``RD``, ``GD``, ``WD``;
* flowers: ``F1``…``F4``.

Other spellings accepted (case-insensitive): ``D``/``P`` for circles (dots, pin),
``S`` after a number for bamboos (sou), ``M`` after a number for characters (man);
``EW``/``SW``/``WW``/``NW`` and the winds' names; ``R``/``G``/``Wh`` and the
dragons' colours; ``1F`` for ``F1``. A **run** of digits before a suit letter is
several tiles of that suit: ``123C`` is ``1C 2C 3C``, ``5555B`` a kong of fives.

The two flowers of a number score alike (§42.12.1 reads only the number), so the
model keeps them as one face with two copies: no face is in the set more often than
:data:`MAH_JONG_SET` says (four, a flower number two).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.engine.errors import RuleError
from games.engine.inputs import piece_picker
from games.engine.text import Text, msg


class Kind(StrEnum):
    SUIT = "suit"
    WIND = "wind"
    DRAGON = "dragon"
    FLOWER = "flower"


class Wind(StrEnum):
    """The four winds, in the order they are dealt (§42.4) and rotate."""

    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    NORTH = "N"

    @property
    def index(self) -> int:
        return WINDS.index(self)

    @property
    def title(self) -> Text:
        return _WIND_TITLES[self]


WINDS: tuple[Wind, ...] = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
_WIND_TITLES = {
    Wind.EAST: msg("East"),
    Wind.SOUTH: msg("South"),
    Wind.WEST: msg("West"),
    Wind.NORTH: msg("North"),
}

SUITS = {"C": "circles", "B": "bamboos", "K": "characters"}
DRAGONS = {"RD": "red dragon", "GD": "green dragon", "WD": "white dragon"}


@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """One face of the set. ``suit`` is ``C``/``B``/``K`` for suit tiles, ``number``
    1–9 for suit tiles and 1–4 for flowers; ``code`` is canonical.

    Each face exists once (:data:`TILES`; the parser returns those objects), so a
    tile equals only itself and hashes by identity — the counting and splitting
    of hands hash tiles tens of thousands of times a second. Tiles sort by
    ``sort_key``: circles, bamboos, characters, winds, dragons, flowers.
    """

    sort_key: int
    code: str
    kind: Kind
    suit: str = ""
    number: int = 0

    @property
    def is_suit(self) -> bool:
        return self.kind is Kind.SUIT

    @property
    def is_honour(self) -> bool:
        return self.kind in (Kind.WIND, Kind.DRAGON)

    @property
    def is_terminal(self) -> bool:
        return self.kind is Kind.SUIT and self.number in (1, 9)

    @property
    def is_dragon(self) -> bool:
        return self.kind is Kind.DRAGON

    @property
    def is_flower(self) -> bool:
        return self.kind is Kind.FLOWER

    @property
    def wind(self) -> Wind | None:
        """A wind tile's wind, a flower's (§42.11: flower 1 is east's …)."""
        if self.kind is Kind.WIND:
            return Wind(self.code)
        if self.kind is Kind.FLOWER:
            return WINDS[self.number - 1]
        return None

    def next_in_suit(self, step: int = 1) -> Tile | None:
        """The suit tile ``step`` numbers higher, or ``None``."""
        if self.kind is not Kind.SUIT or not 1 <= self.number + step <= 9:
            return None
        return TILES[f"{self.number + step}{self.suit}"]

    def __lt__(self, other: Tile) -> bool:
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        return self.code


def _build() -> dict[str, Tile]:
    tiles: dict[str, Tile] = {}
    key = 0
    for suit in SUITS:
        for n in range(1, 10):
            tiles[f"{n}{suit}"] = Tile(key, f"{n}{suit}", Kind.SUIT, suit, n)
            key += 1
    for wind in WINDS:
        tiles[wind.value] = Tile(key, wind.value, Kind.WIND)
        key += 1
    for code in DRAGONS:
        tiles[code] = Tile(key, code, Kind.DRAGON)
        key += 1
    for n in range(1, 5):
        tiles[f"F{n}"] = Tile(key, f"F{n}", Kind.FLOWER, "", n)
        key += 1
    return tiles


TILES: Mapping[str, Tile] = _build()
"""Every face by canonical code."""

MAH_JONG_SET: Mapping[Tile, int] = {
    tile: 2 if tile.is_flower else 4 for tile in TILES.values()
}
"""Copies of each face in the 144-tile set (§42.1)."""

_GROUPS = (
    msg("Circles"),
    msg("Bamboos"),
    msg("Characters"),
    msg("Winds"),
    msg("Dragons"),
    msg("Flowers"),
)


def _group(tile: Tile) -> int:
    if tile.is_suit:
        return list(SUITS).index(tile.suit)
    return {Kind.WIND: 3, Kind.DRAGON: 4, Kind.FLOWER: 5}[tile.kind]


def tile_picker(*, sets: bool = False) -> dict[str, Any]:
    """``json_schema_extra`` of a text of tiles entered by tapping them in the
    entry form (:func:`games.engine.inputs.piece_picker`): the faces of
    :data:`MAH_JONG_SET` grouped by suit, winds, dragons and flowers; ``sets``: the
    text holds sets separated by commas (a player's melded sets)."""
    faces = [(t.code, MAH_JONG_SET[t], _group(t)) for t in sorted(TILES.values())]
    return piece_picker(faces, _GROUPS, sets=sets, shortcuts=_SETS)


#: The combinations of §42.6 as the picker's shortcuts: one tap for the set's kind, one
#: for its (first) tile.
_SETS = (
    ("same", 3, msg("Pung: 3 alike")),
    ("same", 4, msg("Kong: 4 alike")),
    ("run", 3, msg("Chow: 3 in a row")),
)


_SUIT_ALIASES = {"C": "C", "D": "C", "P": "C", "B": "B", "S": "B", "K": "K", "M": "K"}
_NAMES = {
    "EAST": "E",
    "SOUTH": "S",
    "WEST": "W",
    "NORTH": "N",
    "EW": "E",
    "SW": "S",
    "WW": "W",
    "NW": "N",
    "R": "RD",
    "G": "GD",
    "WH": "WD",
    "RED": "RD",
    "GREEN": "GD",
    "WHITE": "WD",
}


def _spellings() -> dict[str, tuple[Tile, ...]]:
    out: dict[str, tuple[Tile, ...]] = {code: (tile,) for code, tile in TILES.items()}
    for alias, code in _NAMES.items():
        out[alias] = (TILES[code],)
    for n in range(1, 5):
        out[f"{n}F"] = (TILES[f"F{n}"],)
    return out


_SPELLINGS = _spellings()
_RUN = re.compile(r"^([1-9]+)([A-Z])$")
_SEPARATORS = re.compile(r"[\s,;]+")


class TileError(ValueError):
    """A token that is no tile; ``token`` is what was typed, ``message`` the text
    for the scorer."""

    def __init__(self, token: str):
        self.message = msg(
            "'{token}' is not a tile (write e.g. 1C 2B 9K, E S W N, RD GD WD, F1; "
            "123C for a run)",
            token=token,
        )
        super().__init__(self.message)
        self.token = token


def parse_token(token: str) -> tuple[Tile, ...]:
    """The tiles one typed token stands for (``7B``, ``RD``, ``123C``)."""
    text = token.strip().upper()
    found = _SPELLINGS.get(text)
    if found is not None:
        return found
    run = _RUN.match(text)
    if run and run.group(2) in _SUIT_ALIASES:
        suit = _SUIT_ALIASES[run.group(2)]
        return tuple(TILES[f"{d}{suit}"] for d in run.group(1))
    raise TileError(token)


def parse_tiles(text: str | Iterable[str]) -> tuple[Tile, ...]:
    """Tiles from a string (spaces or commas between tokens) or a list of tokens."""
    tokens = _SEPARATORS.split(text.strip()) if isinstance(text, str) else list(text)
    out: list[Tile] = []
    for token in tokens:
        if token:
            out.extend(parse_token(token))
    return tuple(out)


def parse_groups(text: str | Iterable[str | Iterable[str]]) -> tuple[tuple[Tile, ...]]:
    """Groups of tiles (sets) from ``"1C 2C 3C, RD RD RD"`` (a comma or a semicolon
    between groups) or from a list whose items are a group each."""
    if isinstance(text, str):
        parts = [p for p in re.split(r"[,;]", text) if p.strip()]
    else:
        parts = list(text)
    return tuple(parse_tiles(part) for part in parts)


def codes(tiles: Iterable[Tile]) -> str:
    """Tiles as canonical codes separated by spaces."""
    return " ".join(t.code for t in tiles)


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles))


def count_errors(
    placed: Sequence[tuple[str, Sequence[Tile]]],
    tile_set: Mapping[Tile, int] = MAH_JONG_SET,
    *,
    section: str = "§42.1",
) -> list[RuleError]:
    """``too_many_copies`` at the place where a face went over what the set holds.

    ``placed`` is ``(path, tiles)`` for every group entered in a deal, in entry
    order; the error names the face, how many copies the set has and every place it
    was entered.
    """
    seen: Counter[Tile] = Counter()
    where: dict[Tile, list[str]] = {}
    over: dict[Tile, str] = {}
    for path, tiles in placed:
        for tile in tiles:
            seen[tile] += 1
            paths = where.setdefault(tile, [])
            if path not in paths:
                paths.append(path)
            if seen[tile] > tile_set.get(tile, 0) and tile not in over:
                over[tile] = path
    return [
        RuleError(
            path,
            "too_many_copies",
            msg(
                "{tile} entered {count} times ({places}): the set has {copies} "
                "({section})",
                tile=tile.code,
                count=seen[tile],
                places=", ".join(where[tile]),
                copies=tile_set.get(tile, 0),
                section=section,
            ),
        )
        for tile, path in over.items()
    ]
