"""Tuomas's Mah Jong: what the scorer enters (the deal's JSON Schema) and the options.

Book ``001_b57793035adc3f64.txt`` §42; the package docstring (``__init__``) has the
terms and the readings.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from games.engine.inputs import PER_SIDE, FrozenModel, SeatField, seat_role
from games.engine.tiles import tile_picker

PLAYERS = 4
SHORT_DEALS, LONG_DEALS = 4, 8  # §42.2
START = {"short": 1000, "long": 2000}  # §42.3
COMBINATIONS = 4  # §42.7
HAND_TILES = 14  # four combinations and a pair, kongs' fourth tiles aside
LOSER_TILES = 13  # §42.4: a hand is 13 tiles between turns
WON_BY = ("discard", "wall", "replacement")
TEXT = 200  # the longest entry of one field: a hand is 18 tiles at most

Seat = Annotated[SeatField, Field(le=PLAYERS - 1)]
# Texts of tiles; the entry form offers the tile picker (tap a tile to add it).
TileText = Annotated[str, Field(max_length=TEXT, json_schema_extra=tile_picker())]
SetsText = Annotated[
    str, Field(max_length=TEXT, json_schema_extra=tile_picker(sets=True))
]
# "default" in the schema only: the entry form starts each position at 0.
Value = Annotated[int, Field(ge=0, le=1_000_000, json_schema_extra={"default": 0})]


class MahjongOptions(FrozenModel):
    length: Literal["short", "long"] = Field(
        "short",
        description="A short game is four deals, a long game eight; the round wind "
        "is south in the last four of a long game (§42.2).",
    )
    start: int | None = Field(
        None,
        ge=2,
        le=100_000,
        description="Chips each player starts with (default 1000 in a short game, "
        "2000 in a long one, §42.3).",
    )
    void_deal_counts: bool = Field(
        True,
        description="A void deal (§42.10) is one of the game's deals and the winds "
        "rotate; off: it is played again with the same winds.",
    )
    replacement_is_from_wall: bool = Field(
        True,
        description="Winning on a replacement tile scores the 2 for a tile from "
        "the wall as well as its 10 (§42.12.2).",
    )


class MahjongHand(FrozenModel):
    # One player's tiles at the end of a deal (no docstring: it would be the
    # schema's description, repeated on the form under every player).

    melded: SetsText = Field(
        "",
        description="Sets melded face up, commas between sets: 1C 2C 3C, RD RD RD "
        "(the set the winning discard completed is melded too, §42.8).",
    )
    concealed_kongs: SetsText = Field(
        "", description="Kongs melded face down, commas between them: 9K 9K 9K 9K."
    )
    hand: TileText = Field(
        "",
        description="The tiles still in the hand (not melded): 4C 5C 6C GD GD GD "
        "RD RD; 456C is 4C 5C 6C.",
    )
    flowers: TileText = Field("", description="Flowers melded: F1 F3 (§42.11).")


def _no_hands() -> tuple[MahjongHand, ...]:
    return tuple(MahjongHand() for _ in range(PLAYERS))


class MahjongTiles(FrozenModel):
    """A deal entered as every player's tiles; the engine scores them."""

    mode: Literal["tiles"] = "tiles"
    winner: Annotated[Seat, seat_role("winner")] | None = Field(
        None, description="Who went Mah Jong; nobody: a void deal (§42.10)."
    )
    won_by: Literal["discard", "wall", "replacement"] = Field(
        "discard",
        description="Where the winning tile came from: a discard, the wall, or a "
        "replacement tile for a flower or a kong (§42.12.2).",
    )
    hands: Annotated[
        tuple[MahjongHand, MahjongHand, MahjongHand, MahjongHand], PER_SIDE
    ] = Field(default_factory=_no_hands, description="Each player's tiles, by seat.")


class MahjongTotals(FrozenModel):
    """A deal entered as the values the table counted (not checked against tiles)."""

    mode: Literal["totals"]
    winner: Annotated[Seat, seat_role("winner")] | None = Field(
        None, description="Who went Mah Jong; nobody: a void deal (§42.10)."
    )
    values: Annotated[tuple[Value, Value, Value, Value], PER_SIDE] = Field(
        (0, 0, 0, 0),
        description="By seat: the winner's hand value, each loser's Category I "
        "value (§42.12.3).",
    )
