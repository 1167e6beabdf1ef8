"""Which tables hold a club's data: a registry that each app fills.

A club's export spans the score book, its tournaments and its money. The score book
is the lowest of the three layers and may not import the others (games <- scoring
<- tournaments <- money), and the money layer, though it may import all three,
should not have to know the insides of tournaments' models. So the score book
declares this registry and the exporter and importer that walk it, and each app
registers its own tables in its ``AppConfig.ready()``, in ``INSTALLED_APPS`` order —
scoring, tournaments, money — which is also the order their rows must be written
in (a tournament's table points at a match; a ledger entry at a deal). Each app
knows its own tables' id-bearing fields that are not foreign keys (a ledger line
``m12:p7``, a stage's ``entry_ids``) and says how to remap them.

Terms: a *table* is one model's rows of a club (:class:`ClubTable`); a *remap* maps
an exported row id of a model (by its label, ``"scoring.Deal"``) to the id the row
got on import (:class:`Remap`); an *after-import hook* rebuilds what an app derives
(standings, settlement trails, ratings) once every row is in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Model, QuerySet


class Remap:
    """Old id → new id per model label, filled as rows are written."""

    def __init__(self) -> None:
        self.ids: dict[str, dict[int, int]] = {}

    def add(self, label: str, old: int, new: int) -> None:
        self.ids.setdefault(label, {})[int(old)] = new

    def knows(self, label: str) -> bool:
        return label in self.ids

    def get(self, label: str, old: int | None) -> int | None:
        if old is None:
            return None
        try:
            return self.ids[label][int(old)]
        except KeyError as exc:
            raise ClubDataError(
                f"{label} {old} is referred to but not in the export"
            ) from exc


class ClubDataError(Exception):
    """A club's export that cannot be read back, with the reason."""


@dataclass(frozen=True)
class ClubTable:
    """One model's rows of a club.

    ``rows(club)`` selects them; ``id_lists`` names JSON fields that hold a list of
    ids of another model (``{"entry_ids": "tournaments.Entry"}``); ``rewrite(row,
    remap)`` remaps ids held elsewhere in a row (a ledger line) and returns the row.
    Foreign keys are remapped by the importer itself; many-to-many fields without a
    ``through`` model of their own are exported as lists of ids.
    """

    model: type[Model]
    rows: Callable[[Any], QuerySet]
    id_lists: dict[str, str] = field(default_factory=dict)
    rewrite: Callable[[dict, Remap], dict] | None = None

    @property
    def label(self) -> str:
        return self.model._meta.label


CLUB_TABLES: list[ClubTable] = []
AFTER_IMPORT: list[Callable[[Any], None]] = []


def club_table_register(table: ClubTable) -> None:
    """Add ``table`` to a club's data (once; an app's ``ready()`` may run twice)."""
    if all(t.label != table.label for t in CLUB_TABLES):
        CLUB_TABLES.append(table)


def club_import_hook_register(hook: Callable[[Any], None]) -> None:
    """Call ``hook(club)`` after a club's rows are imported, in the same transaction."""
    if hook not in AFTER_IMPORT:
        AFTER_IMPORT.append(hook)


# -- a person's data ------------------------------------------------------------------

# ``section(player, club) -> (key, rows)``: what an upper app holds of a person
# (``player`` may be None for an account without a player; ``club`` narrows to one
# club when a club admin downloads it). The score book's own sections are built in.
PERSON_SECTIONS: list[Callable[[Any, Any], tuple[str, list]]] = []


def person_section_register(section: Callable[[Any, Any], tuple[str, list]]) -> None:
    """Add ``section`` to a person's data export (once)."""
    if section not in PERSON_SECTIONS:
        PERSON_SECTIONS.append(section)


# ``eraser(player, old_name, placeholder)``: an upper app's own rows that carry the
# person's name (a tournament entry named after them), renamed in the erasure's
# transaction.
PERSON_ERASERS: list[Callable[[Any, str, str], None]] = []


def person_eraser_register(eraser: Callable[[Any, str, str], None]) -> None:
    """Add ``eraser`` to what an erasure renames (once)."""
    if eraser not in PERSON_ERASERS:
        PERSON_ERASERS.append(eraser)
