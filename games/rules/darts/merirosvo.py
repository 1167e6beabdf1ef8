"""Merirosvo: the defender closes the sectors he hits; the attacker scores on the open
ones; then the roles switch, and the better attacker wins.

Source: book ``001_b57793035adc3f64.txt`` chapter 60 (l.3608–3627), the play §60.1
(l.3618–3626): all sectors open at first, the defender starts (l.3620); a sector the
defender hits is closed, and a bull lets him close a sector of his choice (l.3622);
the attacker scores 1, 2 or 3 for a single, double or triple of an open sector, the
bull nothing (l.3624); once all are closed the players switch roles, and the one
with more points as attacker wins (l.3626).

A deal is one player's turn of three darts, the players taking turns; a defender's
bull names the sector it closes in ``bull_closes`` (one per bull, in order). The
totals are the points each scored as attacker. Readings: the turns alternate; the
turn that closes the last sector ends there (its later darts are not entered); the
second half starts with the new defender, the player after the one who closed the
last sector; equal points are a draw (both share the win). Money per point.

Invariants: the closed sectors only grow within a half; a turn scores only for the
attacker, at most 9; the match ends when all 20 sectors close in the second half.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from games.engine import DealRejected, DealScore, RuleError, Table, register
from games.engine.darts import (
    DARTS_PER_TURN,
    SECTORS,
    DartGame,
    DartsState,
    dart_list,
    darts_fields,
    open_sectors_text,
    thrower_row,
    turn_errors,
    turns_counted,
)
from games.engine.game import ContextRow, Fact, NextDeal
from games.engine.inputs import FrozenModel
from games.engine.text import msg

Sector = Annotated[int, Field(ge=1, le=20)]


class MerirosvoOptions(FrozenModel):
    pass


class MerirosvoTurn(FrozenModel):
    darts: dart_list(DARTS_PER_TURN) = Field(  # type: ignore[valid-type]
        description="The three darts in the order thrown: 7, D7, T7, OB, IB, M."
    )
    bull_closes: tuple[Sector, ...] = Field(
        (),
        max_length=DARTS_PER_TURN,
        description="The defender's bulls: the sector each one closes, in order.",
    )


@dataclass(frozen=True, kw_only=True)
class MerirosvoState(DartsState):
    """``closed``: the closed sectors, ascending; ``defender``: the seat that
    defends; ``half``: 1, then 2 after the roles switch."""

    closed: tuple[int, ...] = ()
    defender: int = 0
    half: int = 1


@register
class Merirosvo(DartGame):
    slug = "merirosvo"
    name = "Merirosvo"
    source = "001_b57793035adc3f64.txt §60 (l.3608–3627)"
    summary = (
        "The defender closes the sectors he hits; the attacker scores 1/2/3 on the "
        "open ones; the roles switch, and the better attacker wins."
    )
    Options = MerirosvoOptions
    deal_input = MerirosvoTurn
    State = MerirosvoState
    tables = ((0, 1),)

    def initial_fields(self, options: Any, table: Table) -> Mapping[str, Any]:
        return {**darts_fields(table), "defender": table.first_dealer}

    def verify_and_score(self, state: MerirosvoState, deal: MerirosvoTurn) -> DealScore:
        seats = len(state.table.seats)
        points = [0] * seats
        closed = set(state.closed)
        errors: list[RuleError] = []
        ended_at = None
        if state.thrower == state.defender:
            chosen = list(deal.bull_closes)
            used = 0
            for i, dart in enumerate(deal.darts):
                if dart.is_bull:
                    if used >= len(chosen):
                        errors.append(
                            RuleError(
                                "bull_closes",
                                "choose_sector",
                                msg(
                                    "dart {number} hit the bull: name the sector it "
                                    "closes (§60.1)",
                                    number=i + 1,
                                ),
                            )
                        )
                        break
                    sector = chosen[used]
                    if sector in closed:
                        errors.append(
                            RuleError(
                                f"bull_closes.{used}",
                                "already_closed",
                                msg(
                                    "sector {sector} is closed already: choose an "
                                    "open one",
                                    sector=sector,
                                ),
                            )
                        )
                    used += 1
                    closed.add(sector)
                elif not dart.is_miss:
                    closed.add(dart.sector)
                if len(closed) == len(SECTORS):
                    ended_at = i
                    break
            if used < len(chosen) and not errors:
                errors.append(
                    RuleError(
                        f"bull_closes.{used}",
                        "no_bull",
                        "only a bull the defender hits closes a sector of his choice",
                    )
                )
        else:
            if deal.bull_closes:
                errors.append(
                    RuleError(
                        "bull_closes",
                        "not_defender",
                        "the attacker's bull scores nothing and closes nothing",
                    )
                )
            points[state.thrower] = sum(
                d.multiplier
                for d in deal.darts
                if not d.is_bull and not d.is_miss and d.sector not in closed
            )
        errors += turn_errors(deal.darts, DARTS_PER_TURN, ended_at=ended_at)
        if errors:
            raise DealRejected(errors)
        newly = sorted(closed - set(state.closed))
        facts = []
        if newly:
            facts.append(
                Fact(
                    "closed",
                    msg("closes {sectors}", sectors=", ".join(map(str, newly))),
                    state.thrower,
                )
            )
        if points[state.thrower]:
            facts.append(
                Fact(
                    "scored",
                    msg("{points} on open sectors", points=points[state.thrower]),
                    state.thrower,
                    points[state.thrower],
                )
            )
        return DealScore(
            points=tuple(points),
            facts=tuple(facts),
            detail={"thrower": state.thrower, "closed": sorted(closed)},
        )

    def carry(
        self,
        state: MerirosvoState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The closed sectors and the next thrower; all closed, the roles switch
        for the second half, and after it the match ends (the most points win)."""
        closed = tuple(score.detail["closed"])
        following = state.table.next_seat(state.thrower)
        changes: dict[str, Any] = {
            "thrower": following,
            "dealer": following,
            "turns": turns_counted(state, state.thrower),
            "closed": closed,
        }
        if len(closed) == len(SECTORS):
            if state.half == 1:
                changes.update(closed=(), half=2, defender=following)
            else:
                changes.update(finished=True)
        return changes

    def next_deal(self, state: MerirosvoState) -> NextDeal | None:
        if state.finished:
            return None
        open_sectors = [s for s in SECTORS if s not in state.closed]
        return NextDeal(
            number=state.deal_number,
            context=(
                thrower_row(state),
                ContextRow("defender", "Defends", "seat", state.defender),
                ContextRow(
                    "half",
                    "Half",
                    "text",
                    msg("{number} of {deals}", number=state.half, deals=2),
                ),
                ContextRow(
                    "open", "Open sectors", "text", open_sectors_text(open_sectors)
                ),
            ),
        )
