"""The deal as entered: card entry (melds, opening, red threes, hands) or totals.

The pydantic models declare the input (JSON Schema for the API and the entry form)
and validate anything a scorer may send, every problem a :class:`RuleError` with
its path. The common card entry — well-formed lists of cards in the usual spellings
— is read straight into :class:`CardsEntry`, a record with the same fields as
:class:`CardsDeal` (no per-card callbacks, no model built): the scorer reads the
fields by name and takes either. Whatever the reader does not recognise goes to
pydantic, which then parses it or names every error.
"""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import Field

from games.engine.card_reader import read_card_lists, read_cards
from games.engine.cards import RANKS, Card
from games.engine.inputs import (
    PER_PARTNER,
    PER_SIDE,
    CardList,
    CardShortcuts,
    FrozenModel,
    SameRank,
    SeatField,
)
from games.engine.melds.books import COMPLETE_BOOK
from games.engine.text import msg

MAX_PARTNERS = 2  # players of one side at the family's largest table

NATURAL_RANKS: tuple[str, ...] = RANKS[2:]
"""The ranks of a natural canasta, 4 to A (§28.1–28.2: twos and jokers are wild,
threes never make a canasta — black threes are melded only as three or four)."""


def natural_canasta(ranks: tuple[str, ...] = NATURAL_RANKS) -> SameRank:
    """The shortcut of a natural canasta: seven naturals of one of ``ranks``."""
    return SameRank(msg("Natural canasta"), size=COMPLETE_BOOK, ranks=ranks)


MeldCards = Annotated[CardList, CardShortcuts(natural_canasta())]
"""A meld's cards, with the natural canasta of a rank as a one-tap shortcut."""

OpeningPart = Annotated[
    int | CardList,
    Field(
        description="A meld index (that whole meld was the opening combination) or "
        "the cards of the combination as laid down."
    ),
]


class SideCards(FrozenModel):
    """One side's cards at the end of a deal (card entry)."""

    melds: tuple[MeldCards, ...] = Field(
        (), description="Every meld of the side, as it lies at the end of the deal."
    )
    opening: tuple[OpeningPart, ...] | None = Field(
        None,
        description="The opening meld: its combinations as laid down (cards), or "
        "indices of melds that were laid down whole and not extended. Optional; "
        "when given, its points are checked against the opening requirement.",
    )
    red_threes: CardList = Field((), description="Red threes laid out by the side.")
    # One hand per player of the side: two at the table of four, one at the table
    # of two (ch 27: a side of one player). The scorer checks the count against
    # the match's table (error ``hands_per_player``).
    hands: Annotated[tuple[CardList, ...], PER_PARTNER] = Field(
        min_length=1,
        max_length=MAX_PARTNERS,
        description="Cards left in each player's hand, one hand per player of the "
        "side in seat order (four players: side 0 is seats 0 and 2, side 1 seats 1 "
        "and 3; two players: one hand each).",
    )
    insufficient_openings: int = Field(
        0, ge=0, description="Attempts to open with too few points (§28.6.5)."
    )
    may_i_go_out_penalties: int = Field(
        0, ge=0, description="Times penalised for asking “May I go out?” wrongly."
    )


class CardsDeal(FrozenModel):
    """A deal entered card by card."""

    mode: Literal["cards"] = "cards"
    teams: Annotated[tuple[SideCards, SideCards], PER_SIDE]
    went_out: SeatField | None = Field(
        None,
        ge=0,
        le=3,
        description="Seat of the player who went out, if anyone (a seat of the "
        "match's table: 0–3 for four players, 0–1 for two).",
    )
    concealed: bool = Field(
        False, description="The side opened and went out in the same turn."
    )


class TotalsDeal(FrozenModel):
    """A deal entered as each side's total only (not verified)."""

    mode: Literal["totals"]
    points: Annotated[tuple[int, int], PER_SIDE]


class SideEntry(NamedTuple):
    """:class:`SideCards`' fields, as the reader of the common entry gives them."""

    melds: tuple[tuple[Card, ...], ...]
    opening: tuple[int | tuple[Card, ...], ...] | None
    red_threes: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    insufficient_openings: int
    may_i_go_out_penalties: int


class CardsEntry(NamedTuple):
    """:class:`CardsDeal`'s fields, as the reader of the common entry gives them."""

    teams: tuple[SideEntry, SideEntry]
    went_out: int | None
    concealed: bool
    mode: str = "cards"


# The records built without the Python-level __new__ of a named tuple (as its own
# ``_make`` builds them).
_new_side = partial(tuple.__new__, SideEntry)
_new_deal = partial(tuple.__new__, CardsEntry)

_LISTS = (list, tuple)
_ONLY_INT = frozenset({int})
_SIDE_KEYS = frozenset(SideCards.model_fields)
_DEAL_KEYS = frozenset(CardsDeal.model_fields)


def _side_entry(raw: Any) -> SideEntry | None:
    """The :class:`SideEntry` of a well-formed side, else None."""
    if type(raw) is not dict or not raw.keys() <= _SIDE_KEYS:
        return None
    melds_raw = raw.get("melds", ())
    hands_raw = raw.get("hands")
    if type(melds_raw) not in _LISTS or type(hands_raw) not in _LISTS:
        return None
    partners = len(hands_raw)
    if not 1 <= partners <= MAX_PARTNERS:
        return None
    lists = read_card_lists((*melds_raw, *hands_raw))
    red_threes = read_cards(raw.get("red_threes", ()))
    if lists is None or red_threes is None:
        return None
    opening = raw.get("opening")
    if opening is not None:
        if type(opening) not in _LISTS:
            return None
        if not _ONLY_INT.issuperset(map(type, opening)):
            parts: list[Any] = []
            for part in opening:
                if type(part) is int:
                    parts.append(part)
                    continue
                cards = read_cards(part)
                # "0" is the meld index 0 to pydantic (int first in the union).
                if cards is None or (type(part) is str and part.strip().isdigit()):
                    return None
                parts.append(cards)
            opening = parts
        opening = tuple(opening)
    attempts = raw.get("insufficient_openings", 0)
    asked = raw.get("may_i_go_out_penalties", 0)
    if type(attempts) is not int or type(asked) is not int or min(attempts, asked) < 0:
        return None
    return _new_side(
        (lists[:-partners], opening, red_threes, lists[-partners:], attempts, asked)
    )


def read_cards_entry(raw: Any) -> CardsEntry | None:
    """Read a well-formed card-entry deal without pydantic's per-card callbacks.

    Returns None for anything unusual (a bad card, a wrong type, an unknown key):
    pydantic then parses it and reports every error with its path. What this
    accepts, pydantic accepts, with the same fields.
    """
    if type(raw) is not dict or not raw.keys() <= _DEAL_KEYS:
        return None
    if raw.get("mode", "cards") != "cards":
        return None
    teams = raw.get("teams")
    if type(teams) not in _LISTS or len(teams) != 2:
        return None
    first, second = _side_entry(teams[0]), _side_entry(teams[1])
    if first is None or second is None:
        return None
    went_out = raw.get("went_out")
    if went_out is not None and not (type(went_out) is int and 0 <= went_out <= 3):
        return None
    concealed = raw.get("concealed", False)
    if type(concealed) is not bool:
        return None
    return _new_deal(((first, second), went_out, concealed, "cards"))
