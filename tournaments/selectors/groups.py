"""Groups stages: the groups (recomputed, deterministic) and each group's own
standings from the games among its entries."""

from __future__ import annotations

from tournaments.formats.groups import Group, group_stage
from tournaments.models import (
    Stage,
)
from tournaments.ranking import (
    MatchResult,
    PairedResults,
    RankingConfig,
    compute_standings,
    singly,
)
from tournaments.ranking import Standings as ComputedStandings
from tournaments.selectors.events import stage_entry_id_list
from tournaments.selectors.results import ranking_config_get, stage_result_list

# -- groups --------------------------------------------------------------------------


def stage_group_list(stage: Stage) -> tuple[Group, ...]:
    """A groups stage's groups: its field (seed order) snake-seeded into
    ``settings.groups`` groups, each with its round robin. Deterministic, so the
    groups are recomputed rather than stored."""
    settings = stage.settings or {}
    return group_stage(
        stage_entry_id_list(stage),
        int(settings.get("groups", 1)),
        double=bool(settings.get("double", False)),
    )


def group_standings_compute(
    stage: Stage,
    results: list[MatchResult] | list[MatchResult | PairedResults],
    config: RankingConfig,
) -> list[tuple[Group, ComputedStandings]]:
    """Each group's own table, from the results among its entries only."""
    standings = []
    for group in stage_group_list(stage):
        members = set(group.entries)
        own = [
            r
            for r in singly(results)
            if all(entry in members for side in r.sides for entry in side)
        ]
        standings.append((group, compute_standings(group.entries, own, config)))
    return standings


def stage_group_standings_get(stage: Stage) -> list[tuple[Group, ComputedStandings]]:
    """The groups' tables computed now from the stored results (no snapshot)."""
    config = ranking_config_get(stage.tournament)
    results = stage_result_list([stage], config)[stage.pk]
    return group_standings_compute(stage, results, config)
