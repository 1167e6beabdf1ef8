"""Kirjuri's money core: exact settlement arithmetic, no Django, no database.

Amounts are ``int`` minor units of one :class:`Currency`; rational intermediate values
are :class:`fractions.Fraction`; no float ever touches money. Every invalid input
raises :class:`MoneyError` (``field``, ``code``, ``message``); a broken internal
invariant raises :class:`MoneyInvariantError` (a bug, never a user error).

Modules
    :mod:`.currency`    ISO 4217 table, :class:`Money`.
    :mod:`.allocation`  largest-remainder splitting.
    :mod:`.stakes`      book §1.2: two sides, average method, chips, flat stakes.
    :mod:`.transfers`   fewest transfers settling net balances.
    :mod:`.payouts`     prize pools, house fee, ties sharing.

See ``docs/money.md`` for the rules with worked examples.
"""

from .allocation import allocate, allocate_equally, round_to_total
from .chips import ChipPayment, settle_chip_nets, settle_chip_payments
from .currency import CURRENCIES, Currency, Money, get_currency
from .errors import MoneyError, MoneyInvariantError
from .payouts import (
    FieldSizeBracket,
    FieldSizeTable,
    FixedHouseFee,
    FixedStructure,
    Payout,
    PayoutSheet,
    PercentageStructure,
    PercentHouseFee,
    Standing,
    compute_payouts,
)
from .stakes import (
    settle_average,
    settle_flat,
    settle_scores,
    settle_two_sides,
)
from .terms import (
    FlatStake,
    OddUnitLedger,
    PointStake,
    Settlement,
    Side,
    TeamMode,
)
from .transfers import (
    EXACT_LIMIT,
    Transfer,
    TransferPlan,
    plan_transfers,
    plan_transfers_greedy,
)

__all__ = [
    "CURRENCIES",
    "EXACT_LIMIT",
    "ChipPayment",
    "Currency",
    "FieldSizeBracket",
    "FieldSizeTable",
    "FixedHouseFee",
    "FixedStructure",
    "FlatStake",
    "Money",
    "MoneyError",
    "MoneyInvariantError",
    "OddUnitLedger",
    "Payout",
    "PayoutSheet",
    "PercentHouseFee",
    "PercentageStructure",
    "PointStake",
    "Settlement",
    "Side",
    "Standing",
    "TeamMode",
    "Transfer",
    "TransferPlan",
    "allocate",
    "allocate_equally",
    "compute_payouts",
    "get_currency",
    "plan_transfers",
    "plan_transfers_greedy",
    "round_to_total",
    "settle_average",
    "settle_chip_nets",
    "settle_chip_payments",
    "settle_flat",
    "settle_scores",
    "settle_two_sides",
]
