"""The terms of a settlement (book ``001_b57793035adc3f64.txt`` §1.2): the stakes, the
sides, the settlement and its odd-unit ledger, and the exact arithmetic and wording
every method shares (the methods are in stakes and chips)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from games.engine import UnknownGame, get_game
from games.engine.text import msg

from .currency import Currency, Money, as_currency, format_minor, to_decimal_exact
from .errors import MoneyError, check_invariant

Score = int | Decimal


class TeamMode(StrEnum):
    """How a team settles in the two-side method (and with a flat stake)."""

    PER_MEMBER = "per_member"
    """Each member pays/receives the full amount (default)."""
    SPLIT = "split"
    """The team's one amount is shared by its members; odd cents rotate."""


def _refuse_win_loss_game(game: str | None) -> None:
    """Refuse a per-point stake on a game that declares win/loss only (§1.2)."""
    if not game:
        return
    try:
        declared = get_game(game)
    except UnknownGame:
        return  # no declaration to read: nothing to refuse
    if not declared.stakes_per_point:
        name = declared.name
        raise MoneyError(
            "stake",
            "stake_on_win_loss_game",
            msg(
                "{name} is played for win/loss only (book §1.2): the margin "
                "makes no difference, so it cannot be played for a value per "
                "point. Use a flat stake per match won.",
                name=name,
            ),
        )


@dataclass(frozen=True)
class PointStake:
    """The agreed ``value`` of one point (or one chip) in major units of ``currency``.

    ``game`` (a slug) is optional; given a win/loss-only game, construction fails
    with ``stake_on_win_loss_game``. The value may be finer than the currency's minor
    unit (0.001 EUR a point for Canasta); amounts are then rounded as documented.
    """

    value: Decimal
    currency: Currency
    game: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "currency", as_currency(self.currency, field="stake.currency")
        )
        value = to_decimal_exact(
            self.value, field="stake.value", code="invalid_point_value"
        )
        if value <= 0:
            raise MoneyError(
                "stake.value",
                "non_positive_point_value",
                msg("The value of a point must be positive, not {value}.", value=value),
            )
        object.__setattr__(self, "value", value)
        _refuse_win_loss_game(self.game)

    def minor_per_point(self) -> Fraction:
        return Fraction(self.value) * self.currency.scale

    def describe(self) -> str:
        return f"{self.value} {self.currency.code}"


@dataclass(frozen=True)
class FlatStake:
    """A flat ``amount`` per match won; the only stake for win/loss-only games."""

    amount: Money
    game: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.amount, Money) or self.amount.minor <= 0:
            raise MoneyError(
                "stake.amount",
                "non_positive_flat_stake",
                msg("A flat stake is a positive amount of money."),
            )


@dataclass(frozen=True)
class Side:
    """A player or a team with one ``score``; ``name`` is for the explanation only."""

    members: tuple[str, ...]
    score: Score
    name: str = ""

    @property
    def label(self) -> str:
        return self.name or " & ".join(self.members)


@dataclass(frozen=True)
class OddUnitLedger:
    """Running ``rounded - exact`` per person over a session, in minor units.

    Positive: the person has so far been rounded in their favour. Used only to break
    ties between equal remainders, so it never moves money by more than the rounding
    itself would.
    """

    advantage: tuple[tuple[str, Fraction], ...] = ()

    def of(self, person: str) -> Fraction:
        return dict(self.advantage).get(person, Fraction(0))

    def record(
        self, exact: Mapping[str, Fraction], rounded: Mapping[str, int]
    ) -> OddUnitLedger:
        table = dict(self.advantage)
        for person, value in exact.items():
            table[person] = table.get(person, Fraction(0)) + rounded[person] - value
        return OddUnitLedger(tuple(sorted(table.items())))


@dataclass(frozen=True)
class Settlement:
    """Per-person ``nets`` in minor units (sum exactly zero) and the explanation.

    ``nets`` keeps the order the participants were given in. ``explanation`` is the
    trail for the settlement sheet: which scores, which average, which multiplication.
    ``ledger`` is the odd-unit ledger to pass to the next match of the session.
    """

    method: str
    currency: Currency
    nets: tuple[tuple[str, int], ...]
    explanation: tuple[str, ...]
    ledger: OddUnitLedger = field(default_factory=OddUnitLedger)

    def net(self, person: str) -> int:
        return dict(self.nets)[person]

    def as_dict(self) -> dict[str, int]:
        return dict(self.nets)

    def money(self, person: str) -> Money:
        return Money(self.net(person), self.currency)


def exact_score(score: object, path: str) -> Fraction:
    return Fraction(to_decimal_exact(score, field=path, code="invalid_score"))


def check_people(people: Sequence[object], path: str) -> None:
    seen: set[str] = set()
    for i, person in enumerate(people):
        if not isinstance(person, str) or not person:
            raise MoneyError(
                f"{path}.{i}",
                "invalid_person",
                msg("{person!r} is not a person id.", person=person),
            )
        if person in seen:
            raise MoneyError(
                f"{path}.{i}",
                "duplicate_person",
                msg("{person} appears more than once.", person=person),
            )
        seen.add(person)


def tie_keys(
    people: Sequence[str], ledger: OddUnitLedger
) -> list[tuple[Fraction, int]]:
    # Whoever the rounding has favoured least so far gets the next odd unit; the
    # position breaks a tie so the result stays deterministic.
    return [(ledger.of(p), i) for i, p in enumerate(people)]


def round_half_up(x: Fraction) -> int:
    return math.floor(x + Fraction(1, 2))


def terminates(x: Fraction) -> bool:
    den = x.denominator
    for p in (2, 5):
        while den % p == 0:
            den //= p
    return den == 1


def fmt_number(x: Fraction) -> str:
    """A score or average: exact decimal if it has one, else a mixed number."""
    if terminates(x):
        d = Decimal(x.numerator) / Decimal(x.denominator)
        return f"{d.normalize():f}" if x.denominator != 1 else str(x.numerator)
    whole, rest = divmod(abs(x.numerator), x.denominator)
    sign = "-" if x < 0 else ""
    return (
        f"{sign}{whole} {rest}/{x.denominator}"
        if whole
        else f"{sign}{rest}/{x.denominator}"
    )


def fmt_signed_minor(minor: int, currency: Currency) -> str:
    return ("+" if minor > 0 else "") + format_minor(minor, currency)


def fmt_exact_money(minor: Fraction, currency: Currency) -> str:
    """An exact amount in major units; non-terminating ones shown to 4 more places."""
    if minor.denominator == 1:
        return format_minor(minor.numerator, currency)
    major = minor / currency.scale
    if terminates(major):
        return f"{fmt_number(major)} {currency.code}"
    places = Decimal(1).scaleb(-(currency.exponent + 4))
    approx = (Decimal(major.numerator) / Decimal(major.denominator)).quantize(places)
    return f"≈ {approx} {currency.code}"


def settlement_checked(
    method: str,
    currency: Currency,
    people: Sequence[str],
    exact: Mapping[str, Fraction],
    rounded: Mapping[str, int],
    lines: list[str],
    ledger: OddUnitLedger,
) -> Settlement:
    check_invariant(sum(rounded.values()) == 0, "settlement does not sum to zero")
    for p in people:
        check_invariant(abs(rounded[p] - exact[p]) < 1, "net off by a unit or more")
    return Settlement(
        method=method,
        currency=currency,
        nets=tuple((p, rounded[p]) for p in people),
        explanation=tuple(lines),
        ledger=ledger.record(exact, rounded),
    )
