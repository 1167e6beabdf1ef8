"""Sleazy (Sliisi) v2.1: collections of pairs and sets, scored as a point difference.

Source: ``000_eb7d6ae73acb1182.txt`` (REQUIREMENTS, LAYOUT & STARTUP, RECIPEES,
ENDING & SCORING — COUNTING POINTS, SCORING TABLE, THE END; EXTENSION: Magic Hat;
EXTENSION: Colour Set; PLAYER VARIATIONS).

Terms:

* **round** — one deal of Sleazy, from the layout until both players skip in
  succession; a game is 4 rounds (full) or 2 (short). In the engine a round is a
  deal.
* **side** — a player (two-player game), or a team (Double, Burying Bastards: two
  against two; Triple: two against one). Each side has a **colour**, red or black.
* **number** — a rank (2 … A); each number has 2 red and 2 black cards.
* **pair** — two cards of a number, shared in the middle: **mixed** (one of each
  colour) 0, **pure** (one colour) 25 to the side of that colour.
* **set** — four of a number on a side (the joker may stand for the one missing
  card): **basic** (a stolen pair, four face up) 50, **full** (Joker's or Master's
  trick, one card face down) 100, **colour** (Colour Set extension: the colour
  card's number, taken with a Joker's or Master's trick) 100.
* **higher class** — any pair or set of J, Q, K or A counts double.
* **colour card** — drawn at the layout and put on the non-dealer's side; its colour
  is the non-dealer's colour. Without the Colour Set extension it is in no recipe.
* **cumulative difference** — side 0's points minus side 1's, over the rounds so
  far; the game goes to the side it favours.

Invariants:

* every card entered (pairs, sets, a broken colour set, the colour card) fits in the
  52 cards + 1 joker, once each — so a number never has more than 2 red + 2 black,
  and the joker is in at most one set;
* a pair is two cards of one number without the joker; at most one pair a number;
* a set is four cards of one number, at most one of them the joker;
* every value is a multiple of 25, so are round totals (checked in totals entry);
* ``totals`` are each side's points summed over the rounds; their difference is the
  cumulative difference (kept as ``difference`` in the state too).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag, TypeAdapter

from games.engine.cards import Card
from games.engine.decks import STANDARD_52_JOKER, check_deck
from games.engine.errors import DealRejected, RuleError, SetupRejected
from games.engine.game import (
    DealScore,
    Fact,
    Game,
    MatchGoal,
    MatchState,
    NextDeal,
    Table,
)
from games.engine.inputs import (
    PER_SIDE,
    CardField,
    CardList,
    FrozenModel,
    deal_mode,
    parse_by_mode,
)
from games.engine.registry import register

PURE_PAIR = 25
BASIC_SET = 50
FULL_SET = 100
COLOUR_SET = 100
HIGHER_CLASS = frozenset({"J", "Q", "K", "A"})  # "x 2"
UNIT = 25  # every value is a multiple of it
RANK_NAMES = {
    "2": "2s",
    "3": "3s",
    "4": "4s",
    "5": "5s",
    "6": "6s",
    "7": "7s",
    "8": "8s",
    "9": "9s",
    "10": "10s",
    "J": "jacks",
    "Q": "queens",
    "K": "kings",
    "A": "aces",
}

Variation = Literal["duel", "double", "triple", "burying_bastards"]

# Seats clockwise, as sides. Teammates sit next to each other (PLAYER VARIATIONS).
TABLES_BY_VARIATION: dict[str, tuple[tuple[int, ...], ...]] = {
    "duel": ((0, 1),),
    "double": ((0, 0, 1, 1), (0, 1, 1, 0)),
    "burying_bastards": ((0, 0, 1, 1), (0, 1, 1, 0)),
    # In a ring of three any two seats are neighbours: the team is either side.
    "triple": ((0, 0, 1), (0, 1, 0), (1, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)),
}


class SleazyOptions(FrozenModel):
    """Variants; the defaults are the rulebook's basic two-player full game."""

    rounds: Literal[2, 4] = Field(
        4,
        description="4 rounds (full game, the tradition) or 2 (short game).",
    )
    magic_hat: bool = Field(
        False, description="EXTENSION: Magic Hat (the colours may be swapped)."
    )
    colour_set: bool = Field(
        False, description="EXTENSION: Colour Set (the colour card can be taken)."
    )
    variation: Variation = Field(
        "duel",
        description="duel (2 players), double (2 v 2), triple (2 v 1), "
        "burying_bastards (2 v 2, turns counter-clockwise).",
    )


class SleazySet(FrozenModel):
    """A set on a side: four cards of a number (the joker may stand for one)."""

    kind: Literal["basic", "full", "colour"] = Field(
        description="basic (a stolen pair, 50), full (Joker's or Master's trick, "
        "100), colour (Colour Set extension, 100)."
    )
    cards: CardList


class SleazySide(FrozenModel):
    """The sets kept on one side of the collection area."""

    sets: tuple[SleazySet, ...] = ()


class SleazyCards(FrozenModel):
    """A round entered as its collections."""

    mode: Literal["cards"] = "cards"
    pairs: tuple[CardList, ...] = Field(
        (), description="The pairs in the middle, each two cards."
    )
    sides: Annotated[tuple[SleazySide, SleazySide], PER_SIDE] = Field(
        (SleazySide(), SleazySide()), description="The sets of side 0 and side 1."
    )
    colour_card: CardField | None = Field(
        None, description="The colour card (needed for the Colour Set extension)."
    )
    red: Literal[0, 1] | None = Field(
        None,
        description="The side whose colour is red at the end of the round. "
        "Without the Magic Hat it follows from the colour card: the non-dealer "
        "has its colour.",
    )
    broken_colour_set: CardList | None = Field(
        None,
        description="Colour Set extension: the three cards of a broken colour set "
        "behind the deck (worth nothing).",
    )


class SleazyTotals(FrozenModel):
    """A round entered as each side's points only (not verified)."""

    mode: Literal["totals"]
    points: Annotated[
        tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]], PER_SIDE
    ]


_mode = deal_mode


SleazyRound = Annotated[
    Annotated[SleazyCards, Tag("cards")] | Annotated[SleazyTotals, Tag("totals")],
    Discriminator(_mode),
]


@dataclass(frozen=True, kw_only=True)
class SleazyState(MatchState):
    """``difference``: the cumulative point difference, side 0 minus side 1."""

    difference: int = 0


def value(base: int, rank: str) -> int:
    """A collection's worth: ``base``, doubled for the higher class (J, Q, K, A)."""
    return base * 2 if rank in HIGHER_CLASS else base


def favour(difference: int) -> str:
    """``"175 in side 0's favour"`` / ``"level"``."""
    if difference == 0:
        return "level"
    return f"{abs(difference)} in side {0 if difference > 0 else 1}'s favour"


def _name(rank: str) -> str:
    return RANK_NAMES[rank]


@register
class Sleazy(Game):
    slug = "sleazy"
    name = "Sleazy"
    source = "000_eb7d6ae73acb1182.txt"
    summary = (
        "Two-to-four-player rummy of pairs and sets; each round's point difference "
        "adds to a cumulative difference over 4 (or 2) rounds."
    )
    Options = SleazyOptions
    deal_input = SleazyRound
    deck = STANDARD_52_JOKER
    sheet_difference = True
    tables = tuple(dict.fromkeys(t for ts in TABLES_BY_VARIATION.values() for t in ts))

    def __init__(self) -> None:
        super().__init__()
        self._by_mode = {
            "cards": TypeAdapter(SleazyCards),
            "totals": TypeAdapter(SleazyTotals),
        }

    # -- the table ----------------------------------------------------------------

    def default_table(self, options: SleazyOptions) -> Table:
        return Table(TABLES_BY_VARIATION[options.variation][0])

    def check_table(self, table: Table, options: SleazyOptions) -> None:
        allowed = TABLES_BY_VARIATION[options.variation]
        if table.seats not in allowed:
            shapes = ", ".join(str(list(t)) for t in allowed)
            raise SetupRejected(
                [
                    RuleError(
                        "seats",
                        "bad_table",
                        f"Sleazy {options.variation} is played with seats as sides "
                        f"{shapes}",
                    )
                ]
            )
        super().check_table(table, options)

    def initial_state(self, options: SleazyOptions, table: Table) -> SleazyState:
        return SleazyState(
            table=table,
            options=options,
            totals=(0, 0),
            dealer=table.first_dealer,
        )

    # -- one round ----------------------------------------------------------------

    def parse_deal(self, raw: Any) -> SleazyCards | SleazyTotals:
        return parse_by_mode(self._by_mode, raw)

    def verify_and_score(
        self, state: SleazyState, deal: SleazyCards | SleazyTotals
    ) -> DealScore:
        if isinstance(deal, SleazyTotals):
            return self._score_totals(state, deal)
        return self._score_cards(state, deal)

    def _score_totals(self, state: SleazyState, deal: SleazyTotals) -> DealScore:
        errors = [
            RuleError(
                f"points.{side}",
                "not_a_multiple_of_25",
                f"{points} cannot be scored: every pair and set is worth a multiple "
                "of 25",
            )
            for side, points in enumerate(deal.points)
            if points % UNIT
        ]
        if errors:
            raise DealRejected(errors)
        return self._result(state, deal.points, [], verified=False)

    def _score_cards(self, state: SleazyState, deal: SleazyCards) -> DealScore:
        options: SleazyOptions = state.options
        errors: list[RuleError] = []
        facts: list[Fact] = []
        points = [0, 0]
        colour_card = deal.colour_card
        colour_rank = colour_card.rank if colour_card is not None else None
        placed: list[tuple[str, Sequence[Card]]] = []
        colour_card_placed = False

        red = self._red_side(state, deal, errors)

        pair_numbers: dict[str, int] = {}
        for i, pair in enumerate(deal.pairs):
            path = f"pairs.{i}"
            placed.append((path, pair))
            if colour_card is not None and colour_card in pair:
                errors.append(self._colour_card_used(path))
                colour_card_placed = True
            if len(pair) != 2:
                errors.append(
                    RuleError(path, "pair_size", f"a pair is 2 cards, not {len(pair)}")
                )
                continue
            a, b = pair
            if a.is_joker or b.is_joker:
                errors.append(
                    RuleError(
                        path,
                        "joker_in_pair",
                        "the joker only lives in a set, never in a pair",
                    )
                )
                continue
            if a.rank != b.rank:
                errors.append(
                    RuleError(
                        path, "mixed_numbers", "a pair is two cards of the same number"
                    )
                )
                continue
            if a.rank in pair_numbers:
                errors.append(
                    RuleError(
                        path,
                        "second_pair_of_number",
                        f"there is already a pair of {_name(a.rank)} "
                        f"(pairs.{pair_numbers[a.rank]}): it is transformed, not "
                        "paired again",
                    )
                )
                continue
            pair_numbers[a.rank] = i
            if a.colour is not b.colour:
                facts.append(
                    Fact("mixed_pair", f"mixed pair of {_name(a.rank)}: 0", None, 0)
                )
                continue
            worth = value(PURE_PAIR, a.rank)
            colour = a.colour.value
            if red is None:
                # _red_side already reported that the colours are needed.
                continue
            owner = red if colour == "red" else 1 - red
            points[owner] += worth
            facts.append(
                Fact(
                    "pure_pair",
                    f"pure {colour} pair of {_name(a.rank)}: {worth}",
                    owner,
                    worth,
                )
            )

        for side, entry in enumerate(deal.sides):
            for j, cset in enumerate(entry.sets):
                path = f"sides.{side}.sets.{j}"
                cards = cset.cards
                placed.append((f"{path}.cards", cards))
                holds_colour_card = colour_card is not None and colour_card in cards
                colour_card_placed |= holds_colour_card
                rank = self._set_number(path, cards, errors)
                if cset.kind == "colour":
                    if not self._check_colour_set(
                        path, options, colour_card, holds_colour_card, rank, errors
                    ):
                        continue
                elif holds_colour_card:
                    errors.append(self._colour_card_used(f"{path}.cards"))
                elif (
                    cset.kind == "full"
                    and options.colour_set
                    and rank is not None
                    and rank == colour_rank
                ):
                    errors.append(
                        RuleError(
                            f"{path}.kind",
                            "full_set_of_colour_number",
                            f"with Colour Set the {_name(rank)} (the colour card's "
                            "number) make only a colour set, not a full set",
                        )
                    )
                    continue
                if rank is None:
                    continue
                base = {"basic": BASIC_SET, "full": FULL_SET, "colour": COLOUR_SET}
                worth = value(base[cset.kind], rank)
                points[side] += worth
                facts.append(
                    Fact(
                        f"{cset.kind}_set",
                        f"{cset.kind} set of {_name(rank)}: {worth}",
                        side,
                        worth,
                    )
                )

        if deal.broken_colour_set is not None:
            cards = deal.broken_colour_set
            placed.append(("broken_colour_set", cards))
            holds = colour_card is not None and colour_card in cards
            colour_card_placed |= holds
            self._check_broken_colour_set(options, cards, colour_card, holds, errors)
            facts.append(
                Fact("broken_colour_set", "broken colour set: belongs to nobody", None)
            )

        if colour_card is not None and not colour_card_placed:
            placed.append(("colour_card", (colour_card,)))
        errors.extend(check_deck(STANDARD_52_JOKER, placed))
        if errors:
            raise DealRejected(errors)
        return self._result(state, tuple(points), facts, verified=True)

    # -- checks -------------------------------------------------------------------

    def _red_side(
        self, state: SleazyState, deal: SleazyCards, errors: list[RuleError]
    ) -> int | None:
        """The side whose colour is red, from the entry or the colour card."""
        options: SleazyOptions = state.options
        card = deal.colour_card
        non_dealer = 1 - state.table.side_of(state.dealer)
        derived = None
        if card is not None and not card.is_joker and not options.magic_hat:
            derived = non_dealer if card.colour.value == "red" else 1 - non_dealer
        if card is not None and card.is_joker:
            errors.append(
                RuleError(
                    "colour_card",
                    "joker_as_colour_card",
                    "the joker is put behind the deck before the colour card is drawn",
                )
            )
        if deal.red is not None:
            if derived is not None and deal.red != derived:
                errors.append(
                    RuleError(
                        "red",
                        "colours_contradict_colour_card",
                        f"the colour card {card.code} lies on the non-dealer's side "
                        f"(side {non_dealer}), so side {derived} is red",
                    )
                )
            return deal.red
        if derived is None and self._has_pure_pair(deal):
            why = (
                "with the Magic Hat the colours may have been swapped"
                if options.magic_hat
                else "no colour card was entered"
            )
            errors.append(
                RuleError(
                    "red",
                    "colours_required",
                    f"enter which side is red to score the pure pairs ({why})",
                )
            )
        return derived

    @staticmethod
    def _has_pure_pair(deal: SleazyCards) -> bool:
        return any(
            len(p) == 2
            and not p[0].is_joker
            and not p[1].is_joker
            and p[0].rank == p[1].rank
            and p[0].colour is p[1].colour
            for p in deal.pairs
        )

    @staticmethod
    def _colour_card_used(path: str) -> RuleError:
        return RuleError(
            path,
            "colour_card_used",
            "the colour card is excluded from the recipes (only a colour set takes "
            "it, in the Colour Set extension)",
        )

    @staticmethod
    def _set_number(
        path: str, cards: Sequence[Card], errors: list[RuleError]
    ) -> str | None:
        """The number of a well-formed set, or ``None`` after reporting why not."""
        if len(cards) != 4:
            errors.append(
                RuleError(
                    f"{path}.cards",
                    "set_size",
                    f"a set is 4 cards (the joker may be one), not {len(cards)}",
                )
            )
            return None
        ranks = {c.rank for c in cards if not c.is_joker}
        jokers = 4 - sum(1 for c in cards if not c.is_joker)
        if jokers > 1:
            errors.append(
                RuleError(
                    f"{path}.cards",
                    "too_many_jokers",
                    "the joker may stand for the one missing card of a set, no more",
                )
            )
            return None
        if len(ranks) != 1:
            errors.append(
                RuleError(
                    f"{path}.cards",
                    "mixed_numbers",
                    "a set is four cards of the same number",
                )
            )
            return None
        return ranks.pop()

    @staticmethod
    def _check_colour_set(
        path: str,
        options: SleazyOptions,
        colour_card: Card | None,
        holds_colour_card: bool,
        rank: str | None,
        errors: list[RuleError],
    ) -> bool:
        """Whether a colour set may score (errors reported otherwise)."""
        if not options.colour_set:
            errors.append(
                RuleError(
                    f"{path}.kind",
                    "colour_set_not_played",
                    "colour sets belong to the Colour Set extension (option "
                    "colour_set)",
                )
            )
            return False
        if colour_card is None:
            errors.append(
                RuleError(
                    "colour_card",
                    "colour_card_required",
                    "enter the colour card to check the colour set",
                )
            )
            return False
        if not holds_colour_card:
            errors.append(
                RuleError(
                    f"{path}.cards",
                    "colour_set_without_colour_card",
                    f"a colour set takes the colour card {colour_card.code}",
                )
            )
            return False
        return rank is not None

    @staticmethod
    def _check_broken_colour_set(
        options: SleazyOptions,
        cards: Sequence[Card],
        colour_card: Card | None,
        holds_colour_card: bool,
        errors: list[RuleError],
    ) -> None:
        path = "broken_colour_set"
        if not options.colour_set:
            errors.append(
                RuleError(
                    path,
                    "colour_set_not_played",
                    "broken colour sets belong to the Colour Set extension",
                )
            )
            return
        if len(cards) != 3 or any(c.is_joker for c in cards):
            errors.append(
                RuleError(
                    path,
                    "broken_colour_set_cards",
                    "a broken colour set is the three cards left when its joker leaves",
                )
            )
            return
        if colour_card is None:
            errors.append(
                RuleError(
                    "colour_card",
                    "colour_card_required",
                    "enter the colour card to check the broken colour set",
                )
            )
        elif not holds_colour_card or len({c.rank for c in cards}) != 1:
            errors.append(
                RuleError(
                    path,
                    "colour_set_without_colour_card",
                    f"a broken colour set is three {_name(colour_card.rank)} with the "
                    f"colour card {colour_card.code}",
                )
            )

    # -- the result ---------------------------------------------------------------

    def _result(
        self,
        state: SleazyState,
        points: tuple[int, int],
        facts: list[Fact],
        *,
        verified: bool,
    ) -> DealScore:
        round_difference = points[0] - points[1]
        cumulative = state.difference + round_difference
        if round_difference:
            winner = 0 if round_difference > 0 else 1
            facts.append(
                Fact(
                    "round_difference",
                    f"round {state.deal_number}: {points[0]}–{points[1]}, "
                    f"side {winner} wins the round by {abs(round_difference)}",
                    winner,
                    abs(round_difference),
                )
            )
        else:
            facts.append(
                Fact(
                    "round_difference",
                    f"round {state.deal_number}: {points[0]}–{points[1]}, level",
                    None,
                    0,
                )
            )
        facts.append(
            Fact(
                "cumulative_difference",
                f"cumulative difference: {favour(cumulative)}",
                None if cumulative == 0 else (0 if cumulative > 0 else 1),
                abs(cumulative),
            )
        )
        return DealScore(
            points=points,
            facts=tuple(facts),
            verified=verified,
            detail={
                "round": state.deal_number,
                "points": list(points),
                "difference": round_difference,
                "cumulative_difference": cumulative,
            },
        )

    # -- folding ------------------------------------------------------------------

    def advance(self, state: SleazyState, score: DealScore) -> SleazyState:
        options: SleazyOptions = state.options
        totals = (state.totals[0] + score.points[0], state.totals[1] + score.points[1])
        difference = totals[0] - totals[1]
        played = state.deal_number
        finished = played >= options.rounds
        winners: tuple[int, ...] = ()
        if finished:
            # Nothing in the text breaks a level game: it is a draw.
            winners = (0, 1) if difference == 0 else ((0,) if difference > 0 else (1,))
        return SleazyState(
            table=state.table,
            options=options,
            deal_number=played + 1,
            totals=totals,
            dealer=self._dealer(state.table, played),
            finished=finished,
            winners=winners,
            difference=difference,
        )

    @staticmethod
    def _dealer(table: Table, rounds_played: int) -> int:
        """The dealer of the next round: the sides alternate, teammates take turns."""
        first = table.first_dealer
        n = len(table.seats)
        side = (table.side_of(first) + rounds_played) % 2
        # The side's seats, starting from the first dealer going clockwise.
        seats = sorted(table.seats_of(side), key=lambda s: (s - first) % n)
        return seats[(rounds_played // 2) % len(seats)]

    def _starting_seat(self, state: SleazyState) -> int:
        """The non-dealer side starts: its first seat in the direction of play."""
        options: SleazyOptions = state.options
        table = state.table
        step = -1 if options.variation == "burying_bastards" else 1
        dealer_side = table.side_of(state.dealer)
        seat = table.next_seat(state.dealer, step)
        while table.side_of(seat) == dealer_side:
            seat = table.next_seat(seat, step)
        return seat

    def match_goal(self, options: SleazyOptions) -> MatchGoal:
        return MatchGoal(deals=options.rounds)

    def next_deal(self, state: SleazyState) -> NextDeal | None:
        if state.finished:
            return None
        options: SleazyOptions = state.options
        number = state.deal_number
        notes = [
            f"Round {number} of {options.rounds}; cumulative difference "
            f"{favour(state.difference)}.",
            "The non-dealer side starts; the colour card goes on its side.",
        ]
        if options.rounds == 4 and number == 3:
            notes.append("Half time: the players switch sides.")
        if options.variation in ("double", "triple", "burying_bastards"):
            notes.append("A team chooses which teammate plays each turn.")
        if options.variation == "burying_bastards":
            notes.append("Turns go counter-clockwise.")
        return NextDeal(
            number=number,
            dealer=state.dealer,
            starting_seat=self._starting_seat(state),
            notes=tuple(notes),
        )

    def leaders(self, state: SleazyState) -> tuple[int, ...]:
        if state.difference == 0:
            return ()
        return (0,) if state.difference > 0 else (1,)
