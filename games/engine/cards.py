"""Playing cards: one parser for what people type, one canonical form for output.

Accepted spellings of a card (case-insensitive): rank then suit or suit then rank —
``KH``, ``Kh``, ``kh``, ``10D``, ``TD``, ``K♥``, ``♥K`` — and ``Jo``, ``JK`` or ``★``
for a joker. Ranks: ``2``–``10`` (``T`` for ten), ``J``, ``Q``, ``K``, ``A``. Suits:
``S``/``♠``, ``H``/``♥``, ``D``/``♦``, ``C``/``♣`` (also the white symbols ♤♡♢♧).

The canonical form is rank + suit letter (``10D``, ``KH``) and ``Jo`` for a joker.
Parsing is a dictionary lookup: every spelling is precomputed, which keeps card entry
of a 100-card Canasta deal far below a millisecond.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.engine.errors import InputRejected, RuleError, join_path
from games.engine.text import msg


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
}

RANKS: tuple[str, ...] = (
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "J",
    "Q",
    "K",
    "A",
)
JOKER_RANK = "Jo"


class Colour(StrEnum):
    RED = "red"
    BLACK = "black"


@dataclass(frozen=True, slots=True, eq=False, order=False)
class Card:
    """A card face. Identical copies from several decks are equal (count them).

    Cards are interned: ``Card("K", Suit.HEARTS)`` always returns the same object,
    so equality and hashing are by identity, in C. A 100-card deal is counted and
    looked up in dicts many times; the dataclass's generated ``__hash__`` (a tuple
    of the rank and an Enum, whose hash is Python code) made that the hot spot.
    """

    rank: str
    suit: Suit | None = None  # None only for a joker

    def __new__(cls, rank: str, suit: Suit | None = None) -> Card:
        card = _INTERNED.get((rank, suit))
        if card is None:
            if suit is not None and not isinstance(suit, Suit):
                # Card("K", "H") is the king of hearts, as before.
                with suppress(ValueError):
                    suit = Suit(suit)
            key = (rank, suit)
            card = _INTERNED.get(key)
            if card is None:
                card = object.__new__(cls)
                object.__setattr__(card, "rank", rank)
                object.__setattr__(card, "suit", suit)
                _INTERNED[key] = card
        return card

    def __init__(self, rank: str, suit: Suit | None = None) -> None:
        pass  # __new__ returned the interned card, already set

    def __reduce__(self) -> tuple[Any, ...]:
        # Copies and pickles come back as the interned card.
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def colour(self) -> Colour | None:
        if self.suit is None:
            return None
        return Colour.RED if self.suit.is_red else Colour.BLACK

    @property
    def code(self) -> str:
        """Canonical text: ``10D``, ``KH``, ``Jo``."""
        return _CODES[self]

    @property
    def pretty(self) -> str:
        """For people: ``10♦``, ``K♥``, ``★``."""
        return "★" if self.is_joker else f"{self.rank}{self.suit.symbol}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


_INTERNED: dict[tuple[str, Suit | None], Card] = {}

JOKER = Card(JOKER_RANK, None)
STANDARD_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in RANKS)

_CODES: dict[Card, str] = {c: f"{c.rank}{c.suit.value}" for c in STANDARD_CARDS}
_CODES[JOKER] = JOKER_RANK


def _spellings() -> dict[str, Card]:
    suit_names: dict[Suit, tuple[str, ...]] = {
        Suit.SPADES: ("S", "♠", "♤"),
        Suit.HEARTS: ("H", "♥", "♡"),
        Suit.DIAMONDS: ("D", "♦", "♢"),
        Suit.CLUBS: ("C", "♣", "♧"),
    }
    table: dict[str, Card] = {}
    for card in STANDARD_CARDS:
        ranks = [card.rank] + (["T"] if card.rank == "10" else [])
        for rank in ranks:
            for suit in suit_names[card.suit]:
                table[(rank + suit).upper()] = card
                table[(suit + rank).upper()] = card
    for joker in ("JO", "JK", "★", "JOKER"):
        table[joker] = JOKER
    return table


CARD_SPELLINGS = _spellings()


class CardSyntaxError(InputRejected):
    """A token that is not a card."""


def parse_card(token: Any, *, path: str = "") -> Card:
    """Parse one card; a bad token raises :class:`CardSyntaxError` naming it."""
    if isinstance(token, Card):
        return token
    if isinstance(token, str):
        card = CARD_SPELLINGS.get(token.strip().upper())
        if card is not None:
            return card
    raise CardSyntaxError(
        [
            RuleError(
                path,
                "bad_card",
                msg(
                    "{token!r} is not a card (write e.g. KH, 10D, K♥ or Jo)",
                    token=token,
                ),
            )
        ]
    )


def split_tokens(text: str) -> list[str]:
    """Split typed text into tokens on white space and commas."""
    return text.replace(",", " ").split()


def parse_cards(value: str | Iterable[Any], *, path: str = "") -> tuple[Card, ...]:
    """Parse a list of cards, or one string of them (``"7H 7D Jo"``).

    Every bad token is reported, each with its position in the list.
    """
    tokens: Sequence[Any] = (
        split_tokens(value) if isinstance(value, str) else list(value)
    )
    cards: list[Card] = []
    errors: list[RuleError] = []
    for i, token in enumerate(tokens):
        card = (
            CARD_SPELLINGS.get(token.strip().upper())
            if isinstance(token, str)
            else None
        )
        if card is None and isinstance(token, Card):
            card = token
        if card is None:
            errors.append(
                RuleError(
                    join_path(path, i),
                    "bad_card",
                    msg(
                        "{token!r} at position {position} is not a card "
                        "(write e.g. KH, 10D, K♥ or Jo)",
                        token=token,
                        position=i + 1,
                    ),
                )
            )
        else:
            cards.append(card)
    if errors:
        raise CardSyntaxError(errors)
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)


# Rank orders, lowest first. A game asks for the order it plays with.
ACE_HIGH: tuple[str, ...] = RANKS
ACE_LOW: tuple[str, ...] = ("A", *RANKS[:-1])
# Marjapussi / Huutopussi: A-10-K-Q-J-9-8-7-6 from the top (book §7, §12).
PUSSI_ORDER: tuple[str, ...] = ("6", "7", "8", "9", "J", "Q", "K", "10", "A")


def rank_index(card: Card, order: Sequence[str] = ACE_HIGH) -> int:
    """Position of the card's rank in ``order`` (higher beats lower)."""
    return order.index(card.rank)
