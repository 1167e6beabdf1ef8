"""A stage's next round: its format (from :data:`tournaments.formats.FORMATS`)
generates it from a :class:`StageData`, which answers the format's questions from
the database lazily, so each format pays only for what it reads.

The format is pure (:mod:`tournaments.formats.registry`); this module is the thin
manager between it and the stored stage, as in Tabbycat. Nothing here branches on
the format's name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from django.db.models import Count

from tournaments import selectors
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.groups import Group
from tournaments.formats.knockout import Bracket, BracketState, SeriesResult
from tournaments.formats.registry import get_format
from tournaments.models import EntryMember, Stage
from tournaments.ranking import Standings
from tournaments.services.common import _active, _entry_names
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
        return _active(self.stage.entry_ids if entry_ids is None else entry_ids)

    def names(self) -> dict[int, str]:
        return self._names

    @cached_property
    def _names(self) -> dict[int, str]:
        return _entry_names(self.stage.tournament_id)

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
    """Round ``number`` of ``stage`` from its format (FormatError: a 400)."""
    return get_format(stage.format).next_round(StageData(stage), number)
