"""The Finnish dartboard: five darts a turn at nine rings and a centre; the highest
total wins.

Source: book ``001_b57793035adc3f64.txt`` §57.3 (l.3566–3570): rings 1 (outermost)
to 9 (innermost) give their number of points, the centre 10; a turn is five darts;
"the players just try to achieve as big a score as possible with five darts".

A deal is one player's turn: the five rings hit, 0 for a dart off the board, one tap
each. The book sets no length of a match: Kirjuri plays ``rounds`` turns per player
(default 10, a choice of ours), and the highest total wins; equal totals share the
win. Money per point (book §1.2).

Invariants: a turn scores 0–50, all of it the thrower's; every player throws the
same number of turns; the match ends after the last player's last turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from games.engine import DealRejected, DealScore, Table, register
from games.engine.darts import (
    FINNISH_DARTS_PER_TURN,
    DartGame,
    DartsState,
    dart_list,
    darts_fields,
    thrower_row,
    turn_errors,
    turns_counted,
)
from games.engine.game import ContextRow, Fact, NextDeal
from games.engine.inputs import FrozenModel
from games.engine.text import msg

MIN_PLAYERS, MAX_PLAYERS = 1, 8


class FinnishDartboardOptions(FrozenModel):
    rounds: int = Field(
        10,
        ge=1,
        le=100,
        description="Turns each player throws (the book sets none: §57.3 only asks "
        "for as big a score as possible).",
    )


class FinnishDartboardTurn(FrozenModel):
    darts: dart_list(FINNISH_DARTS_PER_TURN, "rings") = Field(  # type: ignore[valid-type]
        description="The ring of each of the five darts: 1 (outermost) to 9, the "
        "centre 10, 0 off the board."
    )


@register
class FinnishDartboard(DartGame):
    slug = "finnish-dartboard"
    name = "Finnish dartboard"
    source = "001_b57793035adc3f64.txt §57.3 (l.3566–3570)"
    summary = (
        "Five darts a turn at rings worth 1–9 and a centre worth 10; the highest "
        "total wins."
    )
    Options = FinnishDartboardOptions
    deal_input = FinnishDartboardTurn
    State = DartsState
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))

    def default_table(self, options: FinnishDartboardOptions) -> Table:
        return Table((0, 1))

    def initial_fields(self, options: Any, table: Table) -> Mapping[str, Any]:
        return darts_fields(table)

    def verify_and_score(
        self, state: DartsState, deal: FinnishDartboardTurn
    ) -> DealScore:
        errors = turn_errors(deal.darts, FINNISH_DARTS_PER_TURN, ended_at=None)
        if errors:
            raise DealRejected(errors)
        points = [0] * len(state.table.seats)
        points[state.thrower] = sum(deal.darts)
        return DealScore(
            points=tuple(points),
            facts=(
                Fact(
                    "turn",
                    msg(
                        "{darts} = {total}",
                        darts=" + ".join(map(str, deal.darts)),
                        total=points[state.thrower],
                    ),
                    state.thrower,
                    points[state.thrower],
                ),
            ),
            detail={"thrower": state.thrower},
        )

    def carry(
        self,
        state: DartsState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The next thrower, the turns thrown; the match ends once everyone has
        thrown the options' rounds (the most points win, ties sharing)."""
        turns = turns_counted(state, state.thrower)
        following = state.table.next_seat(state.thrower)
        return {
            "dealer": following,
            "thrower": following,
            "turns": turns,
            "finished": min(turns) >= state.options.rounds,
        }

    def next_deal(self, state: DartsState) -> NextDeal | None:
        if state.finished:
            return None
        rounds = state.options.rounds
        turn = state.turns[state.thrower] + 1 if state.turns else 1
        return NextDeal(
            number=state.deal_number,
            context=(
                thrower_row(state),
                ContextRow(
                    "round",
                    "Round",
                    "text",
                    msg("{number} of {deals}", number=turn, deals=rounds),
                ),
            ),
        )
