"""Splitting whole minor units without creating or losing any: the largest-remainder
method (Hamilton's method).

Terms
    *quota*: the exact (rational) share a party is entitled to, in minor units.
    *remainder*: the fractional part of a quota, ``quota - floor(quota)``.

Method
    Every party first gets ``floor(quota)``. The units still missing (the sum of
    the remainders, a whole number because the quotas add up to a whole total) go
    one each to the parties with the largest remainders. Parties with equal
    remainders are ordered by a *tie-break key* the caller supplies, smallest key
    first; by default their position in the input, so the result never depends on
    hashing or dict order.

Invariants (property-tested)
    * ``sum(result) == total`` exactly.
    * each share is ``floor(quota)`` or ``floor(quota) + 1``, hence
      ``|share - quota| < 1``.
    * deterministic: same input, same output.

Works for negative amounts too (a debt split over a team): ``floor`` goes toward minus
infinity, so "one more unit" means "one unit less to pay".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from games.engine.text import msg

from .errors import MoneyError, check_invariant

Weight = int | Decimal | Fraction


def round_to_total(
    quotas: Sequence[Fraction],
    total: int,
    *,
    tie_break: Sequence[Any] | None = None,
) -> tuple[int, ...]:
    """Round exact ``quotas`` to integers summing exactly to ``total``.

    ``quotas`` must already sum to ``total`` exactly (a caller bug otherwise).
    ``tie_break[i]`` orders parties with equal remainders, smallest first
    (default: ``i``).
    """
    n = len(quotas)
    check_invariant(sum(quotas, Fraction(0)) == total, "quotas must sum to the total")
    keys = list(range(n)) if tie_break is None else list(tie_break)
    check_invariant(len(keys) == n, "one tie-break key per quota")
    floors = [math.floor(q) for q in quotas]
    missing = total - sum(floors)
    # Sorting a (-remainder, key, index) triple: the index keeps the sort total even
    # when two callers' keys compare equal, so the result is still deterministic.
    order = sorted(range(n), key=lambda i: (-(quotas[i] - floors[i]), keys[i], i))
    shares = floors[:]
    for i in order[:missing]:
        shares[i] += 1
    check_invariant(sum(shares) == total, "largest remainder lost a unit")
    return tuple(shares)


def allocate(
    total: int,
    weights: Sequence[Weight],
    *,
    tie_break: Sequence[Any] | None = None,
    field: str = "weights",
) -> tuple[int, ...]:
    """Split ``total`` minor units in proportion to ``weights`` (largest remainder).

    Weights are non-negative ints/Decimals/Fractions with a positive sum; a zero weight
    gets exactly zero.
    """
    if isinstance(total, bool) or not isinstance(total, int):
        raise MoneyError(
            "total", "invalid_amount", msg("The total is whole minor units.")
        )
    if not weights:
        raise MoneyError(field, "no_weights", msg("Nothing to allocate to."))
    exact: list[Fraction] = []
    for i, w in enumerate(weights):
        if isinstance(w, (bool, float)) or not isinstance(w, (int, Decimal, Fraction)):
            raise MoneyError(
                f"{field}.{i}",
                "invalid_weight",
                msg("{weight!r} is not exact.", weight=w),
            )
        fw = Fraction(w)
        if fw < 0:
            raise MoneyError(
                f"{field}.{i}", "negative_weight", msg("Weights cannot be negative.")
            )
        exact.append(fw)
    weight_sum = sum(exact, Fraction(0))
    if weight_sum == 0:
        raise MoneyError(
            field, "zero_weights", msg("At least one weight must be positive.")
        )
    quotas = [total * w / weight_sum for w in exact]
    return round_to_total(quotas, total, tie_break=tie_break)


def allocate_equally(
    total: int, parties: int, *, tie_break: Sequence[Any] | None = None
) -> tuple[int, ...]:
    """Split ``total`` into ``parties`` shares differing by at most one unit.

    The extra units go to the parties with the smallest tie-break keys (default: the
    first ones); rotate the keys to spread them fairly over time.
    """
    if isinstance(parties, bool) or not isinstance(parties, int) or parties < 1:
        raise MoneyError("parties", "no_weights", msg("Nothing to allocate to."))
    return allocate(total, [1] * parties, tie_break=tie_break)
