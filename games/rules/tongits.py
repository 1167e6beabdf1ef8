"""Tong-Its: Philippine rummy for three, played for chips with a pot that waits.

Source: web pages ``004_b5230d226dbeb56f.txt`` (Tong-Its, l.350–418): the ante
(l.362), melds (l.374–380), ending the hand (l.384–402), payouts (l.404–417). Three
players, one 52-card deck, chips (``chips_are_money``).

Terms: a *meld* is three or four of a rank or three or more in a row of a suit,
aces low only (A-2-3, never Q-K-A); concealed melds in the hand count. *Deadwood*
is the cards in a hand outside its melds: ace 1, faces 10, the others their pips
(l.394). A player has *opened* once they exposed a meld (or put a concealed four
face down, l.380).

The hand ends by a *tongit* (a player ran out of cards), a *draw* (a player who
opened called it and both others folded), a *challenged* draw (one or both opened
opponents challenged: lowest deadwood wins, a tie goes to a challenger, between
challengers to the one left of the caller, l.394), or the *stock* running out (the
opened players compare deadwood; a tie goes to whoever drew the last card, between
the other two to the one left of them, l.400).

Payouts (l.404–417): each loser pays the winner 3 for a tongit or a challenged draw,
1 for any other win; 3 per concealed four in the winner's hand; 1 if the loser never
opened; 1 per ace the winner held. Every player antes 2 to the pot each hand; the
pot goes only to a player who wins two hands in a row.

Readings (also ``docs/games/tongits.md``):

* the points of a deal are each player's chips as money sees them: a player's
  antes still on the table count as theirs until someone takes the pot (each put
  in the same), so a deal's points always sum to zero and a session ends with what
  is left in the pot given back to those who put it in;
* "two hands in a row": the winner of the hand before wins again (option
  ``pot_streak``: ``continue`` — a third win in a row takes the pot again, the
  literal text; ``restart`` — after the pot is taken a new pair is needed);
* if nobody has opened when the stock runs out, every player compares deadwood;
* the chips are a tally (a player may go below the start).

Invariants: chips are conserved (players' chips + the pot = start × 3); every
deal's points sum to zero.
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
    TABLE,
    ChipLedger,
    ChipRules,
    Payments,
    award,
    each_pays,
)
from games.engine.decks import STANDARD_52
from games.engine.game import ContextRow, Fact, MatchGoal, NextDeal
from games.engine.inputs import PER_SIDE, CardList, FrozenModel, SeatField, seat_role
from games.engine.melds import (
    NO_WILDS,
    PIP_VALUES,
    Partitioner,
    RunRule,
    SetRule,
    deck_errors,
)
from games.engine.text import Seat as SeatRef
from games.engine.text import msg

PLAYERS = 3  # l.352
HAND = 13  # the dealer's hand before the first discard; nobody holds more (l.362)
MOST_DEADWOOD = HAND * 10
WIN_PAYS = {"tongit": 3, "challenged": 3, "draw": 1, "stock": 1}  # l.406–409
FOUR_PAYS = 3  # l.410
NOT_OPENED_PAYS = 1  # l.411
ACE_PAYS = 1  # l.412
# l.394: aces one, faces ten, the others their pips; l.378: aces low only.
SOLVER = Partitioner(
    sets=SetRule(min_length=3, max_length=4, wilds=NO_WILDS),
    runs=RunRule(min_length=3, ace_low=True, ace_high=False, wilds=NO_WILDS),
    values=PIP_VALUES,
)

Seat = Annotated[SeatField, Field(le=PLAYERS - 1)]
How = Literal["tongit", "draw", "challenged", "stock"]
# How a hand ended, inside a sentence ("seat 1 wins by draw").
HOW_WORDS = {
    "tongit": msg("tongit"),
    "draw": msg("draw"),
    "challenged": msg("challenged"),
    "stock": msg("stock"),
}


class TongitsOptions(FrozenModel):
    ante: int = Field(2, ge=0, le=1_000, description="Chips each player antes (l.362).")
    start: int = Field(
        0, ge=0, le=100_000, description="Chips each player starts with (a tally)."
    )
    pot_streak: Literal["continue", "restart"] = Field(
        "continue",
        description="continue: any win right after one's own win takes the pot; "
        "restart: after the pot is taken a new pair of wins is needed.",
    )
    deals: int | None = Field(
        None,
        ge=1,
        le=1_000,
        description="Hands that end the session (none: the organizer ends it).",
    )


class _TongitsBase(FrozenModel):
    how: How = Field(
        description="How the hand ended: tongit, draw (both folded), challenged "
        "(a draw was challenged) or stock (the stock ran out)."
    )
    winner: Annotated[Seat, seat_role("winner")] | None = Field(
        None,
        description="The winner (may be left empty after a challenged draw or a "
        "stock-out: the deadwood decides).",
    )
    caller: Annotated[Seat, seat_role("caller")] | None = Field(
        None, description="Who called draw (draw and challenged)."
    )
    last_drawer: Annotated[Seat, seat_role("last_drawer")] | None = Field(
        None, description="Who drew the last card of the stock (stock)."
    )
    challenged: Annotated[tuple[bool, ...], PER_SIDE] = Field(
        (False, False, False),
        description="Who challenged the draw (challenged).",
    )
    never_opened: Annotated[tuple[bool, ...], PER_SIDE] = Field(
        (False, False, False),
        description="Who never opened their hand (a loser who did not pays 1 more).",
    )

    @property
    def opened(self) -> tuple[bool, ...]:
        return tuple(not n for n in self.never_opened)

    concealed_fours: int = Field(
        0, ge=0, le=3, description="Concealed fours of a kind in the winner's hand."
    )
    aces: int = Field(0, ge=0, le=4, description="Aces the winner held (l.412).")


class TongitsCards(_TongitsBase):
    """A hand entered with the cards left in each hand (the default entry); the
    engine finds each hand's best melds and its deadwood. A tongit or an
    unchallenged draw needs no cards."""

    mode: Literal["cards"] = "cards"
    hands: Annotated[tuple[CardList, ...], PER_SIDE] | None = Field(
        None,
        description="The cards in each player's hand at the end, in seat order "
        "(needed only to decide a challenged draw or a stock-out).",
    )


class TongitsTotals(_TongitsBase):
    """A hand entered with each player's deadwood total (used only for players who
    compare: the caller and challengers, or the opened players at a stock-out)."""

    mode: Literal["totals"]
    deadwood: (
        Annotated[tuple[Annotated[int, Field(ge=0, le=MOST_DEADWOOD)], ...], PER_SIDE]
        | None
    ) = Field(None, description="Each player's deadwood, in seat order.")


@dataclass(frozen=True, kw_only=True)
class TongitsState(MatchState):
    """``ledger``: chips in hand and the pot on the table; ``last_winner``: the
    winner of the hand before, or ``None`` when the pot was just taken (restart)."""

    ledger: ChipLedger
    last_winner: int | None = None


def winner_of(
    how: str,
    deadwood: tuple[int, ...] | None,
    *,
    caller: int | None,
    challengers: tuple[int, ...],
    last_drawer: int | None,
    opened: tuple[bool, ...],
) -> int | None:
    """The seat whose deadwood wins (l.394, l.400), or ``None`` for a tongit or an
    unchallenged draw, or when no deadwood was entered."""
    if deadwood is None or how in ("tongit", "draw"):
        return None
    n = len(deadwood)
    if how == "challenged":
        assert caller is not None
        compared = (caller, *challengers)
        # A tie goes to a challenger; between challengers, to the one nearest the
        # caller's left: so rank the caller last and the others in seat order from it.
        order = [(caller + k) % n for k in range(1, n)] + [caller]
    else:
        assert last_drawer is not None
        compared = tuple(s for s in range(n) if opened[s]) or tuple(range(n))
        order = [last_drawer] + [(last_drawer + k) % n for k in range(1, n)]
    low = min(deadwood[s] for s in compared)
    return next(s for s in order if s in compared and deadwood[s] == low)


def hand_payments(
    *,
    players: int,
    how: str,
    winner: int,
    opened: tuple[bool, ...],
    fours: int,
    aces: int,
) -> Payments:
    """l.404–412: what each loser pays the winner."""
    transfers = Payments(players)
    for loser in range(players):
        if loser == winner:
            continue
        chips = WIN_PAYS[how] + FOUR_PAYS * fours + ACE_PAYS * aces
        chips += 0 if opened[loser] else NOT_OPENED_PAYS
        transfers += each_pays(players, winner, chips, payers=[loser], reason=how)
    return transfers


def deal_step(
    ledger: ChipLedger,
    *,
    ante: int,
    winner: int,
    takes_pot: bool,
    payments: Payments,
) -> Payments:
    """The hand's chips: the antes to the pot, the winner's payouts, and the pot
    to the winner if they won the hand before too (l.416–417)."""
    n = ledger.players
    step = each_pays(n, TABLE, ante, payers=range(n), reason="ante") + payments
    if takes_pot:
        step += award(n, ledger.table + ante * n, [winner], reason="pot")
    return step


def worth_points(before: ChipLedger, after: ChipLedger) -> tuple[int, ...]:
    """Each player's change in chips held plus their share of the pot (everyone
    antes alike, so the pot is theirs in equal parts): sums to zero."""
    n = before.players
    return tuple(
        (after.balances[p] + after.table // n)
        - (before.balances[p] + before.table // n)
        for p in range(n)
    )


@register
class Tongits(Game):
    slug = "tongits"
    name = "Tong-Its"
    source = "004_b5230d226dbeb56f.txt (Tong-Its, l.350–418; payouts l.404–417)"
    summary = (
        "Philippine rummy for three, for chips: losers pay the winner by how the "
        "hand was won; the pot goes to a winner of two hands in a row."
    )
    Options = TongitsOptions
    deck = STANDARD_52
    tables = ((0, 1, 2),)
    deal_modes = {"cards": TongitsCards, "totals": TongitsTotals}
    State = TongitsState
    chips_are_money = True

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("winner", "pot")

    def default_table(self, options: TongitsOptions) -> Table:
        return Table((0, 1, 2))

    def initial_state(self, options: TongitsOptions, table: Table) -> TongitsState:
        ledger = ChipLedger.start(PLAYERS, ChipRules(start=options.start))
        return TongitsState(
            table=table,
            options=options,
            totals=ledger.balances,
            dealer=table.first_dealer,
            ledger=ledger,
        )

    def verify_and_score(
        self, state: TongitsState, deal: TongitsTotals | TongitsCards
    ) -> DealScore:
        errors = _entry_errors(deal)
        if errors:
            raise DealRejected(errors)
        challengers = tuple(s for s, c in enumerate(deal.challenged) if c)
        deadwood: tuple[int, ...] | None
        if isinstance(deal, TongitsCards):
            deadwood = (
                tuple(SOLVER.partition(h).deadwood for h in deal.hands)
                if deal.hands is not None
                else None
            )
        else:
            deadwood = deal.deadwood
        found = winner_of(
            deal.how,
            deadwood,
            caller=deal.caller,
            challengers=challengers,
            last_drawer=deal.last_drawer,
            opened=deal.opened,
        )
        winner = _winner(deal, found)
        options: TongitsOptions = state.options
        takes_pot = state.last_winner == winner
        payments = hand_payments(
            players=PLAYERS,
            how=deal.how,
            winner=winner,
            opened=deal.opened,
            fours=deal.concealed_fours,
            aces=deal.aces,
        )
        step = deal_step(
            state.ledger,
            ante=options.ante,
            winner=winner,
            takes_pot=takes_pot,
            payments=payments,
        )
        after = state.ledger.settle(step)
        facts = [
            Fact(
                "winner",
                msg(
                    "{seat} wins by {how}",
                    seat=SeatRef(winner),
                    how=HOW_WORDS[deal.how],
                ),
                winner,
            )
        ]
        if deadwood is not None and found is not None:
            facts += [
                Fact(
                    "deadwood",
                    msg("{seat}: deadwood {points}", seat=SeatRef(s), points=d),
                    s,
                    d,
                )
                for s, d in enumerate(deadwood)
            ]
        if takes_pot:
            facts.append(
                Fact(
                    "pot",
                    msg(
                        "{seat} won two in a row and takes the pot",
                        seat=SeatRef(winner),
                    ),
                    winner,
                )
            )
        return DealScore(
            points=worth_points(state.ledger, after),
            facts=tuple(facts),
            verified=isinstance(deal, TongitsCards) and deal.hands is not None,
            detail={
                "how": deal.how,
                "winner": winner,
                "opened": list(deal.opened),
                "concealed_fours": deal.concealed_fours,
                "aces": deal.aces,
                "deadwood": list(deadwood) if deadwood is not None else None,
                "takes_pot": takes_pot,
                "pot_in": state.ledger.table,
                "pot_out": after.table,
            },
        )

    def carry(
        self,
        state: TongitsState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The hand settled in the chip ledger, the pot's streak, and the winner
        to deal next (l.416)."""
        detail: dict[str, Any] = score.detail
        options: TongitsOptions = state.options
        winner = detail["winner"]
        payments = hand_payments(
            players=PLAYERS,
            how=detail["how"],
            winner=winner,
            opened=tuple(detail["opened"]),
            fours=detail["concealed_fours"],
            aces=detail["aces"],
        )
        ledger = state.ledger.settle(
            deal_step(
                state.ledger,
                ante=options.ante,
                winner=winner,
                takes_pot=detail["takes_pot"],
                payments=payments,
            )
        )
        restart = detail["takes_pot"] and options.pot_streak == "restart"
        return {
            "ledger": ledger,
            "last_winner": None if restart else winner,
            "dealer": winner,
        }

    def next_deal(self, state: TongitsState) -> NextDeal | None:
        if state.finished:
            return None
        options: TongitsOptions = state.options
        rows = [
            ContextRow(
                "pot", "Pot (before this hand's antes)", "number", state.ledger.table
            )
        ]
        rows.append(
            ContextRow(
                "pot_to", "Takes the pot by winning again", "seat", state.last_winner
            )
        )
        if options.deals is not None:
            rows.append(
                ContextRow(
                    "deal",
                    "Hand",
                    "text",
                    msg(
                        "{number} of {deals}",
                        number=state.deal_number,
                        deals=options.deals,
                    ),
                )
            )
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.dealer,
            notes=(
                msg(
                    "Everyone antes {ante}; the dealer gets 13 cards and plays "
                    "first (l.362–366).",
                    ante=options.ante,
                ),
                msg("Deadwood: ace 1, faces 10, others their pips; aces low only."),
            ),
            context=tuple(rows),
        )

    def match_goal(self, options: TongitsOptions) -> MatchGoal:
        return MatchGoal(deals=options.deals, open_ended=options.deals is None)


def _entry_errors(deal: TongitsTotals | TongitsCards) -> list[RuleError]:
    errors: list[RuleError] = []
    for name in ("challenged", "never_opened"):
        if len(getattr(deal, name)) != PLAYERS:
            errors.append(
                RuleError(
                    name,
                    "wrong_player_count",
                    msg("one entry per player ({players})", players=PLAYERS),
                )
            )
    if isinstance(deal, TongitsCards) and deal.hands is not None:
        if len(deal.hands) != PLAYERS:
            errors.append(
                RuleError(
                    "hands",
                    "wrong_player_count",
                    msg("enter {players} hands", players=PLAYERS),
                )
            )
        errors += _hand_errors(deal.hands)
    elif (
        isinstance(deal, TongitsTotals)
        and deal.deadwood is not None
        and len(deal.deadwood) != PLAYERS
    ):
        errors.append(
            RuleError(
                "deadwood",
                "wrong_player_count",
                msg("enter {players} totals", players=PLAYERS),
            )
        )
    if errors:
        return errors
    how = deal.how
    challengers = [s for s, c in enumerate(deal.challenged) if c]
    if how in ("draw", "challenged"):
        if deal.caller is None:
            errors.append(
                RuleError("caller", "caller_required", "who called draw? (l.390)")
            )
        elif not deal.opened[deal.caller]:
            errors.append(
                RuleError(
                    f"never_opened.{deal.caller}",
                    "caller_not_opened",
                    "only a player who has opened may call draw (Tong-Its, Draw, "
                    "l.388)",
                )
            )
    if how == "challenged":
        if not challengers:
            errors.append(
                RuleError(
                    "challenged",
                    "no_challenger",
                    "a challenged draw needs a challenger",
                )
            )
        for s in challengers:
            if s == deal.caller:
                errors.append(
                    RuleError(
                        f"challenged.{s}",
                        "caller_challenges",
                        "the caller cannot challenge their own draw (l.392)",
                    )
                )
            elif not deal.opened[s]:
                errors.append(
                    RuleError(
                        f"never_opened.{s}",
                        "challenger_not_opened",
                        "only a player who has opened may challenge (Tong-Its, Draw, "
                        "l.392)",
                    )
                )
    elif challengers:
        errors.append(
            RuleError(
                "challenged",
                "challenge_without_draw",
                "only a draw is challenged (Tong-Its, Draw, l.392)",
            )
        )
    if how == "stock" and deal.last_drawer is None:
        errors.append(
            RuleError(
                "last_drawer",
                "last_drawer_required",
                "who drew the last card? (Exhausting the stock, l.400)",
            )
        )
    if how == "draw" and deal.winner is not None and deal.winner != deal.caller:
        errors.append(
            RuleError(
                "winner",
                "winner_not_caller",
                "when both fold, the caller wins (Tong-Its, Draw, l.392)",
            )
        )
    if (
        deal.winner is not None
        and how == "challenged"
        and challengers
        and deal.winner != deal.caller
        and deal.winner not in challengers
    ):
        errors.append(
            RuleError(
                "winner",
                "winner_not_compared",
                "after a challenged draw the caller or a challenger wins "
                "(Tong-Its, Draw, l.394)",
            )
        )
    if (
        deal.winner is not None
        and how == "stock"
        and any(deal.opened)
        and not deal.opened[deal.winner]
    ):
        errors.append(
            RuleError(
                "winner",
                "winner_not_compared",
                "at a stock-out only players who opened compare (Exhausting the "
                "stock, l.400)",
            )
        )
    if (
        how == "tongit"
        and deal.winner is not None
        and isinstance(deal, TongitsCards)
        and deal.hands is not None
        and deal.hands[deal.winner]
    ):
        errors.append(
            RuleError(
                f"hands.{deal.winner}",
                "cards_after_tongit",
                "a tongit is called with no cards left in hand (Tongit, l.386)",
            )
        )
    if how == "tongit" and deal.winner is None:
        errors.append(
            RuleError("winner", "winner_required", "who called tongit? (l.386)")
        )
    return errors


def _winner(deal: TongitsTotals | TongitsCards, found: int | None) -> int:
    if deal.how == "draw":
        assert deal.caller is not None
        return deal.caller
    if found is None:
        if deal.winner is None:
            raise DealRejected(
                [
                    RuleError(
                        "winner",
                        "winner_required",
                        "enter the winner, or every compared player's deadwood "
                        "(Tong-Its, Draw l.394, Exhausting the stock l.400)",
                    )
                ]
            )
        return deal.winner
    if deal.winner is not None and deal.winner != found:
        raise DealRejected(
            [
                RuleError(
                    "winner",
                    "winner_not_lowest",
                    msg(
                        "{found} wins on deadwood, not {entered} (l.394, l.400)",
                        found=SeatRef(found),
                        entered=SeatRef(deal.winner),
                    ),
                )
            ]
        )
    return found


def _hand_errors(hands: tuple[tuple[Card, ...], ...]) -> list[RuleError]:
    errors = [
        RuleError(
            f"hands.{s}",
            "too_many_cards",
            msg(
                "{count} cards: a Tong-Its hand holds at most {most} (l.362)",
                count=len(hand),
                most=HAND,
            ),
        )
        for s, hand in enumerate(hands)
        if len(hand) > HAND
    ]
    return errors + deck_errors(
        STANDARD_52, [(f"hands.{s}", hand) for s, hand in enumerate(hands)]
    )
