"""Sleazy's values, options, deal input and match state (terms: the package)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from games.engine.game import MatchState
from games.engine.inputs import PER_SIDE, CardField, CardList, FrozenModel
from games.engine.melds import Fault, SetRule, Wilds, Wording
from games.engine.rank_words import RANK_PLURALS
from games.engine.text import Side, msg

PURE_PAIR = 25
BASIC_SET = 50
FULL_SET = 100
COLOUR_SET = 100
HIGHER_CLASS = frozenset({"J", "Q", "K", "A"})  # "x 2"
UNIT = 25  # every value is a multiple of it
RANK_NAMES = RANK_PLURALS

# A pair: two cards of a number, never the joker; a set: four of a number, the
# joker standing for at most one of them. Each reports its first fault only.
PAIR = SetRule(min_length=2, max_length=2, wilds=Wilds(max_per_meld=0))
SET = SetRule(min_length=4, max_length=4, wilds=Wilds(max_per_meld=1))
_JOKER_IN_PAIR = (
    "joker_in_pair",
    msg("the joker only lives in a set, never in a pair"),
)
_PAIR_SIZE = (
    "pair_size",
    lambda length: msg("a pair is 2 cards, not {length}", length=length),
)
PAIR_WORDING: Wording = {
    Fault.TOO_SHORT: _PAIR_SIZE,
    Fault.TOO_LONG: _PAIR_SIZE,
    Fault.TOO_MANY_WILDS: _JOKER_IN_PAIR,
    Fault.TOO_FEW_NATURALS: _JOKER_IN_PAIR,
    Fault.MIXED_RANKS: (
        "mixed_numbers",
        msg("a pair is two cards of the same number"),
    ),
}
_SET_SIZE = (
    "set_size",
    lambda length: msg(
        "a set is 4 cards (the joker may be one), not {length}", length=length
    ),
)
_TOO_MANY_JOKERS = (
    "too_many_jokers",
    msg("the joker may stand for the one missing card of a set, no more"),
)
SET_WORDING: Wording = {
    Fault.TOO_SHORT: _SET_SIZE,
    Fault.TOO_LONG: _SET_SIZE,
    Fault.TOO_MANY_WILDS: _TOO_MANY_JOKERS,
    Fault.TOO_FEW_NATURALS: _TOO_MANY_JOKERS,
    Fault.MIXED_RANKS: (
        "mixed_numbers",
        msg("a set is four cards of the same number"),
    ),
}

Variation = Literal["duel", "double", "triple", "burying_bastards"]

# Seats clockwise, as sides. Teammates sit next to each other (PLAYER VARIATIONS).
TABLES_BY_VARIATION: dict[str, tuple[tuple[int, ...], ...]] = {
    "duel": ((0, 1),),
    "double": ((0, 0, 1, 1), (0, 1, 1, 0)),
    "burying_bastards": ((0, 0, 1, 1), (0, 1, 1, 0)),
    # In a ring of three any two seats are neighbours: the team is either side.
    "triple": ((0, 0, 1), (0, 1, 0), (1, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)),
}


class SleazyOptions(FrozenModel):
    """Variants; the defaults are the rulebook's basic two-player full game."""

    rounds: Literal[2, 4] = Field(
        4,
        description="4 rounds (full game, the tradition) or 2 (short game).",
    )
    magic_hat: bool = Field(
        False, description="EXTENSION: Magic Hat (the colours may be swapped)."
    )
    colour_set: bool = Field(
        False, description="EXTENSION: Colour Set (the colour card can be taken)."
    )
    variation: Variation = Field(
        "duel",
        description="duel (2 players), double (2 v 2), triple (2 v 1), "
        "burying_bastards (2 v 2, turns counter-clockwise).",
    )


class SleazySet(FrozenModel):
    """A set on a side: four cards of a number (the joker may stand for one)."""

    kind: Literal["basic", "full", "colour"] = Field(
        description="basic (a stolen pair, 50), full (Joker's or Master's trick, "
        "100), colour (Colour Set extension, 100)."
    )
    cards: CardList


class SleazySide(FrozenModel):
    """The sets kept on one side of the collection area."""

    sets: tuple[SleazySet, ...] = ()


class SleazyCards(FrozenModel):
    """A round entered as its collections."""

    mode: Literal["cards"] = "cards"
    pairs: tuple[CardList, ...] = Field(
        (), description="The pairs in the middle, each two cards."
    )
    sides: Annotated[tuple[SleazySide, SleazySide], PER_SIDE] = Field(
        (SleazySide(), SleazySide()), description="The sets of side 0 and side 1."
    )
    colour_card: CardField | None = Field(
        None, description="The colour card (needed for the Colour Set extension)."
    )
    red: Literal[0, 1] | None = Field(
        None,
        description="The side whose colour is red at the end of the round. "
        "Without the Magic Hat it follows from the colour card: the non-dealer "
        "has its colour.",
    )
    broken_colour_set: CardList | None = Field(
        None,
        description="Colour Set extension: the three cards of a broken colour set "
        "behind the deck (worth nothing).",
    )


class SleazyTotals(FrozenModel):
    """A round entered as each side's points only (not verified)."""

    mode: Literal["totals"]
    points: Annotated[
        tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]], PER_SIDE
    ]


@dataclass(frozen=True, kw_only=True)
class SleazyState(MatchState):
    """``difference``: the cumulative point difference, side 0 minus side 1."""

    difference: int = 0


def value(base: int, rank: str) -> int:
    """A collection's worth: ``base``, doubled for the higher class (J, Q, K, A)."""
    return base * 2 if rank in HIGHER_CLASS else base


def favour(difference: int) -> str:
    """``"175 in side 0's favour"`` / ``"level"``."""
    if difference == 0:
        return "level"
    return msg(
        "{points} in {side}'s favour",
        points=abs(difference),
        side=Side(0 if difference > 0 else 1),
    )


def number_name(rank: str) -> str:
    return RANK_NAMES[rank]
