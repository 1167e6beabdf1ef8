"""Strip Poker: five-card draw for chips, garments traded for chips, the naked drop.

Source: book ``001_b57793035adc3f64.txt`` chapter 26 (l.1821–1873): the players and
the chips (l.1827–1831), the garments §26.1, the deal §26.2, wild jokers §26.3,
stripping §26.4, dropping out and rebalancing §26.5. Two to six players, one deck
with 0–4 jokers, 20 units of chips each, four garments each.

Terms: a *deal* is the bank ante (4 units each), the pot ante (1 each), five cards,
a first *betting* as in Indian Poker, the draw, a second betting among those who did
not fold, and the *showdown* of the best poker hand (jokers wild; five of a kind is
the highest hand, :mod:`games.engine.poker`). *Paid* is what a player put in the pot
during the deal, the pot ante included (the bank ante is apart). A player who runs
out of chips *strips* a garment for 20 units from the bank; the garment is a
20-chip bank loan (:class:`~games.engine.chips.ChipLedger` with
``OnShortfall.BANK_LOAN``, loan unit 20) that is never repaid: clothes cannot be
bought back (§26.4). A player who has stripped every garment *drops* out; then, if
every player still in holds more than 20, all of them hand the same number of units
to the bank so that the poorest holds 20 (§26.5).

The chips are counted at the end of the deal, so a player who ran out in the middle
of a deal and won the pot has paid the 20 back "instead of stripping" (§26.4): only
what a player is short when the deal is over is a garment.

Totals are each player's worth: chips held less 20 per garment stripped. Money is
settled on them per point (a point is a chip) by the average method of §1.2: the
bank antes take chips out of play, so the deals' chips do not cancel out and are
not paid deal by deal (``chips_are_money`` is off). The highest worth wins when
the players stop, or when one player is left.

Invariants: chips held + the bank's + the table's never change; each deal's points
sum to −(the bank antes + what the drop and the rebalance hand back) and equal the
change of each player's worth; garments stripped == loans / 20; a player is out
exactly when every garment is stripped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field

from games.engine import (
    DealRejected,
    DealScore,
    Game,
    MatchState,
    RuleError,
    SetupRejected,
    Table,
    register,
)
from games.engine.betting import Turns, play_betting
from games.engine.chips import (
    BANK,
    ChipLedger,
    ChipRules,
    Odd,
    OnShortfall,
    Payments,
    Transfer,
    each_pays,
    pot,
)
from games.engine.decks import STANDARD_52, DeckSpec, check_deck, make_deck
from games.engine.game import ContextRow, Fact, MatchGoal, NextDeal
from games.engine.inputs import PER_SIDE, CardList, FrozenModel
from games.engine.poker import PokerHand, wild_hand_key
from games.engine.table_entry import table_entry_errors
from games.engine.text import Seat, Text, msg
from games.engine.wording import all_of

MIN_PLAYERS, MAX_PLAYERS = 2, 6
BANK_ANTE, POT_ANTE = 4, 1  # §26.2
LOAN = 20  # §26.4: a garment buys 20 units
HAND = 5
MOST_PAID = 100_000


class StripPokerOptions(FrozenModel):
    start: int = Field(
        20, ge=1, le=1_000, description="Chips each player starts with (§26)."
    )
    garments: int = Field(
        4, ge=1, le=10, description="Garments that count per player (§26.1)."
    )
    jokers: int = Field(
        0, ge=0, le=4, description="Jokers in the deck, wild (§26, §26.3)."
    )
    deals: int | None = Field(
        None,
        ge=1,
        le=1_000,
        description="Deals that end the match (none: the players agree to stop).",
    )


class StripPokerCards(FrozenModel):
    """A deal entered as its two bettings and the hands shown."""

    mode: Literal["cards"] = "cards"
    first_betting: Turns
    second_betting: Turns  # empty when all but one folded in the first
    hands: Annotated[tuple[CardList, ...], PER_SIDE] = Field(
        default=(),
        max_length=MAX_PLAYERS,
        description="The five cards each player shows at the showdown, in seat "
        "order; empty for a player who folded or is out (none needed when all but "
        "one folded).",
    )


class StripPokerTotals(FrozenModel):
    """A deal entered as what each player paid into the pot and who won it."""

    mode: Literal["totals"]
    paid: Annotated[tuple[Annotated[int, Field(ge=0, le=MOST_PAID)], ...], PER_SIDE] = (
        Field(
            min_length=MIN_PLAYERS,
            max_length=MAX_PLAYERS,
            description="What each player put in the pot, the pot ante of 1 included "
            "(0 for a player who is out).",
        )
    )
    won: Annotated[tuple[bool, ...], PER_SIDE] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Who won the pot: one player, or several on a split pot.",
    )


@dataclass(frozen=True, kw_only=True)
class StripPokerState(MatchState):
    """``ledger``: chips and loans (a garment is a 20-unit loan); ``out``: the
    players who dropped, in the order they did."""

    ledger: ChipLedger
    out: tuple[int, ...] = ()

    def garments_stripped(self, seat: int) -> int:
        return self.ledger.loans[seat] // LOAN


@dataclass(frozen=True, slots=True)
class DealChips:
    """A deal's chips: the ledger after it, the points, who stripped, who dropped."""

    ledger: ChipLedger
    points: tuple[int, ...]
    stripped: tuple[int, ...]  # garments stripped this deal, per seat
    dropped: tuple[int, ...]
    rebalanced: int  # units each player still in handed the bank


def active_seats(state: StripPokerState) -> tuple[int, ...]:
    """The players still in, in betting order: the dealer's left first."""
    seats = len(state.table.seats)
    order = ((state.dealer + 1 + i) % seats for i in range(seats))
    return tuple(p for p in order if p not in state.out)


def deal_chips(
    state: StripPokerState, paid: Sequence[int], winners: Sequence[int]
) -> DealChips:
    """§26.2–26.5: the antes and the pot; then, at the end of the deal, a garment
    for every 20 units a player is short; the naked drop, their chips to the bank;
    the rebalance. ``winners`` in betting order (odd chips of a split go first to
    the first of them)."""
    options: StripPokerOptions = state.options
    n = len(state.table.seats)
    active = active_seats(state)
    before = state.ledger
    step = each_pays(n, BANK, BANK_ANTE, payers=active, reason="bank ante") + pot(
        n,
        {p: paid[p] for p in active},
        winners,
        odd=Odd.IN_ORDER,
        reason="pot",
    )
    ledger = before.settle(step)
    stripped = tuple(
        (a - b) // LOAN for a, b in zip(ledger.loans, before.loans, strict=True)
    )
    dropped = tuple(p for p in active if ledger.loans[p] // LOAN >= options.garments)
    rebalanced = 0
    if dropped:
        ledger = ledger.settle(
            Payments(
                n,
                tuple(
                    Transfer(p, BANK, ledger.balances[p], "dropped out")
                    for p in dropped
                    if ledger.balances[p]
                ),
            )
        )
        remaining = [p for p in active if p not in dropped]
        least = min((ledger.balances[p] for p in remaining), default=0)
        if len(remaining) > 1 and least > LOAN:
            rebalanced = least - LOAN
            ledger = ledger.settle(
                each_pays(n, BANK, rebalanced, payers=remaining, reason="rebalance")
            )
    points = tuple(ledger.worth(p) - before.worth(p) for p in range(n))
    return DealChips(ledger, points, stripped, dropped, rebalanced)


@register
class StripPoker(Game):
    slug = "strip-poker"
    name = "Strip Poker"
    source = "001_b57793035adc3f64.txt §26 (l.1821–1873)"
    summary = (
        "Five-card draw for two to six with wild jokers; a player out of chips "
        "strips a garment for 20 units, the naked drop out."
    )
    Options = StripPokerOptions
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    deal_modes = {"cards": StripPokerCards, "totals": StripPokerTotals}
    State = StripPokerState
    # The bank antes leave the players, so a deal's chips never cancel out, and the
    # money layer pays chip games deal by deal only when they do. The final worths
    # settled by the average method of §1.2 share what the bank took equally: the
    # same money as each deal's chips with the bank's take shared.
    chips_are_money = False
    deck = STANDARD_52

    def deck_for(self, options: StripPokerOptions) -> DeckSpec:
        return _deck(options.jokers)

    def default_table(self, options: StripPokerOptions) -> Table:
        return Table(tuple(range(4)))  # Kirjuri's choice; the book allows 2–6

    def check_table(self, table: Table, options: StripPokerOptions) -> None:
        super().check_table(table, options)
        if len(table.seats) == MAX_PLAYERS and options.jokers < 2:
            raise SetupRejected(
                [
                    RuleError(
                        "options.jokers",
                        "too_few_jokers",
                        "six players use at least two jokers (§26)",
                    )
                ]
            )

    def initial_state(
        self, options: StripPokerOptions, table: Table
    ) -> StripPokerState:
        rules = ChipRules(
            start=options.start, on_shortfall=OnShortfall.BANK_LOAN, loan_unit=LOAN
        )
        ledger = ChipLedger.start(len(table.seats), rules)
        return StripPokerState(
            table=table,
            options=options,
            totals=ledger.balances,
            dealer=table.first_dealer,
            ledger=ledger,
        )

    def verify_and_score(
        self, state: StripPokerState, deal: StripPokerCards | StripPokerTotals
    ) -> DealScore:
        if len(active_seats(state)) < MIN_PLAYERS:
            raise DealRejected(
                [RuleError("", "match_over", "only one player is left (§26.5)")]
            )
        if isinstance(deal, StripPokerCards):
            paid, winners, facts = _play_deal(state, deal)
        else:
            paid, winners, facts = _check_totals(state, deal)
        chips = deal_chips(state, paid, winners)
        facts.append(Fact("pot", _pot_won(winners, sum(paid)), None, sum(paid)))
        for p, k in enumerate(chips.stripped):
            if k:
                left = state.options.garments - chips.ledger.loans[p] // LOAN
                facts.append(
                    Fact(
                        "stripped",
                        _stripped(p, k, left),
                        p,
                    )
                )
        facts += [
            Fact("dropped", msg("{seat} is naked and drops out", seat=Seat(p)), p)
            for p in chips.dropped
        ]
        if chips.rebalanced:
            facts.append(
                Fact(
                    "rebalanced",
                    msg(
                        "everyone still in gives the bank {units} units",
                        units=chips.rebalanced,
                    ),
                    None,
                    chips.rebalanced,
                )
            )
        return DealScore(
            points=chips.points,
            facts=tuple(facts),
            verified=isinstance(deal, StripPokerCards),
            detail={"paid": list(paid), "winners": list(winners)},
        )

    def carry(
        self,
        state: StripPokerState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The chips paid, the players out, and the next dealer among those
        still in; fewer than the fewest players who can play end the match."""
        detail: dict[str, Any] = score.detail
        chips = deal_chips(state, detail["paid"], detail["winners"])
        out = state.out + chips.dropped
        left = [p for p in range(len(state.table.seats)) if p not in out]
        nxt = state.table.next_seat(state.dealer)
        while nxt in out and left:
            nxt = state.table.next_seat(nxt)
        return {
            "ledger": chips.ledger,
            "out": out,
            "dealer": nxt,
            "finished": finished or len(left) < MIN_PLAYERS,
        }

    def next_deal(self, state: StripPokerState) -> NextDeal | None:
        if state.finished:
            return None
        options: StripPokerOptions = state.options
        seats = len(state.table.seats)
        garments = tuple(
            msg("out")
            if p in state.out
            else options.garments - state.garments_stripped(p)
            for p in range(seats)
        )
        rows = [
            ContextRow("chips", "Chips in hand", "per_side", state.ledger.balances),
            ContextRow("garments", "Garments left", "per_side", garments),
        ]
        if options.deals is not None:
            rows.append(
                ContextRow(
                    "deal",
                    "Deal",
                    "text",
                    msg(
                        "{deal} of {deals}", deal=state.deal_number, deals=options.deals
                    ),
                )
            )
        order = active_seats(state)
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=order[0] if order else None,
            notes=(
                msg("Everyone pays 4 to the bank and 1 to the pot (§26.2)."),
                msg("Turns: F fold, C call or check, R1–R5 raise by 1–5."),
            ),
            context=tuple(rows),
        )

    def match_goal(self, options: StripPokerOptions) -> MatchGoal:
        return MatchGoal(deals=options.deals, open_ended=options.deals is None)


def _deck(jokers: int) -> DeckSpec:
    if jokers == 1:
        name = msg("52 cards + {jokers} joker", jokers=jokers)
    elif jokers:
        name = msg("52 cards + {jokers} jokers", jokers=jokers)
    else:
        name = msg("52 cards")
    return make_deck(name, jokers_per_pack=jokers)


def _pot_won(winners: Sequence[int], chips: int) -> Text:
    """ "seat 1 won the pot of 12", "seat 1 and seat 3 won …"."""
    if len(winners) == 1:
        return msg("{seat} won the pot of {chips}", seat=Seat(winners[0]), chips=chips)
    if len(winners) == 2:
        return msg(
            "{first} and {second} won the pot of {chips}",
            first=Seat(winners[0]),
            second=Seat(winners[1]),
            chips=chips,
        )
    # Three or more tied: "seat 1 and seat 2 and seat 3".
    names = all_of([Seat(w) for w in winners])
    return msg("{seats} won the pot of {chips}", seats=names, chips=chips)


def _stripped(seat: int, garments: int, left: int) -> Text:
    """ "seat 2 strips 1 garment for 20 units (3 left)"."""
    if garments == 1:
        return msg(
            "{seat} strips {garments} garment for {units} units ({left} left)",
            seat=Seat(seat),
            garments=garments,
            units=garments * LOAN,
            left=left,
        )
    return msg(
        "{seat} strips {garments} garments for {units} units ({left} left)",
        seat=Seat(seat),
        garments=garments,
        units=garments * LOAN,
        left=left,
    )


def _play_deal(
    state: StripPokerState, deal: StripPokerCards
) -> tuple[tuple[int, ...], tuple[int, ...], list[Fact]]:
    seats = len(state.table.seats)
    order = active_seats(state)
    out = frozenset(state.out)
    start = tuple(0 if p in out else POT_ANTE for p in range(seats))
    first, errors = play_betting(
        deal.first_betting,
        order=order,
        paid=start,
        path="first_betting",
        section="§26.2",
    )
    second, more = play_betting(
        deal.second_betting,
        order=order,
        paid=first.paid,
        folded=first.folded,
        path="second_betting",
        section="§26.2",
    )
    errors += more
    errors += _last_garment_errors(
        state,
        second.paid,
        path="first_betting"
        if _last_garment_errors(state, first.paid, path="")
        else "second_betting",
    )
    hands = list(deal.hands) + [()] * (seats - len(deal.hands))
    if len(deal.hands) > seats:
        errors += table_entry_errors(seats, "hands", len(deal.hands), {})
    live = [p for p in order if p not in second.folded]
    errors += [
        RuleError(
            f"hands.{p}",
            "player_out",
            msg("{seat} is out of the game (§26.5)", seat=Seat(p)),
        )
        for p in state.out
        if hands[p]
    ]
    if len(live) > 1:
        errors += [
            RuleError(
                f"hands.{p}",
                "not_five_cards",
                msg(
                    "{seat} is in the showdown with {cards} cards: a poker hand is "
                    "{hand} (§26.2)",
                    seat=Seat(p),
                    cards=len(hands[p]),
                    hand=HAND,
                ),
            )
            for p in live
            if len(hands[p]) != HAND
        ]
    errors += check_deck(
        _deck(state.options.jokers),
        [(f"hands.{p}", hand) for p, hand in enumerate(hands) if hand],
    )
    if errors:
        raise DealRejected(errors)
    facts = []
    if len(live) == 1:
        winners: tuple[int, ...] = (live[0],)
    else:
        keys = {p: wild_hand_key(hands[p]) for p in live}
        best = max(keys.values())
        winners = tuple(p for p in live if keys[p] == best)
        facts += [
            Fact(
                "hand",
                msg(
                    "{seat}: {hand}",
                    seat=Seat(p),
                    hand=PokerHand.from_key(keys[p]).describe(),
                ),
                p,
            )
            for p in live
        ]
    return second.paid, winners, facts


def _check_totals(
    state: StripPokerState, deal: StripPokerTotals
) -> tuple[tuple[int, ...], tuple[int, ...], list[Fact]]:
    seats = len(state.table.seats)
    errors = table_entry_errors(seats, "paid", len(deal.paid), {})
    if len(deal.won) != seats:
        errors += table_entry_errors(seats, "won", len(deal.won), {})
    if not any(deal.won):
        errors.append(RuleError("won", "no_winner", "somebody won the pot (§26.2)"))
    if errors:
        raise DealRejected(errors)
    out = set(state.out)
    top = max(deal.paid)
    errors += [
        RuleError(
            f"paid.{p}",
            "player_out" if p in out else "no_ante",
            msg("{seat} is out of the game (§26.5)", seat=Seat(p))
            if p in out
            else msg(
                "{seat} paid {paid}: everyone puts {ante} in the pot (§26.2)",
                seat=Seat(p),
                paid=c,
                ante=POT_ANTE,
            ),
        )
        for p, c in enumerate(deal.paid)
        if (p in out and c) or (p not in out and c < POT_ANTE)
    ]
    errors += [
        RuleError(
            f"won.{p}",
            "player_out" if p in out else "winner_paid_less",
            msg("{seat} is out of the game (§26.5)", seat=Seat(p))
            if p in out
            else msg(
                "{seat} paid {paid}, less than {most}: a player still in has paid "
                "the most (§25.3)",
                seat=Seat(p),
                paid=deal.paid[p],
                most=top,
            ),
        )
        for p, won in enumerate(deal.won)
        if won and (p in out or deal.paid[p] != top)
    ]
    errors += _last_garment_errors(
        state, deal.paid, path=f"paid.{deal.paid.index(top)}"
    )
    if errors:
        raise DealRejected(errors)
    order = active_seats(state)
    winners = tuple(p for p in order if deal.won[p])
    return deal.paid, winners, []


def _last_garment_errors(
    state: StripPokerState, paid: Sequence[int], *, path: str
) -> list[RuleError]:
    """§26.5: once a player has traded the last garment for 20 units in a deal,
    no raise may ask more of them than those units call. A player traded it when
    they put in more than they held after the bank ante; the raise was too high when
    anyone's stake in the pot passed what they held plus the 20."""
    top = max(paid, default=0)
    errors = []
    for p in active_seats(state):
        if state.options.garments - state.garments_stripped(p) != 1:
            continue
        held = state.ledger.balances[p] - BANK_ANTE
        if paid[p] > held and top > held + LOAN:
            errors.append(
                RuleError(
                    path,
                    "raise_beyond_last_garment",
                    msg(
                        "{seat} traded the last garment for {units} units in this "
                        "deal: raises beyond a stake of {stake}, which those units "
                        "call, are forbidden (§26.5)",
                        seat=Seat(p),
                        units=LOAN,
                        stake=held + LOAN,
                    ),
                )
            )
    return errors
