"""The chip machinery inside a game's fold: a test-only Sinkki scored from trash values.

Not a registered game (the real one is ``games/rules/sinkki.py``): it shows that a
chip game is a declaration and a scoring function on ``games.engine.chips`` — the
ledger lives in the match state, the totals are the chips — and that such a game
keeps the fold laws, conserves its chips and serialises its state.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import Field

from games.engine import DealRejected, DealScore, Game, MatchState, RuleError, Table
from games.engine.chips import ChipLedger, ChipRules, award, chip_points, each_pays, pot
from games.engine.game import advanced
from games.engine.inputs import FrozenModel
from games.engine.serialize import state_to_json


class TrashOptions(FrozenModel):
    start: int = 100


class TrashDeal(FrozenModel):
    trash: tuple[int, ...] = Field(description="each seat's trash value (§43.2)")
    called_sinkki: int | None = None


@dataclass(frozen=True, kw_only=True)
class ChipState(MatchState):
    ledger: ChipLedger


class TrashSinkki(Game):
    """§43.5 scored from each seat's trash value (0 = a clean game)."""

    slug = "trash-sinkki"
    name = "Sinkki (trash values)"
    source = "001_b57793035adc3f64.txt §43.5"
    Options = TrashOptions
    deal_input = TrashDeal
    tables = ((0, 1, 2), (0, 1, 2, 3), (0, 1, 2, 3, 4))
    chips_are_money = True

    def initial_state(self, options, table):
        ledger = ChipLedger.start(len(table.seats), ChipRules(start=options.start))
        return ChipState(
            table=table,
            options=options,
            totals=ledger.balances,
            dealer=table.first_dealer,
            ledger=ledger,
        )

    def verify_and_score(self, state, deal):
        n = len(state.table.seats)
        if len(deal.trash) != n or min(deal.trash) < 0:
            raise DealRejected(
                [RuleError("trash", "bad_trash", f"one trash value ≥ 0 for {n} seats")]
            )
        carried = state.ledger.table
        clean = [s for s, t in enumerate(deal.trash) if t == 0]
        if clean:  # "everyone pays him four units"; he also wins the carry
            step = each_pays(n, clean[0], 4) + award(n, carried, [clean[0]])
        else:
            low = min(deal.trash)
            winners = [s for s, t in enumerate(deal.trash) if t == low]
            caller = deal.called_sinkki
            if caller is not None and winners != [caller]:
                winners = [s for s in winners if s != caller] or winners
            stakes = {s: 2 for s in range(n) if s not in winners}
            if caller is not None and caller not in winners:
                stakes[caller] += 4
            step = pot(n, stakes, winners, carried=carried)
        return DealScore(points=step.net(), detail={"step": step})

    def advance(self, state, score):
        ledger = state.ledger.settle(score.detail["step"])
        after = advanced(state, score.points, ledger=ledger)
        assert after.totals == ledger.balances
        return after


GAME = TrashSinkki()


def test_a_tied_deal_carries_the_odd_unit_to_the_next_winner():
    folded = GAME.fold(
        [{"trash": [3, 3, 3, 9, 12]}, {"trash": [5, 7, 8, 9, 1]}],
        table=Table((0, 1, 2, 3, 4)),
    )
    assert [d.totals for d in folded.deals] == [
        (101, 101, 101, 98, 98),
        (99, 99, 99, 96, 107),
    ]
    assert folded.state.ledger.table == 0
    assert chip_points(folded.state.ledger) == (-1, -1, -1, -4, 7)


def test_a_sinkki_caller_tied_for_lowest_is_not_a_winner():
    """§43.5: the caller "is considered a winner only if he has the lowest value of
    a hand as the only player"; he pays 2 + 4 to the other tied player."""
    folded = GAME.fold([{"trash": [4, 4, 9], "called_sinkki": 0}])
    assert folded.totals == (94, 108, 98)


def test_the_state_with_its_ledger_serialises():
    state = GAME.fold([{"trash": [0, 5, 9]}]).state
    data = state_to_json(state)
    assert data["ledger"]["balances"] == [108, 96, 96]
    assert data["ledger"]["rules"] == {
        "start": 100,
        "on_shortfall": "owes",
        "loan_unit": 1,
    }


deal = st.integers(3, 5).flatmap(
    lambda n: st.lists(
        st.fixed_dictionaries(
            {"trash": st.lists(st.integers(0, 40), min_size=n, max_size=n)},
            optional={"called_sinkki": st.integers(0, n - 1)},
        ),
        max_size=12,
    ).map(lambda deals: (n, deals))
)


@settings(max_examples=60)
@given(deal, st.integers(0, 12))
def test_chip_game_keeps_the_fold_laws_and_its_chips(case, cut):
    n, deals = case
    table = Table(tuple(range(n)))
    whole = GAME.fold(deals, table=table)
    prefix = GAME.fold(deals[: min(cut, len(deals))], table=table)
    rest = GAME.fold_from(
        prefix.state, deals[len(prefix.deals) :], earlier=prefix.deals
    )
    assert rest == whole
    ledger = whole.state.ledger
    assert ledger.chips == 100 * n
    assert sum(whole.totals) + ledger.table == 100 * n
    assert sum(chip_points(ledger)) == -ledger.table
