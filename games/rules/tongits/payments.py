"""Tong-Its: who wins a hand on deadwood, what the losers pay (l.404–412), the
ante and the pot (l.416–417), and the chips as points."""

from __future__ import annotations

from games.engine.chips import (
    TABLE,
    ChipLedger,
    Payments,
    award,
    each_pays,
)
from games.rules.tongits.inputs import (
    ACE_PAYS,
    FOUR_PAYS,
    NOT_OPENED_PAYS,
    WIN_PAYS,
)


def winner_of(
    how: str,
    deadwood: tuple[int, ...] | None,
    *,
    caller: int | None,
    challengers: tuple[int, ...],
    last_drawer: int | None,
    opened: tuple[bool, ...],
) -> int | None:
    """The seat whose deadwood wins (l.394, l.400), or ``None`` for a tongit or an
    unchallenged draw, or when no deadwood was entered."""
    if deadwood is None or how in ("tongit", "draw"):
        return None
    n = len(deadwood)
    if how == "challenged":
        assert caller is not None
        compared = (caller, *challengers)
        # A tie goes to a challenger; between challengers, to the one nearest the
        # caller's left: so rank the caller last and the others in seat order from it.
        order = [(caller + k) % n for k in range(1, n)] + [caller]
    else:
        assert last_drawer is not None
        compared = tuple(s for s in range(n) if opened[s]) or tuple(range(n))
        order = [last_drawer] + [(last_drawer + k) % n for k in range(1, n)]
    low = min(deadwood[s] for s in compared)
    return next(s for s in order if s in compared and deadwood[s] == low)


def hand_payments(
    *,
    players: int,
    how: str,
    winner: int,
    opened: tuple[bool, ...],
    fours: int,
    aces: int,
) -> Payments:
    """l.404–412: what each loser pays the winner."""
    transfers = Payments(players)
    for loser in range(players):
        if loser == winner:
            continue
        chips = WIN_PAYS[how] + FOUR_PAYS * fours + ACE_PAYS * aces
        chips += 0 if opened[loser] else NOT_OPENED_PAYS
        transfers += each_pays(players, winner, chips, payers=[loser], reason=how)
    return transfers


def deal_step(
    ledger: ChipLedger,
    *,
    ante: int,
    winner: int,
    takes_pot: bool,
    payments: Payments,
) -> Payments:
    """The hand's chips: the antes to the pot, the winner's payouts, and the pot
    to the winner if they won the hand before too (l.416–417)."""
    n = ledger.players
    step = each_pays(n, TABLE, ante, payers=range(n), reason="ante") + payments
    if takes_pot:
        step += award(n, ledger.table + ante * n, [winner], reason="pot")
    return step


def worth_points(before: ChipLedger, after: ChipLedger) -> tuple[int, ...]:
    """Each player's change in chips held plus their share of the pot (everyone
    antes alike, so the pot is theirs in equal parts): sums to zero."""
    n = before.players
    return tuple(
        (after.balances[p] + after.table // n)
        - (before.balances[p] + before.table // n)
        for p in range(n)
    )
