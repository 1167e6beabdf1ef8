"""Declarative deck specifications and the check of a deal against its deck.

A deck is a multiset of card faces. A deal is checked by counting every card the
scorer entered — over every meld, hand, foot and pile — and comparing each count with
the number of copies the deck holds.
"""

from __future__ import annotations

from collections import Counter, _count_elements  # type: ignore[attr-defined]
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from types import MappingProxyType

from games.engine.cards import JOKER, RANKS, STANDARD_CARDS, Card
from games.engine.errors import RuleError
from games.engine.text import msg, msgn


@dataclass(frozen=True)
class DeckSpec:
    """``copies`` maps each card face to how many the deck holds."""

    name: str
    copies: Mapping[Card, int] = field(repr=False)

    @property
    def size(self) -> int:
        return sum(self.copies.values())

    def holds(self, card: Card) -> int:
        return self.copies.get(card, 0)

    @cached_property
    def limits(self) -> DeckLimits:
        """The copies arranged for :func:`deck_overfull` (built once per deck)."""
        common = min(self.copies.values(), default=0)
        return DeckLimits(
            frozenset(self.copies),
            tuple((c, n) for c, n in self.copies.items() if n > common),
            frozenset(range(1, common + 1)),
        )


@dataclass(frozen=True, slots=True)
class DeckLimits:
    """A deck's copies, arranged so that a deal is checked with set operations:
    most faces have the same number of copies (2 of each in 2 × 54), a few more
    (the jokers)."""

    faces: frozenset[Card]
    more: tuple[tuple[Card, int], ...]  # faces with more copies than the rest
    within_common: frozenset[int]  # 1 … the copies of every other face


def make_deck(
    name: str, *, packs: int = 1, jokers_per_pack: int = 0, ranks=RANKS
) -> DeckSpec:
    """``packs`` × (the ranks in four suits + ``jokers_per_pack`` jokers)."""
    counts: Counter[Card] = Counter()
    for card in STANDARD_CARDS:
        if card.rank in ranks:
            counts[card] += packs
    if jokers_per_pack:
        counts[JOKER] += packs * jokers_per_pack
    return DeckSpec(name, MappingProxyType(dict(counts)))


STANDARD_52 = make_deck(msg("52 cards"))
STANDARD_52_JOKER = make_deck(msg("52 cards + 1 joker"), jokers_per_pack=1)
DOUBLE_54 = make_deck(msg("2 × 54 cards (2 jokers each)"), packs=2, jokers_per_pack=2)
TRIPLE_54 = make_deck(msg("3 × 54 cards (2 jokers each)"), packs=3, jokers_per_pack=2)
FIVE_54 = make_deck(msg("5 × 54 cards (2 jokers each)"), packs=5, jokers_per_pack=2)
PIQUET_36 = make_deck(
    msg("36 cards (6 to A)"), ranks=("6", "7", "8", "9", "10", "J", "Q", "K", "A")
)


def check_deck(
    deck: DeckSpec, placed: Iterable[tuple[str, Iterable[Card]]]
) -> list[RuleError]:
    """Errors for every card entered more often than ``deck`` holds.

    ``placed`` yields ``(path, cards)`` for each pile of the deal (a meld, a hand, a
    foot …). The error stands at the path where the card went over the limit and
    names every place it was entered.
    """
    seen: Counter[Card] = Counter()
    where: dict[Card, list[str]] = {}
    over: dict[Card, str] = {}  # card -> path where it first went over the limit
    for path, cards in placed:
        for card in cards:
            seen[card] += 1
            where.setdefault(card, []).append(path)
            if card not in over and seen[card] > deck.holds(card):
                over[card] = path
    return [
        _too_many(deck, card, path, seen[card], where[card])
        for card, path in over.items()
    ]


def _too_many(
    deck: DeckSpec, card: Card, path: str, count: int, places: list[str]
) -> RuleError:
    held = deck.holds(card)
    entered = ", ".join(places)
    if held == 0:
        return RuleError(
            path,
            "card_not_in_deck",
            msgn(
                "{card} is not in the {deck} deck (entered once: {places})",
                "{card} is not in the {deck} deck (entered {count} times: {places})",
                card=card.code,
                deck=deck.name,
                count=count,
                places=entered,
            ),
        )
    return RuleError(
        path,
        "too_many_copies",
        msg(
            "{card} appears more often than the {deck} deck holds "
            "({held}; entered {count} times: {places})",
            card=card.code,
            deck=deck.name,
            held=held,
            count=count,
            places=entered,
        ),
    )


def deck_overfull(deck: DeckSpec, cards: Iterable[Card]) -> bool:
    """Whether ``cards`` hold a card more often than ``deck`` has copies of it.

    The question :func:`check_deck` answers, counted in C (cards hash by identity;
    ``_count_elements`` is the counting loop of ``Counter.update``) and decided with
    set operations, so that a deal can be checked before any path is built.
    """
    limits = deck.limits
    counts: dict[Card, int] = {}
    _count_elements(counts, cards)
    if not counts.keys() <= limits.faces:
        return True
    for card, held in limits.more:
        if counts.pop(card, 0) > held:
            return True
    return not limits.within_common.issuperset(counts.values())


def check_deck_counted(
    deck: DeckSpec, placed: Sequence[tuple[str, Sequence[Card]]]
) -> list[RuleError]:
    """:func:`check_deck`, counting in C first: the errors (with every place a card
    was entered) are built only when a card is over."""
    if not deck_overfull(deck, chain.from_iterable(cards for _, cards in placed)):
        return []
    return check_deck(deck, placed)
