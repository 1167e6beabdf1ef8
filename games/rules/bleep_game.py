"""The Bleep Game: a point for the first "Bleep!" at an oncoming passenger car, a
point off for a "Bleep!" at any other vehicle; no end — the leader matters.

Source: book ``001_b57793035adc3f64.txt`` chapter 37 (l.2556–2573): the players
§37 (2–5, l.2562–2564), the rules §37.1 (l.2566–2572).

Terms (:mod:`games.engine.events`): an *entry* is one shout — who shouted and at
what: ``car`` (+1, §37.1 "whoever shouts first gets a point": only the first shout
at a car is entered) or ``other`` (−1, a van, a truck, a motorcycle …, or in the
dark a car's lights that turned out to be a van's). The game has "no definitive
end" (l.2572): the players decide when they are bored, and the organiser ticks
*end* on the last entry (or enters an entry with only *end*); the highest total
then wins, a tie shared. A club that plays to a number of points sets ``target``
(not in the book; off by default).

Invariants: each entry moves one total by one point (or none, an end alone); a
player's total is cars − other vehicles.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from games.engine import DealScore, Table, register
from games.engine.events import (
    EndFlag,
    EventBook,
    EventGame,
    EventKind,
    EventState,
    event_entry,
    events_score,
)
from games.engine.inputs import FrozenModel, SeatField, tap_seat_role
from games.engine.text import msg

MIN_PLAYERS, MAX_PLAYERS = 2, 5
SECTION = "§37.1"

EVENTS = EventBook(
    (
        EventKind(
            "car",
            msg("Cars"),
            1,
            msg("car"),
            lambda seat, points: msg(
                "{seat}: car ({points:+d})", seat=seat, points=points
            ),
        ),
        EventKind(
            "other",
            msg("Other vehicles"),
            -1,
            msg("other vehicle"),
            lambda seat, points: msg(
                "{seat}: other vehicle ({points:+d})", seat=seat, points=points
            ),
        ),
    )
)

Seat = Annotated[SeatField, Field(le=MAX_PLAYERS - 1)]


class BleepOptions(FrozenModel):
    target: int | None = Field(
        None,
        ge=1,
        le=1000,
        description="Points that win (not in the book, which has no end); "
        "empty: play until the organiser ends the game.",
    )


class BleepShout(FrozenModel):
    """One shout: who, and at a passenger car or at another vehicle."""

    event: Literal["car", "other"] = Field(
        "car",
        description="At a passenger car (+1) or at another vehicle: a van, a truck, "
        "a motorcycle (−1).",
    )
    by: Annotated[Seat, tap_seat_role("shouted")] | None = Field(
        None, description="Who shouted 'Bleep!' first."
    )
    end: EndFlag = False


@register
class BleepGame(EventGame):
    slug = "bleep-game"
    name = "The Bleep Game"
    source = "001_b57793035adc3f64.txt §37 (l.2556–2573)"
    summary = (
        "Two to five in a moving car shout 'Bleep!' at oncoming cars: +1 for the "
        "first at a passenger car, −1 at any other vehicle; no end, the leader "
        "matters."
    )
    Options = BleepOptions
    deal_input = BleepShout
    events = EVENTS
    # §37.1 (l.2572): "no definitive end": leading is what matters.
    leader = True
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))

    def default_table(self, options: BleepOptions) -> Table:
        return Table((0, 1, 2))

    def verify_and_score(self, state: EventState, deal: BleepShout) -> DealScore:
        seats = len(state.table.seats)
        events = event_entry(
            deal.by, deal.event, seats=seats, end=deal.end, section=SECTION
        )
        return events_score(state, EVENTS, events, end=deal.end)
