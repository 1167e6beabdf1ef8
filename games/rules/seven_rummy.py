"""Seven Rummy (Seven Bridge): the winner of a hand scores everyone else's deadwood.

Source: web page file ``004_b5230d226dbeb56f.txt`` (Seven Rummy, lines 252–301; the
ending and the scoring, lines 288–298). Two to five players, each for themselves,
one 52-card deck, seven cards dealt to each.

Terms: the *winner* of a hand is the player who has no cards left after melding and
discarding; *deadwood* is the cards left in the other hands: "7s — 20 points each,
face cards — 10 points each, all other cards — their pip value" (so an ace is 1).
"The winner of the hand scores the total of all of the other players' deadwood
scores"; a winner who "goes out without having previously melded any cards at all
(i.e. they melded all seven cards at once, then discarded)" — *out in one go* —
"score[s] double for that hand". The game runs to "a certain number of hands or a
target score. Whoever has the highest score at that point wins".

Entry: who went out, whether in one go, and either the cards left in every other
hand (``cards``: checked against the 52 cards, at most seven a hand — a hand never
holds more than the seven dealt once its turn is over) or each player's deadwood
value (``totals``: checked for what seven cards can count).

Readings (``docs/games/seven-rummy.md``): the page names no target and no number of
hands, so the target is an option with a default of 500 and a number of hands an
option with none; with both set the match ends at whichever comes first. A tie for
the highest score at the end is a shared win. The losers score nothing (the page
gives them no negative score).

Invariants: each hand's points are the winner's alone; the winner's points are the
sum of the others' deadwood values, doubled out in one go; no card is entered more
often than the deck holds.
"""

from __future__ import annotations

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
from games.engine.decks import STANDARD_52
from games.engine.game import Fact, MatchGoal, NextDeal
from games.engine.goals import target_or_deals_rows
from games.engine.inputs import PER_SIDE, CardList, FrozenModel, SeatField
from games.engine.melds import (
    PIP_VALUES,
    CardValues,
    deck_errors,
    going_out_error,
    went_out_points_errors,
)
from games.engine.table_entry import table_entry_errors
from games.engine.text import Seat as SeatRef
from games.engine.text import msg

MIN_PLAYERS, MAX_PLAYERS = 2, 5
CARDS_DEALT = 7
# 004 l.292–294: sevens 20, face cards 10, all other cards their pip value (ace 1).
CARD_VALUES = CardValues("sevens 20, faces 10, pips", {**PIP_VALUES.by_rank, "7": 20})
# The most seven cards can count: the four sevens and three face cards.
MOST_DEADWOOD = 4 * 20 + 3 * 10

Seat = Annotated[SeatField, Field(le=MAX_PLAYERS - 1)]


class SevenRummyOptions(FrozenModel):
    target: int | None = Field(
        500,
        ge=1,
        le=100_000,
        description="The score that ends the match (none: play a number of hands). "
        "The page names no number; 500 is Kirjuri's default.",
    )
    hands: int | None = Field(
        None,
        ge=1,
        le=1_000,
        description="The number of hands that ends the match (none: play to the "
        "target); with a target too, whichever comes first.",
    )


class SevenRummyCards(FrozenModel):
    """A hand entered as the cards left in every hand (the winner's empty)."""

    mode: Literal["cards"] = "cards"
    went_out: Seat = Field(description="The seat of the player who went out.")
    one_go: bool = Field(
        False, description="The winner melded all seven cards at once (scores double)."
    )
    hands: Annotated[tuple[CardList, ...], PER_SIDE] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="The cards left in each player's hand, in seat order (none for "
        "the player who went out).",
    )


class SevenRummyTotals(FrozenModel):
    """A hand entered as each player's deadwood value (not checked card by card)."""

    mode: Literal["totals"]
    went_out: Seat = Field(description="The seat of the player who went out.")
    one_go: bool = Field(
        False, description="The winner melded all seven cards at once (scores double)."
    )
    deadwood: Annotated[
        tuple[Annotated[int, Field(ge=0, le=MOST_DEADWOOD)], ...], PER_SIDE
    ] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Each player's deadwood value, in seat order (0 for the player "
        "who went out).",
    )


@register
class SevenRummy(Game):
    slug = "seven-rummy"
    name = "Seven Rummy"
    source = "004_b5230d226dbeb56f.txt (Seven Rummy, l.252–301; scoring l.288–298)"
    summary = (
        "Rummy for two to five where 7s meld alone; the winner of a hand scores the "
        "others' deadwood (7s 20), double out in one go; the highest score wins."
    )
    Options = SevenRummyOptions
    deck = STANDARD_52
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    deal_modes = {"cards": SevenRummyCards, "totals": SevenRummyTotals}

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("went_out", "one_go")

    def default_table(self, options: SevenRummyOptions) -> Table:
        return Table(tuple(range(4)))  # Kirjuri's choice; the page allows 2–5

    def verify_and_score(
        self, state: MatchState, deal: SevenRummyCards | SevenRummyTotals
    ) -> DealScore:
        seats = len(state.table.seats)
        cards = isinstance(deal, SevenRummyCards)
        field = "hands" if cards else "deadwood"
        entries = deal.hands if cards else deal.deadwood
        errors = table_entry_errors(
            seats, field, len(entries), {"went_out": deal.went_out}
        )
        if errors:
            raise DealRejected(errors)
        if cards:
            values = self._check_cards(deal)
        else:
            values = deal.deadwood
            errors = went_out_points_errors(values, deal.went_out, field, CARD_VALUES)
            if errors:
                raise DealRejected(errors)
        return self._score(deal.went_out, deal.one_go, values, verified=cards)

    @staticmethod
    def _check_cards(deal: SevenRummyCards) -> tuple[int, ...]:
        errors: list[RuleError] = []
        for seat, hand in enumerate(deal.hands):
            error = going_out_error(f"hands.{seat}", seat, hand, deal.went_out)
            if error:
                errors.append(error)
            if len(hand) > CARDS_DEALT:
                errors.append(
                    RuleError(
                        f"hands.{seat}",
                        "too_many_cards",
                        msg(
                            "{count} cards: a hand holds at most the {dealt} "
                            "dealt (004 l.264)",
                            count=len(hand),
                            dealt=CARDS_DEALT,
                        ),
                    )
                )
        errors += deck_errors(
            STANDARD_52, [(f"hands.{s}", hand) for s, hand in enumerate(deal.hands)]
        )
        if errors:
            raise DealRejected(errors)
        return tuple(CARD_VALUES.total(hand) for hand in deal.hands)

    @staticmethod
    def _score(
        went_out: int, one_go: bool, values: tuple[int, ...], *, verified: bool
    ) -> DealScore:
        won = sum(values) * (2 if one_go else 1)
        points = tuple(won if s == went_out else 0 for s in range(len(values)))
        facts = [
            Fact(
                "deadwood",
                msg("{seat}: deadwood {points}", seat=SeatRef(s), points=v),
                s,
                v,
            )
            for s, v in enumerate(values)
            if s != went_out
        ]
        if one_go:
            facts.append(Fact("one_go", "out in one go: double", went_out, won))
        facts.append(
            Fact(
                "went_out",
                msg("{seat} went out: {points}", seat=SeatRef(went_out), points=won),
                went_out,
                won,
            )
        )
        return DealScore(
            points=points,
            facts=tuple(facts),
            verified=verified,
            detail={"went_out": went_out, "one_go": one_go, "deadwood": list(values)},
        )

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        options: SevenRummyOptions = state.options
        rows = target_or_deals_rows(
            state,
            target=options.target,
            deals=options.hands,
            unit=("hand", msg("Hand")),
        )
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            notes=(
                msg(
                    "Deal {count} cards each; turn the top card of the stock up.",
                    count=CARDS_DEALT,
                ),
                msg("A meld with a 7 may be a single 7, a pair of 7s or two in a row."),
            ),
            context=rows,
        )

    def match_goal(self, options: SevenRummyOptions) -> MatchGoal:
        return MatchGoal(target=options.target, deals=options.hands)
