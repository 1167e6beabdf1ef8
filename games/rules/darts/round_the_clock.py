"""Tuomas's Round the Clock: hit the sectors 1 to 20 in order; a double skips one
sector, a triple two; the bull is a joker; the darts count in the best order.

Source: book ``001_b57793035adc3f64.txt`` chapter 58 (l.3572–3591), the play §58.1
(l.3582–3590): the order 1 → 20 (l.3584); a double of the right sector skips the
next sector, a triple the next two, and T18 on 18, D/T19 on 19 and D/T20 on 20 win
(l.3586); the outer bull counts as the right sector, the inner bull as its double
(l.3588); the three darts count in the order most favourable to the player
(l.3590: trying 7, an 8 then a 7 count both).

A deal is one player's turn of three darts (one tap each, M for a miss). The totals
keep the number each player has reached (0 before the 1, 20 done): a turn's points
are the sectors it gains. The first to reach 20 wins (l.3584). Readings: the book
has every player throw until someone finishes; the option ``finish_round`` lets the
players after him in the round throw too, everyone who finishes in that round
sharing the win. A finishing turn may stop before its third dart. Money per point
(the sectors between the players, book §1.2).

Invariants: a turn gains 0–9 sectors (three triples), never past 20; the totals are
0–20 and only grow.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import Field

from games.engine import DealRejected, DealScore, Table, register
from games.engine.darts import (
    DARTS_PER_TURN,
    Dart,
    DartGame,
    DartsState,
    RaceTurn,
    best_order,
    dart_list,
    darts_fields,
    race_advance,
    race_rows,
    turn_errors,
)
from games.engine.game import Fact, MatchGoal, NextDeal
from games.engine.inputs import FrozenModel
from games.engine.text import msg

MIN_PLAYERS, MAX_PLAYERS = 1, 8
LAST = 20


class RaceOptions(FrozenModel):
    finish_round: bool = Field(
        False,
        description="Finish the round when someone finishes: the players after him "
        "still throw, and all who finish share the win (the book: the first to "
        "finish wins).",
    )


class RaceTurnInput(FrozenModel):
    darts: dart_list(DARTS_PER_TURN) = Field(  # type: ignore[valid-type]
        description="The three darts in the order thrown: 7, D7, T7, OB, IB, M."
    )


def clock_step(reached: int, dart: Dart) -> int:
    """§58.1: the right sector (or the outer bull) moves on one, its double (or the
    inner bull) two, its triple three; past 20 is done."""
    target = reached + 1
    gained = dart.multiplier if dart.is_bull or dart.on(target) else 0
    return min(reached + gained, LAST)


def clock_turn(reached: int, darts: Sequence[Dart]) -> tuple[RaceTurn, tuple]:
    """The turn in the order most favourable to the player (l.3590)."""
    best, order = best_order(darts, clock_step, reached, key=lambda r: r)
    counted = []
    at = reached
    for dart in order:
        after = clock_step(at, dart)
        counted.append(after > at)
        at = after
    return RaceTurn(best, tuple(counted), best >= LAST), order


class DartRace(DartGame):
    """What the two races share: the turn, the totals as the number reached, the
    win at the goal (:func:`games.engine.darts.race_advance`)."""

    Options = RaceOptions
    deal_input = RaceTurnInput
    State = DartsState

    def goal(self, options: Any) -> int:
        return LAST

    def default_table(self, options: Any) -> Table:
        return Table((0, 1))

    def initial_fields(self, options: Any, table: Table) -> Mapping[str, Any]:
        return darts_fields(table)

    @abstractmethod
    def play(self, state: DartsState, darts: Sequence[Dart]) -> RaceTurn:
        """What the turn's darts reach, by the race's own counting."""

    def verify_and_score(self, state: DartsState, deal: RaceTurnInput) -> DealScore:
        reached = state.totals[state.thrower]
        turn = self.play(state, deal.darts)
        errors = turn_errors(deal.darts, DARTS_PER_TURN, ended_at=turn.ended_at)
        if errors:
            raise DealRejected(errors)
        points = [0] * len(state.table.seats)
        points[state.thrower] = turn.reached - reached
        facts = [
            Fact(
                "reached",
                msg("from {start} on to the finish", start=self.target_name(reached))
                if turn.finished
                else msg(
                    "from {start} on to {end}",
                    start=self.target_name(reached),
                    end=self.target_name(turn.reached),
                ),
                state.thrower,
                points[state.thrower],
            )
        ]
        if turn.again:
            facts.append(Fact("again", "three hits: a new turn", state.thrower))
        return DealScore(
            points=tuple(points),
            facts=tuple(facts),
            detail={"thrower": state.thrower, "again": turn.again},
        )

    def carry(
        self,
        state: DartsState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The race after a turn: who throws next (again, after a hit where the
        options say so), and the end once a player reaches the goal."""
        return race_advance(
            state,
            score.points,
            goal=self.goal(state.options),
            again=bool(score.detail.get("again")),
            finish_round=state.options.finish_round,
        )

    def target_name(self, reached: int) -> str:
        return str(reached + 1)

    def match_goal(self, options: Any) -> MatchGoal:
        return MatchGoal(target=self.goal(options))

    def next_deal(self, state: DartsState) -> NextDeal | None:
        if state.finished:
            return None
        return NextDeal(
            number=state.deal_number,
            context=race_rows(state, self.goal(state.options), self.target_name),
        )


@register
class RoundTheClock(DartRace):
    slug = "round-the-clock"
    name = "Tuomas's Round the Clock"
    source = "001_b57793035adc3f64.txt §58 (l.3572–3591)"
    summary = (
        "Hit 1 to 20 in order; doubles and triples skip sectors, the bull is a "
        "joker, the darts count in the best order."
    )
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))

    def play(self, state: DartsState, darts: Sequence[Dart]) -> RaceTurn:
        turn, _ = clock_turn(state.totals[state.thrower], darts)
        # A winning turn may stop early: the player need not throw on.
        return RaceTurn(
            turn.reached,
            turn.counted,
            turn.finished,
            ended_at=len(darts) - 1 if turn.finished else None,
        )
