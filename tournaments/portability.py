"""The tournaments' tables of a club's data (registered in ``TournamentsConfig.ready``).

A stage's ``entry_ids`` and a table's ``deal_ids`` hold ids outside foreign keys and
are remapped by the registry's ``id_lists``. The formats' explanations name entries
by id too (a round's byes and adjustments, a table's reasons and line-up, the
stage's settings): :func:`_entries` remaps them by the keys the formats write them
under (``entry``, ``entries``, ``entry_ids``, ``lineup``, ``adjustments``, and the
entry-keyed ``preferences``). The English ``text`` kept beside them is the
director's log as generated and is left as it was; pages show the names from the
remapped ids. The standings snapshot is not exported: it is derived from the
results, and computed anew for each imported tournament.
"""

from __future__ import annotations

from typing import Any

from scoring.portability import (
    ClubTable,
    Remap,
    club_import_hook_register,
    club_table_register,
    person_eraser_register,
    person_section_register,
)
from tournaments.models import (
    Entry,
    EntryMember,
    Round,
    Stage,
    Table,
    TableSide,
    Tournament,
)

_ENTRY = "tournaments.Entry"


def _entry(value: Any, remap: Remap) -> Any:
    return remap.get(_ENTRY, value) if isinstance(value, int) else value


def _entries(tree: Any, remap: Remap) -> Any:
    """``tree`` with every entry id under the formats' keys remapped."""
    if isinstance(tree, list):
        return [_entries(item, remap) for item in tree]
    if not isinstance(tree, dict):
        return tree
    out = {}
    for key, value in tree.items():
        if key == "entry":
            value = _entries(_entry(value, remap), remap)
        elif key in ("entries", "entry_ids") and isinstance(value, list):
            value = [_entry(v, remap) for v in value]
        elif key in ("lineup", "adjustments") and isinstance(value, list):
            value = [[_entry(v, remap) for v in group] for group in value]
        elif key == "preferences" and isinstance(value, dict):
            value = {str(remap.get(_ENTRY, int(k))): v for k, v in value.items()}
        else:
            value = _entries(value, remap)
        out[key] = value
    return out


def _fields(*names: str):
    def rewrite(row: dict, remap: Remap) -> dict:
        for name in names:
            # As a one-key tree, so that the field's own name is read as a key.
            row[name] = _entries({name: row[name]}, remap)[name]
        return row

    return rewrite


def _standings_rebuild(club) -> None:
    from tournaments.services.standings import standings_bump, standings_recompute

    for pk in Tournament.objects.filter(club=club).values_list("pk", flat=True):
        standings_recompute(
            tournament_id=pk, generation=standings_bump(tournament_id=pk)
        )


def _person_entries(player, club) -> tuple[str, list]:
    """The tournament entries a person played in, with their line-up's names."""
    if player is None:
        return "tournament_entries", []
    rows = EntryMember.objects.filter(player=player).select_related(
        "entry__tournament__club"
    )
    if club is not None:
        rows = rows.filter(entry__tournament__club=club)
    return "tournament_entries", [
        {
            "club": m.entry.tournament.club.name,
            "tournament": m.entry.tournament.name,
            "game": m.entry.tournament.game,
            "entry": m.entry.name,
            "withdrawn_at": m.entry.withdrawn_at,
        }
        for m in rows.order_by("pk")
    ]


def _entries_erase(player, old_name: str, placeholder: str) -> None:
    """An entry named after the erased person (an individual tournament's) takes
    the placeholder; a team's name is the team's and stays."""
    Entry.objects.filter(lineup__player=player, name=old_name).update(name=placeholder)


def register() -> None:
    club_table_register(ClubTable(Tournament, lambda c: c.tournaments.all()))
    club_table_register(
        ClubTable(Entry, lambda c: Entry.objects.filter(tournament__club=c))
    )
    club_table_register(
        ClubTable(
            EntryMember, lambda c: EntryMember.objects.filter(entry__tournament__club=c)
        )
    )
    club_table_register(
        ClubTable(
            Stage,
            lambda c: Stage.objects.filter(tournament__club=c),
            id_lists={"entry_ids": _ENTRY},
            rewrite=_fields("settings"),
        )
    )
    club_table_register(
        ClubTable(
            Round,
            lambda c: Round.objects.filter(stage__tournament__club=c),
            rewrite=_fields("explanation"),
        )
    )
    club_table_register(
        ClubTable(
            Table,
            lambda c: Table.objects.filter(round__stage__tournament__club=c),
            id_lists={"deal_ids": "scoring.Deal"},
            rewrite=_fields("reasons", "lineup"),
        )
    )
    club_table_register(
        ClubTable(
            TableSide,
            lambda c: TableSide.objects.filter(table__round__stage__tournament__club=c),
        )
    )
    club_import_hook_register(_standings_rebuild)
    person_section_register(_person_entries)
    person_eraser_register(_entries_erase)
