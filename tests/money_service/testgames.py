"""Made-up games for the money tests (registered on import; test-only slugs).

*Tally* (``tally-test``): each deal the scorer enters every side's points; after
``deals`` deals (default 1) the match is decided, the highest total wins. Played by
two to six individual players or in partnerships ``(0, 1, 0, 1)``.

*Win/loss* (``winloss-test``): Tally played for win/loss only (``stakes_per_point =
False``, as book §1.2 says of Huutopussi and Go): a per-point stake is refused.

*Chips* (``chips-test``): a poker-chip game where the chips are the money
(``chips_are_money``): each deal the scorer enters the chips each player won (+) or
lost (−); they must cancel out. It never finishes by itself.
"""

from __future__ import annotations

from dataclasses import replace

from pydantic import Field

from games.engine import DealScore, Game, MatchState, RuleError, register
from games.engine.errors import reject_if
from games.engine.game import advanced
from games.engine.inputs import FrozenModel


class TallyOptions(FrozenModel):
    deals: int = Field(1, ge=1, le=100)


class TallyDeal(FrozenModel):
    points: list[int] = Field(min_length=2, max_length=6)


@register
class Tally(Game):
    slug = "tally-test"
    name = "Tally (test game)"
    source = "tests/money_service/testgames.py"
    summary = "Highest total after N deals wins."
    Options = TallyOptions
    deal_input = TallyDeal
    tables = (
        (0, 1),
        (0, 1, 2),
        (0, 1, 2, 3),
        (0, 1, 2, 3, 4),
        (0, 1, 2, 3, 4, 5),
        (0, 1, 0, 1),
    )

    def verify_and_score(self, state: MatchState, deal: TallyDeal) -> DealScore:
        reject_if(
            [RuleError("points", "wrong_length", "one number per side")]
            if len(deal.points) != len(state.totals)
            else []
        )
        return DealScore(points=tuple(deal.points))

    def advance(self, state: MatchState, score: DealScore) -> MatchState:
        state = advanced(state, score.points)
        if state.deal_number > state.options.deals:
            best = max(state.totals)
            winners = tuple(i for i, t in enumerate(state.totals) if t == best)
            state = replace(state, finished=True, winners=winners)
        return state


@register
class WinLoss(Tally):
    slug = "winloss-test"
    name = "Win/loss (test game)"
    summary = "Tally, played for win/loss only."
    stakes_per_point = False


class ChipsDeal(FrozenModel):
    chips: list[int] = Field(min_length=2, max_length=6)


@register
class Chips(Game):
    slug = "chips-test"
    name = "Chips (test game)"
    source = "tests/money_service/testgames.py"
    summary = "Chips are money; paid deal by deal."
    chips_are_money = True
    Options = TallyOptions
    deal_input = ChipsDeal
    tables = ((0, 1), (0, 1, 2), (0, 1, 2, 3))

    def verify_and_score(self, state: MatchState, deal: ChipsDeal) -> DealScore:
        errors = []
        if len(deal.chips) != len(state.totals):
            errors.append(RuleError("chips", "wrong_length", "one number per player"))
        elif sum(deal.chips) != 0:
            errors.append(RuleError("chips", "not_balanced", "chips must cancel out"))
        reject_if(errors)
        return DealScore(points=tuple(deal.chips))

    def advance(self, state: MatchState, score: DealScore) -> MatchState:
        return advanced(state, score.points)
