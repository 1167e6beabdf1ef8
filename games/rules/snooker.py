"""Snooker: frames to the higher score, a match to a number of frames won.

Source: book ``001_b57793035adc3f64.txt`` chapter 77 (l.4148–4198): the balls and
their points §77.2 (l.4162–4175: 15 reds at 1, yellow 2, green 3, brown 4, blue 5,
pink 6, black 7), the match §77.3 (l.4177–4181: the frame ends when all the balls
but the white are pocketed, l.4179, and goes to the player with more points, often
ended by the losing player giving it up; the match to a pre-determined number of
frames), the frame §77.4 (l.4183–4187), fouls §77.5
(l.4189–4193: a foul costs four to seven points).

A scorer enters each frame's score, one number per player, and how many of those
points came from the opponent's fouls, and who conceded if the frame was given up.

Readings (docs/games/snooker.md):

* The balls give at most 147 points in a frame (15 reds each followed by the black,
  then the colours 2 + 3 + … + 7 = 27): both players' points **not from fouls**
  add up to 147 at most. A frame not conceded ends only when every ball is
  pocketed (§77.3 l.4179): the 15 reds at 1 and the colours 2 + 3 + … + 7 give
  at least 42 from balls, so a frame under 42 from balls needs a concession.
  Foul points are the opponent's penalties of 4–7 each
  (§77.5): a player's foul points are 0 or at least 4 (every whole number from 4
  on is a sum of penalties of 4–7).
* A frame goes to the higher score (§77.3); a frame entered level without a
  concession is rejected (the book gives no tie; clubs re-spot the black and enter
  the score after it). The player who concedes is "the losing player" (§77.3): a
  concession by the player ahead is rejected; at a level score either may concede.
* The totals are frames won (:mod:`games.engine.frames`); who breaks is the
  ``break_order`` option. Money is win/loss only: book §1.2 (l.221–239) stakes the
  difference of scores of card games; a race to frames is a win or a loss.

Invariants: every frame has one winner and adds 1 to the totals; the match ends
when a player's frames reach ``frames``.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from games.engine import DealRejected, DealScore, MatchState, RuleError, register
from games.engine.frames import FramesGame, FramesOptions, frame_points
from games.engine.game import Fact
from games.engine.inputs import PER_SIDE, FrozenModel, SideField
from games.engine.text import msg

MAXIMUM_BREAK = 147  # 15 × (1 + 7) + 2 + 3 + 4 + 5 + 6 + 7 (§77.2)
LEAST_FOUL = 4  # §77.5: a foul costs four to seven points
LEAST_CLEARED = 15 * 1 + 2 + 3 + 4 + 5 + 6 + 7  # every ball pocketed (§77.3 l.4179)
MOST_POINTS = 1000  # the schema's bound: fouls are not limited in number

Points = Annotated[int, Field(ge=0, le=MOST_POINTS)]


class SnookerOptions(FramesOptions):
    pass


class SnookerFrame(FrozenModel):
    points: Annotated[tuple[Points, Points], PER_SIDE] = Field(
        description="Each player's points in the frame, fouls included."
    )
    foul_points: Annotated[tuple[Points, Points], PER_SIDE] = Field(
        (0, 0),
        description="Of those, the points each player got from the opponent's "
        "fouls (4–7 a foul, §77.5).",
    )
    conceded_by: SideField | None = Field(
        None, le=1, description="The player who gave up the frame, if one did."
    )


def frame_errors(frame: SnookerFrame) -> list[RuleError]:
    """Everything wrong with a frame as entered, each error naming its field."""
    errors = []
    for side, (points, fouls) in enumerate(
        zip(frame.points, frame.foul_points, strict=True)
    ):
        if fouls > points:
            errors.append(
                RuleError(
                    f"foul_points.{side}",
                    "fouls_over_points",
                    msg(
                        "{fouls} foul points but only {points} points in the frame",
                        fouls=fouls,
                        points=points,
                    ),
                )
            )
        elif 0 < fouls < LEAST_FOUL:
            errors.append(
                RuleError(
                    f"foul_points.{side}",
                    "foul_too_small",
                    msg(
                        "{fouls} foul points: a foul gives the opponent 4 to 7 points "
                        "(§77.5 l.4191)",
                        fouls=fouls,
                    ),
                )
            )
    if errors:
        return errors
    potted = sum(frame.points) - sum(frame.foul_points)
    if potted > MAXIMUM_BREAK:
        errors.append(
            RuleError(
                "points",
                "too_many_points",
                msg(
                    "{potted} points from balls: the balls give at most 147 in a "
                    "frame (15 reds × (1 + 7) + 2 + 3 + 4 + 5 + 6 + 7, §77.2 "
                    "l.4164–4173); enter points from fouls in foul_points",
                    potted=potted,
                ),
            )
        )
    a, b = frame.points
    if frame.conceded_by is None and potted < LEAST_CLEARED:
        errors.append(
            RuleError(
                "points",
                "frame_not_finished",
                msg(
                    "{potted} points from balls and no concession: a frame ends "
                    "when every ball but the white is pocketed (§77.3 l.4179), "
                    "which gives at least 42 (15 reds + 2 + 3 + 4 + 5 + 6 + 7, "
                    "§77.2 l.4164–4173); enter who conceded, or the points from "
                    "fouls in foul_points",
                    potted=potted,
                ),
            )
        )
    elif frame.conceded_by is None:
        if a == b:
            errors.append(
                RuleError(
                    "points",
                    "tied_frame",
                    msg(
                        "{a}–{b}: the frame goes to the higher score (§77.3 l.4179); "
                        "enter the score after the deciding ball, or who conceded",
                        a=a,
                        b=b,
                    ),
                )
            )
    elif frame.points[frame.conceded_by] > frame.points[1 - frame.conceded_by]:
        errors.append(
            RuleError(
                "conceded_by",
                "conceded_while_ahead",
                msg(
                    "{a}–{b}: the player who gives up the frame is the losing player "
                    "(§77.3 l.4179)",
                    a=a,
                    b=b,
                ),
            )
        )
    return errors


@register
class Snooker(FramesGame):
    slug = "snooker"
    name = "Snooker"
    source = "001_b57793035adc3f64.txt §77 (l.4148–4198)"
    summary = (
        "Two players pot reds and colours; a frame to the higher score (or to the "
        "player who does not concede); the match to a number of frames won."
    )
    Options = SnookerOptions
    deal_input = SnookerFrame
    tables = ((0, 1),)
    sheet_fact = "frame"  # the frame's score in its row

    def verify_and_score(self, state: MatchState, deal: SnookerFrame) -> DealScore:
        errors = frame_errors(deal)
        if errors:
            raise DealRejected(errors)
        a, b = deal.points
        if deal.conceded_by is not None:
            winner = 1 - deal.conceded_by
            text = msg("{a}–{b} conceded", a=a, b=b)
        else:
            winner = 0 if a > b else 1
            text = msg("{a}–{b}", a=a, b=b)
        return DealScore(
            points=frame_points(winner),
            facts=(Fact("frame", text, winner),),
            detail={
                "winner": winner,
                "points": [a, b],
                "foul_points": list(deal.foul_points),
                "conceded_by": deal.conceded_by,
            },
        )
