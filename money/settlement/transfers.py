"""Fewest transfers: settle net balances with as few payments as possible.

Terms
    *balance*: a person's net position in minor units; positive = is owed money
    (creditor), negative = owes money (debtor). Balances sum to zero.
    *transfer*: one payment ``payer -> payee`` of a positive ``amount``.
    *zero-sum group*: a set of people whose balances sum to zero; it can be settled on
    its own.

Why the count is ``n - groups``
    With ``n`` nonzero balances, any set of transfers splits the people into
    connected components, each zero-sum, and a component of ``k`` people needs at
    least ``k - 1`` transfers (it is connected). So the fewest transfers is
    ``n - g`` where ``g`` is the largest number of disjoint zero-sum groups the
    people can be partitioned into, and inside a group that has no smaller zero-sum
    part the greedy "largest debtor pays largest creditor" needs exactly ``k - 1``
    (each payment clears at least one person and the last clears two).

Exact solver (up to :data:`EXACT_LIMIT` nonzero balances, proven minimal)
    First, a debtor and a creditor with exactly opposite balances are paired off:
    some optimal partition always has them as a group of two (swap them out of
    their groups; what is left of the two groups is still zero-sum), so this never
    costs optimality and shrinks the search. The rest is a dynamic programme over
    subsets, run on *bitsets*: the set of all ``2**n`` subsets is one Python
    integer with one bit per subset, so one big-integer AND/OR/shift handles a
    million subsets in C at once.

    * ``Z``: bit ``m`` set iff subset ``m`` is nonempty and zero-sum (built from two
      half-tables of subset sums, meet-in-the-middle, as bytes).
    * ``F[1] = Z``; ``F[k+1] = Z & proper_superset_closure(F[k])``: the zero-sum subsets
      that strictly contain a subset splittable into ``k`` zero-sum groups, i.e. those
      splittable into ``k + 1``. The closure is the OR-zeta transform, one
      ``C |= (C & no_bit_j) << 2**j`` per person.
    * ``g`` is the largest ``k`` with the full set in ``F[k]``; the groups are recovered
      by walking back down the chain, each time taking the numerically lowest qualifying
      subset (deterministic).

    Cost: ``O(2**n * n)`` bit operations per level, at most ``n / 2`` levels, but each
    operation is a machine-word loop in C; see ``docs/performance.md``.

Greedy fallback (more nonzero balances): after the same opposite-pair step, largest
debtor pays largest creditor (ties by name). Never more than ``n - 1`` transfers; not
proven minimal.

Determinism
    Output depends only on the balances, not on mapping order: people are sorted by name
    before any search, and transfers are listed by payer, then payee.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from dataclasses import dataclass

from games.engine.text import msg

from .errors import MoneyError, check_invariant

EXACT_LIMIT = 20
"""Largest number of nonzero balances (after pairing opposites) solved exactly."""


@dataclass(frozen=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount`` minor units (always positive)."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class TransferPlan:
    """Transfers that settle every balance exactly.

    ``groups`` is the number of independent zero-sum groups the plan settles (each of
    ``k`` people with ``k - 1`` transfers), ``proven_minimal`` whether the exact solver
    proved no plan has fewer transfers.
    """

    transfers: tuple[Transfer, ...]
    groups: tuple[tuple[str, ...], ...]
    proven_minimal: bool
    method: str  # "exact" or "greedy"

    @property
    def count(self) -> int:
        return len(self.transfers)


def plan_transfers(
    balances: Mapping[str, int], *, exact_limit: int = EXACT_LIMIT
) -> TransferPlan:
    """The fewest transfers settling ``balances`` (exact up to ``exact_limit``)."""
    _validate(balances)
    nonzero = sorted((p, b) for p, b in balances.items() if b != 0)
    groups, rest = _pair_opposites(nonzero)
    if len(rest) <= exact_limit:
        groups += _exact_groups(rest)
        method, proven = "exact", True
    else:
        groups.append(rest)
        method, proven = "greedy", False
    transfers: list[Transfer] = []
    for group in groups:
        transfers += _settle_greedily(group)
    transfers.sort(key=lambda t: (t.payer, t.payee, t.amount))
    _check_settles(balances, transfers)
    return TransferPlan(
        transfers=tuple(transfers),
        groups=tuple(sorted(tuple(sorted(p for p, _ in g)) for g in groups)),
        proven_minimal=proven,
        method=method,
    )


def plan_transfers_greedy(balances: Mapping[str, int]) -> TransferPlan:
    """Largest debtor pays largest creditor, whatever the size (never proven minimal).

    Exposed for comparison (bench, tests); :func:`plan_transfers` is what to call.
    """
    return plan_transfers(balances, exact_limit=-1)


def _validate(balances: Mapping[str, int]) -> None:
    for person, amount in balances.items():
        if not isinstance(person, str) or not person:
            raise MoneyError(
                "balances",
                "invalid_person",
                msg("{person!r} is not a person id.", person=person),
            )
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise MoneyError(
                f"balances.{person}",
                "invalid_amount",
                msg("A balance is a whole number of minor units."),
            )
    total = sum(balances.values())
    if total != 0:
        raise MoneyError(
            "balances",
            "balances_not_zero_sum",
            msg(
                "Balances must sum to zero; they sum to {total} minor units.",
                total=total,
            ),
        )


Entry = tuple[str, int]


def _pair_opposites(entries: list[Entry]) -> tuple[list[list[Entry]], list[Entry]]:
    """Pair each debtor with a creditor of exactly the opposite balance (by name)."""
    creditors: dict[int, list[Entry]] = {}
    for entry in entries:
        if entry[1] > 0:
            creditors.setdefault(entry[1], []).append(entry)
    pairs: list[list[Entry]] = []
    paired: set[str] = set()
    for entry in entries:
        if entry[1] < 0 and creditors.get(-entry[1]):
            partner = creditors[-entry[1]].pop(0)
            pairs.append([entry, partner])
            paired.update((entry[0], partner[0]))
    rest = [e for e in entries if e[0] not in paired]
    return pairs, rest


@functools.lru_cache(maxsize=64)
def _without_bit(n: int, j: int) -> int:
    """Bitset over the ``2**n`` subsets: bit ``m`` set iff subset ``m`` lacks j."""
    if j < 3:
        byte = (0x55, 0x33, 0x0F)[j]
        return int.from_bytes(bytes([byte]) * max(1, (1 << n) // 8), "little") & (
            (1 << (1 << n)) - 1
        )
    half = 1 << (j - 3)  # bytes of the 2**j-bit run
    pattern = b"\xff" * half + b"\x00" * half
    return int.from_bytes(pattern * ((1 << n) // (1 << (j + 1))), "little")


def _subset_sums(amounts: list[int]) -> list[int]:
    sums = [0]
    for a in amounts:
        sums += [s + a for s in sums]
    return sums


def _zero_sum_bitset(amounts: list[int]) -> int:
    """Bit ``m`` set iff subset ``m`` of ``amounts`` is nonempty and sums to zero."""
    n = len(amounts)
    if n < 6:
        sums = _subset_sums(amounts)
        bits = sum(1 << m for m, s in enumerate(sums) if s == 0)
        return bits & ~1
    # Meet in the middle: subset m = low | high << lo. For each high half, the bits of
    # the 2**lo low subsets completing it to zero form one 2**lo-bit block; blocks are
    # concatenated as bytes (lo >= 3, so a block is whole bytes).
    lo = n // 2
    low_sums = _subset_sums(amounts[:lo])
    high_sums = _subset_sums(amounts[lo:])
    width = 1 << lo
    by_sum: dict[int, int] = {}
    for m, s in enumerate(low_sums):
        by_sum[s] = by_sum.get(s, 0) | (1 << m)
    block_bytes = width // 8
    blocks = {s: b.to_bytes(block_bytes, "little") for s, b in by_sum.items()}
    empty = bytes(block_bytes)
    data = b"".join(blocks.get(-s, empty) for s in high_sums)
    return int.from_bytes(data, "little") & ~1


def _exact_groups(entries: list[Entry]) -> list[list[Entry]]:
    """Partition ``entries`` (sum zero) into the most zero-sum groups (module doc)."""
    n = len(entries)
    if n == 0:
        return []
    full = (1 << n) - 1
    zero = _zero_sum_bitset([b for _, b in entries])
    masks = [_without_bit(n, j) for j in range(n)]
    levels = [zero]  # levels[k - 1] = F[k]
    while True:
        closure = levels[-1]
        for j in range(n):
            closure |= (closure & masks[j]) << (1 << j)
        proper = 0
        for j in range(n):
            proper |= (closure & masks[j]) << (1 << j)
        nxt = zero & proper
        if not (nxt >> full) & 1:
            break
        levels.append(nxt)
    # Walk the chain down: full = Y_g ⊋ Y_{g-1} ⊋ ... ⊋ Y_1, all in their levels.
    chain = [full]
    for level in reversed(levels[:-1]):
        outer = chain[-1]
        inside = level & ~(1 << outer)
        for j in range(n):
            if not (outer >> j) & 1:
                inside &= masks[j]
        check_invariant(inside != 0, "subset chain broken")
        chain.append((inside & -inside).bit_length() - 1)
    chain.append(0)
    groups = []
    for bigger, smaller in itertools.pairwise(chain):
        part = bigger & ~smaller
        groups.append([entries[j] for j in range(n) if (part >> j) & 1])
    check_invariant(len(groups) == len(levels), "group count mismatch")
    return groups


def _settle_greedily(group: list[Entry]) -> list[Transfer]:
    """Largest debtor pays largest creditor until the (zero-sum) group is settled."""
    left = dict(group)
    transfers = []
    while True:
        debtors = [(b, p) for p, b in left.items() if b < 0]
        if not debtors:
            break
        owed, debtor = min(debtors)  # most negative; ties by name
        due, creditor = min((-b, p) for p, b in left.items() if b > 0)
        amount = min(-owed, -due)
        transfers.append(Transfer(debtor, creditor, amount))
        left[debtor] += amount
        left[creditor] -= amount
        left = {p: b for p, b in left.items() if b != 0}
    return transfers


def _check_settles(balances: Mapping[str, int], transfers: list[Transfer]) -> None:
    left = dict(balances)
    for t in transfers:
        check_invariant(t.amount > 0 and t.payer != t.payee, "bad transfer")
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    check_invariant(all(v == 0 for v in left.values()), "transfers do not settle")
