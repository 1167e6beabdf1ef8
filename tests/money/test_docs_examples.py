"""Every worked example in ``docs/money.md``, in the order the doc gives them."""

from __future__ import annotations

from decimal import Decimal

import pytest

from money.settlement import (
    ChipPayment,
    FlatStake,
    Money,
    MoneyError,
    PercentageStructure,
    PercentHouseFee,
    PointStake,
    Side,
    Standing,
    TeamMode,
    compute_payouts,
    plan_transfers,
    plan_transfers_greedy,
    settle_average,
    settle_chip_payments,
    settle_flat,
    settle_two_sides,
)
from tests.money_service.testgames import WinLoss  # registers the test games

FIVE_CENTS = PointStake(Decimal("0.05"), "EUR")
WE = Side(("Anna", "Ben"), 520, "We")
THEY = Side(("Cai", "Dan"), 385, "They")


def test_two_sides():
    """Doc §1: 520 − 385 = 135 points × 0.05 EUR = 6.75 EUR."""
    s = settle_two_sides(Side(("Anna",), 520), Side(("Cai",), 385), FIVE_CENTS)
    assert s.as_dict() == {"Anna": 675, "Cai": -675}
    assert s.explanation == (
        "Value of a point: 0.05 EUR.",
        "Scores: Anna 520, Cai 385.",
        "Difference 520 − 385 = 135 points; 135 points × 0.05 EUR = 6.75 EUR.",
        "Cai pays Anna 6.75 EUR.",
    )


def test_teams_per_member_and_split():
    """Doc §2: per member each pays/receives 6.75; split 3.38/3.37, then swapped."""
    per_member = settle_two_sides(WE, THEY, FIVE_CENTS)
    assert per_member.as_dict() == {"Anna": 675, "Ben": 675, "Cai": -675, "Dan": -675}
    first = settle_two_sides(WE, THEY, FIVE_CENTS, team_mode=TeamMode.SPLIT)
    assert first.as_dict() == {"Anna": 338, "Ben": 337, "Cai": -337, "Dan": -338}
    second = settle_two_sides(
        WE, THEY, FIVE_CENTS, team_mode=TeamMode.SPLIT, ledger=first.ledger
    )
    assert second.as_dict() == {"Anna": 337, "Ben": 338, "Cai": -338, "Dan": -337}


def test_average_method():
    """Doc §3: 120, 95, 80, 65; average 90; 1.75 EUR in, 1.75 EUR out."""
    s = settle_average({"Anna": 120, "Ben": 95, "Cai": 80, "Dan": 65}, FIVE_CENTS)
    assert s.as_dict() == {"Anna": 150, "Ben": 25, "Cai": -50, "Dan": -125}
    assert s.explanation[2:] == (
        "Average: 360 / 4 = 90.",
        "Anna takes from the pot: (120 − 90) × 0.05 EUR = 1.50 EUR.",
        "Ben takes from the pot: (95 − 90) × 0.05 EUR = 0.25 EUR.",
        "Cai pays into the pot: (90 − 80) × 0.05 EUR = 0.50 EUR.",
        "Dan pays into the pot: (90 − 65) × 0.05 EUR = 1.25 EUR.",
        "Paid into the pot 1.75 EUR, taken from it 1.75 EUR.",
    )


def test_average_fractional():
    """Doc §3: 120, 95, 81 -> average 98 2/3 -> +1.07, −0.18, −0.89."""
    s = settle_average({"Anna": 120, "Ben": 95, "Cai": 81}, FIVE_CENTS)
    assert s.as_dict() == {"Anna": 107, "Ben": -18, "Cai": -89}
    assert "Average: 296 / 3 = 98 2/3." in s.explanation


def test_average_is_half_with_two_players():
    """Doc §3: 500 against 380: 6.00 EUR by difference, 3.00 EUR by average."""
    assert settle_two_sides(
        Side(("Anna",), 500), Side(("Ben",), 380), FIVE_CENTS
    ).as_dict() == {"Anna": 600, "Ben": -600}
    assert settle_average({"Anna": 500, "Ben": 380}, FIVE_CENTS).as_dict() == {
        "Anna": 300,
        "Ben": -300,
    }


def test_chips():
    """Doc §4: 100 chips each, end 130/95/80/95, 0.10 EUR a chip."""
    chip = PointStake(Decimal("0.10"), "EUR")
    deals = [
        [ChipPayment("Ben", "Anna", 20), ChipPayment("Cai", "Anna", 10)],
        [ChipPayment("Cai", "Dan", 10), ChipPayment("Dan", "Ben", 15)],
    ]
    by_deals = settle_chip_payments(deals, chip, players=["Anna", "Ben", "Cai", "Dan"])
    counts = {"Anna": 130, "Ben": 95, "Cai": 80, "Dan": 95}
    by_average = settle_average(counts, chip)
    expected = {"Anna": 300, "Ben": -50, "Cai": -200, "Dan": -50}
    assert by_deals.as_dict() == by_average.as_dict() == expected
    assert "Average: 400 / 4 = 100." in by_average.explanation


def test_win_loss_only():
    """Doc §5: a game declared win/loss only (as Huutopussi will be) refuses a
    point value; 1.00 EUR per match won works."""
    with pytest.raises(MoneyError) as err:
        PointStake(Decimal("0.05"), "EUR", game=WinLoss.slug)
    assert err.value.code == "stake_on_win_loss_game"
    s = settle_flat(
        ["Anna"], ["Ben", "Cai"], FlatStake(Money.of("1.00", "EUR"), WinLoss.slug)
    )
    assert s.as_dict() == {"Anna": 200, "Ben": -100, "Cai": -100}


def test_fewest_transfers():
    """Doc §6: six people, four transfers (greedy needs five)."""
    balances = {
        "Anna": 200,
        "Ben": -500,
        "Cai": -800,
        "Dan": 400,
        "Eve": 400,
        "Fay": 300,
    }
    plan = plan_transfers(balances)
    assert [(t.payer, t.payee, t.amount) for t in plan.transfers] == [
        ("Ben", "Anna", 200),
        ("Ben", "Fay", 300),
        ("Cai", "Dan", 400),
        ("Cai", "Eve", 400),
    ]
    assert plan.groups == (("Anna", "Ben", "Fay"), ("Cai", "Dan", "Eve"))
    assert plan.proven_minimal
    assert plan_transfers_greedy(balances).count == 5


def test_prize_pool_with_ties():
    """Doc §7: 16 × 10 EUR, 10 % house, 50/30/20; Ben and Cai tied 2nd share
    43.20 + 28.80 = 72.00 EUR, 36.00 EUR each; Dan (rank 4) gets nothing."""
    ranks = [("Anna", 1), ("Ben", 2), ("Cai", 2), ("Dan", 4)]
    ranks += [(f"E{i}", i) for i in range(5, 17)]
    sheet = compute_payouts(
        standings=[Standing(e, r) for e, r in ranks],
        entry_fee=Money.of("10.00", "EUR"),
        structure=PercentageStructure((Decimal(50), Decimal(30), Decimal(20))),
        house_fee=PercentHouseFee(Decimal(10)),
    )
    assert (sheet.pool, sheet.house_fee, sheet.prize_fund) == (16000, 1600, 14400)
    assert sheet.place_prizes == (7200, 4320, 2880)
    amounts = {p.entry: p.amount for p in sheet.payouts}
    assert [amounts[e] for e in ("Anna", "Ben", "Cai", "Dan")] == [7200, 3600, 3600, 0]
    assert sheet.explanation[-1] == (
        "Tied at rank 2: Ben, Cai share places 2–3 "
        "(43.20 EUR + 28.80 EUR = 72.00 EUR): Ben 36.00 EUR, Cai 36.00 EUR."
    )


def test_percentages_cut_by_largest_remainder():
    """Doc §7: a 6.99 EUR fund as 50/30/20 is 3.49 + 2.10 + 1.40."""
    sheet = compute_payouts(
        standings=[Standing(f"E{i}", i) for i in range(1, 8)],
        entry_fee=Money.of("1.00", "EUR"),
        structure=PercentageStructure((Decimal(50), Decimal(30), Decimal(20))),
        house_fee=PercentHouseFee(Decimal("0.15")),
    )
    assert sheet.prize_fund == 699
    assert sheet.place_prizes == (349, 210, 140)


def test_field_size_table():
    """Doc §7: 1–4 entries 100; 5–9 70/30; 10 or more 50/30/20."""
    from money.settlement import FieldSizeBracket, FieldSizeTable

    table = FieldSizeTable(
        (
            FieldSizeBracket(1, 4, PercentageStructure((Decimal(100),))),
            FieldSizeBracket(5, 9, PercentageStructure((Decimal(70), Decimal(30)))),
            FieldSizeBracket(
                10, None, PercentageStructure((Decimal(50), Decimal(30), Decimal(20)))
            ),
        )
    )
    fee = Money.of("10.00", "EUR")
    for entries, prizes in ((3, (3000,)), (6, (4200, 1800)), (12, (6000, 3600, 2400))):
        sheet = compute_payouts(
            standings=[Standing(f"E{i}", i) for i in range(1, entries + 1)],
            entry_fee=fee,
            structure=table,
        )
        assert sheet.place_prizes == prizes
