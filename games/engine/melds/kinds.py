"""Meld kinds the rummy games share: sets of a rank and runs in a suit, with wilds.

Terms:

* **natural** — a card that is not wild; **wild** — a card of a rank the game makes
  wild (the joker; the deuces where a game says so). A wild stands for a missing
  card of the meld.
* **set** — naturals of one rank, with wilds standing for more of that rank
  (:class:`SetRule`: its least and greatest length).
* **run** — naturals of one suit in sequence, each rank once, with wilds filling the
  gaps or lengthening it (:class:`RunRule`). Its **slots**: the ace low below the two
  (slot 1), the two to the king (slots 2–13), the ace high above the king (slot 14).
  ``ace_both_ends`` lets one run hold an ace at each end (A-2-…-K-A, 14 cards);
  ``wrap`` (round the corner) puts the 13 ranks on a ring, so Q-K-A-2 is a run.
* **natural meld** — one without wilds; **mixed** — with at least one.
* **wild limits** (:class:`Wilds`) — how many wilds one meld may hold, how few
  naturals it needs, whether wilds may outnumber naturals, and which ranks a wild may
  stand for.
* **fault** — why some cards are not a meld of a kind (:class:`Fault`). Faults are
  the engine's; each game words them with its own stable error codes and messages
  (:func:`fault_errors`).

Invariants:

* :func:`read_meld` is total: it returns a :class:`Meld` or at least one fault,
  never both, and never raises for any list of cards; :func:`meld_faults` gives the
  same faults without building the meld;
* faults come in one order — length, wild count, naturals, then the shape (ranks,
  suits, repeated ranks, sequence, what a wild stands for) — and a shape fault that
  cannot be judged is left out: none without a natural, no sequence fault after a
  suit or repeated-rank fault;
* a wild is always wild (a deuce where deuces are wild never stands as a natural two);
* :class:`Meld` values are frozen; ``Meld.wilds`` counts the wild cards in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from itertools import combinations

from games.engine.cards import JOKER_RANK, RANKS, Card, Suit
from games.engine.errors import RuleError
from games.engine.text import Text

# A run's slots: the ace low (1), two to king (2–13), the ace high (14).
ACE = "A"
ACE_LOW_SLOT, ACE_HIGH_SLOT = 1, 14
SLOT: Mapping[str, int] = {rank: i for i, rank in enumerate(RANKS[:-1], 2)}
RANK_AT_SLOT: Mapping[int, str] = {
    **{i: r for r, i in SLOT.items()},
    ACE_LOW_SLOT: ACE,
    ACE_HIGH_SLOT: ACE,
}
RING = 13  # ranks on the ring of a round-the-corner run
UNLIMITED = 1 << 30


class MeldKind(StrEnum):
    SET = "set"
    RUN = "run"


class Fault(StrEnum):
    """Why cards are not a meld of the kind asked for."""

    TOO_SHORT = "too_short"
    TOO_LONG = "too_long"
    TOO_MANY_WILDS = "too_many_wilds"
    TOO_FEW_NATURALS = "too_few_naturals"
    MIXED_RANKS = "mixed_ranks"
    MIXED_SUITS = "mixed_suits"
    REPEATED_RANK = "repeated_rank"
    NOT_IN_A_ROW = "not_in_a_row"
    WILD_STANDS_FOR = "wild_stands_for"


@dataclass(frozen=True, slots=True)
class Wilds:
    """Which cards are wild and what one meld may do with them.

    ``ranks`` — the wild ranks (``"Jo"`` for the joker, ``"2"`` for deuces);
    ``max_per_meld`` — at most this many wilds in one meld (``None``: no limit);
    ``min_naturals`` — at least this many naturals in one meld;
    ``not_more_than_naturals`` — the wilds may not outnumber the naturals;
    ``stands_for`` — the ranks a wild may stand for (``None``: any).
    """

    ranks: frozenset[str] = frozenset({JOKER_RANK})
    max_per_meld: int | None = None
    min_naturals: int = 1
    not_more_than_naturals: bool = False
    stands_for: frozenset[str] | None = None

    def is_wild(self, card: Card) -> bool:
        return card.rank in self.ranks

    def most(self, naturals: int) -> int:
        """The most wilds a meld with ``naturals`` naturals may hold."""
        most = UNLIMITED if self.max_per_meld is None else self.max_per_meld
        if self.not_more_than_naturals:
            most = min(most, naturals)
        return most


JOKERS_WILD = Wilds()
NO_WILDS = Wilds(ranks=frozenset())


@dataclass(frozen=True, slots=True)
class SetRule:
    """A set: ``min_length`` to ``max_length`` (``None``: no limit) cards of a rank."""

    min_length: int = 3
    max_length: int | None = None
    wilds: Wilds = JOKERS_WILD

    kind = MeldKind.SET


@dataclass(frozen=True, slots=True)
class RunRule:
    """A run: at least ``min_length`` cards in sequence in one suit."""

    min_length: int = 3
    ace_low: bool = True
    ace_high: bool = True
    ace_both_ends: bool = False
    wrap: bool = False
    wilds: Wilds = JOKERS_WILD

    kind = MeldKind.RUN

    @property
    def max_length(self) -> int:
        """The longest run: 14 with an ace at each end, else 13 (12 where the ace
        is in no run)."""
        if self.ace_low and self.ace_high and self.ace_both_ends:
            return ACE_HIGH_SLOT
        line = self.highest_slot - self.lowest_slot + 1
        return RING if self.wrap else min(RING, line)

    @property
    def lowest_slot(self) -> int:
        return ACE_LOW_SLOT if self.ace_low else SLOT["2"]

    @property
    def highest_slot(self) -> int:
        return ACE_HIGH_SLOT if self.ace_high else SLOT["K"]


MeldRule = SetRule | RunRule


@dataclass(frozen=True, slots=True)
class Meld:
    """A well-formed meld: a set of ``rank`` or a run in ``suit``."""

    kind: MeldKind
    cards: tuple[Card, ...]
    rank: str | None = None
    suit: Suit | None = None
    wilds: int = 0

    @property
    def natural(self) -> bool:
        """No wild in it (a *natural* or *clean* meld, not a *mixed* one)."""
        return self.wilds == 0


@dataclass(frozen=True, slots=True)
class MeldReading:
    """What :func:`read_meld` made of some cards: a meld, or the faults."""

    meld: Meld | None
    faults: tuple[Fault, ...] = field(default=())


def read_meld(cards: Sequence[Card], rule: MeldRule) -> MeldReading:
    """Read ``cards`` as a meld of ``rule``'s kind: the meld, or every fault."""
    faults = meld_faults(cards, rule)
    if faults:
        return MeldReading(None, faults)
    naturals = [c for c in cards if c.rank not in rule.wilds.ranks]
    wild = len(cards) - len(naturals)
    first = naturals[0] if naturals else None
    if isinstance(rule, SetRule):
        rank = first.rank if first is not None else None
        return MeldReading(Meld(MeldKind.SET, tuple(cards), rank, None, wild))
    suit = first.suit if first is not None else None
    return MeldReading(Meld(MeldKind.RUN, tuple(cards), None, suit, wild))


NO_FAULTS: tuple[Fault, ...] = ()


def meld_faults(cards: Sequence[Card], rule: MeldRule) -> tuple[Fault, ...]:
    """Every fault of ``cards`` as a meld of ``rule``'s kind (none: it is one).

    :func:`read_meld` without building the meld, for checks that only report.
    """
    wilds = rule.wilds
    wild_ranks = wilds.ranks
    naturals = [c for c in cards if c.rank not in wild_ranks]
    length = len(cards)
    count = len(naturals)
    wild = length - count
    faults: list[Fault] = []
    if length < rule.min_length:
        faults.append(Fault.TOO_SHORT)
    elif length > (rule.max_length or UNLIMITED):
        faults.append(Fault.TOO_LONG)
    if wild and wild > wilds.most(count):
        faults.append(Fault.TOO_MANY_WILDS)
    if count < wilds.min_naturals:
        faults.append(Fault.TOO_FEW_NATURALS)
    if not naturals:
        return tuple(faults)
    if isinstance(rule, SetRule):
        if len({c.rank for c in naturals}) > 1:
            faults.append(Fault.MIXED_RANKS)
        elif (
            wild
            and wilds.stands_for is not None
            and naturals[0].rank not in wilds.stands_for
        ):
            faults.append(Fault.WILD_STANDS_FOR)
        return tuple(faults) if faults else NO_FAULTS
    if len({c.suit for c in naturals}) > 1:
        faults.append(Fault.MIXED_SUITS)
        return tuple(faults)
    others = [c.rank for c in naturals if c.rank != ACE]
    aces = count - len(others)
    if len(set(others)) != len(others) or aces > (2 if rule.ace_both_ends else 1):
        faults.append(Fault.REPEATED_RANK)
        return tuple(faults)
    fit = run_fit([SLOT[r] for r in others], aces, length, rule)
    if fit is None:
        faults.append(Fault.NOT_IN_A_ROW)
    elif not fit:
        faults.append(Fault.WILD_STANDS_FOR)
    return tuple(faults) if faults else NO_FAULTS


@cache
def run_windows(
    length: int, rule: RunRule
) -> tuple[tuple[frozenset[int], tuple[int, ...]], ...]:
    """Every run of ``length`` slots the rule allows: its slots and its ace slots
    (a ring run's ace is slot 1)."""
    found: list[tuple[int, ...]] = []
    if length <= rule.max_length:
        for start in range(rule.lowest_slot, rule.highest_slot - length + 2):
            found.append(tuple(range(start, start + length)))
    if rule.wrap and length <= RING:
        for start in range(RING):
            slots = tuple((start + i) % RING + 1 for i in range(length))
            if slots not in found:
                found.append(slots)
    return tuple(
        (
            frozenset(slots),
            tuple(s for s in (ACE_LOW_SLOT, ACE_HIGH_SLOT) if s in slots),
        )
        for slots in found
    )


def run_fit(slots: Sequence[int], aces: int, length: int, rule: RunRule) -> bool | None:
    """Whether naturals at ``slots`` (2–13, each once) and ``aces`` aces make a run
    of ``length`` cards, the wilds filling the rest: ``True`` if they do, ``False`` if
    only with a wild standing for a rank it may not, ``None`` if not at all."""
    stands_for = rule.wilds.stands_for
    fixed = frozenset(slots)
    fits_somewhere = False
    for inside, ace_slots in run_windows(length, rule):
        if len(ace_slots) < aces or not fixed <= inside:
            continue
        if stands_for is None:
            return True
        fits_somewhere = True
        # The aces take ace slots; a wild stands for each slot left.
        for taken in combinations(ace_slots, aces):
            free = inside - fixed - set(taken)
            if all(RANK_AT_SLOT[s] in stands_for for s in free):
                return True
    return False if fits_somewhere else None


# -- wording --------------------------------------------------------------------------

FaultMessage = str | Callable[[int], Text]
"""A game's message for a fault: a template that may name ``{length}`` (write it
``msg("...")`` so the catalogue extracts it), or a function of the meld's length
that makes the text (``lambda length: msg("... not {length}", length=length)``:
the form the catalogue extracts when the message names the length)."""

Wording = Mapping[Fault, tuple[str, FaultMessage]]


def fault_errors(
    path: str,
    faults: Sequence[Fault],
    wording: Wording,
    *,
    length: int = 0,
    first_only: bool = False,
) -> list[RuleError]:
    """The faults as a game's errors at ``path``: ``wording`` maps each fault to the
    game's code and message (a message that is a function is given the meld's
    length)."""
    chosen = faults[:1] if first_only else faults
    errors = []
    for f in chosen:
        code, message = wording[f]
        if callable(message):
            text = message(length)
        else:  # a template that may name {length}
            text = Text(getattr(message, "template", message), {"length": length})
        errors.append(RuleError(path, code, text))
    return errors
