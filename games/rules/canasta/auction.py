"""Contract Samba's auction (§31.2): calls, bids, and the check of a recorded auction.

Terms: a **call** is one turn of the auction — a **bid** (a level ≥ 1 and a type,
``4 hearts``), ``pass`` or ``double``. Types ascend clubs < diamonds < hearts <
spades < canasta < canasta of twos (``twos``).

Invariants: an auction is complete and legal when every bid is higher than the
last, a double is only over an opponent's bid and ends the auction, and otherwise
three passes after a bid (four with no bid) end it; every call that breaks this is
an error at its own path (``auction.3``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BeforeValidator, PlainSerializer, WithJsonSchema

from games.engine.errors import RuleError
from games.engine.inputs import input_error
from games.engine.text import Seat, Text, msg

SEATS = 4

BID_TYPES: tuple[str, ...] = (
    "clubs",
    "diamonds",
    "hearts",
    "spades",
    "canasta",
    "twos",
)
SUIT_OF_TYPE = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
# A bid's type inside a sentence ("5 clubs"), translated with it.
TYPE_WORDS: dict[str, Text] = {
    "clubs": msg("clubs"),
    "diamonds": msg("diamonds"),
    "hearts": msg("hearts"),
    "spades": msg("spades"),
    "canasta": msg("canasta"),
    "twos": msg("twos"),
}
_TYPE_SPELLINGS = {
    **{s: "clubs" for s in ("c", "club", "clubs", "♣", "♧")},
    **{s: "diamonds" for s in ("d", "diamond", "diamonds", "♦", "♢")},
    **{s: "hearts" for s in ("h", "heart", "hearts", "♥", "♡")},
    **{s: "spades" for s in ("s", "spade", "spades", "♠", "♤")},
    **{s: "canasta" for s in ("n", "can", "canasta", "canastas")},
    **{
        s: "twos" for s in ("t", "2s", "twos", "canasta of twos", "canasta of 2s", "c2")
    },
}
_PASSES = frozenset({"pass", "p", "-", "no bid"})
_DOUBLES = frozenset({"double", "dbl", "x", "doubled"})
_BID_RE = re.compile(r"^(\d+)\s*(.+)$")


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction. ``kind`` is ``bid``, ``pass`` or ``double``."""

    kind: str
    level: int = 0
    type: str = ""

    @property
    def rank(self) -> tuple[int, int]:
        return (self.level, BID_TYPES.index(self.type))

    @property
    def text(self) -> str:
        """The call as entered and stored: ``5 clubs``, ``pass``."""
        return f"{self.level} {self.type}" if self.kind == "bid" else self.kind

    @property
    def words(self) -> Text:
        """The call inside a sentence, in the reader's words."""
        if self.kind == "bid":
            return msg(
                "{level} {strain}", level=self.level, strain=TYPE_WORDS[self.type]
            )
        return msg("double") if self.kind == "double" else msg("pass")


def _to_call(value: Any) -> Call:
    if isinstance(value, Call):
        return value
    if isinstance(value, dict) and set(value) <= {"level", "type"}:
        level, kind = value.get("level"), value.get("type")
        if isinstance(level, int) and isinstance(kind, str):
            value = f"{level} {kind}"
    if isinstance(value, str):
        text = " ".join(value.strip().lower().split())
        if text in _PASSES:
            return Call("pass")
        if text in _DOUBLES:
            return Call("double")
        match = _BID_RE.match(text)
        if match and match.group(2).strip() in _TYPE_SPELLINGS:
            return Call(
                "bid", int(match.group(1)), _TYPE_SPELLINGS[match.group(2).strip()]
            )
    raise input_error(
        "bad_call",
        "'{token}' is not a call (write e.g. 4 hearts, 3S, 2 canasta, 5 twos, "
        "pass or double)",
        token=value,
    )


CallField = Annotated[
    Call,
    BeforeValidator(_to_call),
    PlainSerializer(lambda c: c.text, return_type=str),
    WithJsonSchema(
        {
            "type": "string",
            "description": "A bid '<level> <type>' (types: clubs, diamonds, hearts, "
            "spades, canasta, twos; or C, D, H, S, N, T), 'pass' or 'double'.",
            "examples": ["4 hearts", "2S", "3 canasta", "5 twos", "pass", "double"],
        }
    ),
]


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid made in the auction, with who made it and where it was entered."""

    level: int
    type: str
    seat: int
    index: int  # position in ``auction``

    @property
    def points(self) -> int:
        return 1000 * self.level

    @property
    def text(self) -> str:
        """The bid as stored: ``5 clubs``."""
        return f"{self.level} {self.type}"

    @property
    def words(self) -> Text:
        """The bid inside a sentence, in the reader's words."""
        return msg("{level} {strain}", level=self.level, strain=TYPE_WORDS[self.type])


@dataclass(frozen=True, slots=True)
class Auction:
    bids: tuple[Bid, ...]  # in the order made, so ascending
    doubled: bool


def check_auction(
    calls: Sequence[Call], first_seat: int, errors: list[RuleError]
) -> Auction:
    """Check a recorded auction (§31.2); the bids it holds and whether doubled."""
    bids: list[Bid] = []
    passes = 0
    doubled = False
    ended = False
    for i, call in enumerate(calls):
        path = f"auction.{i}"
        seat = (first_seat + i) % SEATS
        if ended:
            errors.append(
                RuleError(
                    path,
                    "call_after_auction_end",
                    "the auction had already ended (a double, three passes after a "
                    "bid, or four passes without one)",
                )
            )
            break
        if call.kind == "pass":
            passes += 1
            ended = passes == (3 if bids else 4)
        elif call.kind == "double":
            if not bids:
                errors.append(
                    RuleError(path, "double_without_bid", "there is no bid to double")
                )
            elif bids[-1].seat % 2 == seat % 2:
                errors.append(
                    RuleError(
                        path,
                        "double_own_side",
                        msg(
                            "{seat} can only double a bid of the opponents; the "
                            "highest bid ({bid}) is their own side's",
                            seat=Seat(seat),
                            bid=bids[-1].words,
                        ),
                    )
                )
            doubled = True
            ended = True
        else:
            if call.level < 1:
                errors.append(
                    RuleError(path, "bid_below_one", "a bid is at least 1 (thousand)")
                )
            elif bids and call.rank <= (bids[-1].level, BID_TYPES.index(bids[-1].type)):
                errors.append(
                    RuleError(
                        path,
                        "bid_not_higher",
                        msg(
                            "{call} is not higher than {bid}: bid a "
                            "higher number, or the same number and a higher type",
                            call=call.words,
                            bid=bids[-1].words,
                        ),
                    )
                )
            bids.append(Bid(call.level, call.type, seat, i))
            passes = 0
    if not ended:
        errors.append(
            RuleError(
                "auction",
                "auction_incomplete",
                "the auction ends with three passes after a bid, four passes without "
                "one, or a double",
            )
        )
    return Auction(tuple(bids), doubled)
