"""The ranking itself: sort entries lexicographically by the chosen metrics, head
to head among the entries still tied when it is reached."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.engine.text import msg
from tournaments.ranking.context import _Context
from tournaments.ranking.metrics import Metric, get_metric
from tournaments.ranking.results import (
    EntryId,
    MatchResult,
    PairedResults,
    RankingConfig,
    RankingError,
    Score,
    Standings,
    StandingsRow,
    collector_paused,
)

# --- ranking ----------------------------------------------------------------------


def compute_standings(
    entries: Iterable[EntryId],
    results: Iterable[MatchResult | PairedResults],
    config: RankingConfig | None = None,
) -> Standings:
    """Rank ``entries`` by ``config.metrics`` from ``results`` (single results, and
    batches of one-entry-a-side games as :class:`PairedResults`)."""
    config = config or RankingConfig()
    seeds = tuple(entries)
    if len(set(seeds)) != len(seeds):
        raise RankingError(
            "duplicate_entry", msg("an entry is listed twice"), path="entries"
        )
    metrics = [get_metric(key) for key in config.metrics]
    if len({m.key for m in metrics}) != len(metrics):
        raise RankingError(
            "duplicate_metric", msg("a metric is listed twice"), "metrics"
        )
    with collector_paused():
        return _rank(seeds, tuple(results), config, metrics)


def _rank(
    seeds: tuple[EntryId, ...],
    results: tuple[MatchResult | PairedResults, ...],
    config: RankingConfig,
    metrics: list[Metric],
) -> Standings:
    ctx = _Context(seeds, results, config)
    shown: dict[EntryId, dict[str, Score]] = {e: {} for e in seeds}
    groups: list[tuple[EntryId, ...]] = [seeds]
    for metric in metrics:
        key = metric.key
        higher = metric.better_higher(config)
        refined: list[tuple[EntryId, ...]] = []
        if not metric.among_tied:
            # One value per entry whatever the groups: compute it once for the field.
            values = metric.values(ctx, seeds)
            for entry, value in values.items():
                shown[entry][key] = value
            for group in groups:
                if len(group) == 1:
                    refined.append(group)
                else:
                    refined.extend(_split(group, values, higher))
            groups = refined
            continue
        for group in groups:
            if len(group) == 1:
                # Nobody to compare with: head-to-head is empty, shown as 0.
                shown[group[0]][key] = 0
                refined.append(group)
                continue
            values = metric.values(ctx, group)
            for entry in group:
                shown[entry][key] = values[entry]
            refined.extend(_split(group, values, higher))
        groups = refined
    rows = []
    position = 1
    records = ctx.records
    for group in groups:
        shared = len(group) > 1
        for entry in group:
            rows.append(
                StandingsRow(
                    rank=position,
                    entry=entry,
                    played=records[entry].games,
                    values=shown[entry],
                    shared=shared,
                )
            )
        position += len(group)
    return Standings(tuple(m.info(config) for m in metrics), tuple(rows))


def _split(
    group: tuple[EntryId, ...], values: Mapping[EntryId, Score], higher: bool
) -> list[tuple[EntryId, ...]]:
    # sorted() is stable, so equal values keep seed order inside the new sub-group.
    ordered = sorted(group, key=values.__getitem__, reverse=higher)
    runs: list[list[EntryId]] = []
    run: list[EntryId] = []
    last: object = None
    for entry in ordered:
        value = values[entry]
        if run and value == last:
            run.append(entry)
        else:
            run = [entry]
            runs.append(run)
            last = value
    return [tuple(run) for run in runs]
