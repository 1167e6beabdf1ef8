"""The win/loss (and draw) result shape: one game won by a side, or drawn, and a
match of several such games.

Games that keep no score but who won — Hex and Y (book §45, no draw possible,
l.3038), Beginners' Go (§46, a draw only with a whole-number komi), and any other
two-sided game decided by a winner — share these pieces:

* **a game's result** — the winning side, or a draw where the game allows one
  (:func:`outcome_errors` checks a scorer's entry; :func:`outcome_points` scores it:
  **1** to the winner where no draw is possible; **2** to the winner and **1** to
  each side on a draw where one is, so that totals stay whole numbers and a draw is
  half a win);
* **a match of games** (:class:`MatchOfGamesOptions`): one game by default; a fixed
  number of games (``games``), or the first to win ``first_to`` games, or both
  (best of five: ``games: 5, first_to: 3``); the match goal of
  :mod:`games.engine.goals`;
* **the first move alternates** from game to game (:class:`OutcomeState.first`):
  side 0 moves first in game 1, and each later game the side that did not move
  first in the game before — unless a game says who did (then the next game goes to
  the other side). The score sheet shows it before each game (a context row).

:class:`OutcomeGame` is the base a game of this shape subclasses: it folds the
results, declares the match goal and the sheet's rows; the game only verifies and
scores one game (:meth:`Game.verify_and_score`, usually ending in
:func:`outcome_score`).

Invariants: a game scores 1 point in all (no draws possible) or 2 (draws possible);
the match ends after ``games`` games or when a side has won ``first_to`` games (a
draw counting half), and the highest total wins (a tie after a fixed number of games
is shared).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from pydantic import Field

from games.engine.errors import RuleError
from games.engine.game import (
    ContextRow,
    DealScore,
    Fact,
    Game,
    MatchGoal,
    MatchState,
    NextDeal,
)
from games.engine.goals import target_or_deals_advance, target_or_deals_rows
from games.engine.inputs import FrozenModel
from games.engine.text import Side, msg

WIN, DRAW_WIN = 1, 2  # a win's points without and with draws possible


class MatchOfGamesOptions(FrozenModel):
    """How many games make a match. Games of this shape extend it with their own
    options."""

    games: int | None = Field(
        None,
        ge=1,
        le=99,
        description="Games in a match; empty: one game, or with first_to as many as "
        "it takes.",
    )
    first_to: int | None = Field(
        None,
        ge=1,
        le=99,
        description="Games a side must win to win the match (a draw counts half); "
        "with games set as well, whichever comes first (best of five: games 5, "
        "first_to 3).",
    )

    @property
    def length(self) -> int | None:
        """The games a match lasts at most: ``games``; one when neither is set;
        ``None`` for a race to ``first_to``."""
        if self.games is not None:
            return self.games
        return None if self.first_to is not None else 1


@dataclass(frozen=True, kw_only=True)
class OutcomeState(MatchState):
    """The match state of a game of this shape: who moves first in the next game."""

    first: int = 0


def win_points(draws_possible: bool) -> int:
    """A win's points: 1, or 2 where a draw (1 to each side) is possible."""
    return DRAW_WIN if draws_possible else WIN


def outcome_points(
    winner: int | None, sides: int = 2, *, draws_possible: bool
) -> tuple[int, ...]:
    """Points per side of one game won by ``winner`` (``None``: drawn)."""
    win = win_points(draws_possible)
    if winner is None:
        if not draws_possible:
            raise AssertionError("a draw scored in a game without draws")
        return (win // 2,) * sides
    return tuple(win if side == winner else 0 for side in range(sides))


def outcome_errors(
    winner: int | None,
    draw: bool,
    *,
    sides: int = 2,
    draws_possible: bool,
    section: str = "",
    winner_path: str = "winner",
    draw_path: str = "draw",
) -> list[RuleError]:
    """A result as entered: a winner, or a draw where the game allows one — never
    both, never neither (``no_winner``, ``winner_and_draw``, ``no_draw``,
    ``bad_side``)."""
    where = f" ({section})" if section else ""
    if draw and not draws_possible:
        return [
            RuleError(
                draw_path,
                "no_draw",
                msg("this game cannot end in a draw{where}", where=where),
            )
        ]
    if draw and winner is not None:
        return [
            RuleError(
                winner_path,
                "winner_and_draw",
                "a drawn game has no winner: enter the winner or the draw, not both",
            )
        ]
    if not draw and winner is None:
        text = (
            msg("enter the side that won or the draw{where}", where=where)
            if draws_possible
            else msg("enter the side that won{where}", where=where)
        )
        return [RuleError(winner_path, "no_winner", text)]
    if winner is not None and not 0 <= winner < sides:
        return [
            RuleError(
                winner_path,
                "bad_side",
                msg("{side} is not at the table", side=Side(winner)),
            )
        ]
    return []


def outcome_score(
    winner: int | None,
    *,
    sides: int = 2,
    draws_possible: bool,
    first: int,
    facts: Sequence[Fact] = (),
    detail: Mapping[str, Any] | None = None,
) -> DealScore:
    """The score of one game: its points, a fact naming the result, and in
    ``detail`` the winner (``None`` for a draw) and the side that moved first."""
    text = (
        msg("the game is drawn")
        if winner is None
        else msg("{side:C} wins the game", side=Side(winner))
    )
    return DealScore(
        points=outcome_points(winner, sides, draws_possible=draws_possible),
        facts=(*facts, Fact("result", text, winner)),
        detail={**(detail or {}), "winner": winner, "first": first},
    )


class OutcomeGame(Game):
    """A two-sided game decided by a winner (or a draw), played in matches of games.

    Subclasses declare ``Options`` (a :class:`MatchOfGamesOptions`), ``first_label``
    (the sheet's words for who moves first: "Black", "Moves first") and
    :meth:`draws_possible`; their :meth:`verify_and_score` ends in
    :func:`outcome_score`.
    """

    deal_word = "game"

    State = OutcomeState
    tables = ((0, 1),)
    stakes_per_point = False
    first_label: ClassVar[str] = msg("Moves first")

    def draws_possible(self, options: Any) -> bool:
        return False

    def first_of(self, state: OutcomeState, said: int | None) -> int:
        """The side that moved first in this game: as entered, or the sheet's."""
        return state.first if said is None else said

    def advance(self, state: MatchState, score: DealScore) -> MatchState:
        options: MatchOfGamesOptions = state.options
        target = self._target(options)
        after = target_or_deals_advance(
            state, score, target=target, deals=options.length
        )
        first = score.detail.get("first", state.first)
        return after if after.finished else replace(after, first=1 - first)

    def _target(self, options: MatchOfGamesOptions) -> int | None:
        if options.first_to is None:
            return None
        return options.first_to * win_points(self.draws_possible(options))

    def match_goal(self, options: MatchOfGamesOptions) -> MatchGoal:
        return MatchGoal(target=self._target(options), deals=options.length)

    def deal_winners(
        self, points: Sequence[int], detail: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        """The side that won the game; nobody for a draw."""
        if detail and "winner" in detail:
            winner = detail["winner"]
            return () if winner is None else (winner,)
        return super().deal_winners(points, detail)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        options: MatchOfGamesOptions = state.options
        rows = [ContextRow("first", self.first_label, "side", state.first)]
        rows += target_or_deals_rows(
            state,
            target=None,
            deals=options.length if (options.length or 0) > 1 else None,
            unit=("game", msg("Game")),
        )
        if options.first_to is not None:
            rows.append(
                ContextRow("first_to", "Games to win", "number", options.first_to)
            )
        return NextDeal(
            number=state.deal_number,
            dealer=None,
            notes=self.notes(state),
            context=tuple(rows),
        )

    def notes(self, state: MatchState) -> tuple[str, ...]:
        return ()
