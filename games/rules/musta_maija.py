"""Musta Maija: beat the cards played at you; the last player with cards loses.

Source: book ``001_b57793035adc3f64.txt`` chapter 34 (l.2446–2475): the setup §34.1
(l.2454–2458), the play §34.2 (l.2460–2470), the end §34.3 (l.2472–2474). Three to
six players, one 52-card deck; the queen of spades is Musta Maija.

Terms: a *game* is one deal played until one player is left with cards; players go
out when their cards run out after the stock is exhausted; the last one, who is left
holding Musta Maija, is the loser (§34.3). A scorer enters each player's place in
the order they went out, or only the loser (:mod:`games.engine.placing`).

Readings (the book gives no points and no ties): two players can run out at the same
moment — the attacker plays his last cards and the defender beats them all with his
last ones (§34.2) — so they share a place; the loser is never shared, because Musta
Maija can neither be beaten nor beat a card (§34.2), so it never leaves play and its
holder is the one left. Points by place (players finishing behind you) fold into a
match of ``games`` games or to a ``target``.

Invariants: places form a competition ranking with one player last; with the default
scoring a game of n players scores at most n(n − 1)/2.
"""

from __future__ import annotations

from games.engine import register
from games.engine.placing import PlacingGame, PlacingOptions, PlacingState, place_inputs
from games.engine.text import msg


class MustaMaijaOptions(PlacingOptions):
    pass


@register
class MustaMaija(PlacingGame):
    slug = "musta-maija"
    name = "Musta Maija"
    source = "001_b57793035adc3f64.txt §34 (l.2446–2475)"
    summary = (
        "Three to six play and beat cards with a trump suit; whoever is left "
        "holding the queen of spades loses."
    )
    Options = MustaMaijaOptions
    min_players, max_players, default_players = 3, 6, 4
    deal_modes = place_inputs(
        6,
        ("places", "loser"),
        places_help="Each player's place in the order they went out: 1 for the "
        "first; players out at the same moment share a place (1, 2, 2, 4); the "
        "highest for the one left with Musta Maija.",
    )
    ties = True
    single_loser = True
    section = "§34.3"
    loser_why = msg("Musta Maija is never beaten and never leaves play (§34.2)")

    def notes(self, state: PlacingState) -> tuple[str, ...]:
        return (
            msg(
                "Five cards each; turn the stock's top card for trumps, never spades "
                "(§34.1)."
            ),
            msg("The queen of spades, Musta Maija, cannot beat or be beaten (§34.2)."),
        )
