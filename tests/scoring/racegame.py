"""A tiny game for score-book tests that must not depend on a real game's rules.

*Race*: the scorer enters each side's points for a deal; the first side to reach
``target`` (default 100) wins. One context rule, so that a correction can invalidate
a later deal: a side that holds ``threshold`` (default 50) or more points may not
score 1–9 points in a deal (code ``below_requirement``). Played two-handed
``(0, 1)`` or in partnerships ``(0, 1, 0, 1)``.
"""

from __future__ import annotations

from dataclasses import replace

from pydantic import Field

from games.engine import DealScore, Game, MatchState, RuleError, register
from games.engine.errors import reject_if
from games.engine.game import advanced
from games.engine.inputs import FrozenModel


class RaceOptions(FrozenModel):
    target: int = Field(100, ge=1, le=10_000)
    threshold: int = Field(50, ge=1, le=10_000)


class RaceDeal(FrozenModel):
    points: list[int] = Field(min_length=2, max_length=2)


@register
class Race(Game):
    slug = "race-test"
    name = "Race (test game)"
    source = "tests/scoring/racegame.py"
    summary = "First side to the target wins."
    Options = RaceOptions
    deal_input = RaceDeal
    tables = ((0, 1), (0, 1, 0, 1))

    def verify_and_score(self, state: MatchState, deal: RaceDeal) -> DealScore:
        errors = []
        for side, points in enumerate(deal.points):
            if points < 0:
                errors.append(
                    RuleError(f"points.{side}", "negative", "points are never negative")
                )
            elif 0 < points < 10 and state.totals[side] >= state.options.threshold:
                errors.append(
                    RuleError(
                        f"points.{side}",
                        "below_requirement",
                        f"side {side} needs 10 or more once at "
                        f"{state.options.threshold}",
                    )
                )
        reject_if(errors)
        return DealScore(points=tuple(deal.points))

    def advance(self, state: MatchState, score: DealScore) -> MatchState:
        state = advanced(state, score.points)
        best = max(state.totals)
        if best >= state.options.target:
            winners = tuple(i for i, t in enumerate(state.totals) if t == best)
            state = replace(state, finished=True, winners=winners)
        return state
