"""Sinkki: Finnish gin rummy for chips; the engine splits each hand and finds its trash.

Source: book ``001_b57793035adc3f64.txt`` chapter 43 (l.2942–2992): the match §43.1,
the hand §43.2 (l.2956–2962), the turn and the calls §43.4, the scoring §43.5
(l.2980–2991). Three to five players, one 52-card deck, poker chips (100 each,
§43.1), played for money (``chips_are_money``).

Terms (§43.2): a hand is seven cards; a *combination* is three or four cards of a rank
or three or more consecutive cards of a suit, "an ace can be only 1, not 14", each
card in one combination at most; the other cards are *trash*, and the hand's *value*
is their sum (ace 1, J/Q/K 10, the others their rank). A hand of value 0 is a *clean
game*. The engine finds each hand's best partition (``games.engine.melds.Partitioner``:
sets of 3–4, runs of 3+ with the ace low only, no wilds).

Scoring (§43.5): a clean game — everyone pays its holder 4 chips. Otherwise the
lowest value wins, tied players all win; a player who called *sinkki* is a winner
only as the sole lowest. Everyone else pays 2 to the winners, split among them; the
chips that do not divide stay on the table for the winner of the next deal. A
*sinkki* caller who is not a winner pays the winners 4 more.

Readings (also ``docs/games/sinkki.md``):

* a clean game is the hand of value 0: the player holding it "must say so" (§43.4),
  so the engine sees it without a call being entered; if several hands are clean
  (only a dealt hand can be), the scorer names the one that was called;
* a *sinkki* call with a clean hand on the table is refused (the deal ended on the
  clean game);
* the winner of a clean game also takes the chips carried from earlier deals (the
  "winner of the next deal");
* "everyone pays" is every player who is not a winner (tied winners pay nobody);
* the chips are a tally: a player may go below 0 (the book says nothing of running
  out);
* the book plays "for a pre-determined time": the match has no end unless a number
  of deals is set (option ``deals``); the most chips win.

Invariants: chips are conserved (balances + the table = 100 × players); each deal's
payments net to zero over the players and the table.
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
from games.engine.cards import Card
from games.engine.chips import (
    ChipLedger,
    ChipRules,
    Payments,
    award,
    each_pays,
    pot,
)
from games.engine.decks import STANDARD_52
from games.engine.game import (
    ContextRow,
    Fact,
    MatchGoal,
    NextDeal,
    best_sides,
)
from games.engine.inputs import PER_SIDE, CardList, FrozenModel, SeatField, seat_role
from games.engine.melds import (
    NO_WILDS,
    PIP_VALUES,
    Partition,
    Partitioner,
    RunRule,
    SetRule,
    deck_errors,
)
from games.engine.table_entry import table_entry_errors
from games.engine.text import Seat as SeatText
from games.engine.text import msg

MIN_PLAYERS, MAX_PLAYERS = 3, 5
HAND = 7  # §43.2
CLEAN_GAME_PAYS = 4  # §43.5
EACH_PAYS = 2
SINKKI_PENALTY = 4
# §43.2: ace 1, J/Q/K 10, the others their rank.
TRASH_VALUES = PIP_VALUES
# The most seven cards can leave as trash (J Q K K Q J 10 in suits that meld nothing
# cannot be had: three kings meld; the bound only closes the totals entry).
MOST_TRASH = HAND * 10
SOLVER = Partitioner(
    sets=SetRule(min_length=3, max_length=4, wilds=NO_WILDS),
    runs=RunRule(min_length=3, ace_low=True, ace_high=False, wilds=NO_WILDS),
    values=TRASH_VALUES,
)

Seat = Annotated[SeatField, Field(le=MAX_PLAYERS - 1)]


class SinkkiOptions(FrozenModel):
    start: int = Field(
        100, ge=1, le=100_000, description="Chips each player starts with (§43.1)."
    )
    deals: int | None = Field(
        None,
        ge=1,
        le=1_000,
        description="Deals that end the session (none: the organizer ends it; the "
        "book plays for a pre-determined time).",
    )


class SinkkiCards(FrozenModel):
    """A deal entered as every player's seven cards at its end."""

    mode: Literal["cards"] = "cards"
    hands: Annotated[tuple[CardList, ...], PER_SIDE] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Each player's seven cards, in seat order.",
    )
    sinkki: Annotated[Seat, seat_role("sinkki")] | None = Field(
        None, description="The seat that called sinkki, if anyone did."
    )
    clean_game: Annotated[Seat, seat_role("clean_game")] | None = Field(
        None,
        description="The seat that called a clean game, needed only when several "
        "hands are clean.",
    )


class SinkkiTotals(FrozenModel):
    """A deal entered as every player's trash value (the partition not checked)."""

    mode: Literal["totals"]
    trash: Annotated[
        tuple[Annotated[int, Field(ge=0, le=MOST_TRASH)], ...], PER_SIDE
    ] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Each player's trash value, in seat order (0: a clean game).",
    )
    sinkki: Annotated[Seat, seat_role("sinkki")] | None = Field(
        None, description="The seat that called sinkki, if anyone did."
    )
    clean_game: Annotated[Seat, seat_role("clean_game")] | None = Field(
        None,
        description="The seat that called a clean game, needed only when several "
        "trash values are 0.",
    )


@dataclass(frozen=True, kw_only=True)
class SinkkiState(MatchState):
    """``ledger``: every player's chips and what waits on the table (§43.5)."""

    ledger: ChipLedger


def deal_payments(
    trash: tuple[int, ...], sinkki: int | None, clean: int | None, carried: int
) -> tuple[Payments, tuple[int, ...]]:
    """§43.5: the deal's payments and its winners, with ``carried`` chips waiting
    on the table from earlier deals."""
    n = len(trash)
    if clean is not None:
        winners: tuple[int, ...] = (clean,)
        step = each_pays(n, clean, CLEAN_GAME_PAYS, reason="clean game")
        if carried:
            step = step + award(n, carried, winners, reason="carried")
        return step, winners
    low = min(trash)
    lowest = [s for s, t in enumerate(trash) if t == low]
    winners = tuple(s for s in lowest if s != sinkki) or (sinkki,)
    stakes = {s: EACH_PAYS for s in range(n) if s not in winners}
    if sinkki is not None and sinkki not in winners:
        stakes[sinkki] += SINKKI_PENALTY
    return pot(n, stakes, winners, carried=carried, reason="lowest trash"), winners


@register
class Sinkki(Game):
    slug = "sinkki"
    name = "Sinkki"
    source = "001_b57793035adc3f64.txt §43 (l.2942–2992; hand §43.2, scoring §43.5)"
    summary = (
        "Finnish gin rummy for three to five, played for chips: the engine splits "
        "each seven-card hand; the lowest trash takes 2 from everyone, a clean "
        "game 4."
    )
    Options = SinkkiOptions
    deck = STANDARD_52
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    deal_modes = {"cards": SinkkiCards, "totals": SinkkiTotals}
    State = SinkkiState
    chips_are_money = True

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("sinkki_lost",)

    def default_table(self, options: SinkkiOptions) -> Table:
        return Table(tuple(range(4)))  # Kirjuri's choice; the book allows 3–5

    def initial_state(self, options: SinkkiOptions, table: Table) -> SinkkiState:
        ledger = ChipLedger.start(len(table.seats), ChipRules(start=options.start))
        return SinkkiState(
            table=table,
            options=options,
            totals=ledger.balances,
            dealer=table.first_dealer,
            ledger=ledger,
        )

    def verify_and_score(
        self, state: SinkkiState, deal: SinkkiCards | SinkkiTotals
    ) -> DealScore:
        seats = len(state.table.seats)
        cards = isinstance(deal, SinkkiCards)
        field = "hands" if cards else "trash"
        entries = deal.hands if cards else deal.trash
        named = {"sinkki": deal.sinkki, "clean_game": deal.clean_game}
        errors = table_entry_errors(seats, field, len(entries), named)
        if cards:
            errors += _hand_errors(deal.hands)
        if errors:
            raise DealRejected(errors)
        partitions = [SOLVER.partition(hand) for hand in deal.hands] if cards else []
        trash = tuple(p.deadwood for p in partitions) if cards else deal.trash
        clean = _clean_game(trash, deal, field)
        facts = [
            Fact(
                "trash",
                msg(
                    "{seat}: trash {trash}{melds}",
                    seat=SeatText(s),
                    trash=t,
                    melds=_melds_text(partitions[s]) if cards else "",
                ),
                s,
                t,
            )
            for s, t in enumerate(trash)
        ]
        step, winners = deal_payments(trash, deal.sinkki, clean, state.ledger.table)
        if clean is not None:
            facts.append(
                Fact(
                    "clean_game", msg("{seat}: clean game", seat=SeatText(clean)), clean
                )
            )
        elif deal.sinkki is not None and deal.sinkki not in winners:
            facts.append(
                Fact(
                    "sinkki_lost",
                    msg("{seat} called sinkki and pays 6", seat=SeatText(deal.sinkki)),
                )
            )
        net = step.net()
        return DealScore(
            points=net,
            facts=tuple(facts),
            verified=cards,
            detail={
                "trash": list(trash),
                "sinkki": deal.sinkki,
                "clean_game": clean,
                "winners": list(winners),
                "carried_in": state.ledger.table,
                "carried_out": state.ledger.settle(step).table,
            },
        )

    def carry(
        self,
        state: SinkkiState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The deal's payments settled in the chip ledger."""
        detail: dict[str, Any] = score.detail
        step, _ = deal_payments(
            tuple(detail["trash"]),
            detail["sinkki"],
            detail["clean_game"],
            state.ledger.table,
        )
        return {"ledger": state.ledger.settle(step)}

    def match_winners(self, state: SinkkiState) -> tuple[int, ...]:
        """The most chips win, ties sharing."""
        return best_sides(state.ledger.balances)

    def next_deal(self, state: SinkkiState) -> NextDeal | None:
        if state.finished:
            return None
        options: SinkkiOptions = state.options
        rows = [
            ContextRow(
                "carried", "Carried to the next winner", "number", state.ledger.table
            )
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
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            notes=(
                msg("The start player gets eight cards, the others seven (§43.3)."),
                msg(
                    "Combinations: 3–4 of a rank, or 3+ in a row of a suit, ace low "
                    "only."
                ),
            ),
            context=tuple(rows),
        )

    def match_goal(self, options: SinkkiOptions) -> MatchGoal:
        return MatchGoal(deals=options.deals, open_ended=options.deals is None)


def _hand_errors(hands: tuple[tuple[Card, ...], ...]) -> list[RuleError]:
    errors = [
        RuleError(
            f"hands.{seat}",
            "not_seven_cards",
            msg(
                "{cards} cards: a sinkki hand is {hand} cards (§43.2)",
                cards=len(hand),
                hand=HAND,
            ),
        )
        for seat, hand in enumerate(hands)
        if len(hand) != HAND
    ]
    return errors + deck_errors(
        STANDARD_52, [(f"hands.{s}", hand) for s, hand in enumerate(hands)]
    )


def _clean_game(
    trash: tuple[int, ...], deal: SinkkiCards | SinkkiTotals, field: str
) -> int | None:
    """The seat whose clean game ended the deal (``None``: no clean hand)."""
    clean = [s for s, t in enumerate(trash) if t == 0]
    errors = []
    called = deal.clean_game
    if called is not None and called not in clean:
        errors.append(
            RuleError(
                f"{field}.{called}",
                "not_a_clean_game",
                msg(
                    "{seat}'s hand leaves trash {trash}: a clean game leaves none "
                    "(§43.2)",
                    seat=SeatText(called),
                    trash=trash[called],
                ),
            )
        )
    elif called is None and len(clean) > 1:
        errors.append(
            RuleError(
                "clean_game",
                "clean_game_required",
                "several hands are clean: enter the seat that called the clean game",
            )
        )
    if clean and deal.sinkki is not None:
        errors.append(
            RuleError(
                "sinkki",
                "sinkki_in_a_clean_game",
                "a clean game must be said and ends the deal (§43.4): nobody calls "
                "sinkki",
            )
        )
    if errors:
        raise DealRejected(errors)
    if called is not None:
        return called
    return clean[0] if clean else None


def _melds_text(partition: Partition) -> str:
    melds = " | ".join(" ".join(c.code for c in m.cards) for m in partition.melds)
    return f" ({melds})" if melds else ""
