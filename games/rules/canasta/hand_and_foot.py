"""Hand and Foot: Canasta with 5 × 54 cards, a hand and a foot each, four deals.

Source: ``001_b57793035adc3f64.txt §32`` (32.1 cards and deal, 32.2 melds, 32.4
threes, 32.5 foot and going out, 32.6 scoring, 32.7 match), on top of Canasta
(§28: card values 28.1, melds 28.2, scoring 28.5, opening meld 28.6.2, "May I go
out?" and penalties 28.6.4–28.6.5). The shared machinery is in
:mod:`games.rules.canasta`.

Terms:

* **hand** — the 11 cards a player is dealt and plays first; **foot** — 11 more,
  dealt face down, picked up when the hand is empty. In the deal input a foot is
  entered (its 11 cards) only if it was never picked up; ``null`` means picked up
  (its cards are then in the player's hand or on the table).
* **meld** — Canasta's rank meld (naturals 4–A of one rank, at least two, plus at
  most three wild twos/jokers) of at most **seven** cards; a side may hold several
  melds of a rank. A seven-card meld is a **canasta**, natural (500) or mixed (300).
* **threes** are never melded, not even when going out (§32.4: they "cannot be
  melded at all"); left in a hand or a foot a black three costs 100, a red three 500.
* **opening requirement** — by the deal number, not the score: 50, 90, 120, 150 in
  deals 1–4 (§32.7), plus 10 per insufficient attempt (§28.6.5).

Invariants:

* every card entered — melds, hands, unplayed feet, the discard pile — fits in the
  five decks (270 cards: 5 of each card, 10 jokers);
* an unplayed foot has exactly 11 cards; the player who went out has neither hand
  nor foot; every other player holds at least one card;
* the side going out has five canastas, two of them natural;
* the match is exactly four deals; it is then finished and the higher total wins
  (level totals share the win).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from pydantic import Field

from games.engine.cards import Card
from games.engine.decks import FIVE_54
from games.engine.errors import RuleError
from games.engine.game import (
    ContextRow,
    DealScore,
    Fact,
    MatchGoal,
    MatchState,
    NextDeal,
    Table,
)
from games.engine.inputs import PER_PARTNER, PER_SIDE, CardList, FrozenModel
from games.engine.registry import register
from games.engine.text import Seat, Text, msg
from games.rules.canasta.deal_input import CardsDeal, SideCards, TotalsDeal
from games.rules.canasta.family import (
    CanastaFamilyGame,
    opening_requirement_row,
)
from games.rules.canasta.going_out import GoingOutRule
from games.rules.canasta.melds import CanastaBonuses, MeldRules
from games.rules.canasta.openings import CANASTA_ZONES, INSUFFICIENT_OPENING_STEP
from games.rules.canasta.side import DealScoring
from games.rules.canasta.tables import FamilyRules
from games.rules.canasta.values import hand_points, hand_points_table

DEALS = 4
FOOT_SIZE = 11
HAND_SIZE = 11
# 32.7: the opening zone depends on the number of the deal.
OPENING_BY_DEAL: tuple[int, ...] = (50, 90, 120, 150)

HAND_AND_FOOT_RULES = FamilyRules(
    deck=FIVE_54,
    melds=MeldRules(max_cards=7, one_meld_per_rank=False, black_threes_out=None),
    bonuses=CanastaBonuses(natural=500, mixed=300),
    red_threes=None,
    going_out=GoingOutRule(min_complete=5, min_natural=2),
    # Not read: the requirement comes from the deal number (see ``requirement``).
    zones=CANASTA_ZONES,
    going_out_bonus=100,
    concealed_bonus=100,
    hand_points=hand_points_table(black_three=100, red_three=500),
)


def opening_requirement(deal_number: int) -> int:
    """The opening requirement of both sides in deal ``deal_number`` (§32.7)."""
    return OPENING_BY_DEAL[min(max(deal_number, 1), DEALS) - 1]


class HandAndFootOptions(FrozenModel):
    """The book's game has no variants to choose; every deal is scored as written."""


Foot = Annotated[
    CardList | None,
    Field(
        description="The foot's 11 cards if it was never picked up (they count "
        "against the side); null if the player picked it up."
    ),
]


class HandAndFootSide(SideCards):
    """One side's cards at the end of a deal, with each partner's foot."""

    feet: Annotated[tuple[Foot, Foot], PER_PARTNER] = Field(
        description="Each partner's foot, partners in seat order as in hands: the "
        "11 cards of a foot never picked up, or null."
    )


class HandAndFootCards(CardsDeal):
    """A Hand and Foot deal entered card by card."""

    teams: Annotated[tuple[HandAndFootSide, HandAndFootSide], PER_SIDE]
    discard_pile: CardList = Field(
        (), description="Optional: the discard pile, checked against the decks."
    )


@register
class HandAndFoot(CanastaFamilyGame):
    slug = "hand-and-foot"
    name = "Hand and Foot"
    source = "001_b57793035adc3f64.txt §32"
    summary = (
        "Canasta with 5 × 54 cards, a hand and a foot of 11 each, melds of at most "
        "seven, five canastas to go out; four deals, openings 50/90/120/150."
    )
    Options = HandAndFootOptions
    deal_modes = {"cards": HandAndFootCards, "totals": TotalsDeal}
    deck = FIVE_54
    rules = HAND_AND_FOOT_RULES

    # -- hooks of the family ------------------------------------------------------

    def requirement(self, state: MatchState, side: int, attempts: int = 0) -> int:
        return (
            opening_requirement(state.deal_number)
            + INSUFFICIENT_OPENING_STEP * attempts
        )

    def extra_piles(self, deal: HandAndFootCards) -> list[tuple[str, Sequence[Card]]]:
        piles: list[tuple[str, Sequence[Card]]] = [
            (f"teams.{s}.feet.{i}", foot)
            for s, entry in enumerate(deal.teams)
            for i, foot in enumerate(entry.feet)
            if foot is not None
        ]
        piles.append(("discard_pile", deal.discard_pile))
        return piles

    def finish_deal(
        self, scoring: DealScoring, sides: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """The feet: an unplayed foot holds its 11 cards and counts against the side
        (§32.5–32.6); the player who went out played theirs."""
        deal: HandAndFootCards = scoring.deal
        table = scoring.state.table
        for s, entry in enumerate(deal.teams):
            seats = table.seats_of(s)
            for i, foot in enumerate(entry.feet):
                path = f"teams.{s}.feet.{i}"
                if foot is None:
                    continue
                if len(foot) != FOOT_SIZE:
                    scoring.errors.append(
                        RuleError(
                            path,
                            "foot_not_11",
                            msg(
                                "a foot never picked up still has its {size} "
                                "cards ({entered} entered)",
                                size=FOOT_SIZE,
                                entered=len(foot),
                            ),
                        )
                    )
                if deal.went_out == seats[i]:
                    scoring.errors.append(
                        RuleError(
                            path,
                            "foot_not_played",
                            msg(
                                "{seat} went out, which means playing the "
                                "whole foot: enter null",
                                seat=Seat(seats[i]),
                            ),
                        )
                    )
        for s, entry in enumerate(deal.teams):
            seats = table.seats_of(s)
            feet = 0
            for i, foot in enumerate(entry.feet):
                if foot is None:
                    continue
                cost = -hand_points(foot, scoring.rules.hand_points)
                feet += cost
                scoring.facts.append(
                    Fact(
                        "foot_not_played",
                        msg(
                            "{seat} never reached the foot: {cost}",
                            seat=Seat(seats[i]),
                            cost=cost,
                        ),
                        s,
                        cost,
                    )
                )
            sides[s]["feet"] = feet
            sides[s]["total"] += feet
        return {"sides": sides}

    # -- the match ----------------------------------------------------------------

    def initial_fields(self, options: Any, table: Table) -> dict[str, Any]:
        return {"requirements": (opening_requirement(1),) * table.side_count}

    def carry(
        self,
        state: MatchState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The next deal's opening requirement, by its number (none once the four
        deals are played)."""
        if finished:
            return {"requirements": ()}
        need = opening_requirement(state.deal_number + 1)
        return {"requirements": (need,) * len(totals)}

    def match_goal(self, options: Any) -> MatchGoal:
        return MatchGoal(deals=DEALS)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        need = opening_requirement(state.deal_number)
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            opening_requirement=(need,) * state.table.side_count,
            context=(
                opening_requirement_row((need,) * state.table.side_count),
                ContextRow(
                    code="deal_of_match",
                    label="Deal",
                    kind="text",
                    value=msg(
                        "{number} of {deals}", number=state.deal_number, deals=DEALS
                    ),
                ),
            ),
            notes=(
                msg(
                    "deal {number} of {deals}: opening requirement {need} "
                    "for both sides",
                    number=state.deal_number,
                    deals=DEALS,
                    need=need,
                ),
                self.dealt_note(),
            ),
        )

    def dealt_note(self) -> Text:
        """The next deal's note on what each player is dealt."""
        return msg(
            "each player is dealt a hand of {hand} and a foot of {foot}",
            hand=HAND_SIZE,
            foot=FOOT_SIZE,
        )
