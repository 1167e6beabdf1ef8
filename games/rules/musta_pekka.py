"""Musta Pekka: draw a card from your neighbour, shed fours (or pairs); the player
left with the joker, Musta Pekka, loses.

Source: book ``001_b57793035adc3f64.txt`` chapter 35 (l.2476–2525): the deck §35.1
(l.2488–2498), the deal §35.2 (l.2500–2504), the play §35.3 (l.2506–2514), the end
§35.4 (l.2516–2518), the pairs variant §35.5 (l.2520–2522). Two to six players.

Terms: a *game* is one deal played until one player is left; the first to get rid of
all his cards wins and the one left, who holds Musta Pekka, loses (§35.4). A scorer
enters each player's place, or only the winner, or only the loser.

The deck rule (§35.1) for the input: the deck follows from the number of players —
without 2–6 for two, without the twos for three, four and six, without 2–4 for five,
and a joker — so that every hand but one holds a multiple of four cards (§35.3). No
card is entered, so nothing of it is checked: the sheet tells the dealer which cards
to take out and how they fall. The pairs variant (§35.5) uses the whole deck and a
joker and needs three players at least: a match of it at two is refused.

Readings: the joker never makes a four (or a pair), so its holder is always the one
left — the last place is never shared; players may go out at the same moment (the
drawer completes a four with the last card of the one he draws from, or several are
dealt nothing but fours, §35.2) and then share a place.

Invariants: places form a competition ranking with one player last.
"""

from __future__ import annotations

from pydantic import Field

from games.engine import RuleError, SetupRejected, Table, register
from games.engine.game import ContextRow
from games.engine.placing import PlacingGame, PlacingOptions, PlacingState, place_inputs
from games.engine.text import msg

# §35.1: the ranks taken out of the 52 cards, by the number of players.
REMOVED = {2: "2–6", 3: "2", 4: "2", 5: "2–4", 6: "2"}
RANKS_KEPT = {2: 8, 3: 12, 4: 12, 5: 10, 6: 12}


class MustaPekkaOptions(PlacingOptions):
    pairs: bool = Field(
        False,
        description="Collect pairs of one colour instead of fours, with the whole "
        "deck and a joker; three players at least (§35.5).",
    )


def deck_size(players: int, pairs: bool) -> int:
    """Cards in play with the joker (§35.1; §35.5 for pairs)."""
    return 53 if pairs else 4 * RANKS_KEPT[players] + 1


def hands(players: int, pairs: bool) -> tuple[int, ...]:
    """How the cards fall, dealt evenly: one player gets a card more (§35.2)."""
    size = deck_size(players, pairs)
    low, extra = divmod(size, players)
    return tuple(low + 1 if i < extra else low for i in range(players))


@register
class MustaPekka(PlacingGame):
    slug = "musta-pekka"
    name = "Musta Pekka"
    source = "001_b57793035adc3f64.txt §35 (l.2476–2525)"
    summary = (
        "Two to six draw cards from their neighbour and shed fours of a kind (or "
        "pairs); the first out wins, the one left with the joker loses."
    )
    Options = MustaPekkaOptions
    min_players, max_players, default_players = 2, 6, 4
    deal_modes = place_inputs(
        6,
        ("places", "winner", "loser"),
        places_help="Each player's place in the order they got rid of their cards: "
        "1 for the first (the winner); players out at the same moment share a place "
        "(1, 2, 2, 4); the highest for the one left with Musta Pekka.",
    )
    ties = True
    single_loser = True
    section = "§35.4"
    loser_why = msg("the joker never makes a four or a pair (§35.3)")

    def check_table(self, table: Table, options: MustaPekkaOptions) -> None:
        super().check_table(table, options)
        if options.pairs and len(table.seats) < 3:
            raise SetupRejected(
                [
                    RuleError(
                        "options.pairs",
                        "too_few_players",
                        "the pairs variant needs three players at least (§35.5)",
                    )
                ]
            )

    def context_rows(self, state: PlacingState) -> tuple[ContextRow, ...]:
        players = len(state.table.seats)
        pairs = state.options.pairs
        dealt = " + ".join(str(n) for n in hands(players, pairs))
        size = deck_size(players, pairs)
        deck = (
            msg(
                "remove nothing, add a joker: {size} cards, dealt {dealt}",
                size=size,
                dealt=dealt,
            )
            if pairs
            else msg(
                "remove {removed}, add a joker: {size} cards, dealt {dealt}",
                removed=REMOVED[players],
                size=size,
                dealt=dealt,
            )
        )
        return (ContextRow("deck", "Deck", "text", deck),)

    def notes(self, state: PlacingState) -> tuple[str, ...]:
        if state.options.pairs:
            return (
                msg(
                    "Everyone lays down pairs of one colour; the player left of the "
                    "one with a card more starts (§35.2)."
                ),
            )
        return (
            msg(
                "Everyone lays down fours of a kind; the player left of the one with "
                "a card more starts (§35.2)."
            ),
        )
