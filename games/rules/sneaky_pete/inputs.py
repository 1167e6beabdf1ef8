"""Sneaky Pete's deal: the hands' requirements, the card points and the melds a player
laid down (the terms are in :mod:`games.rules.sneaky_pete`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal

from pydantic import Field

from games.engine.cards import Card
from games.engine.decks import DeckSpec, make_deck
from games.engine.errors import RuleError
from games.engine.game import (
    MatchState,
)
from games.engine.inputs import (
    PER_SIDE,
    CardList,
    FrozenModel,
    SeatField,
)
from games.engine.melds import (
    CardValues,
    Fault,
    RunRule,
    SetRule,
    Wording,
    fault_errors,
    meld_faults,
)
from games.engine.text import msg

HANDS = 7


CARDS_DEALT = 12


MIN_PLAYERS = 3


MAX_PLAYERS = 8


SET_LENGTH = 3  # "Set = three of a kind"


RUN_LENGTH = 4  # "Run = four in a row, same suit"


# Points: "Joker = 50, Ace = 20, 9-K = 10, 2-8 = 5".
PENALTIES = CardValues(
    "Sneaky Pete",
    {
        "Jo": 50,
        "A": 20,
        **dict.fromkeys(("9", "10", "J", "Q", "K"), 10),
        **dict.fromkeys(("2", "3", "4", "5", "6", "7", "8"), 5),
    },
)


CARD_POINTS = PENALTIES.by_rank


UNIT = PENALTIES.unit  # 5: every score is a multiple of it


# "Set = three of a kind"; "Run = four in a row, same suit", the ace low, high or
# both ends of one run; the joker is wild, with no limit per meld.
SET = SetRule(min_length=SET_LENGTH)


RUNS = {
    corner: RunRule(min_length=RUN_LENGTH, ace_both_ends=True, wrap=corner)
    for corner in (False, True)
}


SET_WORDING: Wording = {
    Fault.TOO_FEW_NATURALS: (
        "no_natural_card",
        msg("a meld needs at least one card that is not a joker"),
    ),
    Fault.TOO_SHORT: (
        "set_too_short",
        lambda length: msg(
            "a set is at least three of a kind, not {length} cards", length=length
        ),
    ),
    Fault.MIXED_RANKS: (
        "mixed_ranks",
        msg("a set is cards of one rank (jokers stand in for any of them)"),
    ),
}


RUN_WORDING: Wording = {
    Fault.TOO_FEW_NATURALS: SET_WORDING[Fault.TOO_FEW_NATURALS],
    Fault.TOO_SHORT: (
        "run_too_short",
        lambda length: msg(
            "a run is at least four in a row, not {length} cards", length=length
        ),
    ),
    Fault.MIXED_SUITS: ("mixed_suits", msg("a run is cards of one suit")),
    Fault.REPEATED_RANK: (
        "repeated_rank",
        msg("a run holds each rank once (the ace may end it at both ends)"),
    ),
    Fault.NOT_IN_A_ROW: (
        "not_in_a_row",
        msg(
            "these cards are not in a row: the gaps need more jokers than the run holds"
        ),
    ),
}


@dataclass(frozen=True, slots=True)
class Requirement:
    """What a player lays down to meld in one hand."""

    sets: int
    runs: int

    @property
    def text(self) -> str:
        """``2 sets and 1 run``: one template per shape, so a language words its
        own plurals."""
        sets, runs = self.sets, self.runs
        if sets and runs:
            if sets > 1 and runs > 1:
                return msg("{sets} sets and {runs} runs", sets=sets, runs=runs)
            if sets > 1:
                return msg("{sets} sets and {runs} run", sets=sets, runs=runs)
            if runs > 1:
                return msg("{sets} set and {runs} runs", sets=sets, runs=runs)
            return msg("{sets} set and {runs} run", sets=sets, runs=runs)
        if sets:
            if sets > 1:
                return msg("{sets} sets", sets=sets)
            return msg("{sets} set", sets=sets)
        if runs:
            if runs > 1:
                return msg("{runs} runs", runs=runs)
            return msg("{runs} run", runs=runs)
        return ""


# "Requirement to meld for each hand", hands 1 to 7.
REQUIREMENTS: tuple[Requirement, ...] = (
    Requirement(1, 1),
    Requirement(2, 0),
    Requirement(0, 2),
    Requirement(2, 1),
    Requirement(1, 2),
    Requirement(3, 0),
    Requirement(0, 3),
)


def requirement(hand: int) -> Requirement:
    """The requirement of hand ``hand`` (1–7)."""
    return REQUIREMENTS[hand - 1]


def card_points(card: Card) -> int:
    return PENALTIES.of(card)


def hand_points(cards: Sequence[Card]) -> int:
    """The penalty points of the cards left in a hand."""
    return PENALTIES.total(cards)


class SneakyPeteOptions(FrozenModel):
    """Variants; the defaults are the text's."""

    decks: Literal[2, 3] = Field(
        2, description="Decks shuffled together: 2, or 3 'if more people'."
    )
    jokers_per_deck: Literal[0, 1, 2] = Field(
        2,
        description="Jokers are wild and count 50 in hand; 'it's optional to play "
        "with jokers' (0 = none).",
    )
    round_the_corner: bool = Field(
        False,
        description="Runs may turn the corner through the ace (Q-K-A-2); off, the "
        "ace is only low (A-2-3-4) or high (J-Q-K-A), or both ends of one run.",
    )


@cache
def deck_for(decks: int, jokers: int) -> DeckSpec:
    cards = 52 + jokers
    if not jokers:
        name = msg("{decks} × {cards} cards", decks=decks, cards=cards)
    elif jokers == 1:
        name = msg(
            "{decks} × {cards} cards ({jokers} joker each)",
            decks=decks,
            cards=cards,
            jokers=jokers,
        )
    else:
        name = msg(
            "{decks} × {cards} cards ({jokers} jokers each)",
            decks=decks,
            cards=cards,
            jokers=jokers,
        )
    return make_deck(name, packs=decks, jokers_per_pack=jokers)


Seat = Annotated[SeatField, Field(le=MAX_PLAYERS - 1)]


class SneakyPeteMeld(FrozenModel):
    """A set or a run in front of a player at the end of the hand."""

    kind: Literal["set", "run"] = Field(
        description="set (three or more of a rank) or run (four or more in a row of "
        "one suit)."
    )
    cards: CardList = Field(description="Its cards, with those others added to it.")


class SneakyPetePlayer(FrozenModel):
    """One player at the end of the hand."""

    hand: CardList = Field(
        (),
        description="The cards left in the hand (none for the player who went out).",
    )
    melds: tuple[SneakyPeteMeld, ...] | None = Field(
        None,
        description="Optional: the sets and runs in front of this player at the end "
        "of the hand, with the cards others added; an empty list means the player "
        "did not meld. Checked against the hand's requirement.",
    )


class SneakyPeteCards(FrozenModel):
    """A hand entered as the cards left in each player's hand."""

    mode: Literal["cards"] = "cards"
    went_out: Seat = Field(description="The seat of the player who went out.")
    players: Annotated[tuple[SneakyPetePlayer, ...], PER_SIDE] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Every player in seat order: the cards left in hand (and "
        "optionally the melds).",
    )


class SneakyPeteTotals(FrozenModel):
    """A hand entered as each player's penalty points only (not verified)."""

    mode: Literal["totals"]
    went_out: Seat = Field(description="The seat of the player who went out.")
    points: Annotated[tuple[Annotated[int, Field(ge=0)], ...], PER_SIDE] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Every player's penalty points, in seat order (0 for the player "
        "who went out).",
    )


@dataclass(frozen=True, kw_only=True)
class SneakyPeteState(MatchState):
    """``requirement``: what the next hand asks for (``None`` once seven are played)."""

    requirement: Requirement | None = REQUIREMENTS[0]


def meld_errors(
    path: str, meld: SneakyPeteMeld, round_the_corner: bool
) -> list[RuleError]:
    """Why ``meld`` is not a set or a run of its kind (nothing if it is one).

    A meld without a natural card is only that; a run's sequence is judged only
    when nothing else is wrong with it; a run too long is a run not in a row.
    """
    cards = meld.cards
    is_set = meld.kind == "set"
    faults = meld_faults(cards, SET if is_set else RUNS[round_the_corner])
    if not faults:
        return []
    if Fault.TOO_FEW_NATURALS in faults:
        faults = (Fault.TOO_FEW_NATURALS,)
    elif Fault.TOO_SHORT in faults:
        faults = tuple(f for f in faults if f is not Fault.NOT_IN_A_ROW)
    faults = tuple(f for f in faults if f is not Fault.TOO_LONG)
    wording = SET_WORDING if is_set else RUN_WORDING
    return fault_errors(f"{path}.cards", faults, wording, length=len(cards))
