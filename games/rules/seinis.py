"""Seinis: kick the ball at the wall in turn; miss and you drop out; the last one
left wins.

Source: book ``001_b57793035adc3f64.txt`` chapter 66 (l.3838–3855): the setup
(l.3844–3846), the play §66.1 (l.3848–3854). Two or more players, a soccer ball and
a piece of wall.

Terms: a *game* is played until one player is left; a *drop* is a missed kick: the
player drops out and the game starts over with one less, from the starting spot, the
next player in succession kicking first (§66.1). A scorer enters each drop as it
happens (one tap: who missed), or a whole game as each player's place (1 for the
last left, the highest for the first out), or only the winner.

Readings: Kirjuri takes 2 to 12 players (the book: "two or more"). The first game
starts with the first player in the order (seat 0), each later game with the next
seat. With the default scoring every drop gives a point to every player still in, so
after a game the first out holds 0 and the winner n − 1 — the points by place.

Invariants: one player drops per drop; a game's points add up to n(n − 1)/2 with
the default scoring.
"""

from __future__ import annotations

from games.engine import register
from games.engine.placing import PlacingGame, PlacingOptions, PlacingState, place_inputs
from games.engine.text import msg


class SeinisOptions(PlacingOptions):
    pass


@register
class Seinis(PlacingGame):
    deal_word = "entry"
    slug = "seinis"
    name = "Seinis"
    source = "001_b57793035adc3f64.txt §66 (l.3838–3855)"
    summary = (
        "Two or more kick a ball at a wall in turn; a miss drops you out; the last "
        "one left wins."
    )
    Options = SeinisOptions
    min_players, max_players, default_players = 2, 12, 4
    deal_modes = place_inputs(
        12,
        ("drop", "places", "winner"),
        places_help="Each player's place: 1 for the last one left (the winner), the "
        "highest for the first to miss.",
        drop_help="Who missed the target and drops out (§66.1).",
    )
    ties = False
    section = "§66.1"

    def notes(self, state: PlacingState) -> tuple[str, ...]:
        return (
            msg(
                "Kick in order after the ball rebounds; a miss drops you out and the "
                "game restarts from the starting spot (§66.1)."
            ),
        )
