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
from typing import Any

from games.engine.cards import Card
from games.engine.decks import STANDARD_52_JOKER
from games.engine.errors import DealRejected, RuleError, SetupRejected
from games.engine.game import (
    ContextRow,
    DealScore,
    Fact,
    Game,
    MatchGoal,
    NextDeal,
    Table,
)
from games.engine.melds import deck_errors, fault_errors, meld_faults, multiple_errors
from games.engine.registry import register
from games.engine.text import Side, Text, msg
from games.rules.sleazy.colours import (
    check_broken_colour_set,
    check_colour_set,
    colour_card_used,
    red_side,
)
from games.rules.sleazy.inputs import (
    BASIC_SET,
    COLOUR_SET,
    FULL_SET,
    PAIR,
    PAIR_WORDING,
    PURE_PAIR,
    SET,
    SET_WORDING,
    TABLES_BY_VARIATION,
    UNIT,
    SleazyCards,
    SleazyOptions,
    SleazyState,
    SleazyTotals,
    favour,
    value,
)
from games.rules.sleazy.inputs import (
    number_name as _name,
)

__all__ = ["Sleazy", "SleazyOptions", "SleazyState", "favour", "value"]


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
    deck = STANDARD_52_JOKER
    sheet_difference = True
    tables = tuple(dict.fromkeys(t for ts in TABLES_BY_VARIATION.values() for t in ts))
    deal_modes = {"cards": SleazyCards, "totals": SleazyTotals}
    State = SleazyState

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
                        _table_shapes(options.variation, shapes),
                    )
                ]
            )
        super().check_table(table, options)

    # -- one round ----------------------------------------------------------------

    def verify_and_score(
        self, state: SleazyState, deal: SleazyCards | SleazyTotals
    ) -> DealScore:
        if isinstance(deal, SleazyTotals):
            return self._score_totals(state, deal)
        return self._score_cards(state, deal)

    def _score_totals(self, state: SleazyState, deal: SleazyTotals) -> DealScore:
        errors = multiple_errors(
            deal.points,
            UNIT,
            "points",
            msg("every pair and set is worth a multiple of 25"),
        )
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

        red = red_side(state, deal, errors)

        pair_numbers: dict[str, int] = {}
        for i, pair in enumerate(deal.pairs):
            path = f"pairs.{i}"
            placed.append((path, pair))
            if colour_card is not None and colour_card in pair:
                errors.append(colour_card_used(path))
                colour_card_placed = True
            faults = meld_faults(pair, PAIR)
            if faults:
                errors.extend(
                    fault_errors(
                        path, faults, PAIR_WORDING, length=len(pair), first_only=True
                    )
                )
                continue
            a, b = pair
            if a.rank in pair_numbers:
                errors.append(
                    RuleError(
                        path,
                        "second_pair_of_number",
                        msg(
                            "there is already a pair of {numbers} ({other}): it is "
                            "transformed, not paired again",
                            numbers=_name(a.rank),
                            other=f"pairs.{pair_numbers[a.rank]}",
                        ),
                    )
                )
                continue
            pair_numbers[a.rank] = i
            if a.colour is not b.colour:
                facts.append(
                    Fact(
                        "mixed_pair",
                        msg(
                            "mixed pair of {numbers}: 0",
                            numbers=_name(a.rank),
                        ),
                        None,
                        0,
                    )
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
                    msg(
                        "pure red pair of {numbers}: {worth}",
                        numbers=_name(a.rank),
                        worth=worth,
                    )
                    if colour == "red"
                    else msg(
                        "pure black pair of {numbers}: {worth}",
                        numbers=_name(a.rank),
                        worth=worth,
                    ),
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
                faults = meld_faults(cards, SET)
                # A set's number: its naturals' (one, when there is no fault).
                rank = None if faults else next(c.rank for c in cards if not c.is_joker)
                errors.extend(
                    fault_errors(
                        f"{path}.cards",
                        faults,
                        SET_WORDING,
                        length=len(cards),
                        first_only=True,
                    )
                )
                if cset.kind == "colour":
                    if not check_colour_set(
                        path, options, colour_card, holds_colour_card, rank, errors
                    ):
                        continue
                elif holds_colour_card:
                    errors.append(colour_card_used(f"{path}.cards"))
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
                            msg(
                                "with Colour Set the {numbers} (the colour card's "
                                "number) make only a colour set, not a full set",
                                numbers=_name(rank),
                            ),
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
                        _set_text(cset.kind, rank, worth),
                        side,
                        worth,
                    )
                )

        if deal.broken_colour_set is not None:
            cards = deal.broken_colour_set
            placed.append(("broken_colour_set", cards))
            holds = colour_card is not None and colour_card in cards
            colour_card_placed |= holds
            check_broken_colour_set(options, cards, colour_card, holds, errors)
            facts.append(
                Fact("broken_colour_set", "broken colour set: belongs to nobody", None)
            )

        if colour_card is not None and not colour_card_placed:
            placed.append(("colour_card", (colour_card,)))
        errors.extend(deck_errors(STANDARD_52_JOKER, placed))
        if errors:
            raise DealRejected(errors)
        return self._result(state, tuple(points), facts, verified=True)

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
                    msg(
                        "round {number}: {ours}–{theirs}, {winner} wins the round "
                        "by {difference}",
                        number=state.deal_number,
                        ours=points[0],
                        theirs=points[1],
                        winner=Side(winner),
                        difference=abs(round_difference),
                    ),
                    winner,
                    abs(round_difference),
                )
            )
        else:
            facts.append(
                Fact(
                    "round_difference",
                    msg(
                        "round {number}: {ours}–{theirs}, level",
                        number=state.deal_number,
                        ours=points[0],
                        theirs=points[1],
                    ),
                    None,
                    0,
                )
            )
        facts.append(
            Fact(
                "cumulative_difference",
                msg(
                    "cumulative difference: {points} in {side}'s favour",
                    points=abs(cumulative),
                    side=Side(0 if cumulative > 0 else 1),
                )
                if cumulative
                else "cumulative difference: level",
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

    def carry(
        self,
        state: SleazyState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The running difference the sheet keeps, and the next round's dealer."""
        return {
            "difference": totals[0] - totals[1],
            "dealer": self._dealer(state.table, state.deal_number),
        }

    def match_winners(self, state: SleazyState) -> tuple[int, ...]:
        """The side ahead on the difference; nothing in the text breaks a level
        game: it is a draw."""
        difference = state.difference
        return (0, 1) if difference == 0 else ((0,) if difference > 0 else (1,))

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

    def next_deal(self, state: SleazyState) -> NextDeal | None:
        if state.finished:
            return None
        options: SleazyOptions = state.options
        number = state.deal_number
        difference = state.difference
        notes = [
            msg(
                "Round {number} of {rounds}; cumulative difference {points} in "
                "{side}'s favour.",
                number=number,
                rounds=options.rounds,
                points=abs(difference),
                side=Side(0 if difference > 0 else 1),
            )
            if difference
            else msg(
                "Round {number} of {rounds}; cumulative difference level.",
                number=number,
                rounds=options.rounds,
            ),
            msg("The non-dealer side starts; the colour card goes on its side."),
        ]
        if options.rounds == 4 and number == 3:
            notes.append(msg("Half time: the players switch sides."))
        if options.variation in ("double", "triple", "burying_bastards"):
            notes.append(msg("A team chooses which teammate plays each turn."))
        if options.variation == "burying_bastards":
            notes.append(msg("Turns go counter-clockwise."))
        return NextDeal(
            number=number,
            dealer=state.dealer,
            starting_seat=self._starting_seat(state),
            notes=tuple(notes),
            context=(
                ContextRow(
                    "round",
                    "Round",
                    "text",
                    msg("{number} of {rounds}", number=number, rounds=options.rounds),
                ),
                ContextRow(
                    "ahead",
                    "Ahead",
                    "side",
                    None if difference == 0 else self._ahead(difference),
                ),
                ContextRow(
                    "cumulative_difference",
                    "Cumulative difference",
                    "number",
                    abs(difference),
                ),
            ),
        )

    @staticmethod
    def _ahead(difference: int) -> int:
        return 0 if difference > 0 else 1

    def match_goal(self, options: SleazyOptions) -> MatchGoal:
        return MatchGoal(deals=options.rounds)

    def leaders(self, state: SleazyState) -> tuple[int, ...]:
        if state.difference == 0:
            return ()
        return (0,) if state.difference > 0 else (1,)


def _set_text(kind: str, rank: str, worth: int) -> Text:
    """``full set of kings: 200``."""
    numbers = _name(rank)
    if kind == "basic":
        return msg("basic set of {numbers}: {worth}", numbers=numbers, worth=worth)
    if kind == "full":
        return msg("full set of {numbers}: {worth}", numbers=numbers, worth=worth)
    return msg("colour set of {numbers}: {worth}", numbers=numbers, worth=worth)


def _table_shapes(variation: str, shapes: str) -> Text:
    """The tables a variation is played at: one sentence each, so that a language
    names the variation its own way."""
    if variation == "duel":
        return msg("Sleazy duel is played with seats as sides {shapes}", shapes=shapes)
    if variation == "double":
        return msg(
            "Sleazy double is played with seats as sides {shapes}", shapes=shapes
        )
    if variation == "triple":
        return msg(
            "Sleazy triple is played with seats as sides {shapes}", shapes=shapes
        )
    return msg(
        "Sleazy burying_bastards is played with seats as sides {shapes}", shapes=shapes
    )
