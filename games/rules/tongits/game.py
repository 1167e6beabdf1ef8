"""Tong-Its: the game (see :mod:`games.rules.tongits` for the rules and readings)."""

from __future__ import annotations

from typing import Any

from games.engine import (
    DealRejected,
    DealScore,
    Game,
    Table,
    register,
)
from games.engine.chips import (
    ChipLedger,
    ChipRules,
)
from games.engine.decks import STANDARD_52
from games.engine.game import ContextRow, Fact, MatchGoal, NextDeal
from games.engine.text import Seat as SeatRef
from games.engine.text import msg
from games.rules.tongits.entry import (
    entry_errors,
    hand_winner,
)
from games.rules.tongits.inputs import (
    HOW_WORDS,
    PLAYERS,
    SOLVER,
    TongitsCards,
    TongitsOptions,
    TongitsState,
    TongitsTotals,
)
from games.rules.tongits.payments import (
    deal_step,
    hand_payments,
    winner_of,
    worth_points,
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
        errors = entry_errors(deal)
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
        winner = hand_winner(deal, found)
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
