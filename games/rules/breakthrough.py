"""Breakthrough: attackers run for the campfire in the dark; a point for each one
who reaches it untouched; the teams switch roles; more points wins.

Source: book ``001_b57793035adc3f64.txt`` chapter 74 (l.4020–4041), the game §74.1
(l.4028–4036): two teams, attackers and defenders; an attacker touched by a
defender is out; "when all the attackers are at the campfire, the attacking team
gets one point for each attacker that got to the campfire untouched. Then the teams
switch roles and the team wins that got more points as an attacker team" (l.4036).

A **half** is one team's attack; a scorer enters the number of attackers who got
through untouched (one number a half). The attacking team is on the sheet: the
match's first dealer's team attacks first, and the teams switch every half.

Readings (docs/games/breakthrough.md):

* The points of a half are at most the attacking team's size (option
  ``team_sizes``, the two teams' players; the book: 15 or more players in all,
  l.4024, so the default is 8 and 8; smaller teams are accepted, the 15 being the
  book's advice on the size of the group rather than a rule of the score).
* A game is two halves (``rounds`` = 1); ``rounds`` plays more pairs of halves,
  every team attacking as often. Equal points after the last half is a draw (the
  book names no tie-break).
* Money is win/loss only (book §1.2, l.221–239, stakes a difference of scores of
  card games; this is a scout-camp game won or lost).

Invariants: a half scores for the attacking team only, 0 … its size; the attack
alternates; the match ends after 2 × ``rounds`` halves.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from games.engine import (
    DealRejected,
    DealScore,
    MatchGoal,
    MatchState,
    RuleError,
    register,
)
from games.engine.ends import (
    EndsState,
    end_points,
    ends_initial_fields,
    ends_order,
    ends_rows,
)
from games.engine.game import Fact, Game, NextDeal
from games.engine.inputs import PER_SIDE, FrozenModel
from games.engine.text import Side, msg

MOST_PLAYERS = 200
Size = Annotated[int, Field(ge=1, le=MOST_PLAYERS)]


class BreakthroughOptions(FrozenModel):
    team_sizes: Annotated[tuple[Size, Size], PER_SIDE] = Field(
        (8, 8),
        description="Players in each team (the book: 15 or more players in all).",
    )
    rounds: int = Field(
        1,
        ge=1,
        le=20,
        description="Rounds: in each, both teams attack once (the book: one).",
    )


class BreakthroughHalf(FrozenModel):
    points: int = Field(
        ge=0,
        le=MOST_PLAYERS,
        description="Attackers who reached the campfire untouched (§74.1).",
    )


@register
class Breakthrough(Game):
    deal_word = "half"
    slug = "breakthrough"
    name = "Breakthrough"
    source = "001_b57793035adc3f64.txt §74 (l.4020–4041)"
    summary = (
        "Two teams in a dark forest: a point for every attacker who reaches the "
        "campfire untouched; the teams switch roles; more points wins."
    )
    Options = BreakthroughOptions
    deal_input = BreakthroughHalf
    State = EndsState
    tables = ((0, 1),)
    stakes_per_point = False

    def initial_fields(self, options, table):
        return ends_initial_fields(table)

    def verify_and_score(self, state: MatchState, deal: BreakthroughHalf) -> DealScore:
        attackers = state.first
        size = state.options.team_sizes[attackers]
        if deal.points > size:
            raise DealRejected(
                [
                    RuleError(
                        "points",
                        "too_many_points",
                        msg(
                            "{points} points: the attacking team has {size} "
                            "players, a point for each who got through (§74.1 "
                            "l.4036)",
                            points=deal.points,
                            size=size,
                        ),
                    )
                ]
            )
        return DealScore(
            points=end_points(attackers, deal.points),
            facts=(
                Fact(
                    "attack",
                    msg(
                        "{side} attacked: {points} of {size} got through",
                        side=Side(attackers),
                        points=deal.points,
                        size=size,
                    ),
                    attackers,
                    deal.points,
                ),
            ),
            detail={"attackers": attackers},
        )

    def carry(
        self,
        state: MatchState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The teams switch roles after each half (§74)."""
        return ends_order(state, score.detail["attackers"], "alternate")

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        return NextDeal(
            number=state.deal_number,
            context=ends_rows(
                state,
                target=None,
                ends=2 * state.options.rounds,
                unit=("half", msg("Half")),
                first_label=("attack", msg("Attacks")),
            ),
        )

    def match_goal(self, options: BreakthroughOptions) -> MatchGoal:
        return MatchGoal(deals=2 * options.rounds)
