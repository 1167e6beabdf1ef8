"""What chip games share: per-deal payments, pots, carries, loans and IOUs.

Bridge Meets Guess Who (book §10), Sinkki (§43), Tuomas's Mah Jong (§42), Indian and
Strip Poker (§25–26) and Tong-Its (web pages) keep score in poker chips. This module
is the machinery they share; a chip game's scoring function says *who pays whom how
much* with the builders below, and the :class:`ChipLedger` keeps the chips.

Terms:

* **player** — a seat index ``0 … players-1``. Two more parties hold chips:
  :data:`BANK` (rake paid to it, loans from it; §10.2, §26.2) and :data:`TABLE` (chips
  on the table that nobody holds yet: a pot being played for, a remainder carried to
  a later deal's winner, §43.5, Tong-Its' pot that waits for two wins in a row).
* **transfer** — ``payer`` gives ``payee`` a positive number of chips.
* **payments** — the transfers of one *step* of a deal, in order. A step is the unit
  at whose end every player must be able to pay (see :class:`OnShortfall`): Bridge
  Meets Guess Who's rake is one step, the rest of the deal (questions, failed
  commands, the contract) another, because the bank lends inside a deal and is repaid
  at its end (§10.2.3) — so only a step's net counts.
* **pot** — chips paid to the :data:`TABLE` and then awarded to one or more winners;
  several winners **split** it, and the chips that do not divide evenly are either
  carried to a later deal (:attr:`Odd.CARRY`, Sinkki) or given one each to the
  winners in a stated order (:attr:`Odd.IN_ORDER`).
* **side pots** — when players have put in different amounts (an all-in player, a
  folded one), the pot is layered: each layer is won only among the live players who
  paid up to it (:func:`side_pots`).
* **worth** — a player's chips less what they owe the bank, plus IOUs held, less
  IOUs written (Indian Poker §25: "IOU's count plus for the player having them, and
  minus for the player who has written the IOU").

Invariants (property-tested in ``tests/games/test_engine_chips.py``):

* every :class:`Payments` nets to zero over all parties (a transfer only moves chips);
* chips are conserved: ``sum(balances) + bank + table`` never changes in a ledger;
* a split pot pays out exactly the pot: shares + what stays on the table == the pot;
* after a step no balance is below zero unless the rules say the chips are a tally
  (:attr:`OnShortfall.OWES`); every chip a player could not pay is covered by a
  recorded bank loan or IOU.

Errors in what a scorer entered (a negative stake, a payment to oneself, a pot with
nobody left to win it) are :class:`~games.engine.errors.RuleError` s with stable codes,
all of them at once in a :class:`~games.engine.errors.DealRejected`.

For money (book §1.2, ``Game.chips_are_money``): :func:`chip_points` turns a match's
ledger into per-player points (worth − starting chips). When no chip left the
players (no rake, nothing on the table) they sum to zero and the money layer settles
them as one deal of chip nets; otherwise they sum to −(rake + table) and it settles
them by the average method, which shares what the bank and the table hold equally —
for a ledger with nothing outside the players both give the same money (§1.2: "the
average of the scores in the end equals the initial amount of chips").
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from games.engine.errors import DealRejected, OptionsRejected, RuleError, reject_if
from games.engine.text import Text, msg

BANK: Final = -1
"""The bank: rake is paid to it, loans come from it."""

TABLE: Final = -2
"""Chips on the table that no player holds: a pot, a remainder carried onward."""

_NAMES = {BANK: msg("the bank"), TABLE: msg("the table")}

Strength = int | tuple[int, ...]
"""How good a shown hand is: larger wins (a poker hand's rank and kickers as a
tuple, the rank of Indian Poker's one card, …)."""


def party_name(party: int) -> Text:
    """``"player 2"``, ``"the bank"``, ``"the table"`` (for messages)."""
    return _NAMES.get(party) or msg("player {player}", player=party)


def _self_payment(party: int) -> Text:
    """ "player 2 cannot pay themselves", one template for each kind of party."""
    if party == BANK:
        return msg("the bank cannot pay themselves")
    if party == TABLE:
        return msg("the table cannot pay themselves")
    return msg("player {player} cannot pay themselves", player=party)


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` gives ``payee`` ``chips`` chips (positive)."""

    payer: int
    payee: int
    chips: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Payments:
    """The transfers of one step of a deal, in order, among ``players`` players."""

    players: int
    transfers: tuple[Transfer, ...] = ()

    def __post_init__(self) -> None:
        errors = []
        for i, t in enumerate(self.transfers):
            for role in ("payer", "payee"):
                party = getattr(t, role)
                if party not in _NAMES and not 0 <= party < self.players:
                    errors.append(
                        RuleError(
                            f"transfers.{i}.{role}",
                            "unknown_player",
                            msg(
                                "no player {party} among {players}",
                                party=party,
                                players=self.players,
                            ),
                        )
                    )
            if t.payer == t.payee:
                errors.append(
                    RuleError(
                        f"transfers.{i}.payee",
                        "self_payment",
                        _self_payment(t.payer),
                    )
                )
            if t.chips <= 0:
                errors.append(
                    RuleError(
                        f"transfers.{i}.chips",
                        "non_positive_chips",
                        "chips paid are a positive whole number",
                    )
                )
        reject_if(errors)

    def __add__(self, other: Payments) -> Payments:
        """These transfers, then ``other``'s (same players), as one step."""
        if other.players != self.players:
            raise ValueError("payments among different numbers of players")
        return Payments(self.players, self.transfers + other.transfers)

    def net(self) -> tuple[int, ...]:
        """Per player, chips received less chips paid in this step."""
        nets = [0] * self.players
        for t in self.transfers:
            if t.payer >= 0:
                nets[t.payer] -= t.chips
            if t.payee >= 0:
                nets[t.payee] += t.chips
        return tuple(nets)

    def net_of(self, party: int) -> int:
        """Chips ``party`` (a player, :data:`BANK` or :data:`TABLE`) gains."""
        return sum(t.chips for t in self.transfers if t.payee == party) - sum(
            t.chips for t in self.transfers if t.payer == party
        )


def each_pays(
    players: int,
    payee: int,
    chips: int,
    *,
    payers: Iterable[int] | None = None,
    doubled: Collection[int] = (),
    factor: int = 2,
    reason: str = "",
) -> Payments:
    """Each of ``payers`` (default: every other player) pays ``payee`` ``chips``.

    A payment where a player in ``doubled`` pays or receives is ``factor`` times as
    much (Mah Jong §42.12.3: "All payments where the east player is either the
    paying or the receiving party are paid double"). ``payee`` may be :data:`BANK`
    (a rake, §10.2) or :data:`TABLE` (antes into a pot). Nothing is paid for zero.
    """
    if chips < 0:
        raise DealRejected(
            [RuleError("chips", "negative_chips", "a payment cannot be negative")]
        )
    if payers is None:
        payers = [p for p in range(players) if p != payee]
    transfers = []
    for payer in payers:
        amount = chips * (factor if payer in doubled or payee in doubled else 1)
        if amount:
            transfers.append(Transfer(payer, payee, amount, reason))
    return Payments(players, tuple(transfers))


def pairwise_differences(
    scores: Mapping[int, int],
    players: int,
    *,
    doubled: Collection[int] = (),
    factor: int = 2,
    reason: str = "",
) -> Payments:
    """In every pair of the players in ``scores``, the smaller score pays the
    difference to the bigger (Mah Jong §42.12.3, among the three losers); a pair with
    a player in ``doubled`` pays ``factor`` times the difference. Equal scores pay
    nothing."""
    seats = sorted(scores)
    transfers = []
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            diff = scores[a] - scores[b]
            if not diff:
                continue
            payer, payee = (b, a) if diff > 0 else (a, b)
            amount = abs(diff) * (factor if a in doubled or b in doubled else 1)
            transfers.append(Transfer(payer, payee, amount, reason))
    return Payments(players, tuple(transfers))


class Odd(StrEnum):
    """Where the chips of a pot that does not split evenly go."""

    CARRY = "carry"  # stay on the table for a later deal's winner (Sinkki §43.5)
    IN_ORDER = "in_order"  # one each to the winners, in the order given


@dataclass(frozen=True, slots=True)
class Split:
    """A pot shared by winners: ``shares[i]`` to ``winners[i]``, ``left`` stays."""

    winners: tuple[int, ...]
    shares: tuple[int, ...]
    left: int


def split_pot(chips: int, winners: Sequence[int], *, odd: Odd = Odd.CARRY) -> Split:
    """Share ``chips`` among ``winners`` (in the order the rules give the odd chips).

    With :attr:`Odd.CARRY` every winner gets ``chips // len(winners)`` and the rest
    is ``left`` on the table; with :attr:`Odd.IN_ORDER` the first ``chips % n``
    winners get one more. Shares + left == chips, always.
    """
    errors = []
    if not winners:
        errors.append(RuleError("winners", "no_winner", "a pot needs a winner"))
    if len(set(winners)) != len(winners):
        errors.append(RuleError("winners", "repeated_winner", "a winner listed twice"))
    if chips < 0:
        errors.append(RuleError("chips", "negative_chips", "a pot cannot be negative"))
    reject_if(errors)
    each, rest = divmod(chips, len(winners))
    if odd is Odd.CARRY:
        return Split(tuple(winners), (each,) * len(winners), rest)
    shares = tuple(each + (1 if i < rest else 0) for i in range(len(winners)))
    return Split(tuple(winners), shares, 0)


def award(
    players: int,
    chips: int,
    winners: Sequence[int],
    *,
    odd: Odd = Odd.CARRY,
    reason: str = "",
) -> Payments:
    """The table pays ``chips`` (what is on it) to ``winners``, split by
    :func:`split_pot`; an odd remainder under :attr:`Odd.CARRY` stays there."""
    split = split_pot(chips, winners, odd=odd)
    return Payments(
        players,
        tuple(
            Transfer(TABLE, w, share, reason)
            for w, share in zip(split.winners, split.shares, strict=True)
            if share
        ),
    )


def pot(
    players: int,
    stakes: Mapping[int, int],
    winners: Sequence[int],
    *,
    carried: int = 0,
    odd: Odd = Odd.CARRY,
    reason: str = "",
) -> Payments:
    """Each player in ``stakes`` pays their stake to the table, and the table pays
    the stakes plus ``carried`` (chips left on it by earlier deals) to ``winners``.

    Sinkki §43.5: everyone pays two units to the winner; several winners split, and
    what does not split evenly goes to the winner of the next deal (pass
    ``ledger.table`` as ``carried`` then).
    """
    errors = [
        RuleError(f"stakes.{p}", "negative_chips", "a stake cannot be negative")
        for p, chips in stakes.items()
        if chips < 0
    ]
    reject_if(errors)
    paid_in = Payments(
        players,
        tuple(Transfer(p, TABLE, c, reason) for p, c in stakes.items() if c),
    )
    return paid_in + award(
        players, sum(stakes.values()) + carried, winners, odd=odd, reason=reason
    )


@dataclass(frozen=True, slots=True)
class SidePot:
    """One layer of a pot: ``chips``, won among the ``eligible`` players."""

    chips: int
    eligible: tuple[int, ...]


def side_pots(
    contributions: Sequence[int], folded: Collection[int] = ()
) -> tuple[SidePot, ...]:
    """Layer a pot by what each player put in (``contributions[p]``).

    Each distinct amount a live (not folded) player put in closes a layer: every
    player pays into it up to that amount, and it is won among the live players who
    put in at least that much. Chips a folded player put in beyond the last live
    amount join the top layer. The layers add up to exactly the chips put in.
    """
    errors = [
        RuleError(f"contributions.{p}", "negative_chips", "cannot put in less than 0")
        for p, c in enumerate(contributions)
        if c < 0
    ]
    live = [p for p in range(len(contributions)) if p not in folded]
    if not live:
        errors.append(RuleError("folded", "no_player_left", "everyone folded"))
    reject_if(errors)
    levels = sorted({contributions[p] for p in live} - {0})
    pots: list[SidePot] = []
    below = 0
    for level in levels:
        chips = sum(min(c, level) - min(c, below) for c in contributions)
        pots.append(SidePot(chips, tuple(p for p in live if contributions[p] >= level)))
        below = level
    beyond = sum(max(0, c - below) for c in contributions)
    if beyond:
        if pots:
            top = pots[-1]
            pots[-1] = SidePot(top.chips + beyond, top.eligible)
        else:  # only folded players put anything in: the live players share it
            pots.append(SidePot(beyond, tuple(live)))
    return tuple(pots)


def showdown(
    contributions: Sequence[int],
    strengths: Mapping[int, Strength],
    *,
    folded: Collection[int] = (),
    odd: Odd = Odd.IN_ORDER,
    odd_order: Sequence[int] | None = None,
    reason: str = "",
) -> Payments:
    """Everyone pays in what they put in the pot; each side pot goes to its
    strongest eligible players (``strengths[p]``, larger wins; ties split).

    Odd chips of a split go in ``odd_order`` (default seat order) under
    :attr:`Odd.IN_ORDER`, or stay on the table under :attr:`Odd.CARRY`. A live
    player without a strength is an error (``missing_hand``).
    """
    players = len(contributions)
    pots = side_pots(contributions, folded)
    missing = [
        RuleError(f"strengths.{p}", "missing_hand", "a live player shows a hand")
        for p in range(players)
        if p not in folded and p not in strengths
    ]
    reject_if(missing)
    order = list(odd_order) if odd_order is not None else list(range(players))
    result = Payments(
        players,
        tuple(Transfer(p, TABLE, c, reason) for p, c in enumerate(contributions) if c),
    )
    for side in pots:
        best = max(strengths[p] for p in side.eligible)
        winners = sorted(
            (p for p in side.eligible if strengths[p] == best), key=order.index
        )
        result += award(players, side.chips, winners, odd=odd, reason=reason)
    return result


class OnShortfall(StrEnum):
    """What the rules say when a player cannot pay what a step asks of them."""

    LOSES = "loses"  # the bank covers it and the player has lost (§10.2.3 l.908)
    BANK_LOAN = "bank_loan"  # the bank lends in whole loan units (§10.2, §26.4)
    IOU = "iou"  # borrow from the player with most chips, writing an IOU (§25)
    OWES = "owes"  # chips are a tally; a balance may go below zero


@dataclass(frozen=True, slots=True)
class ChipRules:
    """A chip game's declaration: starting chips and what a shortfall means.

    ``loan_unit`` — loans are whole multiples of it (Strip Poker §26.4: 20 chips).
    """

    start: int
    on_shortfall: OnShortfall = OnShortfall.OWES
    loan_unit: int = 1

    def __post_init__(self) -> None:
        errors = []
        if self.start < 0:
            errors.append(RuleError("start", "negative_chips", "cannot start below 0"))
        if self.loan_unit < 1:
            errors.append(RuleError("loan_unit", "bad_loan_unit", "loans are ≥ 1"))
        reject_if(errors, OptionsRejected)


@dataclass(frozen=True, slots=True)
class IOU:
    """``debtor`` owes ``creditor`` ``chips`` (Indian Poker §25)."""

    debtor: int
    creditor: int
    chips: int


@dataclass(frozen=True, slots=True)
class Shortfall:
    """``player`` could not pay ``chips`` at the end of a step."""

    player: int
    chips: int


@dataclass(frozen=True, slots=True)
class ChipLedger:
    """Chips per player across deals: the fold of the deals' payments.

    ``bank`` — chips the bank took in (rake) less what it lent out; ``table`` —
    chips on the table for a later deal; ``loans[p]`` — what player ``p`` owes the
    bank; ``ious`` — IOUs written, in order; ``out`` — players who could not pay
    under :attr:`OnShortfall.LOSES`, in the order it happened; ``shortfalls`` — what
    the last step could not be paid from the players' own chips.
    """

    rules: ChipRules
    balances: tuple[int, ...]
    bank: int = 0
    table: int = 0
    loans: tuple[int, ...] = ()
    ious: tuple[IOU, ...] = ()
    out: tuple[int, ...] = ()
    shortfalls: tuple[Shortfall, ...] = ()
    steps: int = 0

    @classmethod
    def start(cls, players: int, rules: ChipRules) -> ChipLedger:
        return cls(rules, (rules.start,) * players, loans=(0,) * players)

    @property
    def players(self) -> int:
        return len(self.balances)

    @property
    def chips(self) -> int:
        """All chips in play: conserved by every step."""
        return sum(self.balances) + self.bank + self.table

    @property
    def finished(self) -> bool:
        """Someone could not pay and, by the rules, has lost."""
        return bool(self.out)

    def worth(self, player: int) -> int:
        """Chips held, less loans owed, plus IOUs held, less IOUs written."""
        held = sum(i.chips for i in self.ious if i.creditor == player)
        owed = sum(i.chips for i in self.ious if i.debtor == player)
        return self.balances[player] - self.loans[player] + held - owed

    def settle(self, payments: Payments) -> ChipLedger:
        """The ledger after one step: the step's net is paid, then every player
        below zero is dealt with as :attr:`ChipRules.on_shortfall` says."""
        if payments.players != self.players:
            raise ValueError("payments for a different number of players")
        balances = [b + n for b, n in zip(self.balances, payments.net(), strict=True)]
        bank = self.bank + payments.net_of(BANK)
        loans = list(self.loans)
        ious = list(self.ious)
        out = list(self.out)
        shortfalls = []
        rule = self.rules.on_shortfall
        unit = self.rules.loan_unit
        for p in range(self.players):
            short = -balances[p]
            if short <= 0 or rule is OnShortfall.OWES:
                continue
            shortfalls.append(Shortfall(p, short))
            if rule is OnShortfall.IOU:
                short = _borrow(balances, ious, p, short, unit)
            if short > 0:  # the bank covers the rest (IOU: when nobody can lend)
                loan = -(-short // unit) * unit
                balances[p] += loan
                loans[p] += loan
                bank -= loan
            if rule is OnShortfall.LOSES and p not in out:
                out.append(p)
        return replace(
            self,
            balances=tuple(balances),
            bank=bank,
            table=self.table + payments.net_of(TABLE),
            loans=tuple(loans),
            ious=tuple(ious),
            out=tuple(out),
            shortfalls=tuple(shortfalls),
            steps=self.steps + 1,
        )

    def repay_loans(self) -> ChipLedger:
        """Each player pays the bank back what they can of their loans, in whole
        loan units (Bridge Meets Guess Who at the end of a deal; Strip Poker §26.4:
        a player who won the pot pays the 20 chips back instead of stripping)."""
        unit = self.rules.loan_unit
        paid = [
            max(0, min(b, debt)) // unit * unit
            for b, debt in zip(self.balances, self.loans, strict=True)
        ]
        return replace(
            self,
            balances=tuple(b - x for b, x in zip(self.balances, paid, strict=True)),
            loans=tuple(d - x for d, x in zip(self.loans, paid, strict=True)),
            bank=self.bank + sum(paid),
        )


def _borrow(
    balances: list[int], ious: list[IOU], debtor: int, short: int, unit: int
) -> int:
    """Borrow ``short`` chips (in whole units) from the players with most chips,
    writing IOUs; returns what nobody could lend."""
    while short > 0:
        lender = max(
            (p for p in range(len(balances)) if p != debtor),
            key=lambda p: (balances[p], -p),
            default=None,
        )
        if lender is None or balances[lender] <= 0:
            break
        want = -(-short // unit) * unit
        lent = min(want, balances[lender])
        balances[lender] -= lent
        balances[debtor] += lent
        ious.append(IOU(debtor, lender, lent))
        short -= lent
    return short


def fold_ledger(
    players: int, rules: ChipRules, steps: Iterable[Payments]
) -> ChipLedger:
    """The ledger after every step, in order, from the starting chips."""
    ledger = ChipLedger.start(players, rules)
    for step in steps:
        ledger = ledger.settle(step)
    return ledger


def chip_points(ledger: ChipLedger) -> tuple[int, ...]:
    """Per player, worth − starting chips: the points money settles when a game's
    chips are money (``Game.chips_are_money``).

    They sum to −(``ledger.bank`` + ``sum(ledger.loans)`` + ``ledger.table``):
    minus the chips the bank took for good (rake) and those waiting on the table;
    zero when every payment went player to player. The module docstring says how
    the money layer reads them.
    """
    return tuple(ledger.worth(p) - ledger.rules.start for p in range(ledger.players))
