"""Jäkis: card-game ice hockey for two; goals per player, the 40-card stock caps
them, more goals win.

Source: book ``001_b57793035adc3f64.txt`` chapter 36 (l.2526–2555): the setup
§36.1 (l.2534–2538), the attack §36.2 (l.2540–2550), the game §36.3 (l.2552–2554).

Terms (:mod:`games.engine.events`): an *entry* is one goal — who scored it — and
the last entry of a game carries *end* ("the game ends when the stock runs out",
§36.3; the score cannot see the stock, so the scorer says when). More goals win;
equal goals are a draw (the book names no tie-break), shared.

**The stock caps the goals** (a verification). Each player is dealt six cards
(§36.1: three forwards, two defencemen, a goalie), so a 52-card deck leaves a
stock of 40. A goal takes three attack cards from the stock (wing or centre,
defenceman, goalie, §36.2) and beats three table cards, which are replaced from
the stock after the attack: six cards — except the game's last goal, whose
replacements may be missing once the stock is out (the game is over then). A
failed attack still takes at least its attack card, and the players take turns
(§36.3), so two goals of the same player have at least one failed attack of the
other between them. *a* goals to one and *b* to the other therefore need at least

    6 (a + b) − 3 + max(0, |a − b| − 1)

stock cards (:func:`stock_needed`; seven goals in all, six of one player's, and
e.g. 6–1 or 5–2 are impossible). An entry that would pass the stock is refused
(``stock_exhausted``). The bound assumes the best order of turns (who attacked
first is not entered), so it refuses only what no game could produce.

Invariants: one goal per entry (or none, an end alone); totals are goals; every
folded match satisfies ``stock_needed(a, b) ≤ 40``.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from games.engine import DealRejected, DealScore, RuleError, register
from games.engine.events import (
    GOALS,
    EndFlag,
    EventGame,
    EventState,
    event_entry,
    events_score,
)
from games.engine.inputs import FrozenModel, SeatField, tap_seat_role
from games.engine.text import msg

DECK, DEALT = 52, 2 * (3 + 2 + 1)  # §36.1: three rows of 3, 2 and 1 cards each
STOCK = DECK - DEALT  # 40
ATTACK_CARDS = 3  # wing or centre, defenceman, goalie (§36.2)
REPLACED = 3  # the beaten wing, defenceman and goalie (§36.2, l.2550)

EVENTS = GOALS

Seat = Annotated[SeatField, Field(le=1)]


def stock_needed(a: int, b: int) -> int:
    """The fewest stock cards a game with ``a`` and ``b`` goals takes (see the
    module docstring): each goal its attack cards and replacements, the last
    goal's replacements spared, and a failed attack of the other player between
    two goals of the same player that cannot be interleaved."""
    goals = a + b
    if goals == 0:
        return 0
    return (ATTACK_CARDS + REPLACED) * goals - REPLACED + max(0, abs(a - b) - 1)


class JakisOptions(FrozenModel):
    pass


class JakisGoal(FrozenModel):
    """One goal: who scored it."""

    by: Annotated[Seat, tap_seat_role("scored")] | None = Field(
        None, description="Who scored the goal."
    )
    end: EndFlag = False


@register
class Jakis(EventGame):
    slug = "jakis"
    name = "Jäkis"
    source = "001_b57793035adc3f64.txt §36 (l.2526–2555)"
    summary = (
        "Card-game ice hockey for two: attack cards beat a wing, a defenceman and "
        "the goalie for a goal; the stock of 40 caps the goals; more goals win."
    )
    Options = JakisOptions
    deal_input = JakisGoal
    events = EVENTS
    notes = (msg("Enter each goal; tick end when the stock runs out (§36.3)."),)
    tables = ((0, 1),)

    def verify_and_score(self, state: EventState, deal: JakisGoal) -> DealScore:
        events = event_entry(deal.by, "goal", seats=2, end=deal.end, section="§36.2")
        if deal.by is not None:
            goals = list(state.totals)
            goals[deal.by] += 1
            needed = stock_needed(*goals)
            if needed > STOCK:
                raise DealRejected(
                    [
                        RuleError(
                            "by",
                            "stock_exhausted",
                            msg(
                                "{first}–{second} needs at least {needed} stock "
                                "cards; the stock has {stock} (a goal takes three "
                                "attack cards and three replacements, §36.2–36.3)",
                                first=goals[0],
                                second=goals[1],
                                needed=needed,
                                stock=STOCK,
                            ),
                        )
                    ]
                )
        return events_score(state, EVENTS, events, end=deal.end)
