"""Melds of the Canasta family (§28.2, §30.2, §31.6, §32.2) and their bonuses.

Terms:

* **rank meld** (a *canasta meld*) — naturals of one rank plus wild cards, a
  :mod:`book <games.engine.melds.books>`; in Contract Samba a **meld of twos** has
  twos as naturals and jokers as its only wild cards;
* **sequence** (a *samba meld*, Samba and Contract Samba) — consecutive naturals of
  one suit; **samba** — a sequence of seven cards;
* **black-threes meld** — three or more black threes, laid only by the player who
  goes out;
* **canasta** — a rank meld of at least seven cards, natural or mixed.

Invariants:

* :func:`check_meld` is the one classification of a meld: the common rank meld
  (naturals of one rank typed first, then wilds) is recognised by one tally, every
  other shape is classified card by card; either way its limits are checked by the
  same :func:`_rank_meld` and every broken limit is reported;
* a meld's kind, canasta/samba status and natural/mixed type come from its cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import NamedTuple

from games.engine.cards import JOKER_RANK, RANKS, Card, Suit
from games.engine.errors import RuleError
from games.engine.melds.books import (
    COMPLETE_BOOK,
    MAX_TALLIED,
    WILD_MARK,
    book_errors,
    book_label,
    tally_tables,
)
from games.engine.text import msg
from games.rules.canasta.values import MELD_POINTS, RED_THREES, meld_points

RANK_MELD = "rank"
SEQUENCE = "sequence"
BLACK_THREES = "black_threes"

# Samba's sequences run 4…A: threes and wild twos cannot be used (§30.2).
SAMBA_SEQUENCE_RANKS: tuple[str, ...] = RANKS[2:]
# Contract Samba's run round the corner, twos and threes included (§31.6).
CYCLIC_SEQUENCE_RANKS: tuple[str, ...] = RANKS

# By natural rank, 4 to A (threes never make a rank meld): the tally of each card a
# rank meld of that rank may hold.
_TALLIES = tally_tables(MELD_POINTS, RANKS[2:])


@dataclass(frozen=True, slots=True)
class MeldRules:
    """How a game's melds are built.

    Defaults are Canasta's (§28.2, §28.5): rank melds of at least 3 cards with at
    least 2 naturals and at most 3 wilds, one meld per rank per side, no sequences,
    3–4 black threes only when going out.
    """

    min_cards: int = 3
    min_naturals: int = 2
    max_wilds: int = 3
    max_cards: int | None = None  # Hand and Foot: 7 (§32.2)
    one_meld_per_rank: bool = True  # Samba, Contract Samba, Hand and Foot: False
    # Black threes when going out: (min, max) cards; None = never (Hand and Foot).
    black_threes_out: tuple[int, int | None] | None = (3, 4)
    # Sequences (samba melds); None = not played.
    sequence_ranks: tuple[str, ...] | None = None
    sequence_wraps: bool = False  # Q-K-A-2-3 (Contract Samba)
    sequence_max: int = 7
    # Contract Samba: a meld whose naturals are twos (jokers wild, at most
    # ``twos_max_jokers``).
    melds_of_twos: bool = False
    twos_max_jokers: int = 2
    # Contract Samba §31.6: a complete natural canasta or canasta of twos takes no
    # more cards, so it has exactly 7.
    closed_natural_canastas: bool = False


class Meld(NamedTuple):
    """A verified meld: ``rank`` for rank melds, ``suit`` and ``ranks`` for runs.

    A named tuple: immutable, compared by value, and built at the cost of a tuple
    (a deal builds a dozen).
    """

    cards: tuple[Card, ...]
    kind: str  # RANK_MELD, SEQUENCE or BLACK_THREES
    rank: str | None = None
    suit: Suit | None = None
    wilds: int = 0
    points: int = 0  # card points on the table
    ranks: tuple[str, ...] = ()  # a sequence's ranks in playing order

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    @property
    def is_canasta(self) -> bool:
        return self.kind == RANK_MELD and len(self.cards) >= COMPLETE_BOOK

    @property
    def is_samba(self) -> bool:
        return self.kind == SEQUENCE and len(self.cards) >= COMPLETE_BOOK

    @property
    def is_complete(self) -> bool:
        """A canasta or a samba."""
        return len(self.cards) >= COMPLETE_BOOK and self.kind != BLACK_THREES

    @property
    def is_natural(self) -> bool:
        return self.wilds == 0

    @property
    def label(self) -> str:
        """``natural canasta of 7s``, ``meld of kings``, ``samba 8♥–A♥``."""
        if self.kind == SEQUENCE:
            low = f"{self.ranks[0]}{self.suit.symbol}"
            high = self.ranks[-1]
            if self.is_samba:
                return msg("samba {low}–{high}", low=low, high=high)
            return msg("sequence {low}–{high}", low=low, high=high)
        if self.kind == BLACK_THREES:
            return "black threes"
        return book_label(self.rank, len(self.cards), self.wilds)


def check_meld(
    cards: Sequence[Card],
    rules: MeldRules,
    *,
    path: str,
    may_meld_black_threes: bool = False,
) -> tuple[Meld | None, list[RuleError]]:
    """Classify and verify one meld. Returns the meld, or ``None`` and its errors.

    ``may_meld_black_threes`` is true for the side that went out (§28.5: the player
    going out may meld black threes — naturals only, the text allows no wilds).
    """
    found = _meld_or_errors(tuple(cards), rules, path, may_meld_black_threes)
    if type(found) is list:
        return None, found
    return found, []


def _meld_or_errors(
    cards: tuple[Card, ...], rules: MeldRules, path: str, may_meld_black_threes: bool
) -> Meld | list[RuleError]:
    n = len(cards)
    if n < rules.min_cards:
        return [
            RuleError(
                path,
                "meld_too_short",
                msg(
                    "a meld has at least {least} cards ({entered} entered)",
                    least=rules.min_cards,
                    entered=n,
                ),
            )
        ]
    twos_natural = False
    # The common meld: two or more naturals of one rank (4 to A) typed first, then
    # naturals or wilds (two naturals of a rank are neither a sequence nor threes),
    # recognised by one sum of tallies (books.book_tally, here without the call).
    rank = cards[0].rank
    tally = _TALLIES.get(rank)
    try:
        if tally is None or n < 2 or n > MAX_TALLIED:
            raise KeyError(rank)
        wilds, points = divmod(sum(itemgetter(*cards)(tally)), WILD_MARK)
        if n - wilds < 2:
            raise KeyError(rank)
        natural_ranks: tuple[str, ...] = (rank,)
    except KeyError:  # anything else: classified card by card
        # Ranks are plain strings: comparing them is much cheaper than hashing.
        ranks = [c.rank for c in cards]
        points = meld_points(cards)
        if "3" in ranks:
            # A sequence may hold threes in Contract Samba; otherwise threes only
            # as a black-threes meld.
            if rules.sequence_ranks is not None and "3" in rules.sequence_ranks:
                meld = _sequence(cards, rules, path, points)
                if type(meld) is not list:
                    return meld
            return _black_threes(cards, rules, path, may_meld_black_threes, points)
        # Sequence: distinct ranks of one suit, no jokers.
        if rules.sequence_ranks is not None and JOKER_RANK not in ranks:
            suit = cards[0].suit
            if all(c.suit is suit for c in cards) and len(set(ranks)) == n:
                return _sequence(cards, rules, path, points)
        jokers = ranks.count(JOKER_RANK)
        twos = ranks.count("2")
        twos_natural = rules.melds_of_twos and twos > 0 and twos + jokers == n
        if twos_natural:
            natural_ranks, wilds = ("2",), jokers
        else:
            found = set(ranks)
            found.discard("2")
            found.discard(JOKER_RANK)
            natural_ranks, wilds = tuple(found), jokers + twos
    # A rank meld (a book): its limits. Contract Samba closes a natural canasta
    # and a canasta of twos at seven cards (§31.6).
    max_wilds = rules.twos_max_jokers if twos_natural else rules.max_wilds
    closed = n > 7 and rules.closed_natural_canastas and (not wilds or twos_natural)
    if (
        len(natural_ranks) == 1
        and n - wilds >= rules.min_naturals
        and wilds <= max_wilds
        and (rules.max_cards is None or n <= rules.max_cards)
        and not closed
    ):
        return _tuple_new(
            Meld, (cards, RANK_MELD, natural_ranks[0], None, wilds, points, ())
        )
    errors = book_errors(
        path,
        natural_ranks,
        n,
        wilds,
        min_naturals=rules.min_naturals,
        max_wilds=max_wilds,
        max_cards=rules.max_cards,
    )
    if closed:
        errors.append(
            RuleError(
                path,
                "closed_canasta_extended",
                msg(
                    "nothing can be added to a complete natural canasta or canasta "
                    "of twos, so it has exactly 7 cards ({entered} entered)",
                    entered=n,
                ),
            )
        )
    return errors


# Meld(...) without the Python-level __new__ of a named tuple (its own ``_make``
# builds it the same way): a deal builds a dozen.
_tuple_new = tuple.__new__


def _sequence_order(
    cards: tuple[Card, ...], rules: MeldRules
) -> tuple[str, ...] | None:
    """The ranks in playing order if the cards run consecutively, else None."""
    order = rules.sequence_ranks
    if any(c.rank not in order for c in cards):
        return None
    idx = sorted(order.index(c.rank) for c in cards)
    if len(set(idx)) != len(idx):
        return None
    if idx[-1] - idx[0] == len(idx) - 1:
        return tuple(order[i] for i in idx)
    if not rules.sequence_wraps:
        return None
    size = len(order)
    # On a cycle the run is contiguous iff exactly one gap between neighbours is > 1;
    # the run starts after it.
    gaps = [(idx[(k + 1) % len(idx)] - idx[k]) % size for k in range(len(idx))]
    big = [k for k, g in enumerate(gaps) if g != 1]
    if len(big) != 1:
        return None
    start = (big[0] + 1) % len(idx)
    return tuple(order[idx[(start + k) % len(idx)]] for k in range(len(idx)))


def _sequence(
    cards: tuple[Card, ...], rules: MeldRules, path: str, points: int
) -> Meld | list[RuleError]:
    suits = {c.suit for c in cards}
    ranks = _sequence_order(cards, rules) if len(suits) == 1 else None
    if ranks is None:
        return [
            RuleError(
                path,
                "not_a_sequence",
                msg(
                    "a sequence is of consecutive natural cards of one suit ({ranks})",
                    ranks=" ".join(rules.sequence_ranks),
                ),
            )
        ]
    if len(cards) > rules.sequence_max:
        return [
            RuleError(
                path,
                "sequence_too_long",
                msg(
                    "a sequence has at most {most} cards ({entered} entered)",
                    most=rules.sequence_max,
                    entered=len(cards),
                ),
            )
        ]
    return Meld(cards, SEQUENCE, None, cards[0].suit, 0, points, ranks)


def _black_threes(
    cards: tuple[Card, ...],
    rules: MeldRules,
    path: str,
    may_meld: bool,
    points: int,
) -> Meld | list[RuleError]:
    threes = [c for c in cards if c.rank == "3"]
    if not RED_THREES.isdisjoint(threes):
        return [
            RuleError(
                path,
                "red_three_in_meld",
                "red threes are laid out by themselves, not melded",
            )
        ]
    if rules.black_threes_out is None:
        return [RuleError(path, "threes_not_melded", "threes cannot be melded")]
    if len(threes) != len(cards):
        return [
            RuleError(
                path,
                "black_threes_with_others",
                "black threes are melded only with each other, without wild cards",
            )
        ]
    low, high = rules.black_threes_out
    if len(cards) < low or (high is not None and len(cards) > high):
        if high is not None:
            wrong = msg(
                "a meld of black threes has {low}–{high} cards ({entered} entered)",
                low=low,
                high=high,
                entered=len(cards),
            )
        else:
            wrong = msg(
                "a meld of black threes has {low} or more cards ({entered} entered)",
                low=low,
                entered=len(cards),
            )
        return [RuleError(path, "black_threes_count", wrong)]
    if not may_meld:
        return [
            RuleError(
                path,
                "black_threes_not_going_out",
                "black threes are melded only by the player who goes out",
            )
        ]
    return Meld(cards, BLACK_THREES, "3", None, 0, points)


def check_side_melds(
    melds: Sequence[Sequence[Card]],
    rules: MeldRules,
    *,
    path: str,
    may_meld_black_threes: bool = False,
) -> tuple[tuple[Meld, ...], list[RuleError]]:
    """Verify every meld of a side (``path`` is the list, e.g. ``teams.0.melds``).

    Adds ``duplicate_rank_meld`` where the game allows one meld per rank (§28.2).
    """
    found: list[Meld] = []
    errors: list[RuleError] = []
    first_of_rank: dict[str, int] = {}
    one_per_rank = rules.one_meld_per_rank
    for i, cards in enumerate(melds):
        # The path of a meld is built only for its errors.
        meld = _meld_or_errors(tuple(cards), rules, "", may_meld_black_threes)
        if type(meld) is list:
            here = f"{path}.{i}"
            errors.extend(RuleError(here, e.code, e.message) for e in meld)
            continue
        found.append(meld)
        if one_per_rank and meld.kind == RANK_MELD:
            if meld.rank in first_of_rank:
                errors.append(
                    RuleError(
                        f"{path}.{i}",
                        "duplicate_rank_meld",
                        msg(
                            "a side has only one meld of each rank ({rank} is "
                            "also melded at {other})",
                            rank=meld.rank,
                            other=f"{path}.{first_of_rank[meld.rank]}",
                        ),
                    )
                )
            else:
                first_of_rank[meld.rank] = i
    return tuple(found), errors


# -- canastas and sambas ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CanastaBonuses:
    """Bonuses for complete melds (§28.5: 500 natural, 300 mixed; §30.7 samba 1500).

    ``by_rank`` overrides (natural, mixed) for some ranks — Contract Samba's aces
    1000/500 and twos 3000/2000 (§31.10).
    """

    natural: int = 500
    mixed: int = 300
    samba: int = 1500
    by_rank: Mapping[str, tuple[int, int]] = field(default_factory=dict)

    def canasta(self, rank: str, natural: bool) -> int:
        """The bonus of a canasta of ``rank``."""
        natural_bonus, mixed_bonus = self.by_rank.get(rank, (self.natural, self.mixed))
        return natural_bonus if natural else mixed_bonus


def canasta_bonus(meld: Meld, bonuses: CanastaBonuses) -> int:
    """The bonus a meld earns (0 unless it is a canasta or a samba)."""
    if len(meld.cards) < COMPLETE_BOOK:
        return 0
    if meld.kind == SEQUENCE:  # a samba
        return bonuses.samba
    if meld.kind != RANK_MELD:
        return 0
    return bonuses.canasta(meld.rank, not meld.wilds)


def count_complete(melds: Iterable[Meld]) -> tuple[int, int, int]:
    """(canastas, natural canastas, sambas) among ``melds``."""
    canastas = naturals = sambas = 0
    for meld in melds:
        if len(meld.cards) < COMPLETE_BOOK:
            continue
        if meld.kind == RANK_MELD:  # Meld.is_canasta
            canastas += 1
            naturals += not meld.wilds
        elif meld.kind == SEQUENCE:  # Meld.is_samba
            sambas += 1
    return canastas, naturals, sambas
