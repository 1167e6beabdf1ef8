"""Chip games for money (book §1.2): poker chips are money (Mah Jong, Sinkki,
Tong-Its); payments go player to player per deal and are settled at the chip value.

Split from :mod:`.stakes` (its terms and invariants hold here: nets sum to zero in
whole minor units, each within one unit of its exact value, odd units spread by the
:class:`~.stakes.OddUnitLedger`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.engine.text import msg

from .allocation import round_to_total
from .errors import MoneyError
from .terms import (
    OddUnitLedger,
    PointStake,
    Settlement,
    check_people,
    fmt_exact_money,
    fmt_signed_minor,
    settlement_checked,
    tie_keys,
)

# --- chip games --------------------------------------------------------------------


@dataclass(frozen=True)
class ChipPayment:
    """In one deal, ``payer`` gives ``payee`` ``chips`` chips (positive)."""

    payer: str
    payee: str
    chips: int


def settle_chip_payments(
    deals: Sequence[Sequence[ChipPayment]],
    chip_value: PointStake,
    *,
    players: Sequence[str] = (),
    ledger: OddUnitLedger | None = None,
) -> Settlement:
    """Chip games: sum each player's chips won and lost over the deals, times the
    chip value. ``players`` fixes the order (and includes those who never paid)."""
    order = list(players)
    check_people(order, "players")
    nets: dict[str, int] = dict.fromkeys(order, 0)
    for d, deal in enumerate(deals):
        for k, pay in enumerate(deal):
            path = f"deals.{d}.{k}"
            for role in ("payer", "payee"):
                person = getattr(pay, role)
                if not isinstance(person, str) or not person:
                    raise MoneyError(
                        f"{path}.{role}",
                        "invalid_person",
                        msg("{person!r} is no one.", person=person),
                    )
            if pay.payer == pay.payee:
                raise MoneyError(
                    f"{path}.payee",
                    "self_payment",
                    msg("A player cannot pay themselves."),
                )
            if isinstance(pay.chips, bool) or not isinstance(pay.chips, int):
                raise MoneyError(
                    f"{path}.chips", "invalid_chips", msg("Chips are whole.")
                )
            if pay.chips <= 0:
                raise MoneyError(
                    f"{path}.chips",
                    "non_positive_chips",
                    msg("Chips paid are positive."),
                )
            nets[pay.payer] = nets.get(pay.payer, 0) - pay.chips
            nets[pay.payee] = nets.get(pay.payee, 0) + pay.chips
    return _settle_chip_totals(nets, len(deals), chip_value, ledger)


def settle_chip_nets(
    deals: Sequence[Mapping[str, int]],
    chip_value: PointStake,
    *,
    players: Sequence[str] = (),
    ledger: OddUnitLedger | None = None,
) -> Settlement:
    """Chip games entered as each deal's net chips per player (each deal sums to 0)."""
    order = list(players)
    check_people(order, "players")
    nets: dict[str, int] = dict.fromkeys(order, 0)
    for d, deal in enumerate(deals):
        for person, chips in deal.items():
            if not isinstance(person, str) or not person:
                raise MoneyError(
                    f"deals.{d}",
                    "invalid_person",
                    msg("{person!r} is no one.", person=person),
                )
            if isinstance(chips, bool) or not isinstance(chips, int):
                raise MoneyError(
                    f"deals.{d}.{person}", "invalid_chips", msg("Chips are whole.")
                )
            nets[person] = nets.get(person, 0) + chips
        if sum(deal.values()) != 0:
            raise MoneyError(
                f"deals.{d}",
                "deal_not_balanced",
                msg(
                    "Chips won and lost in deal {deal} must cancel out; they "
                    "sum to {total}.",
                    deal=d + 1,
                    total=sum(deal.values()),
                ),
            )
    return _settle_chip_totals(nets, len(deals), chip_value, ledger)


def _settle_chip_totals(
    chips: dict[str, int],
    deal_count: int,
    chip_value: PointStake,
    ledger: OddUnitLedger | None,
) -> Settlement:
    ledger = ledger or OddUnitLedger()
    people = list(chips)
    cur = chip_value.currency
    per_chip = chip_value.minor_per_point()
    exact = {p: chips[p] * per_chip for p in people}
    shares = round_to_total(
        [exact[p] for p in people], 0, tie_break=tie_keys(people, ledger)
    )
    rounded = dict(zip(people, shares, strict=True))
    lines = [
        msg(
            "Value of a chip: {value}; {count} deal(s), chips paid player to player.",
            value=chip_value.describe(),
            count=deal_count,
        ),
    ]
    for p in people:
        said = {
            "player": p,
            "chips": f"{chips[p]:+d}",
            "value": chip_value.describe(),
            "amount": fmt_signed_minor(rounded[p], cur),
            "exact": fmt_exact_money(exact[p], cur),
        }
        lines.append(
            msg(
                "{player}: {chips} chips × {value} = {amount} (exactly {exact}).",
                **said,
            )
            if rounded[p] != exact[p]
            else msg("{player}: {chips} chips × {value} = {amount}.", **said)
        )
    return settlement_checked("chips", cur, people, exact, rounded, lines, ledger)


# --- flat stake --------------------------------------------------------------------
