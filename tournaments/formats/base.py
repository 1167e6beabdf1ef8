"""The shared vocabulary of the pairing and seating core.

Terms
-----
entry
    Whatever takes part in a stage: a player, a pair or a team. The core only needs
    an *entry id*: any hashable, orderable-by-position value (ints and strings in
    practice). The core never looks inside it.
side
    The entries that play together at a table against the other sides: a 1-tuple
    for an individual game, a 2-tuple for a partnership (Tuppi, Skruuvi), one 1-tuple
    per player for a multi-player table. ``sides[0]`` plays first (white, first
    player, north-south in a duplicate) where the game has such a thing.
table
    One game being played in a round: its number, its sides, and why it was formed.
bye
    An entry that does not play in a round: a Swiss or round-robin bye (which scores),
    or a player sitting out a partner rotation (which does not).
round
    The tables and byes of one round, plus messages for the director.

Invariants
----------
* Every value here is a frozen dataclass; generators never mutate their inputs.
* Within a :class:`Round` every entry appears at most once, either at one table or in
  one bye (checked by :func:`check_round`). The one exception is a duplicate stage of
  team entries (:func:`.duplicate.duplicate_for_eight_teams`): a team of four sits at
  both tables, one pair of its players at each.
* Errors the director can fix (an impossible field size, no legal pairing left) are
  :class:`FormatError`; anything else that goes wrong is a bug and is a plain
  ``AssertionError``/``RuntimeError``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass

from games.engine.text import msg
from tournaments.formats.explain import Reason

EntryId = Hashable
Side = tuple[EntryId, ...]


class FormatError(ValueError):
    """A request the director can fix, with a stable code and the offending field."""

    def __init__(self, code: str, message: str, *, path: str = "") -> None:
        self.code = code
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)

    def as_dict(self) -> dict[str, str]:
        return {"path": self.path, "code": self.code, "message": self.message}


class NoLegalPairingError(FormatError):
    """No pairing satisfies the hard constraints (no rematch, bye at most once)."""

    def __init__(self, message: str) -> None:
        super().__init__("no_legal_pairing", message)


@dataclass(frozen=True)
class Table:
    """One game of a round: the sides sitting at table ``number`` (1-based)."""

    number: int
    sides: tuple[Side, ...]
    reasons: tuple[Reason, ...] = ()
    # Deal (board) ids played at this table, for duplicate formats; empty otherwise.
    deals: tuple[str, ...] = ()

    @property
    def entries(self) -> tuple[EntryId, ...]:
        return tuple(entry for side in self.sides for entry in side)


@dataclass(frozen=True)
class Bye:
    """An entry that does not play this round, and why."""

    entry: EntryId
    reasons: tuple[Reason, ...] = ()


@dataclass(frozen=True)
class Round:
    """Round ``number`` (1-based) of a stage."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[Bye, ...] = ()
    # Notes for the tournament director that concern the round as a whole.
    messages: tuple[str, ...] = ()

    def entries(self) -> Iterator[EntryId]:
        for table in self.tables:
            yield from table.entries
        for bye in self.byes:
            yield bye.entry

    def opponents(self) -> Iterator[tuple[EntryId, EntryId]]:
        """Every (entry, opponent) pair of the round, both ways round."""
        for table in self.tables:
            for i, side in enumerate(table.sides):
                for j, other in enumerate(table.sides):
                    if i != j:
                        for a in side:
                            for b in other:
                                yield a, b


def check_round(round_: Round) -> None:
    """Assert the structural invariant: nobody is seated twice in one round."""
    seen: set[EntryId] = set()
    for entry in round_.entries():
        if entry in seen:
            raise AssertionError(f"{entry!r} appears twice in round {round_.number}")
        seen.add(entry)


def unique_entries(entries: tuple[EntryId, ...] | list[EntryId]) -> tuple[EntryId, ...]:
    """The entries as a tuple, rejecting duplicates (a director's data error)."""
    result = tuple(entries)
    if len(set(result)) != len(result):
        raise FormatError(
            "duplicate_entry", msg("an entry is listed twice"), path="entries"
        )
    return result
