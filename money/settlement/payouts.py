"""Prize payouts: entry fees form a pool, the house takes its fee, places are paid,
tied entries share.

Terms
    *pool*: entry fee × number of entries.
    *house fee*: the organiser's cut, a percentage of the pool or a fixed amount,
    taken first.
    *prize fund*: pool − house fee.
    *place*: 1st, 2nd, ...; the structure gives each paid place a prize.
    *rank*: an entry's standing in competition ranking ("1224"): entries tied on rank
    ``r`` occupy places ``r .. r + t − 1``.

Invariants (tested)
    * ``pool == house_fee + sum(payouts) + undistributed``, to the minor unit.
    * Tied entries share the sum of the prizes of the places they occupy; their shares
      differ by at most one minor unit.

Choices (see ``docs/money.md``)
    * A percentage house fee is rounded *down* to the minor unit: a fraction of a cent
      stays with the players.
    * Percentage prizes are cut from the fund by largest remainder over the places
      (ties between equal remainders go to the better place), so the whole fund is
      paid out and nothing is left over.
    * Fixed prizes may add up to less than the fund; the rest is reported as an
      explicit ``undistributed`` line for the organiser to carry over or decide on --
      it is never silently dropped or added to a prize.
    * Among tied entries the odd cents go to the entries in the order the standings
      list them (the caller passes them in its tie-break order, else entry order).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from games.engine.text import msg

from .allocation import allocate, allocate_equally
from .currency import Currency, Money, format_minor, require_same_currency
from .currency import to_decimal_exact as _exact
from .errors import MoneyError, check_invariant


@dataclass(frozen=True)
class PercentHouseFee:
    """The house takes ``percent`` (0–100) of the pool."""

    percent: Decimal


@dataclass(frozen=True)
class FixedHouseFee:
    """The house takes a fixed ``amount`` (at most the pool)."""

    amount: Money


HouseFee = PercentHouseFee | FixedHouseFee


@dataclass(frozen=True)
class PercentageStructure:
    """Percentages of the prize fund by place (1st first); they sum to exactly 100."""

    percentages: tuple[Decimal, ...]


@dataclass(frozen=True)
class FixedStructure:
    """Fixed prizes by place; their sum must not exceed the prize fund."""

    amounts: tuple[Money, ...]


@dataclass(frozen=True)
class FieldSizeBracket:
    """Fields of ``min_entries`` to ``max_entries`` (None: no upper end) entries."""

    min_entries: int
    max_entries: int | None
    structure: PercentageStructure


@dataclass(frozen=True)
class FieldSizeTable:
    """Percentage structures by number of entries; brackets must not overlap."""

    brackets: tuple[FieldSizeBracket, ...]


PayoutStructure = PercentageStructure | FixedStructure | FieldSizeTable


@dataclass(frozen=True)
class Standing:
    """``entry`` finished at ``rank`` (competition ranking: 1, 2, 2, 4)."""

    entry: str
    rank: int


@dataclass(frozen=True)
class Payout:
    """What ``entry`` (at ``rank``, sharing ``places``) receives, in minor units."""

    entry: str
    rank: int
    places: tuple[int, ...]
    amount: int


@dataclass(frozen=True)
class PayoutSheet:
    """The whole prize distribution; all amounts in minor units of ``currency``."""

    currency: Currency
    pool: int
    house_fee: int
    prize_fund: int
    place_prizes: tuple[int, ...]
    payouts: tuple[Payout, ...]
    undistributed: int
    explanation: tuple[str, ...]

    def amount_for(self, entry: str) -> int:
        return next(p.amount for p in self.payouts if p.entry == entry)


def compute_payouts(
    *,
    standings: Sequence[Standing],
    entry_fee: Money,
    structure: PayoutStructure,
    house_fee: HouseFee | None = None,
) -> PayoutSheet:
    """Pay the places of ``standings`` from the pool (see module doc)."""
    if not isinstance(entry_fee, Money) or entry_fee.minor <= 0:
        raise MoneyError(
            "entry_fee",
            "non_positive_entry_fee",
            msg("The entry fee must be positive."),
        )
    cur = entry_fee.currency
    _check_standings(standings)
    entries = len(standings)
    pool = entry_fee.minor * entries
    fee, fee_line = _house_fee(house_fee, pool, cur)
    fund = pool - fee
    lines = [
        msg(
            "Pool: {entries} entries × {fee} = {pool}.",
            entries=entries,
            fee=str(entry_fee),
            pool=format_minor(pool, cur),
        ),
        fee_line,
        msg("Prize fund: {fund}.", fund=format_minor(fund, cur)),
    ]
    if isinstance(structure, FieldSizeTable):
        structure, bracket_line = _pick_bracket(structure, entries)
        lines.append(bracket_line)
    if isinstance(structure, PercentageStructure):
        percents = _check_percentages(structure.percentages, "structure.percentages")
        _check_places(len(percents), entries)
        # Largest remainder over the places: the fund is paid out whole, and an
        # equal remainder favours the better place.
        prizes = allocate(fund, percents)
        undistributed = 0
        for place, (pct, prize) in enumerate(zip(percents, prizes, strict=True), 1):
            lines.append(
                msg(
                    "Place {place}: {percent}% = {prize}.",
                    place=place,
                    percent=pct,
                    prize=format_minor(prize, cur),
                )
            )
    elif isinstance(structure, FixedStructure):
        prizes = _check_fixed(structure.amounts, cur, fund)
        _check_places(len(prizes), entries)
        undistributed = fund - sum(prizes)
        for place, prize in enumerate(prizes, 1):
            lines.append(
                msg(
                    "Place {place}: {prize}.",
                    place=place,
                    prize=format_minor(prize, cur),
                )
            )
    else:
        raise MoneyError(
            "structure", "invalid_structure", msg("Unknown payout structure.")
        )
    payouts, tie_lines = _share_ties(standings, prizes, cur)
    lines += tie_lines
    if undistributed:
        lines.append(
            msg(
                "Undistributed (fixed prizes below the fund): {amount}.",
                amount=format_minor(undistributed, cur),
            )
        )
    check_invariant(
        pool == fee + sum(p.amount for p in payouts) + undistributed,
        "payouts do not add up to the pool",
    )
    return PayoutSheet(
        currency=cur,
        pool=pool,
        house_fee=fee,
        prize_fund=fund,
        place_prizes=tuple(prizes),
        payouts=tuple(payouts),
        undistributed=undistributed,
        explanation=tuple(lines),
    )


def _check_standings(standings: Sequence[Standing]) -> None:
    seen: set[str] = set()
    for i, s in enumerate(standings):
        if not isinstance(s.entry, str) or not s.entry:
            raise MoneyError(
                f"standings.{i}.entry",
                "invalid_entry",
                msg("{entry!r} is no entry.", entry=s.entry),
            )
        if s.entry in seen:
            raise MoneyError(
                f"standings.{i}.entry",
                "duplicate_entry",
                msg("{entry} is listed twice.", entry=s.entry),
            )
        seen.add(s.entry)
        if isinstance(s.rank, bool) or not isinstance(s.rank, int) or s.rank < 1:
            raise MoneyError(
                f"standings.{i}.rank",
                "invalid_rank",
                msg("A rank is a whole number ≥ 1."),
            )
    ranks = sorted(s.rank for s in standings)
    for i, rank in enumerate(ranks):
        # Competition ranking: a new rank is 1 + the number of entries ahead of it.
        if (i == 0 or rank != ranks[i - 1]) and rank != i + 1:
            raise MoneyError(
                "standings",
                "invalid_ranks",
                msg(
                    "Rank {rank} cannot follow: with {i} entries placed ahead it "
                    "should be {value} (ranks go 1, 2, 2, 4).",
                    rank=rank,
                    i=i,
                    value=i + 1,
                ),
            )


def _house_fee(fee: HouseFee | None, pool: int, cur: Currency) -> tuple[int, str]:
    if fee is None:
        return 0, msg("No house fee.")
    if isinstance(fee, PercentHouseFee):
        pct = _exact(fee.percent, field="house_fee.percent", code="invalid_percentage")
        if not 0 <= pct <= 100:
            raise MoneyError(
                "house_fee.percent",
                "house_fee_percentage_range",
                msg("A house fee percentage is between 0 and 100, not {pct}.", pct=pct),
            )
        # Rounded down: a fraction of a cent stays with the players.
        amount = math.floor(pool * Fraction(pct) / 100)
        return amount, msg(
            "House fee {percent}%: {amount}.",
            percent=pct,
            amount=format_minor(amount, cur),
        )
    if isinstance(fee, FixedHouseFee):
        require_same_currency(fee.amount.currency, cur, field="house_fee.amount")
        if fee.amount.minor < 0:
            raise MoneyError(
                "house_fee.amount",
                "negative_house_fee",
                msg("A house fee is not negative."),
            )
        if fee.amount.minor > pool:
            raise MoneyError(
                "house_fee.amount",
                "house_fee_exceeds_pool",
                msg(
                    "The house fee {amount} exceeds the pool {pool}.",
                    amount=fee.amount,
                    pool=format_minor(pool, cur),
                ),
            )
        return fee.amount.minor, msg(
            "House fee (fixed): {amount}.", amount=str(fee.amount)
        )
    raise MoneyError(
        "house_fee", "invalid_house_fee", msg("Unknown kind of house fee.")
    )


def _check_percentages(values: Sequence[object], path: str) -> tuple[Decimal, ...]:
    if not values:
        raise MoneyError(path, "no_places", msg("At least one place must be paid."))
    percents = []
    for i, v in enumerate(values):
        pct = _exact(v, field=f"{path}.{i}", code="invalid_percentage")
        if pct <= 0:
            raise MoneyError(
                f"{path}.{i}",
                "non_positive_percentage",
                msg("Every paid place gets a positive percentage."),
            )
        percents.append(pct)
    total = sum(percents, Decimal(0))
    if total != 100:
        raise MoneyError(
            path,
            "payout_percentages_sum",
            msg(
                "Payout percentages must sum to exactly 100; they sum to {total}.",
                total=total,
            ),
        )
    return tuple(percents)


def _check_fixed(amounts: Sequence[Money], cur: Currency, fund: int) -> list[int]:
    if not amounts:
        raise MoneyError(
            "structure.amounts", "no_places", msg("At least one place must be paid.")
        )
    prizes = []
    for i, m in enumerate(amounts):
        require_same_currency(m.currency, cur, field=f"structure.amounts.{i}")
        if m.minor <= 0:
            raise MoneyError(
                f"structure.amounts.{i}",
                "non_positive_prize",
                msg("Every paid place gets a positive prize."),
            )
        prizes.append(m.minor)
    if sum(prizes) > fund:
        raise MoneyError(
            "structure.amounts",
            "fixed_prizes_exceed_pool",
            msg(
                "Fixed prizes total {total}, more than the prize fund {fund}.",
                total=format_minor(sum(prizes), cur),
                fund=format_minor(fund, cur),
            ),
        )
    return prizes


def _check_places(places: int, entries: int) -> None:
    if places > entries:
        raise MoneyError(
            "structure",
            "more_places_than_entries",
            msg(
                "{places} paid places but only {entries} entries.",
                places=places,
                entries=entries,
            ),
        )


def _pick_bracket(
    table: FieldSizeTable, entries: int
) -> tuple[PercentageStructure, str]:
    spans = []
    for i, b in enumerate(table.brackets):
        path = f"structure.brackets.{i}"
        low, high = b.min_entries, b.max_entries
        if not isinstance(low, int) or low < 1 or (high is not None and high < low):
            raise MoneyError(
                path,
                "invalid_field_size_range",
                msg("{low}–{high} is not a range.", low=low, high=high),
            )
        _check_percentages(b.structure.percentages, f"{path}.structure.percentages")
        spans.append((low, math.inf if high is None else high, i))
    spans.sort()
    for (_, high, _), (low, _, j) in itertools.pairwise(spans):
        if low <= high:
            raise MoneyError(
                f"structure.brackets.{j}",
                "field_size_overlap",
                msg("Field-size brackets overlap."),
            )
    for low, high, i in spans:
        if low <= entries <= high:
            b = table.brackets[i]
            if b.max_entries is None:
                line = msg(
                    "Field of {entries}: structure for {low} entries.",
                    entries=entries,
                    low=b.min_entries,
                )
            else:
                line = msg(
                    "Field of {entries}: structure for {low}–{high} entries.",
                    entries=entries,
                    low=b.min_entries,
                    high=b.max_entries,
                )
            return b.structure, line
    raise MoneyError(
        "structure",
        "no_structure_for_field_size",
        msg(
            "No payout structure covers a field of {entries} entries.", entries=entries
        ),
    )


def _share_ties(
    standings: Sequence[Standing], prizes: Sequence[int], cur: Currency
) -> tuple[list[Payout], list[str]]:
    by_rank: dict[int, list[Standing]] = {}
    for s in standings:  # keeps the caller's order within a rank
        by_rank.setdefault(s.rank, []).append(s)
    payouts: list[Payout] = []
    lines: list[str] = []
    for rank in sorted(by_rank):
        tied = by_rank[rank]
        places = tuple(range(rank, rank + len(tied)))
        prize_sum = sum(prizes[p - 1] for p in places if p <= len(prizes))
        shares = allocate_equally(prize_sum, len(tied))
        for s, share in zip(tied, shares, strict=True):
            payouts.append(Payout(s.entry, rank, places, share))
        if len(tied) > 1 and prize_sum:
            names = ", ".join(s.entry for s in tied)
            paid = [
                format_minor(prizes[p - 1], cur) for p in places if p <= len(prizes)
            ]
            lines.append(
                msg(
                    "Tied at rank {rank}: {names} share places {first}–{last} "
                    "({paid} = {total}): {shares}.",
                    rank=rank,
                    names=names,
                    first=places[0],
                    last=places[-1],
                    paid=" + ".join(paid),
                    total=format_minor(prize_sum, cur),
                    shares=", ".join(
                        f"{s.entry} {format_minor(a, cur)}"
                        for s, a in zip(tied, shares, strict=True)
                    ),
                )
            )
    return payouts, lines
