"""Tricks per side and contracts: the counting every trick game shares.

See :mod:`games.engine.tricks` for the terms and invariants.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.errors import RuleError
from games.engine.inputs import ROLE
from games.engine.text import msg

PARTNERS = (0, 1, 0, 1)
"""The side of each seat when partners sit opposite (Tuppi, Skruuvi, the pussis)."""

BOOK_TRICKS = 6
"""A level-*n* contract promises *n* + 6 tricks (Skruuvi §15.5, Vint §18, bridge)."""

# Seat roles are declared where every deal input declares its roles
# (games.engine.inputs); re-exported here for the trick games that import them.
SEAT_ROLE = ROLE


# -- tricks -----------------------------------------------------------------------


def deal_tricks(deck_size: int, players: int) -> int:
    """The tricks of a deal where the whole deck is dealt: 52 ÷ 4 = 13, 36 ÷ 4 = 9."""
    if players < 1 or deck_size % players:
        raise ValueError(f"{deck_size} cards do not deal evenly to {players} players")
    return deck_size // players


def tricks_error(total: int, tricks: int = 13, path: str = "tricks") -> RuleError:
    """The one error for tricks that do not add up to the deal's ``tricks``."""
    return RuleError(
        path,
        f"tricks_not_{tricks}",
        msg("tricks add up to {total}, not {tricks}", total=total, tricks=tricks),
    )


def check_tricks_add_up(
    counts: Sequence[int],
    errors: list[RuleError],
    *,
    tricks: int = 13,
    path: str = "tricks",
) -> bool:
    """Whether ``counts`` add up to the deal's ``tricks``; if not, say so once."""
    total = sum(counts)
    if total == tricks:
        return True
    errors.append(tricks_error(total, tricks, path))
    return False


def tricks_per_side(
    entry: Sequence[int],
    errors: list[RuleError],
    *,
    sides: Sequence[int] = PARTNERS,
    path: str = "tricks",
) -> tuple[int, ...] | None:
    """Tricks per side from an entry per side or per seat (``sides[seat]`` is the
    seat's side); ``None`` (with a ``bad_tricks_length`` error) for any other length.
    Whether they add up is :func:`side_tricks`'s business."""
    side_count = max(sides) + 1
    if len(entry) == side_count:
        return tuple(entry)
    if len(entry) == len(sides):
        per_side = [0] * side_count
        for seat, won in enumerate(entry):
            per_side[sides[seat]] += won
        return tuple(per_side)
    errors.append(
        RuleError(
            path,
            "bad_tricks_length",
            msg(
                "enter tricks per side ({per_side} numbers) or per seat "
                "({per_seat} numbers)",
                per_side=side_count,
                per_seat=len(sides),
            ),
        )
    )
    return None


def side_tricks(
    entry: Sequence[int],
    errors: list[RuleError],
    *,
    sides: Sequence[int] = PARTNERS,
    tricks: int = 13,
    path: str = "tricks",
) -> tuple[int, ...] | None:
    """Tricks per side that add up to the deal's ``tricks``, or ``None`` (with the
    error) if the entry has the wrong length or does not add up.

    This is every trick game's check of a deal's tricks, and a hot one (Tuppi
    scores 100,000+ deals a second): partners' 2 or 4 numbers are read inline, and
    the sum is checked here rather than through :func:`check_tricks_add_up`; both
    report with :func:`tricks_error`."""
    if sides is PARTNERS and len(entry) == 2:
        per_side = (entry[0], entry[1])
    elif sides is PARTNERS and len(entry) == 4:
        per_side = (entry[0] + entry[2], entry[1] + entry[3])
    else:
        per_side = tricks_per_side(entry, errors, sides=sides, path=path)
        if per_side is None:
            return None
    total = sum(per_side)
    if total != tricks:
        errors.append(tricks_error(total, tricks, path))
        return None
    return per_side


# -- contracts --------------------------------------------------------------------

BRIDGE_STRAINS = ("clubs", "diamonds", "hearts", "spades", "no_trump")
"""Strains lowest first, as bridge and Bridge Meets Guess Who (§10) rank them."""


def doubling_multiplier(doubling: int) -> int:
    """1, 2 or 4: a double (knock) doubles the score, a redouble (kontra) makes it
    four times."""
    return 1 << doubling


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract: ``level`` (number part), ``strain`` and ``doubling`` (0 none,
    1 doubled / knocked, 2 redoubled / kontra-knocked)."""

    level: int
    strain: str
    doubling: int = 0
    book: int = BOOK_TRICKS

    @property
    def promised(self) -> int:
        """The tricks (in misere: avoided tricks) the declarers promised."""
        return self.level + self.book

    @property
    def multiplier(self) -> int:
        return doubling_multiplier(self.doubling)

    def made(self, achieved: int) -> bool:
        return achieved >= self.promised

    def missing(self, achieved: int) -> int:
        """Tricks short of the promise (0 when made)."""
        return max(self.promised - achieved, 0)

    def overtricks(self, achieved: int) -> int:
        return max(achieved - self.promised, 0)


def outranks(a: Contract, b: Contract, strains: Sequence[str] = BRIDGE_STRAINS) -> bool:
    """Whether bid ``a`` is higher than ``b``: by level, then by strain order."""
    return (a.level, strains.index(a.strain)) > (b.level, strains.index(b.strain))


@dataclass(frozen=True, slots=True)
class ContractTable:
    """A contract's points by key (a level, or ``(level, strain)``), in columns
    that start at a deal number: ``((1, early), (6, late))`` reads ``early`` for
    deals 1–5 and ``late`` from deal 6 on (Minibridge §11.5)."""

    columns: tuple[tuple[int, Mapping[Any, int]], ...]

    def __post_init__(self) -> None:
        starts = [start for start, _ in self.columns]
        if not starts or starts[0] != 1 or starts != sorted(set(starts)):
            raise ValueError("columns start at deal 1, in increasing order")

    def column(self, deal_number: int = 1) -> Mapping[Any, int]:
        chosen = self.columns[0][1]
        for start, table in self.columns:
            if deal_number < start:
                break
            chosen = table
        return chosen

    def value(self, key: Any, deal_number: int = 1) -> int:
        return self.column(deal_number)[key]

    def __contains__(self, key: Any) -> bool:
        return key in self.columns[0][1]
