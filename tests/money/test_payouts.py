"""Prize payouts: pool, house fee, structures, ties sharing, never a cent lost."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from money.settlement import MoneyError
from money.settlement.currency import Money
from money.settlement.payouts import (
    FieldSizeBracket,
    FieldSizeTable,
    FixedHouseFee,
    FixedStructure,
    PercentageStructure,
    PercentHouseFee,
    Standing,
    compute_payouts,
)

FEE = Money.of("10.00", "EUR")
FIFTY_THIRTY_TWENTY = PercentageStructure((Decimal(50), Decimal(30), Decimal(20)))


def standings(*ranks: int) -> list[Standing]:
    return [Standing(f"e{i + 1}", r) for i, r in enumerate(ranks)]


def test_pool_house_fee_and_places():
    """16 entries × 10 EUR = 160 EUR; 10 % house fee 16 EUR; 144 EUR as 50/30/20."""
    sheet = compute_payouts(
        standings=standings(*range(1, 17)),
        entry_fee=FEE,
        structure=FIFTY_THIRTY_TWENTY,
        house_fee=PercentHouseFee(Decimal(10)),
    )
    assert (sheet.pool, sheet.house_fee, sheet.prize_fund) == (16000, 1600, 14400)
    assert sheet.place_prizes == (7200, 4320, 2880)
    assert [sheet.amount_for(e) for e in ("e1", "e2", "e3", "e4")] == [
        7200,
        4320,
        2880,
        0,
    ]


def test_ties_share_the_places_they_occupy():
    """Ranks 1, 2, 2, 4: the two seconds share 2nd + 3rd prize."""
    sheet = compute_payouts(
        standings=standings(1, 2, 2, 4, 5),
        entry_fee=FEE,
        structure=FIFTY_THIRTY_TWENTY,
    )
    assert sheet.place_prizes == (2500, 1500, 1000)
    amounts = {p.entry: p.amount for p in sheet.payouts}
    assert amounts == {"e1": 2500, "e2": 1250, "e3": 1250, "e4": 0, "e5": 0}
    assert any(line.startswith("Tied at rank 2") for line in sheet.explanation)


def test_tie_odd_cent_goes_to_first_listed_entry():
    """Three entries tied first share all of a 10.00 EUR fund: 3.34, 3.33, 3.33, the
    odd cent to the first of them in the order the standings list them."""
    sheet = compute_payouts(
        standings=[Standing("zoe", 1), Standing("ada", 1), Standing("max", 1)],
        entry_fee=Money.of("3.34", "EUR"),
        structure=PercentageStructure((Decimal(60), Decimal(40))),
        house_fee=FixedHouseFee(Money.of("0.02", "EUR")),
    )
    assert sheet.prize_fund == 1000
    assert [(p.entry, p.amount) for p in sheet.payouts] == [
        ("zoe", 334),
        ("ada", 333),
        ("max", 333),
    ]


def test_percentage_rounding_goes_by_largest_remainder():
    """7 entries × 1.00 EUR less a 0.01 EUR house fee: 50/30/20 of 6.99 EUR is
    3.495, 2.097, 1.398 EUR; the two cents left after rounding down go to the
    largest remainders (2nd and 3rd place), not to the first place."""
    sheet = compute_payouts(
        standings=standings(*range(1, 8)),
        entry_fee=Money.of("1.00", "EUR"),
        structure=FIFTY_THIRTY_TWENTY,
        house_fee=FixedHouseFee(Money.of("0.01", "EUR")),
    )
    # quotas 349.5, 209.7, 139.8: floors 349+209+139 = 697, two cents left, to the
    # remainders .8 and .7.
    assert sheet.place_prizes == (349, 210, 140)
    assert sum(sheet.place_prizes) == sheet.prize_fund


def test_fixed_prizes_leave_an_explicit_remainder():
    sheet = compute_payouts(
        standings=standings(1, 2, 3, 4),
        entry_fee=FEE,
        structure=FixedStructure((Money.of("20", "EUR"), Money.of("10", "EUR"))),
    )
    assert sheet.undistributed == 1000
    assert (
        sheet.pool
        == sheet.house_fee + sum(p.amount for p in sheet.payouts) + sheet.undistributed
    )


def test_field_size_table_picks_the_bracket():
    table = FieldSizeTable(
        (
            FieldSizeBracket(1, 4, PercentageStructure((Decimal(100),))),
            FieldSizeBracket(5, 9, PercentageStructure((Decimal(70), Decimal(30)))),
            FieldSizeBracket(10, None, FIFTY_THIRTY_TWENTY),
        )
    )
    small = compute_payouts(
        standings=standings(1, 2, 3), entry_fee=FEE, structure=table
    )
    assert small.place_prizes == (3000,)
    mid = compute_payouts(
        standings=standings(*range(1, 7)), entry_fee=FEE, structure=table
    )
    assert mid.place_prizes == (4200, 1800)
    big = compute_payouts(
        standings=standings(*range(1, 13)), entry_fee=FEE, structure=table
    )
    assert big.place_prizes == (6000, 3600, 2400)


@pytest.mark.parametrize(
    ("kwargs", "code", "field"),
    [
        (
            {"structure": PercentageStructure((Decimal(50), Decimal(30)))},
            "payout_percentages_sum",
            "structure.percentages",
        ),
        (
            {"structure": PercentageStructure((Decimal(100), Decimal(0)))},
            "non_positive_percentage",
            "structure.percentages.1",
        ),
        (
            {"house_fee": PercentHouseFee(Decimal(101))},
            "house_fee_percentage_range",
            "house_fee.percent",
        ),
        (
            {"house_fee": FixedHouseFee(Money.of("40.01", "EUR"))},
            "house_fee_exceeds_pool",
            "house_fee.amount",
        ),
        (
            {"house_fee": FixedHouseFee(Money.of("1", "SEK"))},
            "mixed_currencies",
            "house_fee.amount",
        ),
        (
            {"structure": FixedStructure((Money.of("40.01", "EUR"),))},
            "fixed_prizes_exceed_pool",
            "structure.amounts",
        ),
        (
            {"structure": PercentageStructure(tuple(Decimal(20) for _ in range(5)))},
            "more_places_than_entries",
            "structure",
        ),
        (
            {
                "structure": FieldSizeTable(
                    (FieldSizeBracket(5, None, PercentageStructure((Decimal(100),))),)
                )
            },
            "no_structure_for_field_size",
            "structure",
        ),
        (
            {
                "structure": FieldSizeTable(
                    (
                        FieldSizeBracket(1, 5, PercentageStructure((Decimal(100),))),
                        FieldSizeBracket(5, 9, PercentageStructure((Decimal(100),))),
                    )
                )
            },
            "field_size_overlap",
            "structure.brackets.1",
        ),
        ({"entry_fee": Money.of("0", "EUR")}, "non_positive_entry_fee", "entry_fee"),
        ({"standings": standings(1, 2, 2, 3)}, "invalid_ranks", "standings"),
        ({"standings": standings(2, 2, 3, 4)}, "invalid_ranks", "standings"),
    ],
)
def test_invalid_inputs(kwargs, code, field):
    args = {
        "standings": standings(1, 2, 3, 4),
        "entry_fee": FEE,
        "structure": FIFTY_THIRTY_TWENTY,
    } | kwargs
    with pytest.raises(MoneyError) as err:
        compute_payouts(**args)
    assert (err.value.code, err.value.field) == (code, field)


@st.composite
def competition_ranks(draw):
    """Random standings in competition ranking (ties included)."""
    n = draw(st.integers(1, 30))
    scores = draw(st.lists(st.integers(0, 6), min_size=n, max_size=n))
    ordered = sorted(scores, reverse=True)
    return [Standing(f"e{i}", 1 + ordered.index(s)) for i, s in enumerate(scores)]


@given(
    competition_ranks(),
    st.integers(1, 10_000),
    st.lists(st.integers(1, 50), min_size=1, max_size=6),
    st.integers(0, 100),
)
def test_never_a_cent_lost(ranking, fee_minor, weights, house_percent):
    places = weights[: len(ranking)]
    # Percentages summing to exactly 100 with up to two decimals.
    raw = [w * 10_000 // sum(places) for w in places]
    raw[0] += 10_000 - sum(raw)
    structure = PercentageStructure(tuple(Decimal(r).scaleb(-2) for r in raw))
    if any(r <= 0 for r in raw):
        return
    sheet = compute_payouts(
        standings=ranking,
        entry_fee=Money(fee_minor, Money.of("0", "EUR").currency),
        structure=structure,
        house_fee=PercentHouseFee(Decimal(house_percent)),
    )
    paid = sum(p.amount for p in sheet.payouts)
    assert sheet.pool == sheet.house_fee + paid + sheet.undistributed
    assert sheet.undistributed == 0
    for rank in {s.rank for s in ranking}:
        shares = [p.amount for p in sheet.payouts if p.rank == rank]
        assert max(shares) - min(shares) <= 1
