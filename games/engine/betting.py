"""A round of poker betting as the scorer enters it: one word per turn.

Indian Poker §25.2–25.3 defines the betting, and Strip Poker §26.2 plays it twice a
deal ("betting like in Indian Poker"). Terms:

* **turn** — one player's choice, entered as a word: ``F`` (fold), ``C`` (call; a
  *check* when nobody has raised yet) or ``R1`` … ``R5`` (raise 1–5 above the call;
  the first raise of a hand is the *bet*). Lower case and ``B1`` … ``B5`` for a bet
  are accepted too.
* **paid** — what each player has put in the pot during the hand, the ante
  included; calling brings a player up to the most anyone has paid.
* **the end of betting** (§25.3) — when a turn would come to a player who has had a
  turn before and nobody has bet or raised since that turn, the betting ends. So
  nobody raises twice in a row, and at the end every player still in has paid the
  same.

Reading (written in the games' docs): when all but one player have folded the
betting is over and the last player takes the pot without a turn of their own —
there is nobody left to call a bet.

Invariants: ``paid`` only grows; at the end every live player has paid the same;
each word is one turn of the next live player in seat order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

from pydantic import BeforeValidator, Field

from games.engine.errors import RuleError, join_path
from games.engine.input_messages import PATTERN_RULE
from games.engine.inputs import token_keys
from games.engine.text import Seat, msg

MAX_RAISE = 5
"""§25.2: "Raise — the player pays like in the call option, plus 1-5 units extra"."""


def _word(value: object) -> object:
    if isinstance(value, str):
        word = value.strip().upper()
        return "R" + word[1:] if word[:1] == "B" else word
    return value


def _words(value: object) -> object:
    if isinstance(value, str):
        return value.replace(",", " ").split()
    return value


Turn = Annotated[
    str,
    BeforeValidator(_word),
    Field(
        pattern=r"^(F|C|R[1-5])$",
        # what the pattern allows, in the words of its error (input_messages)
        json_schema_extra={PATTERN_RULE: msg("F, C or R1–R5")},
    ),
]
#: The words of a turn as the entry form offers them, one key each (tap in order).
TURN_KEYS = (
    ("F", msg("Fold")),
    ("C", msg("Call or check")),
    # A raise's key says by how much: a number, the same in every language.
    *((f"R{n}", f"+{n}") for n in range(1, MAX_RAISE + 1)),
)
Turns = Annotated[
    tuple[Turn, ...],
    BeforeValidator(_words),
    Field(
        max_length=200,
        description="Each turn in order, from the first player to bet: F (fold), "
        "C (call or check), R1–R5 (bet or raise by 1–5), e.g. 'C R2 F C R1 C C'.",
        json_schema_extra=token_keys(TURN_KEYS),
    ),
]


@dataclass(frozen=True, slots=True)
class Betting:
    """The outcome of a round of betting: what each player paid in all (what they
    had paid before it included), who folded, and the raises made."""

    paid: tuple[int, ...]
    folded: frozenset[int]
    raises: int

    @property
    def live(self) -> tuple[int, ...]:
        return tuple(p for p in range(len(self.paid)) if p not in self.folded)


def play_betting(
    turns: Sequence[str],
    *,
    order: Sequence[int],
    paid: Sequence[int],
    folded: frozenset[int] = frozenset(),
    path: str = "actions",
    section: str = "§25.3",
) -> tuple[Betting, list[RuleError]]:
    """Play ``turns`` (validated words) round the table in ``order`` (the seats, the
    first to bet first), starting from what each player has ``paid`` and who has
    ``folded`` already. Returns the betting and the errors: a turn after the
    betting ended (``betting_over``), turns that stop before it ends
    (``betting_unfinished``)."""
    paid_now = list(paid)
    out = set(folded)
    last_turn: dict[int, int] = {}
    last_raise = -1
    raises = 0
    errors: list[RuleError] = []
    seat_at = 0
    i = 0
    while True:
        if sum(p not in out for p in order) <= 1:
            break  # one player left: nobody to bet against
        player = order[seat_at % len(order)]
        seat_at += 1
        if player in out:
            continue
        if player in last_turn and last_raise <= last_turn[player]:
            break
        if i >= len(turns):
            errors.append(
                RuleError(
                    path,
                    "betting_unfinished",
                    msg(
                        "the betting has not ended: it is {player}'s turn ({section})",
                        player=Seat(player),
                        section=section,
                    ),
                )
            )
            break
        word = turns[i]
        last_turn[player] = i
        top = max(paid_now)
        if word == "F":
            out.add(player)
        else:
            paid_now[player] = top
            if word.startswith("R"):
                paid_now[player] += int(word[1:])
                last_raise = i
                raises += 1
        i += 1
    for j in range(i, len(turns)):
        errors.append(
            RuleError(
                join_path(path, j),
                "betting_over",
                msg(
                    "turn {number} ({word}) comes after the betting ended ({section})",
                    number=j + 1,
                    word=turns[j],
                    section=section,
                ),
            )
        )
    return Betting(tuple(paid_now), frozenset(out), raises), errors
