"""Card values of the Canasta family (§28.1) and what cards left in hand cost.

Terms: a **red three** is laid out (Canasta, Samba) or melded (Contract Samba),
never melded with other cards; a **black three** is melded only by the player going
out. A three *in a meld* counts 5 whatever its colour (§31.10); in hand it costs
the game's value (Contract Samba, Hand and Foot: black 100, red 500).

Invariants: every table here is built once at import and never changes; cards are
interned, so the tables are looked up by identity in C
(``map(table.__getitem__, cards)``, ``itemgetter(*cards)(table)``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter
from types import MappingProxyType

from games.engine.cards import JOKER, STANDARD_CARDS, Card


def _base_points(card: Card) -> int:
    if card.is_joker:
        return 50
    if card.rank == "3":
        return 100 if card.suit.is_red else 5
    if card.rank in ("A", "2"):
        return 20
    if card.rank in ("4", "5", "6", "7"):
        return 5
    return 10


ALL_CARDS: tuple[Card, ...] = (*STANDARD_CARDS, JOKER)
CARD_POINTS: Mapping[Card, int] = MappingProxyType(
    {c: _base_points(c) for c in ALL_CARDS}
)
"""§28.1: black 3 5, red 3 100, 4–7 5, 8–K 10, A 20, 2 20, joker 50."""

MELD_POINTS: Mapping[Card, int] = MappingProxyType(
    {c: (5 if c.rank == "3" else CARD_POINTS[c]) for c in ALL_CARDS}
)
"""What a card on the table counts: a three in a meld counts 5."""

_INDEX: dict[Card, int] = {c: i for i, c in enumerate(ALL_CARDS)}
_MELD_POINT = dict(MELD_POINTS).__getitem__
RED_THREES = frozenset(c for c in ALL_CARDS if c.rank == "3" and c.suit.is_red)
BLACK_THREES_CARDS = frozenset(
    c for c in ALL_CARDS if c.rank == "3" and not c.suit.is_red
)


def card_index(card: Card) -> int:
    """Position of ``card`` in :data:`ALL_CARDS` (a cheap key for counting)."""
    return _INDEX[card]


def meld_points(cards: Iterable[Card]) -> int:
    """Card points of cards on the table."""
    return sum(map(_MELD_POINT, cards))


def meld_card_points(card: Card) -> int:
    """What a card on the table counts (a three in a meld counts 5)."""
    return MELD_POINTS[card]


def is_red_three(card: Card) -> bool:
    return card in RED_THREES


def is_black_three(card: Card) -> bool:
    return card in BLACK_THREES_CARDS


def hand_points_table(
    black_three: int | None = None, red_three: int | None = None
) -> Mapping[Card, int]:
    """Values of cards left in hand (positive numbers; they count against the side).

    By default §28.1's values; Contract Samba and Hand and Foot charge 100 for a black
    three and 500 for a red three in hand (§31.10, §32.6).
    """
    table = dict(CARD_POINTS)
    for card in ALL_CARDS:
        if card.rank == "3":
            if card.suit.is_red and red_three is not None:
                table[card] = red_three
            elif not card.suit.is_red and black_three is not None:
                table[card] = black_three
    return MappingProxyType(table)


CANASTA_HAND_POINTS = hand_points_table()


def hand_points(cards: Iterable[Card], table: Mapping[Card, int] = CARD_POINTS) -> int:
    """Sum of what the cards in a hand cost (positive)."""
    return sum(map(table.__getitem__, cards))


def sum_of(values: Mapping[Card, int], cards: Sequence[Card]) -> int:
    """``sum(map(values.__getitem__, cards))`` with the look-ups in C, without a
    call per card; ``KeyError`` for a card ``values`` lacks."""
    if len(cards) > 1:
        return sum(itemgetter(*cards)(values))
    return values[cards[0]] if cards else 0  # itemgetter gives no tuple for one
