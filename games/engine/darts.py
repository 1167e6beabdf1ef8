"""Dart games: the board, a turn of darts as entered, and the pieces the games'
state machines share (who throws next, the race to the last sector, the exact
target, the closed sectors, the drops of an elimination).

Source: book ``001_b57793035adc3f64.txt`` Part X (l.3540–3661): the board §57.1
(l.3552–3556), the games ch 58–61.

Terms:

* **board** — the English/international dartboard (§57.1): 20 *sectors* numbered
  1–20, laid round the board in :data:`BOARD_ORDER` (which decides which sectors are
  *next to each other*, Killeri §61.1), each with a *double* ring and a *triple*
  ring; the *bull* in the centre, an *outer* and an *inner* bull. The Finnish
  dartboard (§57.3) has rings 1–9 and a centre worth 10 instead.
* **dart** — one throw as the scorer taps it: a sector and a multiplier
  (:class:`Dart`; sector 0 is a miss, sector 25 the bull with multiplier 1 for the
  outer and 2 for the inner bull). Entered as a short word (``"T20"``, ``"D5"``,
  ``"7"``, ``"OB"``, ``"IB"``, ``"M"``) or a pair ``[sector, multiplier]``.
* **turn** — the darts one player throws in a row: three on the international
  board (§57.1), five on the Finnish one (§57.3). A deal of these games is one
  player's turn; the player is the *thrower* (the state's ``thrower``; the match's
  first dealer throws first).

Invariants: a parsed dart is always on the board (a sector 1–20 with ×1–×3, the
bull ×1–×2, or a miss); a turn holds at most the turn's darts; the thrower after a
turn is a player still in.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, PlainSerializer, WithJsonSchema

from games.engine.errors import RuleError
from games.engine.game import ContextRow, Game, MatchGoal, MatchState, Table
from games.engine.inputs import WIDGET, input_error
from games.engine.places import elimination_points
from games.engine.text import msg

SECTORS = tuple(range(1, 21))
BULL = 25
MISS = 0
BOARD_ORDER = (20, 1, 18, 4, 13, 6, 10, 15, 2, 17, 3, 19, 7, 16, 8, 11, 14, 9, 12, 5)
"""The sectors clockwise from the top of the board."""

DARTS_PER_TURN = 3  # §57.1 (l.3552)
FINNISH_DARTS_PER_TURN = 5  # §57.3 (l.3568)
FINNISH_CENTRE = 10

_POSITION = {sector: i for i, sector in enumerate(BOARD_ORDER)}


def adjacent(a: int, b: int) -> bool:
    """Are sectors ``a`` and ``b`` next to each other on the board?"""
    return (_POSITION[a] - _POSITION[b]) % 20 in (1, 19)


def neighbours(sector: int) -> tuple[int, int]:
    """The two sectors beside ``sector`` (anticlockwise, clockwise)."""
    i = _POSITION[sector]
    return BOARD_ORDER[i - 1], BOARD_ORDER[(i + 1) % 20]


@dataclass(frozen=True, slots=True)
class Dart:
    """Where one dart landed: ``sector`` 1–20, :data:`BULL` or :data:`MISS`;
    ``multiplier`` 1 (single, outer bull), 2 (double, inner bull) or 3 (triple)."""

    sector: int
    multiplier: int = 1

    @property
    def is_miss(self) -> bool:
        return self.sector == MISS

    @property
    def is_bull(self) -> bool:
        return self.sector == BULL

    @property
    def is_inner_bull(self) -> bool:
        return self.sector == BULL and self.multiplier == 2

    def on(self, sector: int) -> bool:
        """Did the dart hit ``sector`` (any ring of it)?"""
        return self.sector == sector

    @property
    def code(self) -> str:
        if self.is_miss:
            return "M"
        if self.is_bull:
            return "IB" if self.multiplier == 2 else "OB"
        return ("", "", "D", "T")[self.multiplier] + str(self.sector)

    def __str__(self) -> str:
        return self.code


_WORD = re.compile(r"^([SDT]?)(\d{1,2})$")
_BULLS = {
    "OB": Dart(BULL, 1),
    "B": Dart(BULL, 1),
    "BULL": Dart(BULL, 1),
    "SB": Dart(BULL, 1),
    "25": Dart(BULL, 1),
    "IB": Dart(BULL, 2),
    "DB": Dart(BULL, 2),
    "D25": Dart(BULL, 2),
    "50": Dart(BULL, 2),
}
_MISSES = {"M", "MISS", "0", "-", "X"}
DART_PATTERN = (
    r"^\s*(?i:[SDT]?([1-9]|1[0-9]|20)|OB|IB|B|BULL|SB|DB|D?25|50|M|MISS|0|-|X)\s*$"
)


def parse_dart(value: Any) -> Dart:
    """A dart from a word (``"T20"``, ``"d5"``, ``"7"``, ``"OB"``, ``"IB"``, ``"M"``)
    or a pair ``[sector, multiplier]`` (sector 0 a miss, 25 the bull)."""
    if isinstance(value, Dart):
        return value
    if isinstance(value, str):
        word = value.strip().upper()
        if word in _MISSES:
            return Dart(MISS, 1)
        if word in _BULLS:
            return _BULLS[word]
        match = _WORD.match(word)
        if match and 1 <= int(match[2]) <= 20:
            return Dart(int(match[2]), {"": 1, "S": 1, "D": 2, "T": 3}[match[1]])
    elif (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(type(v) is int for v in value)
    ):
        sector, multiplier = value
        if sector == MISS:
            return Dart(MISS, 1)
        if sector == BULL and multiplier in (1, 2):
            return Dart(BULL, multiplier)
        if 1 <= sector <= 20 and multiplier in (1, 2, 3):
            return Dart(sector, multiplier)
    raise input_error(
        "bad_dart",
        "'{token}' is not a dart: write e.g. 20, D20, T20, OB (outer bull), IB "
        "(inner bull), M (miss), or [sector, multiplier]",
        token=value,
    )


def _split_words(value: Any) -> Any:
    # A scorer may type a whole turn as one string: "T20 5 M".
    return value.replace(",", " ").split() if isinstance(value, str) else value


DartField = Annotated[
    Dart,
    BeforeValidator(parse_dart),
    PlainSerializer(lambda d: d.code, return_type=str),
    WithJsonSchema({"type": "string", "pattern": DART_PATTERN}),
]


def dart_list(darts: int, board: str = "sectors") -> Any:
    """The type of a turn of up to ``darts`` darts, declared for the dart pad
    (``x-widget: dart``: one tap per dart; ``board`` is ``sectors`` for the
    international board, ``rings`` for the Finnish one)."""
    if board == "rings":
        item: Any = Annotated[int, BeforeValidator(_ring)]
        items = {"type": "integer", "minimum": 0, "maximum": FINNISH_CENTRE}
        example = [10, 9, 7, 0, 5]
    else:
        item = DartField
        items = {"type": "string", "pattern": DART_PATTERN}
        example = ["T20", "5", "M"]
    return Annotated[
        tuple[item, ...],
        Field(max_length=darts),
        BeforeValidator(_split_words),
        WithJsonSchema(
            {
                "type": "array",
                "items": items,
                "minItems": 1,
                "maxItems": darts,
                "description": f"The darts of the turn in the order thrown (up to "
                f"{darts}), one tap each.",
                "examples": [example],
                WIDGET: "dart",
                "x-dart-board": board,
                "x-dart-darts": darts,
                "x-dart-keys": _RING_KEYS if board == "rings" else _SECTOR_KEYS,
                "x-dart-modifiers": [] if board == "rings" else _MODIFIERS,
            }
        ),
    ]


# The dart pad's keys, as [what is entered, the label on the key]: a modifier key
# (double, triple) turns the next sector key into its double or triple.
_SECTOR_KEYS = [[str(s), str(s)] for s in SECTORS] + [
    ["OB", msg("Bull")],
    ["IB", msg("Bull ×2")],
    ["M", msg("Miss")],
]
_RING_KEYS = [[str(r), str(r)] for r in range(FINNISH_CENTRE, -1, -1)]
# "Double ring", not "Double": a word of its own, so that it is not a bridge
# double in the catalogue (Finnish players say "tupla", not "kahdennus").
_MODIFIERS = [["D", msg("Double ring")], ["T", msg("Triple ring")]]


def _ring(value: Any) -> int:
    """A ring of the Finnish board: 0 (a miss) to 9, the centre 10 (§57.3)."""
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip())
    if type(value) is int and 0 <= value <= FINNISH_CENTRE:
        return value
    raise input_error(
        "bad_ring",
        "'{token}' is not a ring of the Finnish board: 0 (miss) to 9, centre 10",
        token=value,
    )


# -- the turn ------------------------------------------------------------------------


def turn_errors(
    darts: Sequence[Any], per_turn: int, *, ended_at: int | None, path: str = "darts"
) -> list[RuleError]:
    """A turn is ``per_turn`` darts (a miss tapped as a miss), unless the game or
    the phase ended at dart ``ended_at`` (0-based), when no dart may follow it."""
    if ended_at is not None:
        if len(darts) > ended_at + 1:
            return [
                RuleError(
                    f"{path}.{ended_at + 1}",
                    "after_the_end",
                    msg(
                        "dart {number} ended it: leave out the darts after it",
                        number=ended_at + 1,
                    ),
                )
            ]
        return []
    if len(darts) != per_turn:
        return [
            RuleError(
                path,
                "short_turn",
                msg(
                    "{count} darts: a turn is {per_turn} (tap M for a dart that "
                    "missed)",
                    count=len(darts),
                    per_turn=per_turn,
                ),
            )
        ]
    return []


@dataclass(frozen=True, kw_only=True)
class DartsState(MatchState):
    """``thrower``: whose turn is next; ``turns``: turns thrown per seat."""

    thrower: int = 0
    turns: tuple[int, ...] = ()


def darts_fields(table: Table) -> dict[str, Any]:
    """The starting fields of a :class:`DartsState`: the first dealer throws first."""
    return {"thrower": table.first_dealer, "turns": (0,) * len(table.seats)}


def next_thrower(table: Table, thrower: int, out: Collection[int] = ()) -> int:
    """The next player still in after ``thrower``, clockwise (book §1.4)."""
    seat = table.next_seat(thrower)
    for _ in range(len(table.seats)):
        if seat not in out:
            return seat
        seat = table.next_seat(seat)
    return thrower


def thrower_row(state: DartsState) -> ContextRow:
    return ContextRow("throws", "Throws", "seat", state.thrower)


def turns_counted(state: DartsState, seat: int) -> tuple[int, ...]:
    turns = list(state.turns or (0,) * len(state.table.seats))
    turns[seat] += 1
    return tuple(turns)


# -- the pieces the games' state machines share --------------------------------------


def best_order(
    darts: Sequence[Dart], play: Any, start: Any, key: Any
) -> tuple[Any, tuple[Dart, ...]]:
    """The result of the darts in the order most favourable to the thrower
    (Tuomas's Round the Clock §58.1, l.3590): ``play(state, dart)`` steps a state,
    ``key(state)`` says how good it is; returns the best state and its order."""
    best: Any = None
    best_darts: tuple[Dart, ...] = tuple(darts)
    for order in dict.fromkeys(permutations(darts)):
        state = start
        for dart in order:
            state = play(state, dart)
        if best is None or key(state) > key(best):
            best, best_darts = state, order
    return best, best_darts


def exact_target(score: int, gained: int, target: int) -> int:
    """``score`` + ``gained`` under an exact target: points over it are taken off it
    (Killeri §61.2, l.3646: six points drop to four, seven to three)."""
    total = score + gained
    return total if total <= target else target - (total - target)


def group_drop_points(
    seats: int, out_before: Collection[int], group: Iterable[int]
) -> tuple[int, ...]:
    """Points for players dropping out together (tied): for each of them, a point
    to every player still in after the whole group (:func:`elimination_points`)."""
    group = tuple(group)
    gone = set(out_before) | set(group)
    points = [0] * seats
    for dropped in group:
        for s, p in enumerate(elimination_points(seats, gone, dropped)):
            points[s] += p
    return tuple(points)


def open_sectors_text(open_sectors: Collection[int]) -> str:
    """The open sectors as the sheet shows them, in board order."""
    shown = [str(s) for s in BOARD_ORDER if s in open_sectors]
    return " ".join(shown) if shown else msg("none")


# -- the race to the last sector (Round the Clock §58, Kangaroo §59) -----------------


@dataclass(frozen=True, slots=True)
class RaceTurn:
    """A turn of a race: the number the thrower has reached after it (the totals
    keep it), the darts in the order they counted, and whether the thrower throws
    again (Kangaroo's three hits, §59)."""

    reached: int
    counted: tuple[bool, ...]
    finished: bool
    again: bool = False
    ended_at: int | None = None


def race_advance(
    state: DartsState,
    points: Sequence[int],
    *,
    goal: int,
    again: bool,
    finish_round: bool,
) -> dict[str, Any]:
    """The fields of a race's state after a turn that scored ``points`` (sectors
    gained): the match is won by whoever reaches ``goal`` first or, with
    ``finish_round``, by everyone who reaches it in the round in which the first
    did (the players after the first dealer still throw)."""
    table = state.table
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    done = tuple(s for s, t in enumerate(totals) if t >= goal)
    thrower = state.thrower
    following = thrower if again and not done else table.next_seat(thrower)
    finished = bool(done) and (
        not finish_round or table.next_seat(thrower) == table.first_dealer
    )
    return {
        "totals": totals,
        "deal_number": state.deal_number + 1,
        "dealer": following,
        "thrower": following,
        "turns": turns_counted(state, thrower),
        "finished": finished,
        "winners": done if finished else (),
    }


def race_rows(state: DartsState, goal: int, names: Any) -> tuple[ContextRow, ...]:
    """The sheet before a turn: who throws, and per player the target they try next
    (``names(reached)`` words it: ``"7"``, ``"bull"``, ``"done"``)."""
    return (
        thrower_row(state),
        ContextRow(
            "targets",
            "Next target",
            "per_side",
            tuple(names(t) if t < goal else msg("done") for t in state.totals),
        ),
    )


class DartGame(Game):
    """What every dart game declares alike: a deal is one player's turn, which nobody
    wins against the others; the match ends by the game's own state (a race, the
    last one left, the rounds), not by a target of points unless a game says so."""

    deal_word = "turn"

    def deal_winners(
        self, points: Sequence[int], detail: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        return ()

    def match_goal(self, options: Any) -> MatchGoal:
        return MatchGoal()
