"""Totem Tennis: a point for winding the string round the pole; first to ten.

Source: book ``001_b57793035adc3f64.txt`` chapter 67 (l.3856–3883), the game §67.2
(l.3874–3882): two players hit a ball on a string round a pole, one clockwise and
one anticlockwise; a player who winds the string completely round the pole earns a
point and the rally is over; the first to ten points wins; the serve alternates.

A scorer taps the player who won each rally (one tap a rally). The sheet shows the
score race and who serves the next rally (the serve alternates whoever won, §67.2
l.3882: the match's first dealer serves first).

Readings (docs/games/totem-tennis.md): a rally always ends with a point (a rally is
over only when the string is wound up, l.3880); no lead of two is needed (the book:
"the first player to earn ten points wins"); the ``target`` option changes the ten
for a shorter or longer game; money is win/loss only (book §1.2, l.221–239, stakes a
difference of scores of card games; a childhood race to ten is a win or a loss).

Invariants: every rally adds 1 to its winner; the match ends at ``target``; the
server alternates rally by rally.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from games.engine import DealScore, MatchState, register
from games.engine.ends import OrderRule, end_errors, end_input
from games.engine.errors import reject_if
from games.engine.frames import FramesGame, frame_points
from games.engine.game import Fact
from games.engine.inputs import FrozenModel
from games.engine.text import Side, msg

TotemRally = end_input(
    1,
    title="Rally",
    blank=False,
    side_help="The player who wound the string round the pole (§67.2).",
    points_help="1: a rally wins one point.",
)


class TotemTennisOptions(FrozenModel):
    target: int = Field(
        10, ge=1, le=100, description="Points that win the game (the book: ten)."
    )


@register
class TotemTennis(FramesGame):
    deal_word = "rally"
    slug = "totem-tennis"
    name = "Totem Tennis"
    source = "001_b57793035adc3f64.txt §67 (l.3856–3883)"
    summary = (
        "Two players wind a ball on a string round a pole; a point a wound-up rally, "
        "the serve alternates, first to ten."
    )
    Options = TotemTennisOptions
    deal_input = TotemRally
    tables = ((0, 1),)
    unit = ("rally", msg("Rally"))
    won_label = ("points", msg("Points"))
    race_label = ("target", msg("Points to win"))
    first_label = ("serve", msg("Serves"))

    def race_target(self, options: Any) -> int:
        return options.target

    def order_rule(self, options: Any) -> OrderRule:
        return "alternate"

    def verify_and_score(self, state: MatchState, deal) -> DealScore:
        reject_if(
            end_errors(deal.side, deal.points, most=1, section="§67.2", unit="rally")
        )
        return DealScore(
            points=frame_points(deal.side),
            facts=(
                Fact(
                    "rally",
                    msg("{side} wound the string", side=Side(deal.side)),
                    deal.side,
                ),
            ),
            detail={"winner": deal.side, "server": state.first},
        )
