"""Machiavelli: manipulation rummy; the first to empty the hand wins the game.

Source: web page file ``004_b5230d226dbeb56f.txt`` (Machiavelli, lines 1–30; the
melds l.19–21, the table rule l.23, the end l.25). Two to five players, each for
themselves, two 52-card decks (104 cards, no jokers).

Terms: a **set** is three or more cards of a rank, no suit twice (so at most four);
a **sequence** three or more in a row of one suit, the ace high or low but not both,
and never K-A-2. All melds lie on the table together; at the end of each turn
"all of the cards on the table must form valid melds".

Entry: the player who played the last card from hand (the winner), and, optionally,
the melds on the table at the end, each checked as a set or a sequence and all of
them against the 104 cards (option ``check_table`` makes the table required).

Scoring: the game has no points — one game, won or lost. The winner's total is 1,
everyone else's 0; money is win/loss only (book §1.2 settles score differences, and
there is no score to differ), so a match settles at a flat stake.

Invariants: exactly one winner; a table entered is all valid melds and within the
two decks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

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
from games.engine.cards import Card
from games.engine.decks import make_deck
from games.engine.game import Fact, MatchGoal, NextDeal
from games.engine.inputs import CardList, FrozenModel, SeatField
from games.engine.melds import NO_WILDS, RunRule, SetRule, deck_errors, meld_faults
from games.engine.text import Seat as SeatRef
from games.engine.text import msg

MIN_PLAYERS, MAX_PLAYERS = 2, 5
DECK = make_deck(msg("2 × 52 cards"), packs=2)
SET = SetRule(min_length=3, max_length=4, wilds=NO_WILDS)
SEQUENCE = RunRule(min_length=3, ace_both_ends=False, wrap=False, wilds=NO_WILDS)
SECTION = "004 Machiavelli"

Seat = Annotated[SeatField, Field(le=MAX_PLAYERS - 1)]


def meld_error(path: str, cards: Sequence[Card]) -> RuleError | None:
    """Why ``cards`` are neither a set nor a sequence (``None`` if they are one)."""
    if len(cards) < 3:
        return RuleError(
            path,
            "meld_too_short",
            msg(
                "a meld is three cards or more, not {count} (004 Machiavelli, l.19–21)",
                count=len(cards),
            ),
        )
    if not meld_faults(cards, SET) and len({c.suit for c in cards}) == len(cards):
        return None
    if not meld_faults(cards, SEQUENCE):
        return None
    return RuleError(
        path,
        "not_a_meld",
        "not a set (one rank, no suit twice) nor a sequence (one suit in a row, the "
        "ace high or low, not K-A-2) (004 Machiavelli, l.19–21)",
    )


class MachiavelliOptions(FrozenModel):
    check_table: bool = Field(
        False,
        description="The scorer enters the melds on the table at the end, and "
        "Kirjuri checks they are all valid.",
    )


class MachiavelliDeal(FrozenModel):
    winner: Seat = Field(description="The seat of the player who emptied the hand.")
    table: tuple[CardList, ...] = Field(
        (), description="Optional: the melds on the table at the end."
    )


@register
class Machiavelli(Game):
    slug = "machiavelli"
    name = "Machiavelli"
    source = "004_b5230d226dbeb56f.txt (Machiavelli, l.1–30; the end l.25)"
    summary = (
        "Manipulation rummy for two to five on 104 cards: the first to play every "
        "card wins; optionally the final table is checked meld by meld."
    )
    Options = MachiavelliOptions
    deal_input = MachiavelliDeal
    deck = DECK
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    stakes_per_point = False

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("winner",)

    def default_table(self, options: MachiavelliOptions) -> Table:
        return Table(tuple(range(4)))

    def verify_and_score(self, state: MatchState, deal: MachiavelliDeal) -> DealScore:
        options: MachiavelliOptions = state.options
        seats = len(state.table.seats)
        errors: list[RuleError] = []
        if deal.winner >= seats:
            errors.append(
                RuleError(
                    "winner",
                    "bad_seat",
                    msg("no seat {seat} at this table", seat=deal.winner),
                )
            )
        if options.check_table and not deal.table:
            errors.append(
                RuleError(
                    "table",
                    "table_required",
                    "this match checks the final table: enter its melds "
                    "(004 Machiavelli, l.23)",
                )
            )
        placed = [(f"table.{i}", meld) for i, meld in enumerate(deal.table)]
        errors += [e for path, meld in placed if (e := meld_error(path, meld))]
        errors += deck_errors(DECK, placed)
        if errors:
            raise DealRejected(errors)
        points = tuple(1 if s == deal.winner else 0 for s in range(seats))
        return DealScore(
            points=points,
            facts=(
                Fact(
                    "winner",
                    msg("{seat} went out", seat=SeatRef(deal.winner)),
                    deal.winner,
                    1,
                ),
            ),
            verified=bool(deal.table),
            detail={"winner": deal.winner, "melds": len(deal.table)},
        )

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            notes=(
                msg("Deal 13 cards each from 104; the first to play every card wins."),
            ),
        )

    def match_goal(self, options: MachiavelliOptions) -> MatchGoal:
        return MatchGoal(deals=1)
