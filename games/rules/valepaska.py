"""Valepaska (and Paskahousu): play cards of a rank up the pile, truthfully or not;
the first out wins, the one left with cards loses.

Source: book ``001_b57793035adc3f64.txt`` chapter 40 (l.2680–2722): the setup §40.1
(l.2686–2688), the game §40.2 (l.2690–2705), the end §40.3 (l.2707–2709), the
crucial rule §40.4 (l.2711–2715), the note §40.5 (l.2717–2721); Paskahousu, the same
game played face up without lying, in the introduction to Part VI (l.2592–2594).
Two to six players, one 52-card deck.

Terms: a *game* is one deal played until one player has cards left; players go out
when their cards run out after the stock is exhausted. The first out is the winner,
the one left the loser (§40.3). A scorer enters each player's place, or the winner
and the loser, or only the loser.

Readings: only the player in turn gets rid of cards, so two never go out at once —
no ties. The variants (Paskahousu played face up, §40.5's jacks or higher on an
empty pile) change the play, not the result: they are options the sheet reminds the
table of.

Invariants: the places are 1 … n once each.
"""

from __future__ import annotations

from pydantic import Field

from games.engine import register
from games.engine.placing import PlacingGame, PlacingOptions, PlacingState, place_inputs
from games.engine.text import msg


class ValepaskaOptions(PlacingOptions):
    face_up: bool = Field(
        False,
        description="Paskahousu: the cards are played face up and nobody lies or "
        "doubts (l.2592–2594).",
    )
    jacks_on_empty: bool = Field(
        False,
        description="House rule: jacks or higher may be played on an empty pile, "
        "so the game cannot deadlock (§40.5, l.2721).",
    )


@register
class Valepaska(PlacingGame):
    slug = "valepaska"
    name = "Valepaska"
    source = "001_b57793035adc3f64.txt §40 (l.2680–2722), Paskahousu l.2592–2594"
    summary = (
        "Two to six play cards up the pile, face down and perhaps lying (or face up "
        "as Paskahousu); the first out wins, the one left with cards loses."
    )
    Options = ValepaskaOptions
    min_players, max_players, default_players = 2, 6, 4
    deal_modes = place_inputs(
        6,
        ("places", "winner_loser", "loser"),
        places_help="Each player's place in the order they went out: 1 for the "
        "first (the winner), the highest for the one left with cards (the loser).",
    )
    ties = False
    section = "§40.3"

    def notes(self, state: PlacingState) -> tuple[str, ...]:
        options: ValepaskaOptions = state.options
        empty = (
            msg("On an empty pile: any rank but aces (jacks or higher allowed, §40.5).")
            if options.jacks_on_empty
            else msg("On an empty pile: lower than jack (§40.2).")
        )
        play = (
            msg("Paskahousu: cards face up, no doubting.")
            if options.face_up
            else msg("Cards face down, announced; 'I doubt it' turns them up (§40.4).")
        )
        return (
            msg(
                "Ranks 2, A, K … 3; a ten or an ace, or four of a rank on top, fells "
                "the pile (§40.2)."
            ),
            empty,
            play,
        )
