"""Tuppi's deal: the bids, the tricks and the options (the terms are in
:mod:`games.rules.tuppi`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    Field,
    PlainSerializer,
    WithJsonSchema,
)

from games.engine.cards import Card, CardSyntaxError, parse_card
from games.engine.game import (
    MatchState,
)
from games.engine.inputs import (
    FrozenModel,
    SeatField,
    SideField,
    applies_when,
    derived_pair,
    input_error,
)
from games.engine.tricks import seat_role

SEATS = 4


TRICKS = 13


SOOLI_POINTS = 24


VERBAL_BIDS = ("rami", "nolo")


# 9.2: "not allowed to use a two or a face card as the bidding card".
BARRED_BIDDING_RANKS = frozenset({"2", "J", "Q", "K"})


def _to_bid(value: Any) -> Card | str:
    if isinstance(value, str) and value.strip().lower() in VERBAL_BIDS:
        return value.strip().lower()
    try:
        return parse_card(value)
    except CardSyntaxError:
        raise input_error(
            "bad_bid",
            "'{token}' is neither a card (7H, 10S …) nor a verbal bid (rami, nolo)",
            token=value,
        ) from None


Bid = Annotated[
    Card | str,
    BeforeValidator(_to_bid),
    PlainSerializer(lambda b: b.code if isinstance(b, Card) else b, return_type=str),
    WithJsonSchema(
        {
            "type": "string",
            "description": "The bidding card as exposed (red = rami, black = nolo), "
            "or 'rami' / 'nolo' for a verbal bid.",
            "examples": ["7H", "10S", "rami"],
        }
    ),
]


SeatIndex = Annotated[SeatField, Field(le=SEATS - 1)]


TrickCount = Annotated[int, Field(ge=0, le=TRICKS)]


class TuppiOptions(FrozenModel):
    """Variants clubs choose; the defaults are the book's."""

    sooli: bool = Field(
        True, description="Sooli may be bid (9.5: some players play without it)."
    )
    target: int = Field(52, ge=1, description="Points that win the game (9.4).")
    when_opponents_score: Literal["back_to_zero", "scorer_rises"] = Field(
        "back_to_zero",
        description="When the side that is not nousussa scores: back_to_zero wipes "
        "both sides to 0–0 (the book); scorer_rises wipes the rising side and the "
        "scorer keeps that deal's points and becomes nousussa.",
    )


class TuppiDeal(FrozenModel):
    """One deal as entered: the contract, who declared, and the tricks."""

    contract: Literal["rami", "nolo", "sooli"]
    declarer: Annotated[SeatIndex, seat_role("declarer")] | None = Field(
        None,
        description="Seat of the first rami bidder (rami; optional in sooli). "
        "May be left out when the bidding is recorded.",
        json_schema_extra=applies_when("contract", "rami", "sooli"),
    )
    soloist: Annotated[SeatIndex, seat_role("soloist")] | None = Field(
        None,
        description="Seat that bid sooli.",
        json_schema_extra=applies_when("contract", "sooli"),
    )
    tricks: tuple[TrickCount, ...] | None = Field(
        None,
        description="Tricks per side [side 0, side 1] or per seat [seat 0 … 3]; "
        "in sooli the soloist's side counts the soloist's tricks.",
        # A form asks for side 0's tricks; side 1 took the rest of the 13.
        json_schema_extra=derived_pair(TRICKS),
    )
    bids: tuple[Bid, ...] | None = Field(
        None,
        description="The exposed bids in order, from the player left of the dealer.",
    )
    conceded_by: Annotated[SideField, Field(le=1)] | None = Field(
        None,
        description="The rising side gave the deal up: no tricks are entered.",
    )


@dataclass(frozen=True, kw_only=True)
class TuppiState(MatchState):
    """``rising``: the side that is nousussa (holds points), or ``None`` at 0–0."""

    rising: int | None = None
