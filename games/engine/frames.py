"""Result shape: frames won, in a race to N frames (billiards, book §77–79).

A billiards match is a **race to N frames**: every frame has one winner (a frame is
never drawn), and the first side to win the match's number of frames wins it (book
§77.3 l.4177–4181, §78.3 l.4232–4236, §79.3). The points of a frame (snooker's
frame score, 5 Pin's race to 60) decide the frame, not the match: so a match's
**totals are frames won**, and a frame scores 1 for its winner and 0 for the others.
The frame's own score is the deal's detail and fact.

Who breaks (opens) a frame is not in the book; clubs differ, so it is an option
(:data:`BREAK_ORDERS`, read by :func:`games.engine.ends.next_first`): ``alternate``
(the players take turns, the usual club rule), ``winner`` (the frame's winner breaks
the next, "winner breaks") or ``loser``.

The pieces, on top of :mod:`games.engine.ends` (a frame is an end that always has a
winner and scores 1):

* :class:`FramesOptions` — the options every frame game shares: ``frames`` to win
  and the ``break_order``;
* :func:`frame_points` — a frame won as points per side;
* :func:`frames_advance` — the fold step: the frame counted, the race checked, the
  next frame's breaker;
* :func:`frames_rows` — the sheet's rows before the next frame: which frame, the
  frames won so far (the race), the frames to win and who breaks;
* :class:`FramesGame` — a game whose every deal is a frame (snooker, 9-ball) or
  a point of a race (Totem Tennis' rallies), put together from the above;
* :func:`frame_winner` — the side a deal's detail names as the frame's winner (for
  :meth:`games.engine.Game.deal_winners`).

Invariants: every frame adds exactly 1 to the totals; the match ends as soon as one
side's frames reach ``frames``, so no total ever exceeds it and the winner is that
one side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field

from games.engine.ends import (
    EndsState,
    OrderRule,
    end_points,
    ends_advance,
    ends_initial_fields,
)
from games.engine.game import (
    ContextRow,
    DealScore,
    Game,
    MatchGoal,
    MatchState,
    NextDeal,
    Table,
)
from games.engine.inputs import FrozenModel
from games.engine.text import msg

BREAK_ORDERS: tuple[str, ...] = ("alternate", "winner", "loser")
MOST_FRAMES = 50


class FramesOptions(FrozenModel):
    """Options every race to N frames shares."""

    frames: int = Field(
        3,
        ge=1,
        le=MOST_FRAMES,
        description="Frames to win the match (the book: a pre-determined number; "
        "3, i.e. best of five, is Kirjuri's default).",
    )
    break_order: Literal["alternate", "winner", "loser"] = Field(
        "alternate",
        description="Who breaks the next frame (not in the book): alternate, the "
        "frame's winner, or its loser.",
    )


def frame_points(winner: int, sides: int = 2) -> tuple[int, ...]:
    """A frame won by ``winner`` as points per side: 1 to the winner."""
    return end_points(winner, 1, sides)


def frames_advance(
    state: EndsState,
    score: DealScore,
    *,
    winner: int,
    frames: int,
    rule: OrderRule,
) -> EndsState:
    """``state`` after a frame ``winner`` won: a race to ``frames`` frames won, the
    next frame broken by the side ``rule`` names."""
    return ends_advance(
        state, score, scorer=winner, target=frames, ends=None, rule=rule
    )


def frames_rows(
    state: EndsState,
    *,
    frames: int,
    frame: int | None = None,
    unit: tuple[str, str] = ("frame", msg("Frame")),
    won_label: tuple[str, str] = ("frames_won", msg("Frames won")),
    race_label: tuple[str, str] = ("race_to", msg("Frames to win")),
    first_label: tuple[str, str] = ("break", msg("Breaks")),
) -> tuple[ContextRow, ...]:
    """The sheet's rows before the next frame: the frame's number (``frame``, or
    the deal number when every deal is a frame), the frames won so far per side,
    the frames to win, and the side that breaks; each labelled ``(code, label)``."""
    return (
        ContextRow(
            unit[0], unit[1], "number", state.deal_number if frame is None else frame
        ),
        ContextRow(won_label[0], won_label[1], "per_side", state.totals),
        ContextRow(race_label[0], race_label[1], "number", frames),
        ContextRow(first_label[0], first_label[1], "side", state.first),
    )


def frame_winner(detail: Mapping[str, Any] | None) -> tuple[int, ...] | None:
    """The frame's winner as :meth:`games.engine.Game.deal_winners` answers it,
    from a deal detail carrying ``winner`` (``None`` when the detail has none, so
    the caller falls back to the points)."""
    if detail and detail.get("winner") is not None:
        return (detail["winner"],)
    return None


class FramesGame(Game):
    """A game whose every deal is one frame won by one side, in a race to N frames.

    A subclass declares ``slug`` …, its ``Options`` (with ``frames`` and
    ``break_order``, or overriding :meth:`race_target` / :meth:`order_rule`), its
    input, and :meth:`verify_and_score` returning a :class:`DealScore` of
    :func:`frame_points` whose detail names the ``winner``. The labels say what the
    game calls a frame, the race and the break (Totem Tennis: a rally, points, the
    serve). Money is win/loss only (see each game's docs for the reading).
    """

    deal_word = "frame"

    State = EndsState
    stakes_per_point = False
    unit: ClassVar[tuple[str, str]] = ("frame", msg("Frame"))
    won_label: ClassVar[tuple[str, str]] = ("frames_won", msg("Frames won"))
    race_label: ClassVar[tuple[str, str]] = ("race_to", msg("Frames to win"))
    first_label: ClassVar[tuple[str, str]] = ("break", msg("Breaks"))

    def race_target(self, options: Any) -> int:
        return options.frames

    def order_rule(self, options: Any) -> OrderRule:
        return options.break_order

    def initial_fields(self, options: Any, table: Table) -> Mapping[str, Any]:
        return ends_initial_fields(table)

    def advance(self, state: MatchState, score: DealScore) -> MatchState:
        return frames_advance(
            state,
            score,
            winner=score.detail["winner"],
            frames=self.race_target(state.options),
            rule=self.order_rule(state.options),
        )

    def next_deal(self, state: MatchState) -> NextDeal | None:
        """The race's rows; no dealer (the ``break`` row says who opens)."""
        if state.finished:
            return None
        return NextDeal(
            number=state.deal_number,
            context=frames_rows(
                state,
                frames=self.race_target(state.options),
                unit=self.unit,
                won_label=self.won_label,
                race_label=self.race_label,
                first_label=self.first_label,
            ),
        )

    def match_goal(self, options: Any) -> MatchGoal:
        return MatchGoal(target=self.race_target(options))

    def deal_winners(
        self, points: Sequence[int], detail: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        return frame_winner(detail) or super().deal_winners(points, detail)
