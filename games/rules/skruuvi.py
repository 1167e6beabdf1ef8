"""Modern Skruuvi: eight deals, four basic deals then four kotkas, scored by team.

Source: ``001_b57793035adc3f64.txt §15`` (15.1 setup, 15.2 bidding, 15.4
continuation bidding and the raise to five, 15.5 contract, 15.6 knocking, 15.8
scoring, 15.9 pass misere, 15.10 kotka).

Terms (see :mod:`games.engine.skruuvi.family` for contract, knock, aces, pass
misere; the deal input is :mod:`games.engine.skruuvi.deal`):

* **basic deal** — deals 1–4: 12 cards each, four face down; the bid types rank
  misere < spades < clubs < diamonds < hearts < no trump.
* **kotka** — deals 5–8: 13 cards each; bids at least six; misere ranks between
  hearts and no trump.

Scoring (15.8): a made contract scores 25 / 36 / 49 for five / six / seven, 12 less
in misere and 12 more in no trump; a failed one costs the first missing trick 11 /
11 / 17 and each later one 5 / 6 / 7; all doubled by a knock, quadrupled by a
kontra-knock. In a made misere both sides also score the aces in the other side's
tricks (trick number each), not multiplied. Pass misere (15.9): one point per trick
the opponents took plus aces, both multiplied by knocks.

Invariants: every deal is scored against its place in the match (deals 1–4 basic,
5–8 kotka); after eight deals the match is finished and the side with more points
wins (equal totals: a draw); totals are plain sums of the deals' points.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from games.engine.errors import DealRejected
from games.engine.game import DealScore, NextDeal
from games.engine.inputs import FrozenModel
from games.engine.registry import register
from games.engine.skruuvi.contracts import Scale
from games.engine.skruuvi.deal import SEATS, SkruuviDeal
from games.engine.skruuvi.family import SkruuviRules, SkruuviState
from games.engine.text import Seat, msg


class SkruuviOptions(FrozenModel):
    """Variants clubs choose; the defaults are the book's."""

    basic_deals: int = Field(4, ge=0, le=20, description="Basic deals (15.1: four).")
    kotkas: int = Field(
        4, ge=0, le=20, description="Kotkas after the basic deals (15.1: four)."
    )
    pass_misere_in_kotka: bool = Field(
        True,
        description="A kotka where everyone passes at the first turn is played as a "
        "pass misere (15.9 applies to every deal; a kotka has no cards on the table "
        "to take). Off: such a kotka is redealt and not entered.",
    )

    @model_validator(mode="after")
    def _some_deals(self) -> SkruuviOptions:
        if self.basic_deals + self.kotkas < 1:
            raise ValueError("a game needs at least one deal")
        return self


MODERN = Scale(
    made={5: 25, 6: 36, 7: 49},
    made_misere={5: 13, 6: 24, 7: 37},  # 12 less in misere
    made_no_trump={5: 37, 6: 48, 7: 61},  # 12 more in no trump
    first_missing={5: 11, 6: 11, 7: 17},
    later_missing={5: 5, 6: 6, 7: 7},
)


@register
class Skruuvi(SkruuviRules):
    slug = "skruuvi"
    name = "Modern Skruuvi"
    source = "001_b57793035adc3f64.txt §15"
    summary = (
        "Contracts of five to seven (or misere), knocks, pass misere and aces by "
        "trick; four basic deals and four kotkas."
    )
    Options = SkruuviOptions
    deal_input = SkruuviDeal
    scale = MODERN

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = (
        "contract_made",
        "contract_failed",
        "pass_misere",
        "knocked",
        "kontra",
    )

    def verify_and_score(self, state: SkruuviState, deal: SkruuviDeal) -> DealScore:
        kind = self.team_kind(state)
        per_side, aces, errors = self.check_team_deal(state, deal, kind)
        if errors:
            raise DealRejected(errors)
        return self.score_team_deal(state, deal, kind, per_side, aces)

    def match_over(
        self, state: SkruuviState, score: DealScore, totals: tuple[int, ...]
    ) -> bool:
        """The game is the basic deals and the kotkas, counted as team deals."""
        options: SkruuviOptions = state.options
        return state.team_deals + 1 >= options.basic_deals + options.kotkas

    def carry(
        self,
        state: SkruuviState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        return {"team_deals": state.team_deals + 1}

    def next_deal(self, state: SkruuviState) -> NextDeal | None:
        if state.finished:
            return None
        options: SkruuviOptions = state.options
        first = (state.dealer + 1) % SEATS
        total = self.match_goal(options).deals
        notes = (
            msg("Deal {number} of {deals}.", number=state.deal_number, deals=total),
            self.team_kind_note(state, self.team_kind(state)),
            msg(
                "{first:C} (left of the dealer) bids first. If everyone passes at "
                "the first turn the deal is a pass misere and {first} leads; "
                "otherwise the declarer's left-hand opponent leads.",
                first=Seat(first),
            ),
        )
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=first,
            may_bid=tuple(range(SEATS)),
            notes=notes,
        )
