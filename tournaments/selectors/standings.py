"""The standings snapshot: what a recompute writes (every stage's standings as
JSON rows), whether it is out of date, and how pages show it.

The **source fingerprint** of a tournament is the sum of its matches' ``version``
plus the number of withdrawn entries: every input of the standings only ever grows
it, so "the fingerprint differs from the snapshot's" means "the snapshot is out of
date" — without comparing clocks of different machines.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from django.db.models import Count, Min, Q, Sum

from config.translation import localized
from tournaments.formats.base import FormatError
from tournaments.formats.registry import get_format
from tournaments.models import (
    Stage,
    Standings,
    Table,
    Tournament,
)
from tournaments.ranking import (
    MatchResult,
    PairedResults,
    RankingConfig,
    collector_paused,
    compute_standings,
)
from tournaments.selectors.groups import group_standings_compute
from tournaments.selectors.results import (
    _ranked_entries,
    _stage_results,
    ranking_config_get,
    stage_ranking_config_get,
)
from tournaments.selectors.standings_sql import entry_name_list

# Per entry id: its name and whether it has withdrawn.
_EntryNames = dict[int, tuple[str, bool]]


def _row_json(row: Any, entries: _EntryNames) -> dict[str, Any]:
    """One standings row as the snapshot stores it (stage and group tables alike)."""
    name, withdrawn = entries[row.entry]
    return {
        "rank": row.rank,
        "entry": row.entry,
        "name": name,
        "played": row.played,
        "values": {
            k: str(v) if type(v) is Fraction else v for k, v in row.values.items()
        },
        "shared": row.shared,
        "withdrawn": withdrawn,
    }


@dataclass(frozen=True)
class StandingsSnapshot:
    """What a recompute writes: every stage's standings as JSON rows (plain JSON
    values only, a Fraction as its string), and the fingerprint of the results
    they were computed from (:func:`standings_fingerprint_list`), read with them."""

    stages: list[dict[str, Any]]
    source_version: int


def standings_data_get(tournament: Tournament) -> list[dict[str, Any]]:
    """Every stage's standings as JSON rows (what the snapshot stores)."""
    return standings_snapshot_get(tournament).stages


def standings_snapshot_get(tournament: Tournament) -> StandingsSnapshot:
    """The standings of every stage computed now from the stored results."""
    with collector_paused():
        return _standings_snapshot(tournament)


def _standings_snapshot(tournament: Tournament) -> StandingsSnapshot:
    config = ranking_config_get(tournament)
    stages = list(tournament.stages.order_by("order", "id"))
    for stage in stages:
        stage.tournament = tournament
    results, versions = _stage_results(stages, config)
    entries, withdrawn_count = entry_name_list(tournament.pk)
    data = []
    for stage in stages:
        computed = compute_standings(
            _ranked_entries(stage, results[stage.pk]),
            results[stage.pk],
            stage_ranking_config_get(stage, config),
        )
        data.append(
            {
                "stage": stage.pk,
                "name": stage.name,
                "metrics": [
                    {
                        "key": m.key,
                        # Stored in English (a task computes it, in no reader's
                        # language); standings_view_get shows it in the reader's.
                        "name": str(m.name),
                        "abbreviation": str(m.abbreviation),
                        "higher_is_better": m.higher_is_better,
                    }
                    for m in computed.metrics
                ],
                "rows": [_row_json(row, entries) for row in computed.rows],
            }
        )
        if get_format(stage.format).ranks_by_group:
            data[-1]["groups"] = _groups_json(stage, results[stage.pk], config, entries)
    return StandingsSnapshot(data, versions + withdrawn_count)


def standings_fingerprint_list(
    tournament_ids: Iterable[int] | None = None,
) -> dict[int, int]:
    """Per tournament: sum of its match versions + its withdrawn entries."""
    tables = Table.objects.exclude(match=None)
    tournaments = Tournament.objects.all()
    if tournament_ids is not None:
        ids = list(tournament_ids)
        tables = tables.filter(round__stage__tournament_id__in=ids)
        tournaments = tournaments.filter(pk__in=ids)
    versions = dict(
        tables.values("round__stage__tournament_id")
        .annotate(v=Sum("match__version"))
        .values_list("round__stage__tournament_id", "v")
    )
    withdrawn = dict(
        tournaments.annotate(
            w=Count("entries", filter=Q(entries__withdrawn_at__isnull=False))
        ).values_list("pk", "w")
    )
    return {t: (versions.get(t) or 0) + w for t, w in withdrawn.items()}


def standings_oldest_change_get(
    tournament_id: int, since: datetime | None
) -> datetime | None:
    """When the earliest match change of the tournament after ``since`` happened
    (``None`` if there is none): how long the snapshot has been waiting."""
    tables = Table.objects.filter(round__stage__tournament_id=tournament_id).exclude(
        match=None
    )
    if since is not None:
        tables = tables.filter(match__updated_at__gt=since)
    return tables.aggregate(oldest=Min("match__updated_at"))["oldest"]


def standings_stale_tournament_list() -> list[int]:
    """Tournaments whose standings snapshot is older than their results."""
    fingerprints = standings_fingerprint_list()
    snapshots = dict(Standings.objects.values_list("tournament_id", "source_version"))
    return sorted(t for t, fp in fingerprints.items() if snapshots.get(t, -1) != fp)


def standings_view_get(tournament: Tournament) -> dict[str, Any]:
    """The snapshot for display: stages, "as of", and whether a recompute is due."""
    snapshot = Standings.objects.filter(tournament=tournament).first()
    fingerprint = standings_fingerprint_list([tournament.pk]).get(tournament.pk, 0)
    generation = (
        Tournament.objects.filter(pk=tournament.pk)
        .values_list("standings_generation", flat=True)
        .first()
    )
    if snapshot is None:
        return {
            "stages": [],
            "computed_at": None,
            "generation": 0,
            "pending": True,
        }
    return {
        "stages": [_in_language(stage) for stage in snapshot.stages],
        "computed_at": snapshot.computed_at,
        "generation": snapshot.generation,
        "pending": snapshot.source_version != fingerprint
        or snapshot.generation < (generation or 0),
    }


def _in_language(stage: dict[str, Any]) -> dict[str, Any]:
    """A stored stage's standings with its tie-breaks named in the reader's
    language."""
    metrics = [
        {
            **m,
            "name": localized(m.get("name", "")),
            "abbreviation": localized(m.get("abbreviation", "")),
        }
        for m in stage.get("metrics", ())
    ]
    return {**stage, "metrics": metrics}


def _groups_json(
    stage: Stage,
    results: list[MatchResult | PairedResults],
    config: RankingConfig,
    entries: _EntryNames,
) -> list[dict[str, Any]]:
    try:
        tables = group_standings_compute(stage, results, config)
    except FormatError:
        return []  # too few entries for the groups yet: nothing to show
    return [
        {
            "name": group.name,
            "entries": list(group.entries),
            "rows": [_row_json(row, entries) for row in computed.rows],
        }
        for group, computed in tables
    ]
