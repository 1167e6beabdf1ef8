"""5 Pin Billiards: one shot a turn, points for the target ball and the pins, frames
to 60, a match to a number of frames won.

Source: book ``001_b57793035adc3f64.txt`` chapter 79 (l.4256–4305): the match §79.3
(l.4276–4280: a frame ends when a player earns at least 60 points and wins it; the
match to a pre-determined number of frames), the turn and its points §79.4
(l.4282–4300), penalties §79.5 (l.4302–4304).

Points of a shot (§79.4 l.4290–4296): the target ball hit by one's own cue ball 4,
by the opponent's cue ball 3 (only the first hit counts, l.4300); the centre pin 10
when it falls alone, 4 when other pins fall too; each boundary pin 2. Penalties
(§79.5): a shot that fails to hit the opponent's cue ball first gives the opponent
2 points; pins hit by the shooter's own cue ball give the opponent the turn's
points.

Three entry modes (``mode``):

* ``tap`` — one tap a shot: the player who gained points and how many (a grid of
  buttons; a blank button for a shot that scored nothing);
* ``shot`` — what one shot did: the target ball (``none`` / ``own`` / ``opponent``),
  the centre pin, the number of boundary pins, whether it missed the opponent's
  cue ball, whether the shooter's own cue ball hit the pins. The shooter is not
  entered: a turn is one shot (l.4284), so the players alternate shot by shot, and
  the sheet says who shoots next.
* ``frame`` — a whole frame's two scores, when only the totals were kept.

Readings (docs/games/five-pin.md):

* On a miss the shot earns the shooter nothing (the cue ball must first hit the
  opponent's, l.4286): the opponent gets 2, plus the points of any pins that fell
  (they can only have fallen to the shooter's balls, §79.5 l.4304); a target ball
  entered with a miss is rejected.
* A frame is won by the first to reach 60; the last shot's points all count, so
  a winner has at most 59 + 16 = 75 (16: the target ball by one's own cue ball,
  the centre and four boundary pins).
* Who opens a frame is the ``break_order`` option (not in the book); the totals are
  frames won (:mod:`games.engine.frames`); money is win/loss only (book §1.2,
  l.221–239, stakes a difference of scores of card games).

Invariants: a shot gives points to one player at most; the frame points reset when
a frame is won; every frame adds 1 to its winner's total.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from games.engine import DealRejected, DealScore, MatchState, RuleError, register
from games.engine.ends import EndsState, ends_initial_fields, seat_of_side
from games.engine.frames import (
    FramesGame,
    FramesOptions,
    frame_points,
    frames_advance,
    frames_rows,
)
from games.engine.game import ContextRow, Fact, NextDeal, advanced
from games.engine.inputs import PER_SIDE, ROLE, TAP_GRID, FrozenModel
from games.engine.text import Side, msg

FRAME_TARGET = 60  # §79.3
TARGET_POINTS = {"none": 0, "own": 4, "opponent": 3}  # §79.4 l.4292–4293
CENTRE_ALONE, CENTRE_WITH_OTHERS, BOUNDARY_PIN = 10, 4, 2  # §79.4 l.4294–4296
MISS_PENALTY = 2  # §79.5 l.4302
BOUNDARY_PINS = 4
MOST_SHOT = TARGET_POINTS["own"] + CENTRE_WITH_OTHERS + BOUNDARY_PIN * BOUNDARY_PINS
MOST_FRAME = FRAME_TARGET - 1 + MOST_SHOT


class FivePinOptions(FramesOptions):
    pass


TapSide = Annotated[int, Field(ge=0, le=1, json_schema_extra={ROLE: "side"})]


class FivePinTap(FrozenModel):
    """A shot as one tap: who gained and how much (the grid of the entry form)."""

    model_config = ConfigDict(
        title="Shot",
        json_schema_extra={
            TAP_GRID: {"rows": "side", "cells": "points", "blank": True}
        },
    )

    mode: Literal["tap"] = "tap"
    side: TapSide | None = Field(
        None,
        description="The player who gained points from the shot (the opponent on a "
        "miss or a foul); empty when the shot scored nothing.",
    )
    # 2 at least: no shot gives 1 (the least is a boundary pin's or a miss's 2,
    # §79.4 l.4296, §79.5 l.4302), so the grid has no button for it; the default 0
    # is the blank shot's.
    points: int = Field(
        0, ge=2, le=MOST_SHOT, description=f"The points gained, 2–{MOST_SHOT}."
    )


class FivePinShot(FrozenModel):
    mode: Literal["shot"]
    target: Literal["none", "own", "opponent"] = Field(
        "none",
        description="The target ball's first hit: by the shooter's own cue ball "
        "(4), by the opponent's (3), or none.",
    )
    centre_pin: bool = Field(False, description="The centre pin fell.")
    # A choice, not a number box: one tap on the phone (0 … 4).
    boundary_pins: Literal[0, 1, 2, 3, 4] = Field(
        0, description="Boundary pins that fell (2 each)."
    )
    missed: bool = Field(
        False,
        description="The cue ball failed to hit the opponent's cue ball first "
        "(the opponent gets 2, §79.5).",
    )
    own_ball_pins: bool = Field(
        False,
        description="The shooter's own cue ball hit pins (the opponent gets the "
        "turn's points, §79.5).",
    )


# The schema's bound is loose, so a winner's score over 75 gets the rule's reason.
Points = Annotated[int, Field(ge=0, le=2 * MOST_FRAME)]


class FivePinFrame(FrozenModel):
    mode: Literal["frame"]
    points: Annotated[tuple[Points, Points], PER_SIDE] = Field(
        description="Each player's points in the frame (the winner's at least 60)."
    )


@dataclass(frozen=True, kw_only=True)
class FivePinState(EndsState):
    """``first`` opened the current frame; ``shooter`` shoots next; ``frame_points``
    are the current frame's points; ``frame`` is its number."""

    shooter: int = 0
    frame_points: tuple[int, ...] = (0, 0)
    frame: int = 1


def pins_value(centre: bool, boundary: int) -> int:
    """The pins' points (§79.4 l.4294–4296)."""
    if centre and not boundary:
        return CENTRE_ALONE
    return (CENTRE_WITH_OTHERS if centre else 0) + BOUNDARY_PIN * boundary


def shot_gain(shot: FivePinShot) -> tuple[bool, int]:
    """Who gains from ``shot`` (``True``: the opponent) and how much."""
    pins = pins_value(shot.centre_pin, shot.boundary_pins)
    if shot.missed:
        return True, MISS_PENALTY + pins
    value = TARGET_POINTS[shot.target] + pins
    return shot.own_ball_pins, value


def shot_errors(shot: FivePinShot) -> list[RuleError]:
    errors = []
    if shot.missed and shot.target != "none":
        errors.append(
            RuleError(
                "target",
                "missed_target",
                "a shot that missed the opponent's cue ball earns no target-ball "
                "points (§79.4 l.4286, §79.5 l.4302)",
            )
        )
    if shot.own_ball_pins and not (shot.centre_pin or shot.boundary_pins):
        errors.append(
            RuleError(
                "own_ball_pins",
                "no_pins",
                "the own cue ball hit pins, but no pin fell: enter the pins (§79.5)",
            )
        )
    return errors


def tap_errors(tap: FivePinTap) -> list[RuleError]:
    """A tapped shot: a side with points, no side without."""
    if tap.side is None:
        if tap.points:
            return [
                RuleError(
                    "points",
                    "blank_shot_scores",
                    msg(
                        "{points} points: choose the player who gained them",
                        points=tap.points,
                    ),
                )
            ]
        return []
    if tap.points == 0:
        return [
            RuleError(
                "points",
                "no_points",
                "a shot that scored nothing has no player: leave the side empty",
            )
        ]
    return []


def frame_total_errors(points: tuple[int, int]) -> list[RuleError]:
    over = [s for s, p in enumerate(points) if p >= FRAME_TARGET]
    if not over:
        return [
            RuleError(
                "points",
                "frame_not_won",
                msg(
                    "{a}–{b}: a frame ends when a player reaches 60 (§79.3 l.4278)",
                    a=points[0],
                    b=points[1],
                ),
            )
        ]
    if len(over) == 2:
        return [
            RuleError(
                "points",
                "both_over",
                msg(
                    "{a}–{b}: the frame ended when the first player reached 60, so "
                    "only one can have 60 or more (§79.3 l.4278)",
                    a=points[0],
                    b=points[1],
                ),
            )
        ]
    (winner,) = over
    if points[winner] > MOST_FRAME:
        return [
            RuleError(
                f"points.{winner}",
                "too_many_points",
                msg(
                    "{points}: a frame is won from at most 59 with one shot of at "
                    "most {most_shot} points (§79.4), so at most {most_frame}",
                    points=points[winner],
                    most_shot=MOST_SHOT,
                    most_frame=MOST_FRAME,
                ),
            )
        ]
    return []


@register
class FivePinBilliards(FramesGame):
    deal_word = "shot"
    slug = "five-pin"
    name = "5 Pin Billiards"
    source = "001_b57793035adc3f64.txt §79 (l.4256–4305)"
    summary = (
        "Two cue balls, a target ball and five pins: one shot a turn, points for "
        "the target ball and the pins, frames to 60, a match to frames won."
    )
    Options = FivePinOptions
    deal_modes = {"tap": FivePinTap, "shot": FivePinShot, "frame": FivePinFrame}
    State = FivePinState
    tables = ((0, 1),)
    sheet_fact = "score"  # the frame's score after each shot, in its row

    def initial_fields(self, options: Any, table) -> dict[str, Any]:
        fields = ends_initial_fields(table)
        return {**fields, "shooter": fields["first"]}

    def verify_and_score(self, state: FivePinState, deal: Any) -> DealScore:
        if isinstance(deal, FivePinFrame):
            return self._frame_score(state, deal)
        if isinstance(deal, FivePinTap):
            reject = tap_errors(deal)
            if reject:
                raise DealRejected(reject)
            gainer = state.shooter if deal.side is None else deal.side
            value = deal.points
        else:
            reject = shot_errors(deal)
            if reject:
                raise DealRejected(reject)
            to_opponent, value = shot_gain(deal)
            gainer = 1 - state.shooter if to_opponent else state.shooter
        after = list(state.frame_points)
        after[gainer] += value
        winner = gainer if after[gainer] >= FRAME_TARGET else None
        text = msg(
            "{shooter} shot: {value} to {gainer}",
            shooter=Side(state.shooter),
            value=value,
            gainer=Side(gainer),
        )
        facts = [
            Fact("shot", text, gainer, value),
            Fact("score", msg("{a}–{b}", a=after[0], b=after[1])),
        ]
        if winner is not None:
            facts.append(
                Fact(
                    "frame",
                    msg(
                        "frame {a}–{b} to {winner}",
                        a=after[0],
                        b=after[1],
                        winner=Side(winner),
                    ),
                    winner,
                )
            )
        return DealScore(
            points=frame_points(winner) if winner is not None else (0, 0),
            facts=tuple(facts),
            detail={
                "shooter": state.shooter,
                "frame_points": after,
                "winner": winner,
            },
        )

    def _frame_score(self, state: FivePinState, deal: FivePinFrame) -> DealScore:
        if any(state.frame_points):
            a, b = state.frame_points
            raise DealRejected(
                [
                    RuleError(
                        "mode",
                        "frame_started",
                        msg(
                            "frame {frame} stands at {a}–{b} from its shots: enter "
                            "its remaining shots one by one",
                            frame=state.frame,
                            a=a,
                            b=b,
                        ),
                    )
                ]
            )
        reject = frame_total_errors(deal.points)
        if reject:
            raise DealRejected(reject)
        a, b = deal.points
        winner = 0 if a >= FRAME_TARGET else 1
        return DealScore(
            points=frame_points(winner),
            facts=(
                Fact(
                    "frame",
                    msg("frame {a}–{b} to {winner}", a=a, b=b, winner=Side(winner)),
                    winner,
                ),
                Fact("score", msg("{a}–{b}", a=a, b=b)),
            ),
            detail={"frame_points": [a, b], "winner": winner},
        )

    def advance(self, state: MatchState, score: DealScore) -> MatchState:
        winner = score.detail["winner"]
        table = state.table
        if winner is None:
            shooter = 1 - state.shooter
            return advanced(
                state,
                score.points,
                frame_points=tuple(score.detail["frame_points"]),
                shooter=shooter,
                dealer=seat_of_side(table, shooter),
            )
        after = frames_advance(
            state,
            score,
            winner=winner,
            frames=state.options.frames,
            rule=state.options.break_order,
        )
        return replace(
            after, frame_points=(0, 0), frame=state.frame + 1, shooter=after.first
        )

    def next_deal(self, state: FivePinState) -> NextDeal | None:
        if state.finished:
            return None
        rows = frames_rows(state, frames=state.options.frames, frame=state.frame)
        return NextDeal(
            number=state.deal_number,
            context=(
                *rows[:3],
                ContextRow("opens", "Opened the frame", "side", state.first),
                ContextRow(
                    "frame_points", "Frame score", "per_side", state.frame_points
                ),
                ContextRow("frame_to", "Frame to", "number", FRAME_TARGET),
                ContextRow("shoots", "Shoots", "side", state.shooter),
            ),
        )
