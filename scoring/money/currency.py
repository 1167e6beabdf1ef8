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

from .errors import MoneyError


@dataclass(frozen=True)
class Currency:
    """An ISO 4217 currency: alphabetic ``code``, ``exponent`` (decimals), ``name``."""

    code: str
    exponent: int
    name: str

    @property
    def scale(self) -> int:
        """Minor units per major unit (100 for EUR, 1 for JPY, 1000 for KWD)."""
        return 10**self.exponent

    def __str__(self) -> str:
        return self.code


# ISO 4217 active currencies (list one, 2024). Exponent 2 unless listed otherwise; the
# exceptions are the ones that matter, so they are spelled out below.
_EXPONENT_0 = {
    "BIF": "Burundian franc",
    "CLP": "Chilean peso",
    "DJF": "Djiboutian franc",
    "GNF": "Guinean franc",
    "ISK": "Icelandic króna",
    "JPY": "Japanese yen",
    "KMF": "Comorian franc",
    "KRW": "South Korean won",
    "PYG": "Paraguayan guaraní",
    "RWF": "Rwandan franc",
    "UGX": "Ugandan shilling",
    "UYI": "Uruguay peso en unidades indexadas",
    "VND": "Vietnamese đồng",
    "VUV": "Vanuatu vatu",
    "XAF": "CFA franc BEAC",
    "XOF": "CFA franc BCEAO",
    "XPF": "CFP franc",
}
_EXPONENT_3 = {
    "BHD": "Bahraini dinar",
    "IQD": "Iraqi dinar",
    "JOD": "Jordanian dinar",
    "KWD": "Kuwaiti dinar",
    "LYD": "Libyan dinar",
    "OMR": "Omani rial",
    "TND": "Tunisian dinar",
}
_EXPONENT_4 = {
    "CLF": "Unidad de Fomento",
    "UYW": "Unidad previsional",
}
_EXPONENT_2 = {
    "AED": "UAE dirham",
    "AFN": "Afghan afghani",
    "ALL": "Albanian lek",
    "AMD": "Armenian dram",
    "ANG": "Netherlands Antillean guilder",
    "AOA": "Angolan kwanza",
    "ARS": "Argentine peso",
    "AUD": "Australian dollar",
    "AWG": "Aruban florin",
    "AZN": "Azerbaijani manat",
    "BAM": "Bosnia and Herzegovina convertible mark",
    "BBD": "Barbados dollar",
    "BDT": "Bangladeshi taka",
    "BGN": "Bulgarian lev",
    "BMD": "Bermudian dollar",
    "BND": "Brunei dollar",
    "BOB": "Boliviano",
    "BRL": "Brazilian real",
    "BSD": "Bahamian dollar",
    "BTN": "Bhutanese ngultrum",
    "BWP": "Botswana pula",
    "BYN": "Belarusian ruble",
    "BZD": "Belize dollar",
    "CAD": "Canadian dollar",
    "CDF": "Congolese franc",
    "CHF": "Swiss franc",
    "CNY": "Renminbi",
    "COP": "Colombian peso",
    "CRC": "Costa Rican colón",
    "CUP": "Cuban peso",
    "CVE": "Cape Verdean escudo",
    "CZK": "Czech koruna",
    "DKK": "Danish krone",
    "DOP": "Dominican peso",
    "DZD": "Algerian dinar",
    "EGP": "Egyptian pound",
    "ERN": "Eritrean nakfa",
    "ETB": "Ethiopian birr",
    "EUR": "Euro",
    "FJD": "Fiji dollar",
    "FKP": "Falkland Islands pound",
    "GBP": "Pound sterling",
    "GEL": "Georgian lari",
    "GHS": "Ghanaian cedi",
    "GIP": "Gibraltar pound",
    "GMD": "Gambian dalasi",
    "GTQ": "Guatemalan quetzal",
    "GYD": "Guyanese dollar",
    "HKD": "Hong Kong dollar",
    "HNL": "Honduran lempira",
    "HTG": "Haitian gourde",
    "HUF": "Hungarian forint",
    "IDR": "Indonesian rupiah",
    "ILS": "Israeli new shekel",
    "INR": "Indian rupee",
    "IRR": "Iranian rial",
    "JMD": "Jamaican dollar",
    "KES": "Kenyan shilling",
    "KGS": "Kyrgyzstani som",
    "KHR": "Cambodian riel",
    "KPW": "North Korean won",
    "KYD": "Cayman Islands dollar",
    "KZT": "Kazakhstani tenge",
    "LAK": "Lao kip",
    "LBP": "Lebanese pound",
    "LKR": "Sri Lankan rupee",
    "LRD": "Liberian dollar",
    "LSL": "Lesotho loti",
    "MAD": "Moroccan dirham",
    "MDL": "Moldovan leu",
    "MGA": "Malagasy ariary",
    "MKD": "Macedonian denar",
    "MMK": "Myanmar kyat",
    "MNT": "Mongolian tögrög",
    "MOP": "Macanese pataca",
    "MRU": "Mauritanian ouguiya",
    "MUR": "Mauritian rupee",
    "MVR": "Maldivian rufiyaa",
    "MWK": "Malawian kwacha",
    "MXN": "Mexican peso",
    "MYR": "Malaysian ringgit",
    "MZN": "Mozambican metical",
    "NAD": "Namibian dollar",
    "NGN": "Nigerian naira",
    "NIO": "Nicaraguan córdoba",
    "NOK": "Norwegian krone",
    "NPR": "Nepalese rupee",
    "NZD": "New Zealand dollar",
    "PAB": "Panamanian balboa",
    "PEN": "Peruvian sol",
    "PGK": "Papua New Guinean kina",
    "PHP": "Philippine peso",
    "PKR": "Pakistani rupee",
    "PLN": "Polish złoty",
    "QAR": "Qatari riyal",
    "RON": "Romanian leu",
    "RSD": "Serbian dinar",
    "RUB": "Russian ruble",
    "SAR": "Saudi riyal",
    "SBD": "Solomon Islands dollar",
    "SCR": "Seychelles rupee",
    "SDG": "Sudanese pound",
    "SEK": "Swedish krona",
    "SGD": "Singapore dollar",
    "SHP": "Saint Helena pound",
    "SLE": "Sierra Leonean leone",
    "SOS": "Somali shilling",
    "SRD": "Surinamese dollar",
    "SSP": "South Sudanese pound",
    "STN": "São Tomé and Príncipe dobra",
    "SVC": "Salvadoran colón",
    "SYP": "Syrian pound",
    "SZL": "Swazi lilangeni",
    "THB": "Thai baht",
    "TJS": "Tajikistani somoni",
    "TMT": "Turkmenistan manat",
    "TOP": "Tongan paʻanga",
    "TRY": "Turkish lira",
    "TTD": "Trinidad and Tobago dollar",
    "TWD": "New Taiwan dollar",
    "TZS": "Tanzanian shilling",
    "UAH": "Ukrainian hryvnia",
    "USD": "United States dollar",
    "UYU": "Uruguayan peso",
    "UZS": "Uzbekistani sum",
    "VED": "Venezuelan digital bolívar",
    "VES": "Venezuelan sovereign bolívar",
    "WST": "Samoan tala",
    "XCD": "East Caribbean dollar",
    "YER": "Yemeni rial",
    "ZAR": "South African rand",
    "ZMW": "Zambian kwacha",
    "ZWG": "Zimbabwe Gold",
}

CURRENCIES: dict[str, Currency] = {
    code: Currency(code, exponent, name)
    for exponent, table in (
        (0, _EXPONENT_0),
        (2, _EXPONENT_2),
        (3, _EXPONENT_3),
        (4, _EXPONENT_4),
    )
    for code, name in table.items()
}
"""All known currencies by ISO 4217 code. Read-only by convention."""


def get_currency(code: str, *, field: str = "currency") -> Currency:
    """The currency with ISO 4217 ``code``; ``unknown_currency`` otherwise.

    Codes are matched exactly (upper case): ``"eur"`` is refused rather than guessed, so
    stored data never holds two spellings of one currency.
    """
    try:
        return CURRENCIES[code]
    except (KeyError, TypeError):
        raise MoneyError(
            field, "unknown_currency", f"Unknown currency code {code!r}."
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
            f"Cannot combine {a.code} with {b.code}; convert first.",
        )


def to_decimal_exact(value: object, *, field: str, code: str) -> Decimal:
    """``value`` as a finite Decimal; ints and Decimal-formatted strings are accepted.

    Floats (and bools, which are ints to Python) are refused: 0.05 as a float is
    not 0.05.
    """
    if isinstance(value, (bool, float)):
        raise MoneyError(
            field, code, f"{value!r} is not exact; give a Decimal, an int or a string."
        )
    try:
        if isinstance(value, (int, str)):
            value = Decimal(value)
    except ArithmeticError:
        raise MoneyError(field, code, f"{value!r} is not a number.") from None
    if not isinstance(value, Decimal) or not value.is_finite():
        raise MoneyError(field, code, f"{value!r} is not a finite decimal number.")
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
                "amount", "invalid_amount", "An amount in minor units is an integer."
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
                f"{value} has more than {cur.exponent} decimals for {cur.code}.",
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
