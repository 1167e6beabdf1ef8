"""Stages: adding one, its settings checked for its format, its source stage (the
top N of an earlier stage, cross-seeded from groups), and its field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import Max

from games.engine import SetupRejected, get_game
from games.engine import Table as GameTable
from scoring.errors import DomainError
from tournaments import permissions, selectors
from tournaments.formats.base import FormatError
from tournaments.formats.groups import (
    Placed,
    best_placed,
    group_stage_rounds,
    playoff_seeds,
)
from tournaments.models import (
    Entry,
    RoundStatus,
    Stage,
    StageFormat,
    Tournament,
)
from tournaments.ranking import get_metric
from tournaments.services.common import (
    _active,
    _entry_names,
    _metric_keys,
    _require,
    _require_open,
)


@transaction.atomic
def stage_add(
    *,
    tournament: Tournament,
    format: str,
    settings: Mapping[str, Any] | None = None,
    name: str = "",
    source_stage: Stage | None = None,
    source_top_n: int | None = None,
    by: Any,
) -> Stage:
    """A later stage; with ``source_stage`` it takes that stage's top N."""
    _require(permissions.may_direct(by, tournament), "only a director may")
    _require_open(tournament)
    order = (tournament.stages.aggregate(m=Max("order"))["m"] or 0) + 1
    if source_stage is not None and source_stage.tournament_id != tournament.pk:
        raise DomainError("not_found", "no such stage", "source_stage")
    if (source_stage is None) != (source_top_n is None):
        raise DomainError(
            "invalid", "give both the source stage and the top N", "source_top_n"
        )
    stage = _stage_create(tournament, format, settings or {}, order=order, name=name)
    _check_source(stage, source_stage, source_top_n)
    if source_stage is not None:
        stage.source_stage = source_stage
        stage.source_top_n = int(source_top_n)
        stage.save(update_fields=["source_stage", "source_top_n"])
    return stage


# -- helpers -------------------------------------------------------------------------


def _stage_create(
    tournament: Tournament,
    format: str,
    settings: Mapping[str, Any],
    *,
    order: int,
    name: str,
) -> Stage:
    try:
        fmt = StageFormat(format)
    except ValueError:
        raise DomainError(
            "unknown_format",
            f"choose a format from {[f.value for f in StageFormat]}",
            "format",
        ) from None
    from tournaments.services.generation import _GENERATORS

    if fmt not in _GENERATORS:
        raise DomainError(
            "format_unavailable", f"{fmt.label} is not available yet", "format"
        )
    if fmt == StageFormat.DUPLICATE:
        _check_duplicate_game(tournament.game)
    clean = _stage_settings(fmt, settings)
    if fmt == StageFormat.MULTI_TABLE:
        _multi_table_check(tournament, clean)
    return Stage.objects.create(
        tournament=tournament,
        order=order,
        name=(name or fmt.label.capitalize())[:120],
        format=fmt,
        settings=clean,
    )


# Per format: setting -> allowed values (a type, or a tuple of choices), with bounds
# on counts so that a request cannot ask for an absurdly large schedule.
_SETTINGS: dict[str, dict[str, Any]] = {
    StageFormat.SWISS: {"rounds": int, "balance_sides": bool},
    StageFormat.ROUND_ROBIN: {"double": bool},
    StageFormat.PARTNER_ROTATION: {"rounds": int, "seed": int},
    StageFormat.MULTI_TABLE: {
        "rounds": int,
        "table_size": int,
        "min_table_size": int,
        "max_table_size": int,
        "seed": int,
    },
    StageFormat.KNOCKOUT: {
        "kind": ("single", "double"),
        "best_of": (1, 3, 5, 7),
        "third_place": bool,
        "grand_final_reset": bool,
        # After a groups stage: this many of the best next-placed also qualify.
        "next_best": int,
        # The stage's standings metrics (default: bracket_place alone).
        "tiebreaks": list,
    },
    StageFormat.GROUPS: {"groups": int, "double": bool},
    StageFormat.DUPLICATE: {"deals_per_stanza": int},
}
# Settings a format cannot do without.
_REQUIRED_SETTINGS: dict[str, tuple[str, ...]] = {StageFormat.GROUPS: ("groups",)}
# A stage whose tiebreaks the director did not choose ranks by these.
_DEFAULT_TIEBREAKS: dict[str, list[str]] = {
    # Book §39.7.3: the team with more game points over the 2 × 8 deals wins.
    StageFormat.DUPLICATE: ["game_points_for", "point_difference"],
}
# Book §39.7.1 plays four boards a stanza; the bound keeps a stanza one sitting.
MAX_DEALS_PER_STANZA = 13


def _stage_settings(fmt: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    allowed = _SETTINGS.get(fmt, {})
    clean: dict[str, Any] = {}
    for key, value in settings.items():
        path = f"stage_settings.{key}"
        if key not in allowed:
            raise DomainError("unknown_setting", f"choose from {sorted(allowed)}", path)
        kind = allowed[key]
        if isinstance(kind, tuple):
            if value not in kind:
                raise DomainError("invalid", f"one of {list(kind)}", path)
        elif kind is bool:
            if not isinstance(value, bool):
                raise DomainError("invalid", "true or false", path)
        elif kind is list:
            value = _metric_keys(value, path)
        elif isinstance(value, bool) or not isinstance(value, int):
            raise DomainError("invalid", "a whole number", path)
        elif key == "rounds" and not 1 <= value <= 64:
            raise DomainError("invalid", "between 1 and 64 rounds", path)
        elif key == "seed" and not 0 <= value < 2**31:
            raise DomainError("invalid", "a non-negative seed", path)
        elif key == "groups" and not 1 <= value <= 64:
            raise DomainError("invalid", "between 1 and 64 groups", path)
        elif key == "next_best" and not 0 <= value <= 63:
            raise DomainError("invalid", "between 0 and 63 entries", path)
        elif key == "deals_per_stanza" and not 1 <= value <= MAX_DEALS_PER_STANZA:
            raise DomainError(
                "invalid", f"between 1 and {MAX_DEALS_PER_STANZA} boards", path
            )
        elif key.endswith("table_size") and not 2 <= value <= 12:
            raise DomainError("invalid", "between 2 and 12 players", path)
        clean[key] = value
    for key in _REQUIRED_SETTINGS.get(fmt, ()):
        if key not in clean:
            raise DomainError(
                "required", f"the {key} setting is required", f"stage_settings.{key}"
            )
    return clean


def _stage_field(stage: Stage) -> list[int]:
    """The stage's entries: every active entry, or the source stage's top N (of
    each group, cross-seeded, when the source is a groups stage)."""
    if stage.source_stage_id is None:
        return selectors.stage_entry_ids(stage)
    source = stage.source_stage
    source.tournament = stage.tournament
    if source.format == StageFormat.GROUPS:
        return _group_qualifiers(stage, source)[0]
    standings = selectors.stage_standings(source)
    active = set(
        Entry.objects.filter(
            tournament_id=stage.tournament_id, withdrawn_at=None
        ).values_list("pk", flat=True)
    )
    ranked = [row.entry for row in standings.rows if row.entry in active]
    return ranked[: stage.source_top_n]


def _table_sizes(settings: Mapping[str, Any]) -> tuple[int, int, int]:
    """(preferred, smallest, largest) table of a multi-player-table stage."""
    preferred = int(settings.get("table_size", 4))
    low = int(settings.get("min_table_size", min(3, preferred)))
    high = int(settings.get("max_table_size", preferred))
    return preferred, low, high


def _multi_table_check(tournament: Tournament, settings: Mapping[str, Any]) -> None:
    """Every table size the stage may seat is one the game is played at, by that
    many players each for themselves (a 400 naming the setting otherwise)."""
    preferred, low, high = _table_sizes(settings)
    if not low <= preferred <= high:
        raise DomainError(
            "invalid",
            "need min_table_size <= table_size <= max_table_size",
            "stage_settings.table_size",
        )
    engine = get_game(tournament.game)
    options = engine.parse_options(tournament.options)
    for size in range(low, high + 1):
        try:
            engine.check_table(GameTable(tuple(range(size))), options)
        except SetupRejected:
            key = (
                "table_size"
                if size == preferred
                else "min_table_size"
                if size < preferred
                else "max_table_size"
            )
            raise DomainError(
                "table_size_not_played",
                f"{engine.name} is not played by {size} players each for themselves",
                f"stage_settings.{key}",
            ) from None


def _group_qualifiers(stage: Stage, source: Stage) -> tuple[list[int], list[str]]:
    """The play-off field from a finished groups stage, cross-seeded, and notes for
    the director (the qualifiers by group place; any tie at a cut decided by seed or
    group order, which the standings alone could not decide)."""
    groups = selectors.stage_groups(source)
    locked = source.rounds.filter(
        status__in=[RoundStatus.LOCKED, RoundStatus.FINISHED]
    ).count()
    if locked < group_stage_rounds(groups) or source.rounds.count() > locked:
        raise DomainError(
            "source_unfinished",
            f"play and lock every round of {source.name} first "
            f"({group_stage_rounds(groups)} rounds)",
            "source_stage",
        )
    advance = int(stage.source_top_n or 0)
    next_best = int((stage.settings or {}).get("next_best", 0))
    active = set(_active(e for g in groups for e in g.entries))
    names = _entry_names(stage.tournament_id)
    notes: list[str] = []
    rankings: list[list[int]] = []
    rows_of: list[dict[int, Any]] = []
    for group, computed in selectors.stage_group_standings(source):
        rows = [row for row in computed.rows if row.entry in active]
        rankings.append([row.entry for row in rows])
        rows_of.append({row.entry: row for row in rows})
        for cut in (advance, advance + 1 if next_best else None):
            if cut and cut < len(rows) and rows[cut - 1].rank == rows[cut].rank:
                notes.append(
                    f"Group {group.name}: {names.get(rows[cut - 1].entry)} and "
                    f"{names.get(rows[cut].entry)} are equal on every tie-break at "
                    f"place {cut}; the group's seed order put "
                    f"{names.get(rows[cut - 1].entry)} ahead"
                )
    if next_best:
        if len({len(g.entries) for g in groups}) > 1:
            raise DomainError(
                "unequal_groups",
                "next-best entries are compared across groups only when every "
                "group has the same number of entries",
                "stage_settings.next_best",
            )
        metrics = [
            (key, get_metric(key).higher_is_better)
            for key in (stage.tournament.tiebreaks or [])
            if not get_metric(key).among_tied
        ]
        candidates = [
            Placed(ranking[advance], gi, rows_of[gi][ranking[advance]].values)
            for gi, ranking in enumerate(rankings)
            if len(ranking) > advance
        ]
        try:
            chosen, tied = best_placed(candidates, metrics, next_best)
        except FormatError as error:
            raise DomainError(
                error.code, error.message, "stage_settings.next_best"
            ) from None
        notes.append(
            f"Best entries placed {advance + 1}: "
            + ", ".join(names.get(e, str(e)) for e in chosen)
        )
        if tied:
            notes.append(
                "Equal on every tie-break across the groups: "
                + ", ".join(names.get(e, str(e)) for e in tied)
                + "; group order decided"
            )
    else:
        chosen = ()
    try:
        seeds = playoff_seeds(rankings, advance, next_best=chosen)
    except FormatError as error:
        raise DomainError(error.code, error.message, "source_top_n") from None
    notes.insert(
        0,
        "Play-off seeds (cross-seeded from the groups): "
        + ", ".join(f"{i}. {names.get(e, str(e))}" for i, e in enumerate(seeds, 1)),
    )
    return list(seeds), notes


def _check_source(stage: Stage, source: Stage | None, top_n: int | None) -> None:
    """A stage's source and its top N (per group after a groups stage), as far as
    they can be checked before the source is played."""
    next_best = int(stage.settings.get("next_best", 0))
    if source is None:
        if next_best:
            raise DomainError(
                "invalid",
                "next-best entries need a groups stage as the source",
                "stage_settings.next_best",
            )
        return
    if top_n is None or int(top_n) < 1:
        raise DomainError("invalid", "take at least one entry", "source_top_n")
    top_n = int(top_n)
    if source.format != StageFormat.GROUPS:
        if next_best:
            raise DomainError(
                "invalid",
                "next-best entries need a groups stage as the source",
                "stage_settings.next_best",
            )
        return
    groups = int(source.settings.get("groups", 1))
    field = len(source.entry_ids) or len(selectors.stage_entry_ids(source))
    if next_best >= groups:
        raise DomainError(
            "invalid",
            f"fewer next-best entries than groups ({groups})",
            "stage_settings.next_best",
        )
    if top_n * groups + next_best < 2:
        raise DomainError(
            "too_few_entries", "the stage needs at least two entries", "source_top_n"
        )
    if field < 2 * groups:
        return  # the groups are not known yet: checked again when generating
    smallest = field // groups
    if top_n > smallest or (next_best and top_n >= smallest):
        raise DomainError(
            "bad_advance",
            f"the smallest group has {smallest} entries: take at most "
            f"{smallest - (1 if next_best else 0)} of each",
            "source_top_n",
        )
    if next_best and field % groups:
        raise DomainError(
            "unequal_groups",
            "next-best entries are compared across groups only when every group "
            "has the same number of entries",
            "stage_settings.next_best",
        )


def _check_duplicate_game(slug: str) -> None:
    """A duplicate stage needs a game that declares it is played duplicate from
    boards (``Game.duplicate_boards``: its matches take the ``boards`` option) at
    the four-player partnership table the format seats (two pairs a table)."""
    engine = get_game(slug)
    if not engine.duplicate_boards or (0, 1, 0, 1) not in engine.tables:
        raise DomainError(
            "duplicate_game",
            f"{engine.name} is not played duplicate here: a duplicate stage needs "
            "a four-player partnership game that declares it is played from boards",
            "format",
        )
