"""The ISO 4217 currencies: code, exponent (decimals of the minor unit), name.

Reference data for every layer that takes an amount — a match's stake (the score
book), a tournament's entry fee, the money side's exact arithmetic
(:mod:`money.settlement.currency` builds on it). Pure Python, no Django: the money
core imports it. Codes match exactly (upper case): ``"eur"`` is not EUR.
"""

from __future__ import annotations

from dataclasses import dataclass


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
