"""Why a table was formed: machine-readable reasons with human text.

Every generator in :mod:`tournaments.formats` attaches :class:`Reason` values to the
tables and byes it produces. A reason has a stable ``code`` (for filtering and for
translations later), the entries it concerns, structured ``data`` and an English
``text`` for the director's screen. :func:`explain_round` renders a whole round.

Invariant: ``code`` values never change meaning once published; new situations get
new codes.

**Entries in a text.** The formats are pure and know entries by id only, so an entry
inside a reason's text is an :class:`Entries` parameter (``named(7, 11)``): the
English text reads "7 & 11" as before, and the stored template keeps the ids
(``{"entries": [7, 11]}``), so that a page — the display boundary,
:mod:`tournaments.texts` — writes the entries' names in their place ("Anna & Ben").
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tournaments.formats.base import Round


class Entries(str):
    """Entries named inside a text, by id: English joins the ids ("7 & 11"); a page
    replaces them with the entries' names (:func:`tournaments.texts.shown_text`)."""

    __slots__ = ("ids", "joiner")
    ids: tuple[Hashable, ...]
    joiner: str

    def __new__(cls, ids: Iterable[Hashable], joiner: str = " & ") -> Entries:
        ids = tuple(ids)
        self = super().__new__(cls, joiner.join(str(i) for i in ids))
        self.ids = ids
        self.joiner = joiner
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Entries, (self.ids, self.joiner))


def named(*ids: Hashable, joiner: str = " & ") -> Entries:
    """``ids`` as entries inside a text: ``named(7)``, ``named(7, 11)`` (a pair),
    ``named(*avoided, joiner=", ")`` (a list)."""
    return Entries(ids, joiner)


class ReasonCode(StrEnum):
    SCHEDULE = "schedule"  # fixed schedule position (round robin, rotation)
    SCORE_GROUP = "score_group"  # paired inside its score group
    FLOAT_DOWN = "float_down"  # paired below its score group
    FLOAT_UP = "float_up"  # pulled up to meet a higher score group
    BYE = "bye"  # scoring bye, and why this entry
    SIT_OUT = "sit_out"  # not playing this round, no score
    REMATCH_AVOIDED = "rematch_avoided"  # previous opponents in reach were skipped
    SIDE_BALANCE = "side_balance"  # who plays first and why
    REPEATED_PARTNER = "repeated_partner"
    REPEATED_OPPONENT = "repeated_opponent"
    REPEATED_TABLE_MATE = "repeated_table_mate"
    SEED = "seed"  # knockout placement by seed
    WALKOVER = "walkover"  # an entrant advanced without a game (a withdrawal)
    DUPLICATE = "duplicate"  # which boards, which direction


@dataclass(frozen=True)
class Reason:
    """One reason for a pairing decision."""

    code: ReasonCode
    text: str
    entries: tuple[Hashable, ...] = ()
    # Excluded from hashing: a dict is not hashable, and reasons are compared, not
    # used as keys.
    data: Mapping[str, object] = field(default_factory=dict, hash=False)


def explain_round(round_: Round, label: Callable[[Hashable], str] = str) -> str:
    """The round as plain text, one table per paragraph, for the director;
    ``label`` names an entry (its id by default)."""
    lines = [f"Round {round_.number}"]
    lines.extend(f"  note: {message}" for message in round_.messages)
    for table in round_.tables:
        sides = " v ".join(" & ".join(label(e) for e in side) for side in table.sides)
        lines.append(f"  Table {table.number}: {sides}")
        lines.extend(f"    - {reason.text}" for reason in table.reasons)
    for bye in round_.byes:
        lines.append(f"  Not playing: {label(bye.entry)}")
        lines.extend(f"    - {reason.text}" for reason in bye.reasons)
    return "\n".join(lines)
