"""Triple Play's deal as the scorer enters it (hands, knees, feet, melds, red and
black threes) and its fast reader; see :mod:`games.rules.canasta.triple_play`."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NamedTuple

from pydantic import Field

# The family reader's card-list helpers (same package): one spelling table.
from games.engine.card_reader import read_card_lists, read_cards
from games.engine.cards import Card
from games.engine.inputs import (
    PER_PARTNER,
    PER_SIDE,
    CardList,
    FrozenModel,
    SeatField,
)
from games.rules.canasta.deal_input import MeldCards


class TriplePlayOptions(FrozenModel):
    """The page's game has no variants to choose; every deal is scored as written."""


Pile = Annotated[
    CardList | None,
    Field(
        description="The pile's cards if it was never picked up (they count "
        "against the side); null (or empty) if the player picked it up."
    ),
]


class TriplePlaySide(FrozenModel):
    """One side's cards at the end of a deal."""

    melds: tuple[MeldCards, ...] = Field(
        (), description="Every meld of the side, as it lies at the end of the deal."
    )
    opening: tuple[int | CardList, ...] | None = Field(
        None,
        description="Optional: the opening meld, as indices of melds laid down whole "
        "or the cards of each combination; checked against the deal's requirement.",
    )
    red_threes: CardList = Field((), description="Red threes laid out by the side.")
    hands: Annotated[tuple[CardList, CardList], PER_PARTNER] = Field(
        description="Cards left in each partner's hand (side 0: seats 0 and 2)."
    )
    knees: Annotated[tuple[Pile, Pile], PER_PARTNER] = Field(
        (None, None),
        description="Each partner's knee: its 13 cards if never picked up, or null.",
    )
    feet: Annotated[tuple[Pile, Pile], PER_PARTNER] = Field(
        (None, None),
        description="Each partner's foot: its 11 cards if never picked up, or null.",
    )
    reminder_penalties: int = Field(
        0, ge=0, description="Times a player reminded a partner of the knee (l.208)."
    )


class TriplePlayCards(FrozenModel):
    """A Triple Play deal entered card by card."""

    mode: Literal["cards"] = "cards"
    teams: Annotated[tuple[TriplePlaySide, TriplePlaySide], PER_SIDE]
    went_out: SeatField | None = Field(
        None, ge=0, le=3, description="Seat of the player who went out, if anyone."
    )
    discard_pile: CardList = Field(
        (), description="Optional: the discard pile, checked against the decks."
    )


class TriplePlaySideEntry(NamedTuple):
    """:class:`TriplePlaySide`'s fields, as :func:`read_triple_play` gives them."""

    melds: tuple[tuple[Card, ...], ...]
    opening: tuple[int, ...] | None
    red_threes: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    knees: tuple[tuple[Card, ...] | None, ...]
    feet: tuple[tuple[Card, ...] | None, ...]
    reminder_penalties: int


class TriplePlayEntry(NamedTuple):
    """:class:`TriplePlayCards`' fields, as :func:`read_triple_play` gives them."""

    teams: tuple[TriplePlaySideEntry, TriplePlaySideEntry]
    went_out: int | None
    discard_pile: tuple[Card, ...]
    mode: str = "cards"


_SIDE_FIELDS = frozenset(TriplePlaySide.model_fields)
_DEAL_FIELDS = frozenset(TriplePlayCards.model_fields)


def _piles(raw: Any) -> tuple[tuple[Card, ...] | None, ...] | None:
    """Two knees or feet, each cards or None; None if anything is unusual."""
    if type(raw) not in (list, tuple) or len(raw) != 2:
        return None
    out = []
    for pile in raw:
        if pile is None:
            out.append(None)
            continue
        cards = read_cards(pile)
        if cards is None:
            return None
        out.append(cards)
    return tuple(out)


def _read_side(raw: Any) -> TriplePlaySideEntry | None:
    if type(raw) is not dict or not raw.keys() <= _SIDE_FIELDS:
        return None
    melds, hands = raw.get("melds", ()), raw.get("hands")
    if type(melds) not in (list, tuple) or type(hands) not in (list, tuple):
        return None
    if len(hands) != 2:
        return None
    lists = read_card_lists((*melds, *hands))
    reds = read_cards(raw.get("red_threes", ()))
    knees = _piles(raw.get("knees", (None, None)))
    feet = _piles(raw.get("feet", (None, None)))
    if lists is None or reds is None or knees is None or feet is None:
        return None
    opening = raw.get("opening")
    if opening is not None:
        # Only meld indices here; combinations as cards go to pydantic.
        if type(opening) not in (list, tuple) or not all(
            type(p) is int for p in opening
        ):
            return None
        opening = tuple(opening)
    reminders = raw.get("reminder_penalties", 0)
    if type(reminders) is not int or reminders < 0:
        return None
    return TriplePlaySideEntry(
        lists[:-2], opening, reds, lists[-2:], knees, feet, reminders
    )


def read_triple_play(raw: Any) -> TriplePlayEntry | None:
    """Read a well-formed card-entry deal without pydantic's per-card callbacks
    (as :func:`.deal_input.read_cards_entry` does for the family's entry).

    None for anything unusual: pydantic then parses it and names every error.
    What this accepts, pydantic accepts, with the same fields.
    """
    if type(raw) is not dict or not raw.keys() <= _DEAL_FIELDS:
        return None
    if raw.get("mode", "cards") != "cards":
        return None
    teams = raw.get("teams")
    if type(teams) not in (list, tuple) or len(teams) != 2:
        return None
    first, second = _read_side(teams[0]), _read_side(teams[1])
    went_out = raw.get("went_out")
    discard = read_cards(raw.get("discard_pile", ()))
    if first is None or second is None or discard is None:
        return None
    if went_out is not None and not (type(went_out) is int and 0 <= went_out <= 3):
        return None
    return TriplePlayEntry((first, second), went_out, discard)
