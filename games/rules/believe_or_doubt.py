"""Believe or Doubt: a bluffing trivia game; a point for an answer believed or
right, a point off for doubting a right answer; the first to ten wins.

Source: book ``001_b57793035adc3f64.txt`` chapter 41 (l.2723–2773): the players
(3–6, l.2727), the basic rules §41.1 (l.2735–2747), poker chips §41.2
(l.2749–2751), seat changes on the Trivial Pursuit board §41.4 (l.2761–2769).

Terms (:mod:`games.engine.events`): an *entry* is one question. The scorer
enters who doubted first (nobody: every player believed) and, when someone
doubted, whether the answer was right or wrong. The **answerer** is not entered: the
turn order is state, shown on the sheet as "Answers next" (§41.1):

* all believe → the answer counts as right (l.2739): the answerer +1 and
  answers again;
* doubted and wrong → no points; the doubter answers the next question;
* doubted and right → the doubter −1 (a score can go negative), the answerer +1
  and answers again (l.2743–2745).

The first to ``target`` points (ten, l.2747) wins. The first question goes to the
table's first seat to deal.

**The chip form** (§41.2, option ``form = "chips"``): everyone starts with ten
chips; a believed answer puts one of the answerer's chips out of the game, a
right answer doubted gives one to the doubter, and the first without chips wins.
A player's chips are always ten minus the points of the basic form (the same
three cases move them by the same one), so the score book keeps points either
way and the chip form's sheet adds each player's chips left; ``target`` is then
the chips each player starts with.

**Seat changes** (§41.4, option ``seat_changes``): on the Trivial Pursuit board
a player may change seats, which changes who answers after whom; the scorer then
enters the answerer of each question, and the turn order is not checked.

Invariants: per question the answerer gains at most one point and the doubter
loses at most one; only an answerer gains, so exactly one player reaches the
target first; chips left = ``target`` − points.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field

from games.engine import DealRejected, DealScore, RuleError, Table, register
from games.engine.events import (
    Event,
    EventBook,
    EventGame,
    EventKind,
    EventState,
    events_rows,
    events_score,
)
from games.engine.game import ContextRow, NextDeal
from games.engine.inputs import FrozenModel, SeatField, seat_role
from games.engine.text import Seat as SeatText
from games.engine.text import msg

MIN_PLAYERS, MAX_PLAYERS = 3, 6

EVENTS = EventBook(
    (
        EventKind(
            "answer",
            msg("Answers counted"),
            1,
            msg("answer counted"),
            lambda seat, points: msg(
                "{seat}: answer counted ({points:+d})", seat=seat, points=points
            ),
        ),
        EventKind(
            "doubt_lost",
            msg("Doubts lost"),
            -1,
            msg("doubt lost"),
            lambda seat, points: msg(
                "{seat}: doubt lost ({points:+d})", seat=seat, points=points
            ),
        ),
    )
)

Seat = Annotated[SeatField, Field(le=MAX_PLAYERS - 1)]


class BelieveOrDoubtOptions(FrozenModel):
    target: int = Field(
        10,
        ge=1,
        le=100,
        description="Points that win (§41.1: ten); in the chip form, the chips "
        "each player starts with (§41.2: ten).",
    )
    form: Literal["points", "chips"] = Field(
        "points",
        description="Keep points (§41.1) or poker chips of minus points (§41.2).",
    )
    seat_changes: bool = Field(
        False,
        description="Players may change seats on the Trivial Pursuit board "
        "(§41.4): enter the answerer of each question.",
    )


class BelieveOrDoubtQuestion(FrozenModel):
    """One question: who doubted first (nobody: all believed) and, if someone
    doubted, whether the answer was right or wrong."""

    doubter: Annotated[Seat, seat_role("doubter")] | None = Field(
        None, description="Who doubted first; empty when everyone believed."
    )
    answer: Literal["right", "wrong"] | None = Field(
        None, description="When someone doubted: was the answer right or wrong?"
    )
    answerer: Annotated[Seat, seat_role("answerer")] | None = Field(
        None,
        description="Who answered; empty: whose turn it was (enter it only when "
        "seats were changed, §41.4).",
    )


@dataclass(frozen=True, kw_only=True)
class BelieveOrDoubtState(EventState):
    """``answerer``: who answers the next question."""

    answerer: int = 0


@register
class BelieveOrDoubt(EventGame):
    deal_word = "question"
    slug = "believe-or-doubt"
    name = "Believe or Doubt"
    source = "001_b57793035adc3f64.txt §41 (l.2723–2773)"
    summary = (
        "Three to six answer trivia questions, bluffing when they do not know; a "
        "doubt that catches a wrong answer takes the turn, one that doubts a "
        "right answer costs a point; the first to ten wins."
    )
    Options = BelieveOrDoubtOptions
    deal_input = BelieveOrDoubtQuestion
    State = BelieveOrDoubtState
    events = EVENTS
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))

    def default_table(self, options: BelieveOrDoubtOptions) -> Table:
        return Table((0, 1, 2, 3))

    def initial_fields(
        self, options: BelieveOrDoubtOptions, table: Table
    ) -> Mapping[str, Any]:
        return {
            **super().initial_fields(options, table),
            "answerer": table.first_dealer,
        }

    def verify_and_score(
        self, state: BelieveOrDoubtState, deal: BelieveOrDoubtQuestion
    ) -> DealScore:
        seats = len(state.table.seats)
        options: BelieveOrDoubtOptions = state.options
        errors = []
        answerer = state.answerer
        if deal.answerer is not None:
            if deal.answerer >= seats:
                errors.append(RuleError("answerer", "bad_seat", "no such seat"))
            elif deal.answerer != state.answerer and not options.seat_changes:
                errors.append(
                    RuleError(
                        "answerer",
                        "not_your_turn",
                        msg(
                            "{seat} answers this question (§41.1); leave it empty, "
                            "or allow seat changes (§41.4)",
                            seat=SeatText(state.answerer),
                        ),
                    )
                )
            else:
                answerer = deal.answerer
        if deal.doubter is not None:
            if deal.doubter >= seats:
                errors.append(RuleError("doubter", "bad_seat", "no such seat"))
            elif deal.doubter == answerer:
                errors.append(
                    RuleError(
                        "doubter",
                        "own_answer",
                        "the answerer does not doubt their own answer; the other "
                        "players believe or doubt (§41.1)",
                    )
                )
            if deal.answer is None:
                errors.append(
                    RuleError(
                        "answer",
                        "required",
                        "someone doubted: say whether the answer was right (§41.1)",
                    )
                )
        elif deal.answer is not None:
            errors.append(
                RuleError(
                    "answer",
                    "nobody_doubted",
                    "everyone believed, so the answer counts as right (§41.1): "
                    "leave it empty or name the doubter",
                )
            )
        if errors:
            raise DealRejected(errors)
        if deal.doubter is None:
            events, nxt = (Event(answerer, "answer"),), answerer
        elif deal.answer == "right":
            events = (Event(answerer, "answer"), Event(deal.doubter, "doubt_lost"))
            nxt = answerer
        else:
            events, nxt = (), deal.doubter
        return events_score(
            state, EVENTS, events, detail={"answerer": answerer, "next": nxt}
        )

    def carry(
        self,
        state: BelieveOrDoubtState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The tally, and who answers the next question."""
        return {
            **super().carry(state, score, totals, finished),
            "answerer": score.detail["next"],
        }

    def next_deal(self, state: BelieveOrDoubtState) -> NextDeal | None:
        if state.finished:
            return None
        options: BelieveOrDoubtOptions = state.options
        rows = [ContextRow("answerer", "Answers next", "seat", state.answerer)]
        if options.form == "chips":
            rows.append(
                ContextRow(
                    "chips",
                    "Chips left",
                    "per_side",
                    tuple(options.target - t for t in state.totals),
                )
            )
        return NextDeal(
            number=state.deal_number,
            starting_seat=state.answerer,
            # The chip form's goal is no chips left (the row above), not a target.
            context=(
                *rows,
                *events_rows(
                    state,
                    EVENTS,
                    target=options.target if options.form == "points" else None,
                ),
            ),
        )
