"""Chinese Poker: shed your cards in combinations; first out wins, last loses.

Source: book ``001_b57793035adc3f64.txt`` chapter 24 (l.1740–1778): the deal
(l.1744–1748), the play §24.1, the end §24.2 (l.1773–1777). Three to five players,
one 52-card deck dealt out. The book ditches Big Two's scoring: "each hand is a
complete game, played for win/loss only".

Terms: a *hand* is one deal played until everyone but one is out; the players'
*places* are the order they went out, 1 for the first (the winner); the last, who
still holds cards, is the loser. A scorer enters each player's place
(:mod:`games.engine.placing`).

Scoring (Kirjuri's, as the book gives none): by default the winner of a hand scores
1 and everyone else 0, so a match of several hands counts hands won; the option
``scoring: places`` gives n − 1 … 0 points by place instead, for clubs that rank a
session by places. A match is one hand unless the option ``hands`` says more. Money
is win/loss only (``stakes_per_point = False``, book §1.2).

Invariants: the places are 1 … n once each; a hand scores 1 in all (``win``) or
n(n − 1)/2 (``places``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field

from games.engine import (
    DealRejected,
    DealScore,
    Game,
    MatchGoal,
    MatchState,
    Table,
    register,
)
from games.engine.decks import STANDARD_52
from games.engine.game import ContextRow, Fact, NextDeal
from games.engine.inputs import PER_SIDE, FrozenModel
from games.engine.places import order_of, place_points, places_errors
from games.engine.text import Seat, msg

MIN_PLAYERS, MAX_PLAYERS = 3, 5


class ChinesePokerOptions(FrozenModel):
    hands: int = Field(
        1,
        ge=1,
        le=100,
        description="Hands in a match (the book: each hand is a complete game, §24).",
    )
    scoring: Literal["win", "places"] = Field(
        "win",
        description="win: 1 point to the first out (the book's win/loss); places: "
        "n − 1 … 0 points by place.",
    )


class ChinesePokerHand(FrozenModel):
    places: Annotated[
        tuple[Annotated[int, Field(ge=1, le=MAX_PLAYERS)], ...], PER_SIDE
    ] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Each player's place: 1 for the first out (the winner), the "
        "highest for the player left with cards (the loser).",
    )


@register
class ChinesePoker(Game):
    slug = "chinese-poker"
    name = "Chinese Poker"
    source = "001_b57793035adc3f64.txt §24 (l.1740–1778)"
    summary = (
        "Three to five shed their cards in singles, pairs, triples and poker hands; "
        "first out wins, last loses; win/loss only."
    )
    Options = ChinesePokerOptions
    deal_input = ChinesePokerHand
    deck = STANDARD_52
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    stakes_per_point = False

    def default_table(self, options: ChinesePokerOptions) -> Table:
        return Table(tuple(range(4)))  # Kirjuri's choice; the book allows 3–5

    def verify_and_score(self, state: MatchState, deal: ChinesePokerHand) -> DealScore:
        seats = len(state.table.seats)
        errors = places_errors(deal.places, seats, section="§24.2")
        if errors:
            raise DealRejected(errors)
        order = order_of(deal.places)
        options: ChinesePokerOptions = state.options
        if options.scoring == "places":
            points = place_points(order)
        else:
            points = tuple(1 if s == order[0] else 0 for s in range(seats))
        return DealScore(
            points=points,
            facts=(
                Fact(
                    "winner",
                    msg("{seat} went out first and wins", seat=Seat(order[0])),
                    order[0],
                ),
                Fact(
                    "loser",
                    msg("{seat} was left with cards and loses", seat=Seat(order[-1])),
                    order[-1],
                ),
            ),
            detail={"order": list(order)},
        )

    def deal_winners(
        self, points: Sequence[int], detail: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        """The first out won the hand, whatever the scoring."""
        if detail and detail.get("order"):
            return (detail["order"][0],)
        return super().deal_winners(points, detail)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        options: ChinesePokerOptions = state.options
        rows = []
        if options.hands > 1:
            rows.append(
                ContextRow(
                    "hand",
                    "Hand",
                    "text",
                    msg(
                        "{deal} of {deals}", deal=state.deal_number, deals=options.hands
                    ),
                )
            )
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            notes=(
                msg("Deal all 52 cards; players with a card more play first (§24)."),
                msg(
                    "Two is highest, then A, K …; suits ♠ ♥ ♦ ♣ for single cards "
                    "(§24.1)."
                ),
            ),
            context=tuple(rows),
        )

    def match_goal(self, options: ChinesePokerOptions) -> MatchGoal:
        return MatchGoal(deals=options.hands)
