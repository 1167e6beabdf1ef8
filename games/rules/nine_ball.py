"""9-ball and 10-ball: the player who pockets the last ball wins the frame; a match
to a number of frames won; singles or two teams of two.

Source: book ``001_b57793035adc3f64.txt`` chapter 78 (l.4199–4255): two players or
two two-player teams whose team-mates alternate shots (l.4207), the match §78.3
(l.4232–4236: the frame to the player who pockets the 9-ball; the match to a
pre-determined number of frames), 10-ball §78.6 (l.4252–4254: ten target balls,
the frame to whoever pockets the 10-ball, called shots).

A scorer taps the side that won each frame (one tap a frame). The ``balls`` option
is 9 (9-ball) or 10 (10-ball); it names the ball that wins a frame and nothing else
changes in the scoring. The team game is the table ``(0, 1, 0, 1)``.

Readings (docs/games/nine-ball.md): a frame always has a winner (§78.3); the totals
are frames won (:mod:`games.engine.frames`); who breaks is the ``break_order``
option (the book does not say); money is win/loss only (book §1.2, l.221–239,
stakes a difference of scores of card games; a race to frames is a win or a loss).

Invariants: every frame adds 1 to its winner's total; the match ends when a side's
frames reach ``frames``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from games.engine import DealScore, MatchState, register
from games.engine.ends import end_errors, end_input
from games.engine.errors import reject_if
from games.engine.frames import FramesGame, FramesOptions, frame_points
from games.engine.game import Fact
from games.engine.text import Side, msg

NineBallFrame = end_input(
    1,
    title="Frame",
    blank=False,
    side_help="The side that pocketed the winning ball (§78.3, §78.6).",
    points_help="1: a frame counts one.",
)


class NineBallOptions(FramesOptions):
    balls: Literal[9, 10] = Field(
        9,
        description="9 for 9-ball (§78), 10 for 10-ball (§78.6): the ball that "
        "wins a frame.",
    )


@register
class NineBall(FramesGame):
    slug = "nine-ball"
    name = "9-ball / 10-ball"
    source = "001_b57793035adc3f64.txt §78 (l.4199–4255)"
    summary = (
        "Pool for two players or two teams of two: pocketing the 9-ball (or the "
        "10-ball) wins the frame; the match to a number of frames won."
    )
    Options = NineBallOptions
    deal_input = NineBallFrame
    tables = ((0, 1), (0, 1, 0, 1))

    def verify_and_score(self, state: MatchState, deal) -> DealScore:
        sides = state.table.side_count
        reject_if(
            end_errors(deal.side, deal.points, most=1, section="§78.3", unit="frame")
        )
        ball = state.options.balls
        return DealScore(
            points=frame_points(deal.side, sides),
            facts=(
                Fact(
                    "frame",
                    msg(
                        "{side} pocketed the {ball}-ball",
                        side=Side(deal.side),
                        ball=ball,
                    ),
                    deal.side,
                ),
            ),
            detail={"winner": deal.side},
        )
