"""The deal of Modern Skruuvi and Klubiskruuvi as a scorer enters it.

Source: ``001_b57793035adc3f64.txt §15`` (15.5 contract, 15.6 knocking, 15.8 aces,
15.9 pass misere) and ``§16``. The terms are in :mod:`games.engine.skruuvi.family`;
the seat fields carry ``x-role: seat`` in the JSON Schema
(:func:`games.engine.tricks.seat_role`) so that forms know them without guessing.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from games.engine.inputs import (
    COUNT,
    FrozenModel,
    applies_when,
    contract_grid,
    derived_pair,
)
from games.engine.tricks import AcePlace, seat_role
from games.engine.tricks.strains import STRAIN_WORDS

SEATS = 4
TRICKS = 13
PASS_MISERE = "pass_misere"
TYPES = ("misere", "spades", "clubs", "diamonds", "hearts", "no_trump")
TYPE_NAMES = STRAIN_WORDS  # "no trump" inside a text, translated with it
BASIC, KOTKA, BOLSU = "basic", "kotka", "bolsu"

# The contracts that are bid (every one but the pass misere), and the misere ones,
# where the aces are entered: what the entry form shows for each contract.
BID = ("misere", "spades", "clubs", "diamonds", "hearts", "no_trump")
MISERES = ("misere", "pass_misere")

Seat = Annotated[int, Field(ge=0, le=SEATS - 1)]
TrickCount = Annotated[int, Field(ge=0, le=TRICKS)]


class Knock(FrozenModel):
    """A knock, and the kontra-knock that answered it (if any)."""

    by: Annotated[Seat, seat_role("knocker")] = Field(
        description="Seat of the player who knocked (scores double)."
    )
    kontra_by: Annotated[Seat, seat_role("kontra_knocker")] | None = Field(
        None,
        description="Seat of the player who kontra-knocked (scores quadruple), "
        "if anyone did.",
    )


class SkruuviDeal(FrozenModel):
    """One deal as entered: the contract, who declared, knocks, tricks and aces."""

    # A form asks for the level and the contract with one tap on a grid.
    model_config = ConfigDict(json_schema_extra=contract_grid(strain="contract"))

    contract: Literal[
        "misere", "spades", "clubs", "diamonds", "hearts", "no_trump", "pass_misere"
    ] = Field(
        description="The type of the contract, or pass_misere when everyone passed "
        "at the first turn."
    )
    level: Annotated[int, Field(ge=1, le=7)] | None = Field(
        None,
        description="The number part of the contract as bid (1–7); below five it is "
        "raised to five. Not in a pass misere.",
        json_schema_extra={COUNT: "buttons", **applies_when("contract", *BID)},
    )
    declarer: Annotated[Seat, seat_role("declarer")] | None = Field(
        None,
        description="Seat of the declarer (the highest bidder). Not in a pass misere.",
        json_schema_extra=applies_when("contract", *BID),
    )
    tricks: tuple[TrickCount, ...] = Field(
        description="Tricks taken per side [side 0, side 1] or per seat "
        "[seat 0, 1, 2, 3].",
        # A form asks for side 0's tricks; side 1 took the rest of the 13.
        json_schema_extra=derived_pair(TRICKS),
    )
    # The item counts are stated in the schema (the entry form shows that many
    # slots); the rules check them, with their own codes (one_knock, four_aces).
    knocks: tuple[Knock, ...] = Field(
        (),
        description="The knock of the deal (at most one), with its kontra-knock.",
        json_schema_extra={"maxItems": 1},
    )
    aces: (
        Annotated[
            tuple[AcePlace, ...],
            Field(json_schema_extra={"minItems": 4, "maxItems": 4}),
        ]
        | None
    ) = Field(
        None,
        description="Misere and pass misere: where each of the four aces fell.",
        json_schema_extra=applies_when("contract", *MISERES),
    )
