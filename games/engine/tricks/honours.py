"""Honours as a scorer enters them: held cards counted per side, a hand of three or
four aces, top sequences — and the checks that they fit one 52-card deck.

Historical Skruuvi (§17.4.2) and Vint (§18.3.2) score the cards the players *held*
(after the exchange), not the cards they won. Entering all 52 cards would take
minutes, so the scorer enters what scores: a count per side (value cards, trumps
ten to ace, aces), the one hand that held three or four aces, and each top sequence
(the run from the ace down in a suit) with the seat that held it. What can be
checked without the cards is checked here:

* counts per side add up to what the deck holds (four aces; five trumps ten to ace;
  Historical Skruuvi's nine value-card units in a trump contract, four in no trump):
  :func:`check_split`;
* at most one hand holds three or more aces, each suit's top sequence is held by
  one seat, a hand of four aces leaves no ace (so no top sequence) to another seat,
  a hand of three leaves one: :func:`check_holdings`;
* a side holds at least the aces its hands show (a hand of three, a sequence
  elsewhere): :func:`aces_shown`.

The side with more of something scores it (:func:`majority`); a tie goes where the
game says (Historical Skruuvi: the declarers, Vint: the side with more tricks).

See :mod:`games.engine.tricks` for the other terms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field

from games.engine.errors import RuleError
from games.engine.inputs import FrozenModel, seat_role
from games.engine.text import Seat, msg
from games.engine.tricks.strains import STRAIN_WORDS
from games.engine.wording import any_of

SUITS = ("spades", "hearts", "diamonds", "clubs")
SuitName = Literal["spades", "hearts", "diamonds", "clubs"]


class AcesInHand(FrozenModel):
    """One hand that held three or four aces."""

    seat: Annotated[int, Field(ge=0, le=3), seat_role("holder")] = Field(
        description="Seat of the player who held the aces."
    )
    aces: Literal[3, 4] = Field(description="How many aces that hand held: 3 or 4.")


class TopSequence(FrozenModel):
    """A run from the ace down in one suit, in one hand (A K Q = 3)."""

    seat: Annotated[int, Field(ge=0, le=3), seat_role("holder")] = Field(
        description="Seat of the player who held the sequence."
    )
    suit: SuitName = Field(description="The suit of the sequence.")
    length: Annotated[int, Field(ge=3, le=13)] = Field(
        description="Cards in the run from the ace down: 3 for A K Q, 4 for A K Q J …"
    )


def check_split(
    counts: Sequence[int],
    total: int,
    errors: list[RuleError],
    *,
    path: str,
    what: Literal["aces", "trumps 10–A", "value cards"],
    section: str,
) -> bool:
    """Whether a count per side adds up to what the deck holds of it."""
    if sum(counts) == total:
        return True
    # One sentence a thing counted, so that a translation can say each its own way.
    params = {"counted": sum(counts), "total": total, "section": section}
    if what == "aces":
        text = msg(
            "aces per side add up to {counted}; the deck holds {total} ({section})",
            **params,
        )
    elif what == "trumps 10–A":
        text = msg(
            "trumps 10–A per side add up to {counted}; the deck holds {total} "
            "({section})",
            **params,
        )
    else:
        text = msg(
            "value cards per side add up to {counted}; the deck holds {total} "
            "({section})",
            **params,
        )
    errors.append(RuleError(path, f"{path.replace('.', '_')}_not_{total}", text))
    return False


def check_holdings(
    aces_in_hand: Sequence[AcesInHand],
    sequences: Sequence[TopSequence],
    errors: list[RuleError],
    *,
    section: str,
    suits: Sequence[str] = SUITS,
    path: str = "",
) -> bool:
    """Whether the hands of aces and the top sequences fit one deck: one hand of
    three or four aces at most, one sequence a suit, and no more aces shown than
    four (a hand of four leaves no ace to another seat's sequence, a hand of three
    one). ``suits`` are the suits whose sequences score (a trump contract: the
    trump suit only)."""
    before = len(errors)
    prefix = f"{path}." if path else ""
    if len(aces_in_hand) > 1:
        errors.append(
            RuleError(
                f"{prefix}aces_in_hand.1",
                "aces_in_two_hands",
                msg(
                    "only one hand can hold three or more of the four aces ({section})",
                    section=section,
                ),
            )
        )
    seen: dict[str, int] = {}
    for i, run in enumerate(sequences):
        where = f"{prefix}sequences.{i}"
        if run.suit not in suits:
            errors.append(
                RuleError(
                    f"{where}.suit",
                    "sequence_not_scored",
                    msg(
                        "only sequences in {suits} score here ({section})",
                        suits=any_of([STRAIN_WORDS[s] for s in suits]),
                        section=section,
                    ),
                )
            )
        if run.suit in seen:
            errors.append(
                RuleError(
                    f"{where}.suit",
                    "sequence_twice",
                    msg(
                        "one ace of {suit}: its sequence is already entered ({other})",
                        suit=STRAIN_WORDS[run.suit],
                        other=f"{prefix}sequences.{seen[run.suit]}",
                    ),
                )
            )
        else:
            seen[run.suit] = i
    if len(errors) == before and aces_in_hand:
        hand = aces_in_hand[0]
        elsewhere = [i for i, run in enumerate(sequences) if run.seat != hand.seat]
        if len(elsewhere) > 4 - hand.aces:
            errors.append(
                RuleError(
                    f"{prefix}sequences.{elsewhere[0]}.seat",
                    "sequence_without_ace",
                    msg(
                        "{seat} held {aces} aces: {sequences} sequences at other "
                        "seats need more aces than are left ({section})",
                        seat=Seat(hand.seat),
                        aces=hand.aces,
                        sequences=len(elsewhere),
                        section=section,
                    ),
                )
            )
    return len(errors) == before


def aces_shown(
    aces_in_hand: Sequence[AcesInHand],
    sequences: Sequence[TopSequence],
    sides: Sequence[int],
) -> tuple[int, ...]:
    """The fewest aces each side must hold, by what its hands show: the hand of
    three or four aces, and an ace for each sequence in another of its hands."""
    shown = [0] * (max(sides) + 1)
    hand_seat = None
    for hand in aces_in_hand[:1]:
        hand_seat = hand.seat
        shown[sides[hand.seat]] += hand.aces
    for run in sequences:
        if run.seat != hand_seat:
            shown[sides[run.seat]] += 1
    return tuple(shown)


def majority(counts: Sequence[int], *, tie: int | None = None) -> int | None:
    """The side with more (of two); on a tie, ``tie``."""
    if counts[0] == counts[1]:
        return tie
    return 0 if counts[0] > counts[1] else 1


def game_bonus(nth: int, unit: int) -> int:
    """A side's ``nth`` game won is worth ``nth`` × ``unit``: Historical Skruuvi's
    200, 400, 600 … (§17.4.5), Vint's 1000 then 2000 (§18.3.3)."""
    return nth * unit
