"""Poker hands (book ch 21): categories, comparison, best five of many, wild jokers.

The book's order, highest first (§21.1–21.9): straight flush, four of a kind, full
house, flush, straight, three of a kind, two pair, pair, high card — and, above all of
them, five of a kind, possible only with a wild joker (Strip Poker §26.3). Ace is high;
in a straight or straight flush it may also be 1, and then it is the lowest card
("the wheel" 5-4-3-2-A loses to 6-5-4-3-2). Suits are not ranked in a poker hand.

Terms:

* **value** — a rank as a number, 2 … 14 (jack 11, queen 12, king 13, ace 14);
* **key** — one integer per hand that orders hands exactly as the book does:
  ``category << 20`` plus the five tie-break values, most significant first, four bits
  each (the quadruplet then the kicker, the triplet then the pair, the highest pair,
  the lower pair, the kicker …; a wheel's values are 5-4-3-2-1). Equal keys are equal
  hands; a larger key is a better hand. :class:`PokerHand` is the key spelled out.

Invariants (``tests/games/test_poker_hands.py``): over all 2,598,960 five-card hands
the key orders hands exactly as an independent evaluator from PyPI does (equal ↔
equal, better ↔ better), also for the best five of a million random seven-card hands;
a hand with jokers ranks as the best hand over every substitution of each joker by
any card.

Speed: a hand is ranked by its *rank multiset* — the product of one prime per rank
identifies it — looked up in a table built once (6,188 five-card multisets, 49,205
seven-card ones built on first use), plus a flush test: one dict lookup and a few
integer operations per hand. Other sizes go through :func:`_plain_key` on the rank
counts, which is also what builds the tables, so there is one definition of the order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import combinations, combinations_with_replacement

from games.engine.cards import RANKS, STANDARD_CARDS, Card, Suit
from games.engine.text import Text, msg


class HandCategory(IntEnum):
    """The book's categories, lowest first, so a larger value wins."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").lower()


VALUES: dict[str, int] = {rank: i + 2 for i, rank in enumerate(RANKS)}
"""A rank's value in a poker hand: ``"2"`` is 2 … ``"A"`` is 14."""

_RANK_NAMES = {v: r for r, v in VALUES.items()} | {1: "A"}

SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""Suits lowest first where a game ranks them: spades, hearts, diamonds, clubs from
the top (Chinese Poker §24.1, Indian Poker §25.3)."""

_CATEGORY_SHIFT = 20


def _pack(category: HandCategory, values: Sequence[int]) -> int:
    key = int(category)
    for i in range(5):
        key = (key << 4) | (values[i] if i < len(values) else 0)
    return key


def _straight_high(values: Iterable[int]) -> int:
    """The high card of the best straight among these values, 0 if none."""
    present = set(values)
    if 14 in present:
        present.add(1)  # the ace may be 1, and is then the lowest (§21.5)
    for high in range(14, 4, -1):
        if all(v in present for v in range(high - 4, high + 1)):
            return high
    return 0


def _straight_values(high: int) -> tuple[int, ...]:
    return tuple(range(high, high - 5, -1))


def _plain_key(values: Sequence[int]) -> int:
    """The best five of these values (five or more), suits ignored: every category
    but flush and straight flush. A value may occur five times (wild jokers)."""
    counts = Counter(values)
    by_count = sorted(counts.items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    top, top_n = by_count[0]
    desc = sorted(values, reverse=True)

    def others(*used: int) -> list[int]:
        return [v for v in desc if v not in used]

    if top_n >= 5:
        return _pack(HandCategory.FIVE_OF_A_KIND, (top,) * 5)
    if top_n == 4:
        return _pack(HandCategory.FOUR_OF_A_KIND, (top,) * 4 + tuple(others(top)[:1]))
    if top_n == 3:
        pairs = [v for v, n in by_count[1:] if n >= 2]
        if pairs:
            pair = max(pairs)
            return _pack(HandCategory.FULL_HOUSE, (top,) * 3 + (pair,) * 2)
    high = _straight_high(values)
    if high:
        return _pack(HandCategory.STRAIGHT, _straight_values(high))
    if top_n == 3:
        return _pack(HandCategory.THREE_OF_A_KIND, (top,) * 3 + tuple(others(top)[:2]))
    if top_n == 2:
        pairs = sorted((v for v, n in by_count if n == 2), reverse=True)
        if len(pairs) >= 2:
            hi, lo = pairs[0], pairs[1]
            kicker = tuple(others(hi, lo)[:1])
            return _pack(HandCategory.TWO_PAIR, (hi, hi, lo, lo, *kicker))
        return _pack(HandCategory.PAIR, (top, top, *others(top)[:3]))
    return _pack(HandCategory.HIGH_CARD, desc[:5])


def _suited_key(values: Sequence[int]) -> int:
    """The best five of these values of one suit (five or more): a straight flush
    or a flush."""
    high = _straight_high(values)
    if high:
        return _pack(HandCategory.STRAIGHT_FLUSH, _straight_values(high))
    return _pack(HandCategory.FLUSH, sorted(values, reverse=True)[:5])


# -- the tables ---------------------------------------------------------------------

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_PRIME_OF_VALUE = {v: _PRIMES[v - 2] for v in range(2, 15)}
_SUIT_BIT = {Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 4, Suit.SPADES: 8}
_SUIT_SHIFT = {Suit.CLUBS: 0, Suit.DIAMONDS: 4, Suit.HEARTS: 8, Suit.SPADES: 12}

# A card's code: its rank's prime shifted left by 4, its suit's bit in the low four
# bits, so one AND of five codes says "all one suit" and their primes multiply.
_CODE: dict[Card, int] = {
    c: (_PRIME_OF_VALUE[VALUES[c.rank]] << 4) | _SUIT_BIT[c.suit]
    for c in STANDARD_CARDS
}
_PRIME: dict[Card, int] = {c: _PRIME_OF_VALUE[VALUES[c.rank]] for c in STANDARD_CARDS}
# One nibble per suit: summing a hand's counters counts its suits in one integer.
_SUIT_COUNTER: dict[Card, int] = {c: 1 << _SUIT_SHIFT[c.suit] for c in STANDARD_CARDS}


def _product(values: Iterable[int]) -> int:
    p = 1
    for v in values:
        p *= _PRIME_OF_VALUE[v]
    return p


def _multisets(size: int, max_count: int) -> Iterable[tuple[int, ...]]:
    for values in combinations_with_replacement(range(2, 15), size):
        if max(Counter(values).values()) <= max_count:
            yield values


def _build_five() -> tuple[dict[int, int], dict[int, int]]:
    plain = {_product(vs): _plain_key(vs) for vs in _multisets(5, 5)}
    suited = {_product(vs): _suited_key(vs) for vs in combinations(range(2, 15), 5)}
    return plain, suited


_PLAIN5, _SUITED5 = _build_five()


@cache
def _seven_table() -> dict[int, int]:
    """Built on the first seven-card hand (about a second), then kept. A flush is
    looked at only when a suit holds five of the seven cards (about 3 % of hands)."""
    return {_product(vs): _plain_key(vs) for vs in _multisets(7, 4)}


# -- ranking ------------------------------------------------------------------------


class PokerHandError(ValueError):
    """Cards that are not a poker hand (fewer than five, a joker where none is wild).
    A bug in the caller: the games check what the scorer entered first."""


def hand_key(cards: Sequence[Card]) -> int:
    """The key of the best five-card poker hand among ``cards`` (five or more
    standard cards; identical cards from several decks are allowed)."""
    n = len(cards)
    try:
        if n == 5:
            a, b, c, d, e = (_CODE[card] for card in cards)
            product = (a >> 4) * (b >> 4) * (c >> 4) * (d >> 4) * (e >> 4)
            if a & b & c & d & e & 15:
                suited = _SUITED5.get(product)
                if suited is not None:  # None: a repeated card from several decks
                    return suited
            return _PLAIN5[product]
        if n == 7:
            plain = _seven_table()
            product = 1
            suits = 0
            for card in cards:
                product *= _PRIME[card]
                suits += _SUIT_COUNTER[card]
            key = plain.get(product)
            if key is None:  # five or more of a rank: several decks
                return _general_key(cards)
            # A suit's nibble + 3 sets its top bit exactly when it holds five or more.
            if (suits + 0x3333) & 0x8888:
                return max(key, _flush_key(cards))
            return key
    except KeyError:
        return _general_key(cards)
    return _general_key(cards)


def _flush_key(cards: Sequence[Card]) -> int:
    by_suit: dict[Suit, list[int]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(VALUES[card.rank])
    return max(
        (_suited_key(sorted(set(vs))) for vs in by_suit.values() if len(set(vs)) >= 5),
        default=-1,
    )


def _general_key(cards: Sequence[Card]) -> int:
    if len(cards) < 5:
        raise PokerHandError(f"a poker hand needs five cards, not {len(cards)}")
    if any(card.suit is None for card in cards):
        raise PokerHandError("a joker in a hand without wild cards")
    return max(_plain_key([VALUES[c.rank] for c in cards]), _flush_key(cards))


def wild_hand_key(cards: Sequence[Card], *, wild: Card | None = None) -> int:
    """The key of a five-card hand in which jokers (or ``wild``) are wild: each may
    be any card, suit and rank freely chosen (Strip Poker §26.3), so four kings and a
    joker are five of a kind, the highest hand.

    Only the rank a wild card takes matters, and its suit only for a flush: a flush
    needs every natural card in one suit, so each wild card takes that suit. So the
    best hand is the best over the multisets of ranks for the wild cards, at most
    1,820 of them for four jokers — the tests check this against every substitution
    of every wild card by each of the 52 cards."""
    if len(cards) != 5:
        raise PokerHandError(f"a poker hand needs five cards, not {len(cards)}")
    is_wild = (lambda c: c.suit is None) if wild is None else (lambda c: c == wild)
    naturals = [c for c in cards if not is_wild(c)]
    jokers = 5 - len(naturals)
    if not jokers:
        return hand_key(cards)
    try:
        product = 1
        for card in naturals:
            product *= _PRIME[card]
    except KeyError:
        raise PokerHandError(f"{card} is not wild in this hand") from None
    one_suit = len({c.suit for c in naturals}) <= 1
    best = 0
    # The same tables as natural hands: a wild card's rank multiplies in its prime.
    # The flush table holds five distinct ranks only, so a copied rank is no flush.
    for extra in combinations_with_replacement(_PRIMES, jokers):
        p = product
        for prime in extra:
            p *= prime
        key = _PLAIN5[p]
        if one_suit:
            key = max(key, _SUITED5.get(p, 0))
        best = max(best, key)
    return best


@dataclass(frozen=True, slots=True)
class PokerHand:
    """A ranked hand: its category and tie-break values, most significant first."""

    category: HandCategory
    values: tuple[int, ...]

    @classmethod
    def from_key(cls, key: int) -> PokerHand:
        values = tuple((key >> (16 - 4 * i)) & 15 for i in range(5))
        return cls(HandCategory(key >> _CATEGORY_SHIFT), values)

    @property
    def key(self) -> int:
        return _pack(self.category, self.values)

    def describe(self) -> Text:
        """For people: ``"full house, K over 7"``, ``"straight to 5"``."""
        v = [_RANK_NAMES[x] for x in self.values]
        c = self.category
        if c == HandCategory.STRAIGHT:
            return msg("straight to {high}", high=v[0])
        if c == HandCategory.STRAIGHT_FLUSH:
            return msg("straight flush to {high}", high=v[0])
        if c == HandCategory.FULL_HOUSE:
            return msg("full house, {three} over {two}", three=v[0], two=v[3])
        if c == HandCategory.TWO_PAIR:
            return msg(
                "two pair, {high} and {low}, {kicker}", high=v[0], low=v[2], kicker=v[4]
            )
        if c == HandCategory.FIVE_OF_A_KIND:
            return msg("five of a kind, {rank}", rank=v[0])
        ranks = " ".join(v)
        if c == HandCategory.FOUR_OF_A_KIND:
            return msg("four of a kind, {ranks}", ranks=ranks)
        if c == HandCategory.FLUSH:
            return msg("flush, {ranks}", ranks=ranks)
        if c == HandCategory.THREE_OF_A_KIND:
            return msg("three of a kind, {ranks}", ranks=ranks)
        if c == HandCategory.PAIR:
            return msg("pair, {ranks}", ranks=ranks)
        return msg("high card, {ranks}", ranks=ranks)


def poker_hand(cards: Sequence[Card], *, wild: bool = False) -> PokerHand:
    """The best poker hand among ``cards``; with ``wild`` jokers are wild."""
    return PokerHand.from_key(wild_hand_key(cards) if wild else hand_key(cards))


def card_key(card: Card, *, rank_order: Sequence[str] = RANKS) -> int:
    """One card's strength where suits break ties (Indian Poker §25.3, Chinese Poker
    §24.1): the rank's place in ``rank_order`` (lowest first), then spades, hearts,
    diamonds, clubs from the top."""
    return rank_order.index(card.rank) * 4 + SUIT_ORDER.index(card.suit)
