"""Sakaali's deal: the boards, the teams' cards and what a team's hand is worth (the
terms are in :mod:`games.rules.sakaali`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, field_validator

from games.engine.cards import Card
from games.engine.game import (
    Fact,
    MatchState,
)
from games.engine.inputs import (
    PER_PARTNER,
    PER_SIDE,
    CardList,
    FrozenModel,
    input_error,
)
from games.engine.melds import (
    NO_WILDS,
    RANK_ORDER_VALUES,
    SetRule,
)
from games.engine.rank_words import RANK_PLURALS, RANK_SINGULARS
from games.engine.text import msg

HAND = 5


TEAM_HAND = 10


PAIR = 25


SINGLE_EXTRA = 20


WIN_BONUS = 20


ALL_IN_SETS = 30


# 39.4: "ace=1, two=2, ..., king=13"; a set is three or four of a kind.
VALUES = RANK_ORDER_VALUES.by_rank


SET = SetRule(min_length=3, wilds=NO_WILDS)


# Reading order of a team's groups on the sheet: by value, ace first.
BY_VALUE = tuple(sorted(VALUES, key=VALUES.__getitem__))


MAX_BOARDS = 52


BoardId = Annotated[
    str,
    Field(
        min_length=1,
        max_length=16,
        pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$",
        description="A board (deck) id such as D3, the same at every table.",
        examples=["D1"],
    ),
]


CardPoints = Annotated[int, Field(ge=0, description="A team's minus card points.")]


def _rank_name(rank: str, plural: bool = False) -> str:
    if plural:
        return RANK_PLURALS[rank]
    return RANK_SINGULARS.get(rank, rank)


def _reachable_card_points() -> frozenset[int]:
    """Every total a ten-card hand from one 52-card deck can lose.

    A hand is a count 0–4 per rank summing to 10; a rank held once loses its value
    + 20, twice 25, three or four times 0. Dynamic programming over the ranks.
    """
    cost = {rank: (0, VALUES[rank] + SINGLE_EXTRA, PAIR, 0, 0) for rank in VALUES}
    reach: dict[int, set[int]] = {0: {0}}  # cards used -> card points possible
    for rank in VALUES:
        nxt: dict[int, set[int]] = {}
        for used, totals in reach.items():
            for count in range(5):
                if used + count > TEAM_HAND:
                    break
                bucket = nxt.setdefault(used + count, set())
                bucket.update(t + cost[rank][count] for t in totals)
        reach = nxt
    return frozenset(reach[TEAM_HAND])


REACHABLE_CARD_POINTS = _reachable_card_points()


class SakaaliOptions(FrozenModel):
    """Variants; the defaults are the book's four-player game to 100."""

    target: int = Field(100, ge=1, description="Game points that win a game (39.4).")
    best_of: Literal[1, 3] = Field(
        1,
        description="1: one game; 3: a best-of-three match of games (39.4, 'if a "
        "longer game is desired').",
    )
    tie_bonus_carries: bool = Field(
        True,
        description="A tied deal's 20-point winning bonus goes to the next deal "
        "(39.4); false scores every deal on its own.",
    )
    boards: tuple[BoardId, ...] = Field(
        (),
        max_length=MAX_BOARDS,
        description="Duplicate play (39.7): the board ids of this table's deals, in "
        "order. The match is exactly these deals; target and best_of do not apply.",
    )

    @field_validator("boards")
    @classmethod
    def _distinct(cls, boards: tuple[str, ...]) -> tuple[str, ...]:
        seen: set[str] = set()
        for board in boards:
            if board in seen:
                raise input_error(
                    "duplicate_board", "board {board} is listed twice", board=board
                )
            seen.add(board)
        return boards


class SakaaliTeam(FrozenModel):
    """One team's final cards: the partners' two hands, or the ten together."""

    hands: Annotated[tuple[CardList, CardList], PER_PARTNER] | None = Field(
        None,
        description="Each partner's five cards, partners in seat order (side 0: "
        "seats 0 and 2; side 1: seats 1 and 3).",
    )
    cards: CardList | None = Field(
        None,
        description="The team's ten cards together (instead of the two hands).",
    )


class SakaaliCards(FrozenModel):
    """A deal entered as both teams' final ten cards."""

    mode: Literal["cards"] = "cards"
    teams: Annotated[tuple[SakaaliTeam, SakaaliTeam], PER_SIDE] = Field(
        description="Side 0 (seats 0 and 2) and side 1 (seats 1 and 3)."
    )
    board: BoardId | None = Field(
        None, description="Duplicate play: the board played (checked if given)."
    )


class SakaaliTotals(FrozenModel):
    """A deal entered as each team's card points only (not verified)."""

    mode: Literal["totals"]
    card_points: Annotated[tuple[CardPoints, CardPoints], PER_SIDE] = Field(
        description="Minus card points of side 0 and side 1."
    )
    board: BoardId | None = Field(
        None, description="Duplicate play: the board played (checked if given)."
    )


@dataclass(frozen=True, kw_only=True)
class SakaaliState(MatchState):
    """``bonus``: what the next deal's winner gets besides the difference.
    ``games_won`` per side and ``new_game`` (the next deal starts a game from 0–0)
    serve best of three."""

    bonus: int = WIN_BONUS
    games_won: tuple[int, int] = (0, 0)
    new_game: bool = False


@dataclass(frozen=True)
class TeamHand:
    """A ten-card hand taken apart: its card points and the facts behind them."""

    card_points: int
    all_in_sets: bool
    facts: tuple[Fact, ...]


def team_hand(cards: Sequence[Card], side: int | None = None) -> TeamHand:
    """Group ``cards`` by rank and count what they lose (39.4)."""
    counts = Counter(card.rank for card in cards)
    facts = []
    total = 0
    for rank in BY_VALUE:
        count = counts.get(rank, 0)
        if not count:
            continue
        # The cards of one rank from one deck: SET holds them exactly when there
        # are enough of them (what read_meld would find, without reading them).
        if count >= SET.min_length:
            ranks = _rank_name(rank, True)
            text = (
                msg("three {ranks}: {points}", ranks=ranks, points=0)
                if count == 3
                else msg("four {ranks}: {points}", ranks=ranks, points=0)
            )
            facts.append(Fact("set", text, side, 0))
        elif count == 2:
            total += PAIR
            facts.append(
                Fact(
                    "pair",
                    msg(
                        "pair of {ranks}: {points}",
                        ranks=_rank_name(rank, True),
                        points=PAIR,
                    ),
                    side,
                    PAIR,
                )
            )
        else:
            lost = VALUES[rank] + SINGLE_EXTRA
            total += lost
            facts.append(
                Fact(
                    "single",
                    msg("single {rank}: {lost}", rank=_rank_name(rank), lost=lost),
                    side,
                    lost,
                )
            )
    return TeamHand(total, total == 0, tuple(facts))
