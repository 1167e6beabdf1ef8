"""Currencies and exact amounts in minor units.

Terms
    *minor unit*: the smallest unit of a currency (cent, öre, fils); ISO 4217 calls the
    number of decimals its *exponent* (EUR 2, JPY 0, KWD 3).
    *Money*: an integer number of minor units of one currency.

Invariants
    * Amounts are ``int`` minor units; ``float`` never enters (a float cannot hold 0.05
      exactly). Conversion from :class:`~decimal.Decimal` is exact or refused.
    * Money of different currencies never mixes: adding, subtracting or comparing
      EUR with SEK raises ``mixed_currencies``.
    * An unknown currency code raises ``unknown_currency``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from games.engine.text import msg

# The ISO 4217 table is reference data of every layer that takes an amount (the
# score book's match stake, a tournament's entry fee): it lives at the bottom, and
# the money core re-exports it.
from scoring.currencies import CURRENCIES, Currency

from .errors import MoneyError


def get_currency(code: str, *, field: str = "currency") -> Currency:
    """The currency with ISO 4217 ``code``; ``unknown_currency`` otherwise.

    Codes are matched exactly (upper case): ``"eur"`` is refused rather than guessed, so
    stored data never holds two spellings of one currency.
    """
    try:
        return CURRENCIES[code]
    except (KeyError, TypeError):
        raise MoneyError(
            field, "unknown_currency", msg("Unknown currency code {code!r}.", code=code)
        ) from None


def as_currency(currency: Currency | str, *, field: str = "currency") -> Currency:
    """Accept a :class:`Currency` or its code."""
    if isinstance(currency, Currency):
        return currency
    return get_currency(currency, field=field)


def require_same_currency(a: Currency, b: Currency, *, field: str) -> None:
    """Refuse to combine amounts of two currencies (``mixed_currencies``)."""
    if a != b:
        raise MoneyError(
            field,
            "mixed_currencies",
            msg(
                "Cannot combine {code} with {code2}; convert first.",
                code=a.code,
                code2=b.code,
            ),
        )


def to_decimal_exact(value: object, *, field: str, code: str) -> Decimal:
    """``value`` as a finite Decimal; ints and Decimal-formatted strings are accepted.

    Floats (and bools, which are ints to Python) are refused: 0.05 as a float is
    not 0.05.
    """
    if isinstance(value, (bool, float)):
        raise MoneyError(
            field,
            code,
            msg(
                "{value!r} is not exact; give a Decimal, an int or a string.",
                value=value,
            ),
        )
    try:
        if isinstance(value, (int, str)):
            value = Decimal(value)
    except ArithmeticError:
        raise MoneyError(
            field, code, msg("{value!r} is not a number.", value=value)
        ) from None
    if not isinstance(value, Decimal) or not value.is_finite():
        raise MoneyError(
            field, code, msg("{value!r} is not a finite decimal number.", value=value)
        )
    return value


@functools.total_ordering
@dataclass(frozen=True)
class Money:
    """``minor`` units of ``currency``: ``Money(1234, EUR)`` is 12.34 EUR."""

    minor: int
    currency: Currency

    def __post_init__(self) -> None:
        if isinstance(self.minor, bool) or not isinstance(self.minor, int):
            raise MoneyError(
                "amount",
                "invalid_amount",
                msg("An amount in minor units is an integer."),
            )
        if not isinstance(self.currency, Currency):
            object.__setattr__(self, "currency", as_currency(self.currency))

    @classmethod
    def of(
        cls,
        amount: Decimal | int | str,
        currency: Currency | str,
        *,
        field: str = "amount",
    ) -> Money:
        """Exact conversion from a major-unit amount: ``Money.of("12.34", "EUR")``.

        More decimals than the currency has (``"0.005"`` EUR) is ``amount_precision``:
        money is never rounded silently on the way in.
        """
        cur = as_currency(currency)
        value = to_decimal_exact(amount, field=field, code="invalid_amount")
        minor = value.scaleb(cur.exponent)
        if minor != minor.to_integral_value():
            raise MoneyError(
                field,
                "amount_precision",
                msg(
                    "{value} has more than {exponent} decimals for {code}.",
                    value=value,
                    exponent=cur.exponent,
                    code=cur.code,
                ),
            )
        return cls(int(minor), cur)

    @classmethod
    def zero(cls, currency: Currency | str) -> Money:
        return cls(0, as_currency(currency))

    def to_decimal(self) -> Decimal:
        """The amount in major units with exactly ``exponent`` decimals."""
        return Decimal(self.minor).scaleb(-self.currency.exponent)

    def _other(self, other: object) -> Money:
        if not isinstance(other, Money):
            raise TypeError(f"Cannot combine Money with {type(other).__name__}")
        require_same_currency(self.currency, other.currency, field="amount")
        return other

    def __add__(self, other: Money) -> Money:
        return Money(self.minor + self._other(other).minor, self.currency)

    def __sub__(self, other: Money) -> Money:
        return Money(self.minor - self._other(other).minor, self.currency)

    def __neg__(self) -> Money:
        return Money(-self.minor, self.currency)

    def __mul__(self, factor: int) -> Money:
        # Only integer factors: anything else would need a rounding rule, which lives in
        # allocation, not here.
        if isinstance(factor, bool) or not isinstance(factor, int):
            return NotImplemented
        return Money(self.minor * factor, self.currency)

    __rmul__ = __mul__

    def __lt__(self, other: Money) -> bool:
        return self.minor < self._other(other).minor

    def __str__(self) -> str:
        return format_minor(self.minor, self.currency)


def format_minor(minor: int, currency: Currency) -> str:
    """``1234, EUR`` -> ``"12.34 EUR"`` (sign first, dot as decimal separator)."""
    return f"{Decimal(minor).scaleb(-currency.exponent)} {currency.code}"


def minor_from_major(value: Decimal | Fraction, currency: Currency) -> Fraction:
    """An exact major-unit value as an exact (possibly fractional) minor-unit count."""
    return Fraction(value) * currency.scale
