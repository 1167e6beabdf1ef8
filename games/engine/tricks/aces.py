"""Where the aces fell, and the honours held.

See :mod:`games.engine.tricks` for the terms and invariants.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from games.engine.cards import ACE_HIGH, Card, Suit
from games.engine.errors import RuleError
from games.engine.inputs import CardField, FrozenModel, seat_role
from games.engine.text import Seat, Side, msg, msgn

# -- where the aces fell ----------------------------------------------------------

ACES: tuple[Card, ...] = tuple(Card("A", suit) for suit in Suit)


class AcePlace(FrozenModel):
    """Where one ace fell: the trick and the seat that won that trick."""

    card: CardField = Field(description="The ace: AS, AH, AD or AC.")
    trick: Annotated[int, Field(ge=1, le=13)] = Field(
        description="The trick it fell in: 1 for the first trick of the deal … 13."
    )
    seat: Annotated[int, Field(ge=0, le=3), seat_role("trick_winner")] = Field(
        description="Seat of the player who won that trick."
    )


@dataclass(frozen=True, slots=True)
class Aces:
    """The aces as entered, checked: ``(trick, seat)`` per ace."""

    places: tuple[tuple[int, int], ...]

    def won_by(self, group_of: Sequence[int], group: int) -> int:
        """The sum of the trick numbers of the aces won by ``group`` (of seats)."""
        return sum(trick for trick, seat in self.places if group_of[seat] == group)


def check_aces(
    aces: Sequence[AcePlace],
    errors: list[RuleError],
    *,
    group_of: Sequence[int],
    group_tricks: Mapping[int, int] | None,
    group_name: Mapping[int, Seat] | Callable[[int, int, int], str],
    path: str = "aces",
) -> Aces | None:
    """The four aces, each once; one winner per trick; no group (a seat, a side, or
    a lone declarer and the rest) won more ace tricks than tricks.

    ``group_name`` names each group as a seat or a side (``Seat(2)``), or is the
    sentence itself, ``(group, tricks, ace_tricks) -> text``, where a group is no
    seat or side ("the declarer won 3 tricks but …")."""
    before = len(errors)
    if len(aces) != len(ACES):
        errors.append(
            RuleError(
                path,
                "four_aces",
                msg(
                    "enter where each of the four aces fell ({entered} entered)",
                    entered=len(aces),
                ),
            )
        )
    seen: dict[Card, int] = {}
    winner: dict[int, int] = {}
    for i, ace in enumerate(aces):
        if ace.card not in ACES:
            errors.append(
                RuleError(
                    f"{path}.{i}.card",
                    "not_an_ace",
                    msg("{card} is not an ace", card=ace.card.code),
                )
            )
        elif ace.card in seen:
            errors.append(
                RuleError(
                    f"{path}.{i}.card",
                    "ace_twice",
                    msg(
                        "{card} is already entered ({other})",
                        card=ace.card.code,
                        other=f"{path}.{seen[ace.card]}",
                    ),
                )
            )
        else:
            seen[ace.card] = i
        other = winner.setdefault(ace.trick, ace.seat)
        if other != ace.seat:
            errors.append(
                RuleError(
                    f"{path}.{i}.seat",
                    "trick_two_winners",
                    msg(
                        "trick {trick} was won by {seat} (another ace in it)",
                        trick=ace.trick,
                        seat=Seat(other),
                    ),
                )
            )
    if group_tricks is not None and len(errors) == before:
        won: dict[int, set[int]] = {}
        for trick, seat in winner.items():
            won.setdefault(group_of[seat], set()).add(trick)
        for group, tricks in sorted(won.items()):
            if len(tricks) > group_tricks[group]:
                errors.append(
                    RuleError(
                        path,
                        "more_ace_tricks_than_tricks",
                        group_name(group, group_tricks[group], len(tricks))
                        if callable(group_name)
                        else msg(
                            "{group} won {won} but aces fell in {fell}",
                            group=group_name[group],
                            won=msgn(
                                "{count} trick",
                                "{count} tricks",
                                count=group_tricks[group],
                            ),
                            fell=msgn(
                                "{count} trick won there",
                                "{count} tricks won there",
                                count=len(tricks),
                            ),
                        ),
                    )
                )
    if len(errors) != before:
        return None
    return Aces(tuple((ace.trick, ace.seat) for ace in aces))


def check_deal_aces(
    aces: Sequence[AcePlace],
    errors: list[RuleError],
    *,
    entry: Sequence[int],
    per_side: Sequence[int] | None,
    sides: Sequence[int] = (0, 1, 0, 1),
    path: str = "aces",
) -> Aces | None:
    """:func:`check_aces` against the tricks as the scorer entered them: per seat
    when the tricks were entered per seat (nobody won more ace tricks than their
    own tricks), per side otherwise; the trick count is skipped when the tricks did
    not add up (``per_side`` is ``None``). Skruuvi's misere and pass misere aces
    (§15.8) and Screw Misere's (§19.3)."""
    per_seat = len(entry) == len(sides)
    return check_aces(
        aces,
        errors,
        group_of=tuple(range(len(sides))) if per_seat else tuple(sides),
        group_tricks=None
        if per_side is None
        else dict(enumerate(entry if per_seat else per_side)),
        group_name={g: Seat(g) if per_seat else Side(g) for g in range(len(sides))},
        path=path,
    )


def misere_minus(
    per_side: Sequence[int], aces: Aces, sides: Sequence[int] = (0, 1, 0, 1)
) -> tuple[int, ...]:
    """Per side, one for each trick it won plus *k* for each ace in its *k*-th
    trick of the deal (Skruuvi's pass misere §15.9, Screw Misere §19.3)."""
    return tuple(won + aces.won_by(sides, side) for side, won in enumerate(per_side))


# -- honours ----------------------------------------------------------------------


def aces_in_hand(hand: Iterable[Card]) -> int:
    """Aces in one hand (three or four score in Historical Skruuvi and Vint)."""
    return sum(1 for card in hand if card.rank == "A")


def value_cards(cards: Iterable[Card], trumps: Suit | None) -> int:
    """Historical Skruuvi's value cards (§17.4.2): aces, and in a trump contract
    the trumps ten to ace, the ace of trumps counting twice; in no trump the aces
    only."""
    units = 0
    for card in cards:
        if card.rank == "A":
            units += 2 if card.suit == trumps else 1
        elif trumps is not None and card.suit == trumps and card.rank in _TEN_UP:
            units += 1
    return units


_TEN_UP = frozenset({"10", "J", "Q", "K"})


def top_sequence(hand: Iterable[Card], suit: Suit) -> int:
    """The length of the run from the ace down in ``suit`` (A K Q = 3; no ace 0)."""
    held = {card.rank for card in hand if card.suit == suit}
    length = 0
    for rank in reversed(ACE_HIGH):
        if rank not in held:
            break
        length += 1
    return length
