"""Rymypallo: two teams, a ball and deep snow; goals per team, a time limit, more
goals win.

Source: book ``001_b57793035adc3f64.txt`` chapter 73 (l.3994–4019): the setup
§73.1 (l.4002–4004), the game §73.2 (l.4006–4018); the kick-off and the end
l.4016–4018.

Terms (:mod:`games.engine.events`): an *entry* is one goal — which team scored.
The match is played between two teams of around ten players each; the score book
seats each **team** as one player (the team's name), since goals are the team's
(the book keeps no scorers). "The game ends after a pre-determined time": the
time is the option ``minutes`` (the book gives no figure; the sheet shows it),
and at the whistle the organiser ticks *end* on the last entry (or enters an end
alone). More goals win; a draw is shared (the book names no tie-break).

The sheet shows who has the ball next: "at the beginning of the game, one of the
teams has the possession" (the table's first seat to deal: seat 0 unless the
match says otherwise), "after a goal, the game continues with the non-scoring
team's possession" (l.4016).

Invariants: one goal per entry (or none, an end alone); totals are goals; the
ball after a goal is the other team's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from games.engine import DealScore, Table, register
from games.engine.events import (
    GOALS,
    EndFlag,
    EventGame,
    EventState,
    event_entry,
    events_rows,
    events_score,
)
from games.engine.game import ContextRow, NextDeal
from games.engine.inputs import FrozenModel, SeatField, tap_seat_role

EVENTS = GOALS

Team = Annotated[SeatField, Field(le=1)]


class RymypalloOptions(FrozenModel):
    minutes: int | None = Field(
        None,
        ge=1,
        le=600,
        description="The pre-determined playing time in minutes (§73.2; the book "
        "gives no figure). Shown on the sheet; the organiser ends the game.",
    )


class RymypalloGoal(FrozenModel):
    """One goal: which team scored."""

    by: Annotated[Team, tap_seat_role("scored")] | None = Field(
        None, description="The team that scored."
    )
    end: EndFlag = False


@dataclass(frozen=True, kw_only=True)
class RymypalloState(EventState):
    """``ball``: the team that has the ball at the next kick-off."""

    ball: int = 0


@register
class Rymypallo(EventGame):
    slug = "rymypallo"
    name = "Rymypallo"
    source = "001_b57793035adc3f64.txt §73 (l.3994–4019)"
    summary = (
        "Two teams in deep snow carry, pass and throw a ball over the other "
        "team's goal line; more goals in the set time win."
    )
    Options = RymypalloOptions
    deal_input = RymypalloGoal
    State = RymypalloState
    events = EVENTS
    tables = ((0, 1),)

    def initial_fields(
        self, options: RymypalloOptions, table: Table
    ) -> Mapping[str, Any]:
        return {**super().initial_fields(options, table), "ball": table.first_dealer}

    def verify_and_score(self, state: RymypalloState, deal: RymypalloGoal) -> DealScore:
        events = event_entry(deal.by, "goal", seats=2, end=deal.end, section="§73.2")
        return events_score(state, EVENTS, events, end=deal.end)

    def carry(
        self,
        state: RymypalloState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The tally, and who has the ball: §73.2 (l.4016), after a goal the
        non-scoring team."""
        goals = score.detail["events"]
        ball = 1 - goals[0][0] if goals else state.ball
        return {**super().carry(state, score, totals, finished), "ball": ball}

    def next_deal(self, state: RymypalloState) -> NextDeal | None:
        if state.finished:
            return None
        rows = [ContextRow("ball", "Kick-off", "seat", state.ball)]
        if state.options.minutes is not None:
            rows.append(
                ContextRow(
                    "minutes", "Playing time (min)", "number", state.options.minutes
                )
            )
        return NextDeal(
            number=state.deal_number,
            starting_seat=state.ball,
            context=(*rows, *events_rows(state, EVENTS)),
        )
