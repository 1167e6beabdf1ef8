"""Hands, piles and card values the rummy games share.

Terms:

* **card-value table** (:class:`CardValues`) — what each rank is worth when the card
  is counted: penalty points for a card left in hand (Sneaky Pete: joker 50, ace 20,
  nine to king 10, two to eight 5), deadwood in a gin-like game, a single's worth
  (Sakaali: ace 1 … king 13). The joker is the rank ``"Jo"``.
* **deadwood** / **hand penalty** — the sum of a table's values over cards not in a
  meld (:meth:`CardValues.total`).
* **unit** — the greatest common divisor of a table's values: every hand penalty is
  a multiple of it, so a total entered that is not is rejected
  (:func:`multiple_errors`).
* **going out** — one player gets rid of every card; the others still hold some
  (:func:`going_out_errors` for cards entered, :func:`went_out_points_errors` for
  points entered).
* **placed cards** — ``(path, cards)`` for every meld, hand and pile of a deal, in
  entry order; :func:`deck_errors` accounts them against the declared deck.

Invariants:

* a table's values are positive integers, one per rank it lists; asking for a rank
  the table does not list is a bug (``KeyError``), not a user error;
* :func:`deck_errors` returns exactly :func:`games.engine.decks.check_deck`'s errors
  (every card over its count, at the path where it went over, naming every place it
  was entered) — it only decides first, in C, whether there are any.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from itertools import chain
from math import gcd
from types import MappingProxyType

from games.engine.cards import RANKS, Card
from games.engine.decks import DeckSpec, check_deck
from games.engine.errors import RuleError
from games.engine.text import Seat, Text, msg

Placed = Sequence[tuple[str, Sequence[Card]]]


@dataclass(frozen=True)
class CardValues:
    """What each rank counts, by rank (``"Jo"`` for the joker)."""

    name: str
    by_rank: Mapping[str, int] = field(repr=False)
    _table: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table = dict(self.by_rank)
        object.__setattr__(self, "by_rank", MappingProxyType(table))
        object.__setattr__(self, "_table", table)  # a dict reads faster than a proxy

    def of(self, card: Card) -> int:
        return self._table[card.rank]

    def total(self, cards: Iterable[Card]) -> int:
        """The deadwood (hand penalty) of ``cards``."""
        table = self._table
        return sum(table[c.rank] for c in cards)

    @property
    def unit(self) -> int:
        """Every total is a multiple of this."""
        return reduce(gcd, self.by_rank.values())

    @property
    def least(self) -> int:
        """The least a card counts."""
        return min(self.by_rank.values())


# Ace 1, two to ten as marked, court cards 10 (gin-like deadwood).
PIP_VALUES = CardValues(
    "pips",
    {**{r: int(r) for r in RANKS if r.isdigit()}, "A": 1, "J": 10, "Q": 10, "K": 10},
)
# Ace 1, two 2 … king 13 (Sakaali's singles, book §39.4).
RANK_ORDER_VALUES = CardValues(
    "ace 1 to king 13",
    {**{r: int(r) for r in RANKS if r.isdigit()}, "A": 1, "J": 11, "Q": 12, "K": 13},
)


def deck_errors(deck: DeckSpec, placed: Placed) -> list[RuleError]:
    """:func:`check_deck` over every placed pile, after a count in C that settles the
    usual legal deal (no card entered more often than the deck holds)."""
    copies = deck.copies
    counts = Counter(chain.from_iterable(cards for _, cards in placed))
    if all(n <= copies.get(card, 0) for card, n in counts.items()):
        return []
    return check_deck(deck, placed)


def multiple_errors(
    points: Sequence[int], unit: int, path: str, why: str
) -> list[RuleError]:
    """``not_a_multiple_of_<unit>`` at ``path.<i>`` for every entry of ``points``
    that no combination of cards can score; ``why`` ends the message."""
    return [
        not_a_multiple(f"{path}.{i}", value, unit, why)
        for i, value in enumerate(points)
        if value % unit
    ]


def not_a_multiple(path: str, value: int, unit: int, why: str) -> RuleError:
    return RuleError(
        path,
        f"not_a_multiple_of_{unit}",
        msg("{value} cannot be scored: {why}", value=value, why=why),
    )


Wording = Callable[[Seat, "Seat | None"], Text]
"""A message about a hand from its seat and the seat that went out."""


@dataclass(frozen=True, slots=True)
class HandWording:
    """A game's codes and messages for a hand left at the end of a deal: ``(code,
    message)`` where the player who went out holds cards (``holds_cards``) and where
    another player holds none (``empty``); a message is made from the seat of the
    hand and the seat that went out (``None``: nobody), so that its template stays
    a literal the catalogue extracts."""

    holds_cards: tuple[str, Wording] = (
        "cards_after_going_out",
        lambda seat, went_out: msg("{seat} went out, so holds no cards", seat=seat),
    )
    empty: tuple[str, Wording] = (
        "hand_required",
        lambda seat, went_out: msg(
            "only the player who went out ({went_out}) has no cards: "
            "enter the cards left in this hand",
            went_out=went_out,
        ),
    )


RUMMY_HAND_WORDING = HandWording()


def going_out_error(
    path: str,
    seat: int,
    hand: Sequence[Card],
    went_out: int | None,
    wording: HandWording = RUMMY_HAND_WORDING,
) -> RuleError | None:
    """The player who went out holds no cards; every other player holds some
    (``went_out`` ``None``: nobody went out, so everyone holds some).

    ``hand`` is the cards ``seat`` has left, entered at ``path``; the error is
    worded by the game's ``wording``.
    """
    if seat == went_out:
        if not hand:
            return None
        code, message = wording.holds_cards
    elif hand:
        return None
    else:
        code, message = wording.empty
    went = None if went_out is None else Seat(went_out)
    return RuleError(path, code, message(Seat(seat), went))


def went_out_points_errors(
    points: Sequence[int], went_out: int, path: str, values: CardValues
) -> list[RuleError]:
    """Points entered per seat: 0 for the player who went out, at least the least
    card value for every other player, each a multiple of the table's unit."""
    errors = []
    unit = values.unit
    for seat, value in enumerate(points):
        at = f"{path}.{seat}"
        if seat == went_out:
            if value:
                errors.append(
                    RuleError(
                        at,
                        "points_for_going_out",
                        "the player who went out has no cards left: 0",
                    )
                )
        elif value == 0:
            errors.append(
                RuleError(
                    at,
                    "no_cards_left",
                    msg(
                        "only the player who went out is out of cards; every card "
                        "left counts at least {least}",
                        least=values.least,
                    ),
                )
            )
        elif value % unit:
            errors.append(not_a_multiple(at, value, unit, _counts(values)))
    return errors


def _counts(values: CardValues) -> str:
    """``"every card counts 5, 10, 20 or 50"``."""
    listed = [str(v) for v in sorted(set(values.by_rank.values()))]
    return msg(
        "every card counts {values} or {last}",
        values=", ".join(listed[:-1]),
        last=listed[-1],
    )
