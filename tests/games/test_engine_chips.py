"""The chip machinery (games/engine/chips.py): the book's chip payments, and the laws.

Every numeric example about paying chips in Bridge Meets Guess Who (§10), Tuomas's
Mah Jong (§42), Sinkki (§43), Indian and Strip Poker (§25–26) and Tong-Its is written
here with the engine's builders; hypothesis checks conservation, side pots, carries
and shortfalls on random input.
"""

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.chips import (
    BANK,
    IOU,
    TABLE,
    ChipLedger,
    ChipRules,
    Odd,
    OnShortfall,
    Payments,
    Shortfall,
    SidePot,
    Transfer,
    award,
    chip_points,
    each_pays,
    fold_ledger,
    pairwise_differences,
    pot,
    showdown,
    side_pots,
    split_pot,
)
from games.engine.errors import DealRejected, OptionsRejected


def _codes(exc: pytest.ExceptionInfo) -> list[tuple[str, str]]:
    return [(e.path, e.code) for e in exc.value.errors]


# --- Sinkki, book §43 ---------------------------------------------------------------

SINKKI = ChipRules(start=100)  # §43.1: "everyone is given 100 units worth of chips"


def test_sinkki_clean_game_everyone_pays_the_caller_four():
    """§43.5: "If someone called a clean game, everyone pays him four units"."""
    ledger = ChipLedger.start(4, SINKKI).settle(each_pays(4, 2, 4))
    assert ledger.balances == (96, 96, 112, 96)


def test_sinkki_lowest_trash_takes_two_from_everyone():
    """§43.5: "Everyone pays two units to the winner"."""
    step = pot(4, {0: 2, 2: 2, 3: 2}, winners=[1])
    assert step.net() == (-2, 6, -2, -2)
    assert step.net_of(TABLE) == 0


def test_sinkki_caller_who_is_not_the_winner_pays_six_in_all():
    """§43.5: the *sinkki* caller who is not the winner "pays a total of six units
    to the winner"."""
    step = pot(3, {0: 2, 1: 2 + 4}, winners=[2])
    assert step.net() == (-2, -6, 8)


def test_sinkki_tied_winners_split_and_the_odd_unit_goes_to_the_next_winner():
    """§43.5: "If there are several winners, the pot is split. If it cannot be split
    evenly, the extra units go to the winner of the next deal." Five players, three
    tie: the two others pay 2 each, 4 units split three ways is 1 each, 1 carried."""
    first = pot(5, {3: 2, 4: 2}, winners=[0, 1, 2])
    ledger = ChipLedger.start(5, SINKKI).settle(first)
    assert ledger.balances == (101, 101, 101, 98, 98)
    assert ledger.table == 1
    # Next deal player 4 wins alone and takes the carried unit with the 8.
    second = pot(5, {0: 2, 1: 2, 2: 2, 3: 2}, winners=[4], carried=ledger.table)
    ledger = ledger.settle(second)
    assert ledger.balances == (99, 99, 99, 96, 107)
    assert ledger.table == 0
    assert ledger.chips == 500


def test_sinkki_a_tied_pot_nets_the_same_whether_or_not_winners_pay_in():
    """ "Everyone pays two units to the winner": whether the tied winners also pay
    their two into the pot they split, every player's net and the carry agree."""
    losers_pay = pot(5, {3: 2, 4: 2}, winners=[0, 1, 2])
    all_pay = pot(5, dict.fromkeys(range(5), 2), winners=[0, 1, 2])
    assert losers_pay.net() == all_pay.net() == (1, 1, 1, -2, -2)
    assert losers_pay.net_of(TABLE) == all_pay.net_of(TABLE) == 1


def test_sinkki_penalty_is_split_too():
    """§43.5 "Again, the pot is split if several players share victory": the caller
    (seat 0) pays 2 + 4 = 6, seat 3 pays 2, winners 1 and 2 take 4 each."""
    assert pot(4, {0: 6, 3: 2}, winners=[1, 2]).net() == (-6, 4, 4, -2)


# --- Bridge Meets Guess Who, book §10 ---------------------------------------------

BMGW = ChipRules(start=55, on_shortfall=OnShortfall.LOSES)  # §10.1: 55 each


def test_bmgw_starts_with_110_units_and_the_rake_goes_to_the_bank():
    """§10.1 "110 units worth poker chips … Both human players are given 55";
    §10.2 "both human players pay a 5 unit rake to the bank"."""
    ledger = ChipLedger.start(2, BMGW)
    assert ledger.chips == 110
    ledger = ledger.settle(each_pays(2, BANK, 5, payers=[0, 1]))
    assert ledger.balances == (50, 50)
    assert ledger.bank == 10
    assert ledger.chips == 110
    assert chip_points(ledger) == (-5, -5)


@pytest.mark.parametrize(
    ("level", "for_contract", "tricks", "for_tricks"),
    [(7, 5, 7, 1), (8, 10, 8, 2), (9, 15, 9, 3)],
)
def test_bmgw_made_contract_opponent_pays_for_the_contract_and_the_tricks(
    level, for_contract, tricks, for_tricks
):
    """§10.2.3: "Five units for seven tricks, ten units for eight tricks, fifteen
    units for nine tricks" for the contract, "One unit for seven tricks, two units
    for eight tricks, three units for nine tricks" for the tricks won."""
    assert 5 * (level - 6) == for_contract
    assert tricks - 6 == for_tricks
    step = each_pays(2, 0, for_contract, reason="contract") + each_pays(
        2, 0, for_tricks, reason="tricks"
    )
    assert step.net() == (for_contract + for_tricks, -(for_contract + for_tricks))


def test_bmgw_failed_contract_declarer_pays_five_per_missing_trick_doubled_twice():
    """§10.2.3: "If the contract was nine and the declarer team won seven tricks,
    the declarer pays (9 − 7) × 5 units"; "If the contract was doubled, simply
    double the sums paid"."""
    assert each_pays(2, 1, (9 - 7) * 5).net() == (-10, 10)
    assert each_pays(2, 1, (9 - 7) * 5, doubled=[1]).net() == (-20, 20)


def test_bmgw_questions_and_failed_commands_pay_one_unit_each_to_the_opponent():
    """§10.2.2 / §10.3: one unit per error message and per question."""
    step = each_pays(2, 1, 1, reason="question") + each_pays(2, 1, 1, reason="error")
    assert step.net() == (-2, 2)
    assert [t.reason for t in step.transfers] == ["question", "error"]


def test_bmgw_bank_lends_inside_a_deal_when_repaid_at_its_end():
    """§10.2.3: a player running out may ask questions on the bank's loan, but must
    pay it back at the end of the deal. Seat 0 holds 1 unit, asks three questions
    (3 units) and makes seven with seven tricks (+6): the deal nets +3, no loan."""
    ledger = ChipLedger(BMGW, (1, 109), loans=(0, 0))
    deal = each_pays(2, 1, 1) + each_pays(2, 1, 1) + each_pays(2, 1, 1)
    deal += each_pays(2, 0, 5) + each_pays(2, 0, 1)
    ledger = ledger.settle(deal)
    assert ledger.balances == (4, 106)
    assert ledger.loans == (0, 0)
    assert not ledger.finished


def test_bmgw_a_player_who_cannot_pay_loses():
    """§10.2.3 l.908: "The game ends when one of the human players cannot afford to
    make a required payment and thus loses the game." Seat 1 with 3 units owes the
    5-unit rake: the bank covers the 2 missing, recorded, and seat 1 is out."""
    ledger = ChipLedger(BMGW, (107, 3), loans=(0, 0))
    ledger = ledger.settle(each_pays(2, BANK, 5, payers=[0, 1]))
    assert ledger.out == (1,)
    assert ledger.finished
    assert ledger.shortfalls == (Shortfall(1, 2),)
    assert ledger.balances == (102, 0)
    assert ledger.loans == (0, 2)
    assert ledger.chips == 110


# --- Tuomas's Mah Jong, book §42 ----------------------------------------------------

MAH_JONG = ChipRules(start=1000)  # §42.3: 1000 units (short game)
EAST, SOUTH, WEST, NORTH = 0, 1, 2, 3


def test_mah_jong_losers_pay_the_184_point_hand_east_double():
    """§42.12.3–4: each loser pays the winner the 184-point value; "All payments
    where the east player is either the paying or the receiving party are paid
    double"."""
    step = each_pays(4, SOUTH, 184, doubled=[EAST])
    assert step.net() == (-368, 184 * 4, -184, -184)


def test_mah_jong_east_winning_the_184_point_hand_takes_double_from_all():
    step = each_pays(4, EAST, 184, doubled=[EAST])
    assert step.net() == (3 * 368, -368, -368, -368)


def test_mah_jong_losers_settle_pairwise_differences_east_double():
    """§42.12.3: "In each of these pairs, the player with a smaller score pays the
    difference … for the player with a bigger score", east doubled. Losers east 8,
    west 20, north 4 (hand-computed): W←E 12×2, E←N 4×2, W←N 16."""
    step = pairwise_differences({EAST: 8, WEST: 20, NORTH: 4}, 4, doubled=[EAST])
    assert step.net() == (-24 + 8, 0, 24 + 16, -8 - 16)
    assert sum(step.net()) == 0


def test_mah_jong_starting_chips_and_equal_pairs_pay_nothing():
    """§42.3: 1000 units each in a short game; equal Category I scores pay nothing."""
    assert ChipLedger.start(4, MAH_JONG).chips == 4000
    assert pairwise_differences({1: 6, 2: 6}, 4).transfers == ()


# --- Indian and Strip Poker, book §25–26; Tong-Its --------------------------------


def test_indian_poker_ante_and_highest_card_wins_the_pot():
    """§25.1: each player puts one unit in the pot; §25.3 non-folders have paid
    equally, the highest card wins. Four players ante 1; seats 0–2 bet 3 more,
    seat 3 folds: seat 2's card wins the 13 units."""
    step = showdown([4, 4, 4, 1], {0: 5, 1: 11, 2: 12}, folded=[3])
    assert step.net() == (-4, -4, 9, -1)
    assert step.net_of(TABLE) == 0


def test_indian_poker_borrows_from_the_richest_and_iou_counts_at_the_end():
    """§25: "If a player runs out of poker chips … he can borrow chips from the
    player with most chips and write him an IOU. At the end of the session, IOU's
    count plus for the player having them, and minus for the player who has written
    the IOU." Seat 2 (0 chips) must ante 1: it borrows 1 from seat 1 (most chips)."""
    rules = ChipRules(start=100, on_shortfall=OnShortfall.IOU)
    ledger = ChipLedger(rules, (90, 210, 0), loans=(0, 0, 0))
    ledger = ledger.settle(Payments(3, (Transfer(2, TABLE, 1),)))
    assert ledger.ious == (IOU(debtor=2, creditor=1, chips=1),)
    assert ledger.balances == (90, 209, 0)
    assert (ledger.worth(1), ledger.worth(2)) == (210, -1)
    assert chip_points(ledger) == (-10, 110, -101)


def test_strip_poker_bank_lends_twenty_and_a_pot_winner_pays_it_back():
    """§26.2: every player pays four units to the bank and one to the pot; §26.4:
    out of chips, a player gets 20 from the bank, and if they win the pot they can
    pay back the 20 instead of stripping."""
    rules = ChipRules(start=20, on_shortfall=OnShortfall.BANK_LOAN, loan_unit=20)
    ledger = ChipLedger(rules, (3, 37), loans=(0, 0))
    ledger = ledger.settle(each_pays(2, BANK, 4, payers=[0, 1]))
    assert ledger.balances == (19, 33)  # seat 0: 3 − 4 + a 20-unit loan
    assert ledger.loans == (20, 0)
    ledger = ledger.settle(pot(2, {0: 1, 1: 1}, winners=[0]))
    ledger = ledger.settle(showdown([5, 5], {0: 2, 1: 1}))
    assert ledger.balances == (25, 27)
    ledger = ledger.repay_loans()
    assert ledger.balances == (5, 27)
    assert ledger.loans == (0, 0)
    assert ledger.chips == 40


def test_tong_its_pot_waits_for_two_wins_in_a_row():
    """Tong-Its (web l.404–417): each player antes 2 to the pot; each loser pays the
    winner (3 for a tongit); "The pot is only awarded to a player who wins two hands
    in a row"."""
    rules = ChipRules(start=50)
    antes = each_pays(3, TABLE, 2, payers=[0, 1, 2])
    ledger = ChipLedger.start(3, rules).settle(antes + each_pays(3, 0, 3))
    assert ledger.balances == (54, 45, 45)
    assert ledger.table == 6
    second = antes + each_pays(3, 0, 1)
    second += award(3, ledger.table + second.net_of(TABLE), [0])
    ledger = ledger.settle(second)
    assert ledger.balances == (66, 42, 42)
    assert ledger.table == 0


# --- side pots and splits (hand-computed) -----------------------------------------


def test_side_pots_layer_by_what_each_live_player_put_in():
    """Seat 0 all-in for 10, seats 1 and 2 put in 30, seat 3 folded after 5: the
    main pot 10+10+10+5 = 35 among all three live players, the side pot 40 between
    seats 1 and 2."""
    assert side_pots([10, 30, 30, 5], folded=[3]) == (
        SidePot(35, (0, 1, 2)),
        SidePot(40, (1, 2)),
    )


def test_showdown_all_in_player_wins_only_the_main_pot_and_ties_split_in_order():
    step = showdown([10, 30, 30, 5], {0: 9, 1: 5, 2: 5}, folded=[3])
    # seat 0 takes 35; seats 1 and 2 split 40.
    assert step.net() == (25, -10, -10, -5)
    odd = showdown([3, 3, 3], {0: 1, 1: 1, 2: 0}, odd_order=[1, 0, 2])
    assert odd.net() == (4 - 3, 5 - 3, -3)  # 9 split 5/4, the odd chip to seat 1


def test_split_pot_carry_and_in_order():
    assert split_pot(7, [2, 0]).shares == (3, 3)
    assert split_pot(7, [2, 0]).left == 1
    assert split_pot(7, [2, 0], odd=Odd.IN_ORDER).shares == (4, 3)


# --- errors -------------------------------------------------------------------------


def test_bad_transfers_are_all_reported():
    with pytest.raises(DealRejected) as exc:
        Payments(2, (Transfer(0, 0, 1), Transfer(5, 1, 0)))
    assert _codes(exc) == [
        ("transfers.0.payee", "self_payment"),
        ("transfers.1.payer", "unknown_player"),
        ("transfers.1.chips", "non_positive_chips"),
    ]


def test_pot_errors_have_codes():
    with pytest.raises(DealRejected) as exc:
        split_pot(-1, [])
    assert _codes(exc) == [("winners", "no_winner"), ("chips", "negative_chips")]
    with pytest.raises(DealRejected) as exc:
        side_pots([1, -2], folded=[0, 1])
    assert _codes(exc) == [
        ("contributions.1", "negative_chips"),
        ("folded", "no_player_left"),
    ]
    with pytest.raises(DealRejected) as exc:
        showdown([2, 2], {0: 1})
    assert _codes(exc) == [("strengths.1", "missing_hand")]
    with pytest.raises(DealRejected) as exc:
        pot(2, {0: -2}, [1])
    assert _codes(exc) == [("stakes.0", "negative_chips")]
    with pytest.raises(OptionsRejected):
        ChipRules(start=-1, loan_unit=0)


# --- properties ---------------------------------------------------------------------

PLAYERS = st.integers(2, 6)


@st.composite
def steps(draw, players: int):
    """One random step built from the builders (what a chip game's deal pays)."""
    kind = draw(st.sampled_from(["each", "pairwise", "pot", "showdown", "rake"]))
    seats = list(range(players))
    if kind == "each":
        return each_pays(
            players,
            draw(st.sampled_from(seats)),
            draw(st.integers(0, 50)),
            doubled=draw(st.sets(st.sampled_from(seats), max_size=1)),
        )
    if kind == "pairwise":
        return pairwise_differences(
            {p: draw(st.integers(0, 100)) for p in seats}, players
        )
    if kind == "rake":
        return each_pays(players, BANK, draw(st.integers(0, 5)), payers=seats)
    if kind == "pot":
        winners = draw(st.lists(st.sampled_from(seats), min_size=1, unique=True))
        stakes = {p: draw(st.integers(0, 10)) for p in seats}
        return pot(players, stakes, winners, carried=draw(st.integers(0, 5)))
    contributions = draw(
        st.lists(st.integers(0, 40), min_size=players, max_size=players)
    )
    folded = draw(st.sets(st.sampled_from(seats), max_size=players - 1))
    strengths = {p: draw(st.integers(0, 3)) for p in seats if p not in folded}
    odd = draw(st.sampled_from(list(Odd)))
    return showdown(contributions, strengths, folded=folded, odd=odd)


@given(st.data())
def test_every_step_nets_to_zero_over_players_bank_and_table(data):
    players = data.draw(PLAYERS)
    step = data.draw(steps(players))
    assert sum(step.net()) + step.net_of(BANK) + step.net_of(TABLE) == 0
    assert all(t.chips > 0 for t in step.transfers)


@given(
    st.lists(st.integers(0, 60), min_size=2, max_size=8),
    st.data(),
)
def test_side_pots_distribute_exactly_the_pot(contributions, data):
    seats = range(len(contributions))
    folded = data.draw(st.sets(st.sampled_from(seats), max_size=len(seats) - 1))
    pots = side_pots(contributions, folded)
    assert sum(p.chips for p in pots) == sum(contributions)
    for lower, upper in pairwise(pots):
        assert set(upper.eligible) < set(lower.eligible)
    strengths = {p: data.draw(st.integers(0, 2)) for p in seats if p not in folded}
    for odd in Odd:
        step = showdown(contributions, strengths, folded=folded, odd=odd)
        paid_out = sum(t.chips for t in step.transfers if t.payer == TABLE)
        left = step.net_of(TABLE)
        assert paid_out + left == sum(contributions)
        assert left >= 0 if odd is Odd.CARRY else left == 0
        # nobody wins more than their layers hold: a folded player never gains
        assert all(step.net()[p] <= 0 for p in folded)


@given(st.integers(0, 1000), st.lists(st.integers(0, 9), min_size=1, unique=True))
def test_split_pot_shares_and_carry_add_up(chips, winners):
    for odd in Odd:
        split = split_pot(chips, winners, odd=odd)
        assert sum(split.shares) + split.left == chips
        assert max(split.shares) - min(split.shares) <= 1
        assert split.left < len(winners)


@given(
    st.lists(
        st.tuples(
            st.lists(st.integers(0, 4), min_size=1, max_size=5, unique=True),
            st.lists(st.booleans(), min_size=5, max_size=5),
        ),
        max_size=30,
    )
)
def test_sinkki_carried_remainders_are_never_lost(deals):
    """Deal after deal of split pots with carries: no chip is created or lost, and
    whatever is on the table is always less than that deal's number of winners."""
    ledger = ChipLedger.start(5, SINKKI)
    for winners, callers in deals:
        stakes = {p: 2 + (4 if callers[p] else 0) for p in range(5) if p not in winners}
        ledger = ledger.settle(pot(5, stakes, winners, carried=ledger.table))
        assert ledger.chips == 500
        assert 0 <= ledger.table < len(winners)
    assert sum(chip_points(ledger)) == -ledger.table


@given(
    st.sampled_from(list(OnShortfall)),
    st.integers(1, 20),
    st.data(),
)
def test_no_balance_below_zero_without_a_recorded_loan_or_iou(rule, unit, data):
    players = data.draw(PLAYERS)
    rules = ChipRules(
        start=data.draw(st.integers(0, 30)), on_shortfall=rule, loan_unit=unit
    )
    ledger = ChipLedger.start(players, rules)
    total = ledger.chips
    for step in data.draw(st.lists(steps(players), max_size=12)):
        before = ledger
        ledger = ledger.settle(step)
        assert ledger.chips == total
        expected = [b + n for b, n in zip(before.balances, step.net(), strict=True)]
        short = {p: -b for p, b in enumerate(expected) if b < 0}
        if rule is OnShortfall.OWES:
            assert list(ledger.balances) == expected
            assert ledger.loans == before.loans and ledger.ious == before.ious
            continue
        assert min(ledger.balances) >= 0
        assert {s.player: s.chips for s in ledger.shortfalls} == short
        new_loans = sum(ledger.loans) - sum(before.loans)
        new_ious = sum(i.chips for i in ledger.ious[len(before.ious) :])
        assert new_loans + new_ious >= sum(short.values())
        if rule is OnShortfall.LOSES:
            assert set(short) <= set(ledger.out)
        ledger = ledger.repay_loans()
        assert ledger.chips == total and min(ledger.loans) >= 0
    points = chip_points(ledger)
    assert sum(points) == -(ledger.bank + sum(ledger.loans) + ledger.table)


def test_fold_ledger_is_the_steps_in_order():
    steps_ = [each_pays(3, 0, 2), pot(3, {0: 1, 1: 1}, [2])]
    ledger = fold_ledger(3, ChipRules(start=10), steps_)
    assert ledger.balances == (13, 7, 10)
    assert ledger.steps == 2
    assert chip_points(ledger) == (3, -3, 0)
