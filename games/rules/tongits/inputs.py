"""Tong-Its: the constants of the book, the options, a hand as entered (cards or
totals) and the match state; the rules are in :mod:`games.rules.tongits`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from games.engine import (
    MatchState,
)
from games.engine.chips import (
    ChipLedger,
)
from games.engine.inputs import PER_SIDE, CardList, FrozenModel, SeatField, seat_role
from games.engine.melds import (
    NO_WILDS,
    PIP_VALUES,
    Partitioner,
    RunRule,
    SetRule,
)
from games.engine.text import msg

PLAYERS = 3  # l.352
HAND = 13  # the dealer's hand before the first discard; nobody holds more (l.362)
MOST_DEADWOOD = HAND * 10
WIN_PAYS = {"tongit": 3, "challenged": 3, "draw": 1, "stock": 1}  # l.406–409
FOUR_PAYS = 3  # l.410
NOT_OPENED_PAYS = 1  # l.411
ACE_PAYS = 1  # l.412
# l.394: aces one, faces ten, the others their pips; l.378: aces low only.
SOLVER = Partitioner(
    sets=SetRule(min_length=3, max_length=4, wilds=NO_WILDS),
    runs=RunRule(min_length=3, ace_low=True, ace_high=False, wilds=NO_WILDS),
    values=PIP_VALUES,
)

Seat = Annotated[SeatField, Field(le=PLAYERS - 1)]
How = Literal["tongit", "draw", "challenged", "stock"]
# How a hand ended, inside a sentence ("seat 1 wins by draw").
HOW_WORDS = {
    "tongit": msg("tongit"),
    "draw": msg("draw"),
    "challenged": msg("challenged"),
    "stock": msg("stock"),
}


class TongitsOptions(FrozenModel):
    ante: int = Field(2, ge=0, le=1_000, description="Chips each player antes (l.362).")
    start: int = Field(
        0, ge=0, le=100_000, description="Chips each player starts with (a tally)."
    )
    pot_streak: Literal["continue", "restart"] = Field(
        "continue",
        description="continue: any win right after one's own win takes the pot; "
        "restart: after the pot is taken a new pair of wins is needed.",
    )
    deals: int | None = Field(
        None,
        ge=1,
        le=1_000,
        description="Hands that end the session (none: the organizer ends it).",
    )


class _TongitsBase(FrozenModel):
    how: How = Field(
        description="How the hand ended: tongit, draw (both folded), challenged "
        "(a draw was challenged) or stock (the stock ran out)."
    )
    winner: Annotated[Seat, seat_role("winner")] | None = Field(
        None,
        description="The winner (may be left empty after a challenged draw or a "
        "stock-out: the deadwood decides).",
    )
    caller: Annotated[Seat, seat_role("caller")] | None = Field(
        None, description="Who called draw (draw and challenged)."
    )
    last_drawer: Annotated[Seat, seat_role("last_drawer")] | None = Field(
        None, description="Who drew the last card of the stock (stock)."
    )
    challenged: Annotated[tuple[bool, ...], PER_SIDE] = Field(
        (False, False, False),
        description="Who challenged the draw (challenged).",
    )
    never_opened: Annotated[tuple[bool, ...], PER_SIDE] = Field(
        (False, False, False),
        description="Who never opened their hand (a loser who did not pays 1 more).",
    )

    @property
    def opened(self) -> tuple[bool, ...]:
        return tuple(not n for n in self.never_opened)

    concealed_fours: int = Field(
        0, ge=0, le=3, description="Concealed fours of a kind in the winner's hand."
    )
    aces: int = Field(0, ge=0, le=4, description="Aces the winner held (l.412).")


class TongitsCards(_TongitsBase):
    """A hand entered with the cards left in each hand (the default entry); the
    engine finds each hand's best melds and its deadwood. A tongit or an
    unchallenged draw needs no cards."""

    mode: Literal["cards"] = "cards"
    hands: Annotated[tuple[CardList, ...], PER_SIDE] | None = Field(
        None,
        description="The cards in each player's hand at the end, in seat order "
        "(needed only to decide a challenged draw or a stock-out).",
    )


class TongitsTotals(_TongitsBase):
    """A hand entered with each player's deadwood total (used only for players who
    compare: the caller and challengers, or the opened players at a stock-out)."""

    mode: Literal["totals"]
    deadwood: (
        Annotated[tuple[Annotated[int, Field(ge=0, le=MOST_DEADWOOD)], ...], PER_SIDE]
        | None
    ) = Field(None, description="Each player's deadwood, in seat order.")


@dataclass(frozen=True, kw_only=True)
class TongitsState(MatchState):
    """``ledger``: chips in hand and the pot on the table; ``last_winner``: the
    winner of the hand before, or ``None`` when the pot was just taken (restart)."""

    ledger: ChipLedger
    last_winner: int | None = None
