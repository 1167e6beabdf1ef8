"""Curling: two teams of four deliver rocks end by end; the hammer.

Source: book ``001_b57793035adc3f64.txt`` chapter 76 (l.4056–4147): the rules §76.1
(l.4064–4074), the scoring §76.1.1 (l.4076–4082), the hammer §76.5.1 (l.4110–4124).

Terms: an *end* (the book's "round") is sixteen rocks, each player delivering two,
the teams in turn. The team closest to the centre *wins the end* and scores a point
for each rock closer than the opponents' closest (the *best loser*); rocks outside
the rings never score, and if every rock is outside, the end is *blank* (the book's
"draw"). The *hammer* is the last rock of an end: the team that does not deliver
first has it (§76.5.1). The winner of an end delivers first in the next one, so
the loser gets the hammer; after a blank end the same team delivers first again
(§76.1), so the hammer stays.

A scorer enters per end the team that scored and its points (1–8: a team has eight
rocks), or nothing for a blank end — one tap on the entry page. The first end's
order is the match's: the team of the first dealer delivers first, the other has
the hammer. A match is 8 ends, 10 in the finals of prestigious tournaments (the
option ``ends``); the team with more points wins. The book gives no extra end: a
level match is a draw unless the option ``extra_ends`` plays ends until one team
leads.

Invariants: an end scores 1–8 for one team or nothing; the hammer is always the
team not delivering first; the match has ``ends`` ends (more only with
``extra_ends`` while level).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from games.engine import register
from games.engine.ends import EndGoal, EndsGame, EndsState, end_input
from games.engine.inputs import FrozenModel
from games.engine.text import msg

ROCKS = 8  # per team: four players, two rocks each (§76.1)


class CurlingOptions(FrozenModel):
    ends: Literal[8, 10] = Field(
        8,
        description="Ends in a match: 8, or 10 in the finals of prestigious "
        "tournaments (§76.1.1).",
    )
    extra_ends: bool = Field(
        False,
        description="Play extra ends while the teams are level after the last end "
        "(not in the book, which gives no rule for a tie: off, a level match is a "
        "draw).",
    )


CurlingEnd = end_input(
    ROCKS,
    title="Curling end",
    side_help="The team whose rock lay closest to the centre.",
    points_help="Its rocks closer to the centre than the opponents' closest, "
    "1–8; empty (0) for a blank end.",
)


@register
class Curling(EndsGame):
    slug = "curling"
    name = "Curling"
    source = "001_b57793035adc3f64.txt §76 (l.4056–4147)"
    summary = (
        "Two teams deliver rocks end by end; the closer rocks than the opponents' "
        "best score; the hammer; 8 ends, 10 in finals."
    )
    Options = CurlingOptions
    deal_input = CurlingEnd
    tables = ((0, 1), (0, 1, 0, 1, 0, 1, 0, 1))
    unit = ("end", msg("End"))
    first_label = ("first", msg("Delivers first"))
    last_label = ("hammer", msg("Hammer"))
    sheet_mark = ("hammer", msg("Hammer"))
    section = "§76.1.1"
    notes = (
        msg(
            "The team closest to the centre scores a point for each rock closer "
            "than the opponents' closest; rocks outside the rings never score "
            "(§76.1.1)."
        ),
        msg(
            "The end's winner delivers first next; a blank end keeps the hammer "
            "(§76.1)."
        ),
    )

    def end_cap(self, state: EndsState) -> tuple[int, str]:
        return ROCKS, msg("a team has eight rocks")

    def end_goal(self, options: CurlingOptions) -> EndGoal:
        return EndGoal(ends=options.ends, until_decided=options.extra_ends)
