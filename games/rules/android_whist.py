"""Android Whist: the side with more tricks scores its tricks − 6; 5 points win.

Source: ``001_b57793035adc3f64.txt §4`` (book lines 315–373; the scoring is 4.3,
lines 333–341; 4.4 seats the androids; 4.5 is the androids' commands, which the
score does not need).

Built on :mod:`games.engine.tricks` like Multimulta (``docs/engine.md``): the deal is
the tricks per side, checked by :func:`~games.engine.tricks.side_tricks` against the
13 tricks of a 52-card deal dealt to four hands.

Terms:

* **side** — a team of a human and an android (4.4), or of two partners when four
  people play (4.3). At the two-player table (seats as sides ``(0, 1)``) seat *i*
  is human *i* and side *i* is that human's team; at the four-player table
  (``(0, 1, 0, 1)``) partners sit opposite.
* **deal** — 52 cards, 13 each to four hands: 13 tricks; spades are trumps.
* **dealer** — always a human; the deal passes between the humans (4.4), or to the
  left at four (book §1.4).

Readings (also in ``docs/games/android-whist.md``):

* Chapter 4 is a two-player game, and 4.3 is "the game for four players" with the
  same score: both tables are offered, two players by default.
* "Collecting at least 5 points" (4.3) ends the match on the deal that brings a
  side to 5 or more; only one side scores a deal, so two sides never reach it
  together. Option ``target`` for clubs that play longer; the book gives no other
  variant.
* 13 tricks cannot split evenly, so every deal is won by one side and pays it 1–7.
* Whist's honours are not scored (the part's introduction, line 297).
* Money: the difference of scores × the stake (book §1.2, two sides).

Invariants: the tricks add up to 13; exactly one side scores a deal, 1–7 points;
the totals are the sums of the deals' points; the match ends the moment a side has
``target`` points, and that side is the winner.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from games.engine import (
    ContextRow,
    DealRejected,
    DealScore,
    Fact,
    Game,
    MatchGoal,
    MatchState,
    NextDeal,
    RuleError,
    register,
)
from games.engine.inputs import FrozenModel, derived_pair
from games.engine.text import Side, msg
from games.engine.tricks import BOOK_TRICKS, PARTNERS, deal_tricks, side_tricks

TRICKS = deal_tricks(52, 4)  # 4.3: all 52 cards, 13 to each of four hands
TWO_HUMANS = (0, 1)  # 4.4: each human with an android partner
SideTricks = Annotated[int, Field(ge=0, le=TRICKS)]


class AndroidWhistOptions(FrozenModel):
    """Variants clubs choose; the default is the book's."""

    target: int = Field(5, ge=1, description="Points that win the match (4.3).")


class AndroidWhistDeal(FrozenModel):
    """One deal as entered: the tricks."""

    tricks: tuple[SideTricks, ...] = Field(
        description="Tricks per side [side 0, side 1]; at the four-player table "
        "also per seat [seat 0, 1, 2, 3].",
        # A form asks for side 0's tricks; side 1 took the rest of the 13.
        json_schema_extra=derived_pair(TRICKS),
    )


@register
class AndroidWhist(Game):
    slug = "android-whist"
    name = "Android Whist"
    source = "001_b57793035adc3f64.txt §4"
    summary = "Two humans, two androids: tricks − 6 to the side with more; 5 wins."
    Options = AndroidWhistOptions
    deal_input = AndroidWhistDeal
    tables = (TWO_HUMANS, PARTNERS)

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("tricks_over_six", "match_won")

    def verify_and_score(self, state: MatchState, deal: AndroidWhistDeal) -> DealScore:
        errors: list[RuleError] = []
        seats = state.table.seats
        sides = PARTNERS if seats == PARTNERS else seats
        per_side = side_tricks(deal.tricks, errors, sides=sides, tricks=TRICKS)
        if per_side is None:
            raise DealRejected(errors)
        # 4.3: the side with more tricks "subtracts 6"; it has 7 or more, the
        # other 6 or fewer, so only the winner's count is over six.
        points = tuple(max(won - BOOK_TRICKS, 0) for won in per_side)
        side = 0 if points[0] else 1
        text = msg(
            "{side} took {tricks} tricks: {points}",
            side=Side(side),
            tricks=per_side[side],
            points=points[side],
        )
        facts = [Fact("tricks_over_six", text, side, points[side])]
        if state.totals[side] + points[side] >= state.options.target:
            facts.append(
                Fact("match_won", msg("{side} wins the match", side=Side(side)), side)
            )
        return DealScore(
            points=points,
            facts=tuple(facts),
            detail={"tricks": list(per_side), "scorer": side},
        )

    def match_goal(self, options: AndroidWhistOptions) -> MatchGoal:
        return MatchGoal(target=options.target)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        target = state.options.target
        rows = [
            ContextRow(
                "points_to_win",
                "Points still needed",
                "per_side",
                tuple(max(target - t, 0) for t in state.totals),
            )
        ]
        if state.table.seats == TWO_HUMANS:
            rows.append(
                ContextRow(
                    "first_lead",
                    "Leads to the first trick",
                    "text",
                    msg("the android on the dealer's left (the other human's partner)"),
                )
            )
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            context=tuple(rows),
        )
