"""A stage's next round: its format (from :data:`tournaments.formats.FORMATS`)
generates it from a :class:`StageData`, which answers the format's questions from
the database lazily, so each format pays only for what it reads.

The format is pure (:mod:`tournaments.formats.registry`); this module is the thin
manager between it and the stored stage, as in Tabbycat. Nothing here branches on
the format's name.

A format may search for seconds (a partner rotation of 48 players), so the search
runs outside any write transaction (and, for a big field, in a process of its own,
:mod:`.offload`, so that it does not hold the web process's interpreter either): on
SQLite, the embedded default, one writer at a time holds the whole database, and
every table's deal submission would wait behind it.
:func:`stage_inputs_stamp_compute` fingerprints everything a format can read; the
service takes it before computing and compares it inside the short write
transaction that stores the round, so a round computed from inputs that changed
meanwhile is never stored.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from django.db.models import Count

from tournaments import selectors
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.groups import Group
from tournaments.formats.knockout import Bracket, BracketState, SeriesResult
from tournaments.formats.registry import get_format
from tournaments.models import Entry, EntryMember, Round, Stage, Table, Tournament
from tournaments.ranking import Standings
from tournaments.services import offload
from tournaments.services._common import active_entries, entry_names
from tournaments.services.stages import _group_qualifiers


class StageData:
    """A stored stage as its format's generator sees it
    (:class:`tournaments.formats.spec.StageSource`)."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage

    @property
    def settings(self) -> Mapping[str, Any]:
        return self.stage.settings or {}

    @property
    def entry_ids(self) -> list[int]:
        return list(self.stage.entry_ids)

    def active(self, entry_ids: Sequence[int] | None = None) -> list[int]:
        return active_entries(self.stage.entry_ids if entry_ids is None else entry_ids)

    def names(self) -> dict[int, str]:
        return self._names

    @cached_property
    def _names(self) -> dict[int, str]:
        return entry_names(self.stage.tournament_id)

    def team_sizes(self, entry_ids: Sequence[int]) -> dict[int, int]:
        sizes = dict(
            EntryMember.objects.filter(entry_id__in=list(entry_ids))
            .values("entry_id")
            .annotate(n=Count("id"))
            .values_list("entry_id", "n")
        )
        return {entry: sizes.get(entry, 0) for entry in entry_ids}

    def history(self) -> list[FormatRound]:
        return selectors.stage_round_format_list(self.stage)

    def standings(self) -> Standings:
        return selectors.stage_standings_get(self.stage)

    def knockout(self) -> tuple[Bracket, BracketState, dict[str, SeriesResult]]:
        return selectors.stage_knockout_get(self.stage)

    def groups(self) -> tuple[Group, ...]:
        return selectors.stage_group_list(self.stage)

    def seeding_notes(self) -> list[str]:
        source = self.stage.source_stage
        if source is None or not get_format(source.format).ranks_by_group:
            return []
        source.tournament = self.stage.tournament
        return _group_qualifiers(self.stage, source)[1]


def _generate(stage: Stage, number: int) -> FormatRound:
    """Round ``number`` of ``stage`` from its format (FormatError: a 400).

    A big field's search runs in a child process, its questions answered here
    (:mod:`tournaments.services.offload`), so that it does not hold this process's
    interpreter while other requests wait for it."""
    source = StageData(stage)
    if offload.round_process_check(len(stage.entry_ids)):
        return offload.round_compute_in_child(stage.format, source, number)
    return get_format(stage.format).next_round(source, number)


def stage_inputs_stamp_compute(stage: Stage) -> str:
    """A fingerprint of everything a format reads to generate ``stage``'s next round.

    The tournament's status, ranking settings and entries (seeds, names,
    withdrawals, line-ups); the stage's own row; and, for the stage and the stages
    it is seeded from, every round's number and status and every table's match and
    that match's version (which grows on every deal and correction, so the results
    the standings read are covered). Matches of other stages and other tournaments
    are left out: their deals go on while a round is generated.
    """
    tournament = Tournament.objects.filter(pk=stage.tournament_id).values_list(
        "status", "options", "tiebreaks", "points"
    )
    stages, seen = [], set()
    current: int | None = stage.pk
    while current is not None and current not in seen:
        seen.add(current)
        row = (
            Stage.objects.filter(pk=current)
            .values_list(
                "pk", "format", "settings", "source_stage", "source_top_n", "entry_ids"
            )
            .first()
        )
        if row is None:
            break
        stages.append(row)
        current = row[3]
    inputs = {
        "tournament": list(tournament),
        "stages": stages,
        "entries": list(
            Entry.objects.filter(tournament_id=stage.tournament_id)
            .order_by("pk")
            .values_list("pk", "seed", "name", "withdrawn_at")
        ),
        "lineups": list(
            EntryMember.objects.filter(entry__tournament_id=stage.tournament_id)
            .order_by("pk")
            .values_list("entry_id", "player_id", "position")
        ),
        "rounds": list(
            Round.objects.filter(stage_id__in=seen)
            .order_by("pk")
            .values_list("pk", "stage_id", "number", "status")
        ),
        "tables": list(
            Table.objects.filter(round__stage_id__in=seen)
            .order_by("pk")
            .values_list("pk", "match_id", "match__version", "match__status")
        ),
    }
    text = json.dumps(inputs, default=str, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()
