"""Slords: a rummy of sets of three where only the red cards score.

Source: rule file ``002_aefa65491354b26f.txt`` (Slords v1.3, lines 1–132; the deck
l.19 and l.34–35, sets l.23 and l.51–55, scoring l.93–96, Joker Roll l.100–107,
Double Joker l.108–115, the five-player note l.36). Two to five players, each for
themselves.

Terms:

* **deck** — 52 cards less the two red kings (they "won't enter the game"), 50 cards,
  and one joker (two with Double Joker);
* **set** — exactly three cards: three of one number, or three of one suit in
  sequence; the ace is 1 or 14, so K-A-2 is a set (l.52–53); "one of the cards can be
  a joker" — at most one joker a set, two only where Joker Roll lets a joker roll
  into a set that holds one (with Double Joker);
* **points** — only red cards in a player's sets count: 2–10 1 point, J, Q, A 2;
  jokers nothing. The red cards hold 30 points in all, so no round scores more.

Entry: each player's sets at the end of the round (``cards``: each checked as a set,
the whole against the deck), or each player's points (``totals``: at most 30 in
all).

Readings (``docs/games/slords.md``): the game ends after the round in which someone
reaches the target (50), or after a number of rounds (the rules' alternative, 4);
both can be set, and the first reached ends it; the most points win, ties share. A
player's hand cards at the end score nothing (only "collected" sets count).

Invariants: a round's points are each player's red cards in sets; they add up to at
most 30; no card is entered twice, and no red king at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import Field

from games.engine import (
    DealRejected,
    DealScore,
    Game,
    MatchState,
    RuleError,
    Table,
    register,
)
from games.engine.cards import JOKER, STANDARD_CARDS, Card, Suit
from games.engine.decks import DeckSpec
from games.engine.game import Fact, MatchGoal, NextDeal
from games.engine.goals import target_or_deals_rows
from games.engine.inputs import PER_SIDE, CardList, FrozenModel
from games.engine.melds import (
    Fault,
    RunRule,
    SetRule,
    Wilds,
    Wording,
    deck_errors,
    fault_errors,
    meld_faults,
)
from games.engine.table_entry import table_entry_errors
from games.engine.text import Seat, msg

MIN_PLAYERS, MAX_PLAYERS = 2, 5
SET_SIZE = 3
RED_POINTS = 30  # 18 red low cards × 1 + 6 red J, Q, A × 2
HIGH = frozenset({"J", "Q", "A"})
RED_KINGS = frozenset({Card("K", Suit.HEARTS), Card("K", Suit.DIAMONDS)})
SOURCE = "002"


@cache
def slords_deck(jokers: int) -> DeckSpec:
    """The 50 cards without the red kings (l.34–35) and the jokers."""
    copies = {card: 1 for card in STANDARD_CARDS if card not in RED_KINGS}
    copies[JOKER] = jokers
    name = (
        msg("50 cards (no red kings) + {jokers} jokers", jokers=jokers)
        if jokers > 1
        else msg("50 cards (no red kings) + {jokers} joker", jokers=jokers)
    )
    return DeckSpec(name, MappingProxyType(copies))


@cache
def rules(most_jokers: int) -> tuple[SetRule, RunRule]:
    wilds = Wilds(max_per_meld=most_jokers)
    return (
        SetRule(min_length=SET_SIZE, max_length=SET_SIZE, wilds=wilds),
        # The ace is 1 or 14 "or both", K-A-2 allowed: three in a row on the ring.
        RunRule(min_length=SET_SIZE, wrap=True, wilds=wilds),
    )


def card_points(card: Card) -> int:
    """l.24, l.95: a red 2–10 1 point, a red J, Q or A 2; black cards and jokers 0."""
    if card.suit is None or not card.suit.is_red:
        return 0
    return 2 if card.rank in HIGH else 1


def set_points(cards: Sequence[Card]) -> int:
    return sum(card_points(c) for c in cards)


WORDING: Wording = {
    Fault.TOO_MANY_WILDS: (
        "too_many_jokers",
        msg(
            "a set holds one joker (two only with Joker Roll and Double Joker; "
            "002 l.59, l.110–113)"
        ),
    ),
    Fault.TOO_FEW_NATURALS: (
        "too_many_jokers",
        msg("a set needs a card that is not a joker"),
    ),
}


def set_errors(path: str, cards: Sequence[Card], most_jokers: int) -> list[RuleError]:
    """Why ``cards`` are not a Slords set (nothing if they are one)."""
    if len(cards) != SET_SIZE:
        return [
            RuleError(
                path,
                "not_three_cards",
                msg(
                    "a set is exactly three cards, not {count}; sets are never "
                    "combined (002 l.23, l.49)",
                    count=len(cards),
                ),
            )
        ]
    same_number, in_suit = rules(most_jokers)
    number_faults = meld_faults(cards, same_number)
    if not number_faults:
        return []
    run_faults = meld_faults(cards, in_suit)
    if not run_faults:
        return []
    for fault in (Fault.TOO_MANY_WILDS, Fault.TOO_FEW_NATURALS):
        if fault in number_faults:
            return fault_errors(path, (fault,), WORDING)
    return [
        RuleError(
            path,
            "not_a_set",
            "not three of a number nor three of a suit in sequence (the ace 1 or 14, "
            "K-A-2 allowed; 002 l.23, l.52–54)",
        )
    ]


class SlordsOptions(FrozenModel):
    target: int | None = Field(
        50,
        ge=1,
        le=1_000,
        description="The points that end the game (002 l.96: 50; none: play rounds).",
    )
    rounds: int | None = Field(
        None,
        ge=1,
        le=100,
        description="The rounds that end the game (002 l.96: 'alternatively for 4 "
        "rounds'); with a target too, whichever comes first.",
    )
    joker_roll: bool = Field(
        False, description="Joker Roll extension: jokers may be rolled into sets."
    )
    double_joker: bool = Field(
        False, description="Double Joker extension: a second joker in the game."
    )


class SlordsPlayer(FrozenModel):
    sets: tuple[CardList, ...] = Field(
        (), description="The sets of three in front of the player at the round's end."
    )


class SlordsCards(FrozenModel):
    mode: Literal["cards"] = "cards"
    players: Annotated[tuple[SlordsPlayer, ...], PER_SIDE] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Every player's sets, in seat order.",
    )


class SlordsTotals(FrozenModel):
    mode: Literal["totals"]
    points: Annotated[
        tuple[Annotated[int, Field(ge=0, le=RED_POINTS)], ...], PER_SIDE
    ] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Each player's points from the red cards in their sets.",
    )


@register
class Slords(Game):
    slug = "slords"
    name = "Slords"
    source = "002_aefa65491354b26f.txt (Slords v1.3, l.1–132; scoring l.93–96)"
    summary = (
        "Rummy for two to five in sets of three where only red cards score (2–10 1, "
        "J/Q/A 2); to 50 points or four rounds, the most points win."
    )
    Options = SlordsOptions
    deck = slords_deck(2)
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    deal_modes = {"cards": SlordsCards, "totals": SlordsTotals}

    def deck_for(self, options: SlordsOptions) -> DeckSpec:
        return slords_deck(2 if options.double_joker else 1)

    def default_table(self, options: SlordsOptions) -> Table:
        return Table(tuple(range(3)))

    def verify_and_score(
        self, state: MatchState, deal: SlordsCards | SlordsTotals
    ) -> DealScore:
        seats = len(state.table.seats)
        cards = isinstance(deal, SlordsCards)
        field = "players" if cards else "points"
        entries = deal.players if cards else deal.points
        errors = table_entry_errors(seats, field, len(entries), {})
        if errors:
            raise DealRejected(errors)
        if cards:
            points = self._check_cards(state.options, deal)
        else:
            points = deal.points
            if sum(points) > RED_POINTS:
                raise DealRejected(
                    [
                        RuleError(
                            "points",
                            "too_many_points",
                            msg(
                                "{total} in all: the red cards hold {most} points "
                                "(red kings are out of the game; 002 l.34, l.95)",
                                total=sum(points),
                                most=RED_POINTS,
                            ),
                        )
                    ]
                )
        facts = tuple(
            Fact(
                "red_points",
                msg("{seat}: {points} points", seat=Seat(s), points=p),
                s,
                p,
            )
            for s, p in enumerate(points)
        )
        return DealScore(points=tuple(points), facts=facts, verified=cards)

    def _check_cards(
        self, options: SlordsOptions, deal: SlordsCards
    ) -> tuple[int, ...]:
        most = 2 if options.joker_roll and options.double_joker else 1
        errors: list[RuleError] = []
        placed: list[tuple[str, Sequence[Card]]] = []
        for seat, player in enumerate(deal.players):
            for i, cards in enumerate(player.sets):
                at = f"players.{seat}.sets.{i}"
                errors += set_errors(at, cards, most)
                placed.append((at, cards))
        errors += deck_errors(self.deck_for(options), placed)
        if errors:
            raise DealRejected(errors)
        return tuple(sum(set_points(s) for s in player.sets) for player in deal.players)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        options: SlordsOptions = state.options
        rows = target_or_deals_rows(
            state,
            target=options.target,
            deals=options.rounds,
            unit=("round", msg("Round")),
        )
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            notes=(
                msg(
                    "Red kings out; deal 6 cards each (5 may be agreed with 5 players)."
                ),
            ),
            context=rows,
        )

    def match_goal(self, options: SlordsOptions) -> MatchGoal:
        return MatchGoal(target=options.target, deals=options.rounds)
