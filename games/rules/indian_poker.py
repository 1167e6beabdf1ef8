"""Indian Poker: one card on each forehead, poker betting, the highest card wins.

Source: book ``001_b57793035adc3f64.txt`` chapter 25 (l.1779–1819): the session and
its IOUs (l.1787–1791), the ante and the deal §25.1, the betting §25.2, its end and
the showdown §25.3. Three to ten players, one 52-card deck, 100 units of chips each.

Terms: a *hand* is one deal (ante, cards, betting, showdown); *paid* is what a
player put in the pot during the hand, the ante of 1 included; *live* players have
not folded. The pot goes to the live player with the highest card, ace high, suits
breaking ties: spades, hearts, diamonds, clubs (§25.3; one deck, so no two cards
tie). A player out of chips borrows from the player with most chips and writes an
IOU, which counts at the end for the holder and against the writer.

A hand is entered either as the turns of the betting and every player's card
(``cards``: the engine plays the betting, checks its end and finds the winner) or as
what each player paid and who won (``totals``: checked only as far as the numbers
go — the winner paid the most, everyone paid the ante).

The chips are a :class:`~games.engine.chips.ChipLedger` with ``OnShortfall.IOU``;
the totals are each player's worth (chips held ± IOUs) and feed money directly
(``chips_are_money``).

Invariants: every hand's payments net to zero (the pot is paid out whole); chips
held add up to 100 × players after every hand; totals == chips held + IOUs held −
IOUs written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

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
from games.engine.betting import Turns, play_betting
from games.engine.chips import ChipLedger, ChipRules, OnShortfall, Payments, pot
from games.engine.decks import STANDARD_52, check_deck_counted
from games.engine.game import ContextRow, Fact, MatchGoal, NextDeal
from games.engine.inputs import PER_SIDE, CardList, FrozenModel, SeatField, seat_role
from games.engine.poker import card_key
from games.engine.table_entry import table_entry_errors
from games.engine.text import Seat as SeatText
from games.engine.text import msg
from games.engine.wording import semicolon_list

MIN_PLAYERS, MAX_PLAYERS = 3, 10
ANTE = 1  # §25.1
MOST_PAID = 100_000  # a hand's pot cannot hold more than the session's chips

Seat = Annotated[SeatField, Field(le=MAX_PLAYERS - 1)]


class IndianPokerOptions(FrozenModel):
    start: int = Field(
        100, ge=1, le=100_000, description="Chips each player starts with (§25)."
    )
    hands: int | None = Field(
        None,
        ge=1,
        le=1_000,
        description="Hands that end the session (none: the players end it when "
        "they are bored, §25).",
    )
    iou_unit: int = Field(
        1,
        ge=1,
        le=1_000,
        description="A player out of chips borrows in whole multiples of this "
        "(the book: as much as is needed).",
    )


class IndianPokerCards(FrozenModel):
    """A hand entered as its betting and every player's card."""

    mode: Literal["cards"] = "cards"
    actions: Turns
    # One list in seat order rather than a field per seat: the entry form's card
    # picker then takes the table's cards in one go, tapped round the table.
    cards: CardList = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Each player's card, in seat order (e.g. KS 2H AD AC).",
    )


class IndianPokerTotals(FrozenModel):
    """A hand entered as what each player paid into the pot and who won it."""

    mode: Literal["totals"]
    paid: Annotated[tuple[Annotated[int, Field(ge=0, le=MOST_PAID)], ...], PER_SIDE] = (
        Field(
            min_length=MIN_PLAYERS,
            max_length=MAX_PLAYERS,
            description="What each player put in the pot, the ante of 1 included.",
        )
    )
    winner: Annotated[Seat, seat_role("winner")] = Field(
        description="The seat that won the pot."
    )


@dataclass(frozen=True, kw_only=True)
class IndianPokerState(MatchState):
    """``ledger``: every player's chips and the IOUs written (§25)."""

    ledger: ChipLedger


def hand_payments(players: int, paid: tuple[int, ...], winner: int) -> Payments:
    """Everyone's chips into the pot, the pot to the winner."""
    stakes = {p: c for p, c in enumerate(paid) if p != winner}
    return pot(players, stakes, (winner,), reason="pot")


def betting_order(table: Table, dealer: int) -> tuple[int, ...]:
    """The seats in betting order: the dealer's left first, the dealer last."""
    seats = len(table.seats)
    return tuple((dealer + 1 + i) % seats for i in range(seats))


@register
class IndianPoker(Game):
    slug = "indian-poker"
    name = "Indian Poker"
    source = "001_b57793035adc3f64.txt §25 (l.1779–1819)"
    summary = (
        "Three to ten players bet on the one card they cannot see; the highest live "
        "card takes the pot; IOUs when a player runs out of chips."
    )
    Options = IndianPokerOptions
    deck = STANDARD_52
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    deal_modes = {"cards": IndianPokerCards, "totals": IndianPokerTotals}
    State = IndianPokerState
    chips_are_money = True

    def default_table(self, options: IndianPokerOptions) -> Table:
        return Table(tuple(range(4)))  # Kirjuri's choice; the book allows 3–10

    def initial_state(
        self, options: IndianPokerOptions, table: Table
    ) -> IndianPokerState:
        rules = ChipRules(
            start=options.start,
            on_shortfall=OnShortfall.IOU,
            loan_unit=options.iou_unit,
        )
        ledger = ChipLedger.start(len(table.seats), rules)
        return IndianPokerState(
            table=table,
            options=options,
            totals=ledger.balances,
            dealer=table.first_dealer,
            ledger=ledger,
        )

    def verify_and_score(
        self, state: IndianPokerState, deal: IndianPokerCards | IndianPokerTotals
    ) -> DealScore:
        seats = len(state.table.seats)
        if isinstance(deal, IndianPokerCards):
            paid, winner, facts = _play_hand(state, deal)
        else:
            paid, winner, facts = _check_totals(seats, deal)
        step = hand_payments(seats, paid, winner)
        after = state.ledger.settle(step)
        facts.append(
            Fact(
                "pot",
                msg(
                    "{seat} wins the pot of {chips}",
                    seat=SeatText(winner),
                    chips=sum(paid),
                ),
                winner,
                sum(paid),
            )
        )
        facts += [
            Fact(
                "iou",
                msg(
                    "{debtor} writes {creditor} an IOU for {chips}",
                    debtor=SeatText(i.debtor),
                    creditor=SeatText(i.creditor),
                    chips=i.chips,
                ),
            )
            for i in after.ious[len(state.ledger.ious) :]
        ]
        return DealScore(
            points=step.net(),
            facts=tuple(facts),
            verified=isinstance(deal, IndianPokerCards),
            detail={"paid": list(paid), "winner": winner},
        )

    def carry(
        self,
        state: IndianPokerState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The hand's payments settled in the chip ledger (§25)."""
        detail: dict[str, Any] = score.detail
        seats = len(state.table.seats)
        step = hand_payments(seats, tuple(detail["paid"]), detail["winner"])
        return {"ledger": state.ledger.settle(step)}

    def next_deal(self, state: IndianPokerState) -> NextDeal | None:
        if state.finished:
            return None
        options: IndianPokerOptions = state.options
        ledger = state.ledger
        rows = [ContextRow("chips", "Chips in hand", "per_side", ledger.balances)]
        if ledger.ious:
            rows.append(ContextRow("ious", "IOUs", "text", _ious_text(ledger)))
        if options.hands is not None:
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
        order = betting_order(state.table, state.dealer)
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=order[0],
            notes=(
                msg(
                    "Everyone antes 1; the player left of the dealer bets first "
                    "(§25.1)."
                ),
                msg("Turns: F fold, C call or check, R1–R5 raise by 1–5 (§25.2)."),
            ),
            context=tuple(rows),
        )

    def match_goal(self, options: IndianPokerOptions) -> MatchGoal:
        return MatchGoal(deals=options.hands, open_ended=options.hands is None)


def _play_hand(
    state: IndianPokerState, deal: IndianPokerCards
) -> tuple[tuple[int, ...], int, list[Fact]]:
    seats = len(state.table.seats)
    errors = table_entry_errors(seats, "cards", len(deal.cards), {})
    errors += check_deck_counted(
        STANDARD_52, [(f"cards.{s}", (c,)) for s, c in enumerate(deal.cards)]
    )
    betting, betting_errors = play_betting(
        deal.actions,
        order=betting_order(state.table, state.dealer),
        paid=(ANTE,) * seats,
    )
    errors += betting_errors
    if errors:
        raise DealRejected(errors)
    live = betting.live
    winner = max(live, key=lambda p: card_key(deal.cards[p]))
    facts = [
        Fact("folded", msg("{seat} folded", seat=SeatText(p)), p)
        for p in range(seats)
        if p in betting.folded
    ]
    if len(live) > 1:
        facts.append(
            Fact(
                "showdown",
                msg(
                    "{seat}'s {card} is highest",
                    seat=SeatText(winner),
                    card=str(deal.cards[winner]),
                ),
                winner,
            )
        )
    return betting.paid, winner, facts


def _check_totals(
    seats: int, deal: IndianPokerTotals
) -> tuple[tuple[int, ...], int, list[Fact]]:
    errors = table_entry_errors(seats, "paid", len(deal.paid), {"winner": deal.winner})
    errors += [
        RuleError(
            f"paid.{p}",
            "no_ante",
            msg(
                "{seat} paid {paid}: everyone antes {ante} (§25.1)",
                seat=SeatText(p),
                paid=c,
                ante=ANTE,
            ),
        )
        for p, c in enumerate(deal.paid)
        if c < ANTE
    ]
    if not errors and deal.paid[deal.winner] != max(deal.paid):
        errors.append(
            RuleError(
                "winner",
                "winner_paid_less",
                msg(
                    "{seat} paid {paid}, less than {most}: a player still in has paid "
                    "the most (§25.3)",
                    seat=SeatText(deal.winner),
                    paid=deal.paid[deal.winner],
                    most=max(deal.paid),
                ),
            )
        )
    if errors:
        raise DealRejected(errors)
    return deal.paid, deal.winner, []


def _ious_text(ledger: ChipLedger) -> str:
    owed: dict[tuple[int, int], int] = {}
    for i in ledger.ious:
        owed[i.debtor, i.creditor] = owed.get((i.debtor, i.creditor), 0) + i.chips
    # Each debt is a text of its own, and so is the list of them.
    return semicolon_list(
        [
            msg(
                "{debtor} owes {creditor} {chips}",
                debtor=SeatText(d),
                creditor=SeatText(c),
                chips=n,
            )
            for (d, c), n in owed.items()
        ]
    )
