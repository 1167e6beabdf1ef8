"""Currencies and exact minor units."""

from __future__ import annotations

from decimal import Decimal

import pytest

from money.settlement import MoneyError
from money.settlement.currency import CURRENCIES, Money, get_currency


@pytest.mark.parametrize(
    ("code", "exponent"),
    [
        ("EUR", 2),
        ("USD", 2),
        ("SEK", 2),
        ("NOK", 2),
        ("DKK", 2),
        ("GBP", 2),
        ("CHF", 2),
        ("JPY", 0),
        ("ISK", 0),
        ("KRW", 0),
        ("KWD", 3),
        ("BHD", 3),
        ("TND", 3),
        ("CLF", 4),
    ],
)
def test_exponents(code, exponent):
    assert get_currency(code).exponent == exponent


def test_table_is_solid():
    assert len(CURRENCIES) > 150


@pytest.mark.parametrize("code", ["XXX", "eur", "", None])
def test_unknown_currency(code):
    with pytest.raises(MoneyError) as err:
        get_currency(code)
    assert err.value.code == "unknown_currency"
    assert err.value.field == "currency"
    assert err.value.as_dict()["code"] == "unknown_currency"


def test_decimal_round_trip():
    m = Money.of(Decimal("12.34"), "EUR")
    assert m.minor == 1234
    assert m.to_decimal() == Decimal("12.34")
    assert str(m) == "12.34 EUR"
    assert str(Money.of("5", "JPY")) == "5 JPY"
    assert Money.of("1.005", "KWD").minor == 1005


def test_too_many_decimals_is_refused_not_rounded():
    with pytest.raises(MoneyError) as err:
        Money.of("0.005", "EUR")
    assert err.value.code == "amount_precision"


def test_float_is_refused():
    with pytest.raises(MoneyError) as err:
        Money.of(0.05, "EUR")
    assert err.value.code == "invalid_amount"


def test_mixing_currencies_is_refused():
    eur, sek = Money(100, get_currency("EUR")), Money(100, get_currency("SEK"))
    for op in (lambda: eur + sek, lambda: eur - sek, lambda: eur < sek):
        with pytest.raises(MoneyError) as err:
            op()
        assert err.value.code == "mixed_currencies"


def test_arithmetic_and_order():
    eur = get_currency("EUR")
    assert Money(150, eur) + Money(50, eur) == Money(200, eur)
    assert Money(150, eur) * 3 == Money(450, eur)
    assert -Money(1, eur) < Money.zero(eur)
