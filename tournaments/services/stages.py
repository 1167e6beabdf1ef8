"""Stages: adding one, its settings checked for its format, its source stage (the
top N of an earlier stage, cross-seeded from groups), and its field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext

from config.translation import localized
from games.engine import get_game
from games.engine.text import msg
from scoring.errors import DomainError
from tournaments import permissions, selectors
from tournaments.formats.base import FormatError
from tournaments.formats.groups import (
    Placed,
    best_placed,
    group_stage_rounds,
    playoff_seeds,
)
from tournaments.formats.registry import FORMATS, get_format
from tournaments.formats.spec import Format
from tournaments.models import (
    Entry,
    RoundStatus,
    Stage,
    StageFormat,
    Tournament,
)
from tournaments.ranking import get_metric
from tournaments.services._common import (
    active_entries,
    entry_names,
    require,
    require_open,
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
    by: AbstractBaseUser,
) -> Stage:
    """A later stage; with ``source_stage`` it takes that stage's top N."""
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    require_open(tournament)
    order = (tournament.stages.aggregate(m=Max("order"))["m"] or 0) + 1
    if source_stage is not None and source_stage.tournament_id != tournament.pk:
        raise DomainError("not_found", gettext("no such stage"), "source_stage")
    if (source_stage is None) != (source_top_n is None):
        raise DomainError(
            "invalid",
            gettext("give both the source stage and the top N"),
            "source_top_n",
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
    """A new stage of ``format``: its settings parsed by the format's settings
    model (errors name the field) and checked against what the format needs from
    the tournament's game."""
    try:
        fmt = StageFormat(format)
    except ValueError:
        raise DomainError(
            "unknown_format",
            gettext("choose a format from %(value)s")
            % {"value": [f.value for f in StageFormat]},
            "format",
        ) from None
    spec = FORMATS.get(fmt.value)
    if spec is None:
        raise DomainError(
            "format_unavailable",
            gettext("%(label)s is not available yet") % {"label": fmt.label},
            "format",
        )
    try:
        parsed, clean = spec.settings.parse(settings)
        if type(spec).check_game is not Format.check_game:
            # Only a format that needs something of the game asks for it.
            engine = get_game(tournament.game)
            spec.check_game(engine, engine.parse_options(tournament.options), parsed)
    except FormatError as error:
        raise DomainError(error.code, localized(error.message), error.path) from None
    return Stage.objects.create(
        tournament=tournament,
        order=order,
        name=(name or fmt.label.capitalize())[:120],
        format=fmt,
        settings=clean,
    )


def _stage_field(stage: Stage) -> list[int]:
    """The stage's entries: every active entry, or the source stage's top N (of
    each group, cross-seeded, when the source is a groups stage)."""
    if stage.source_stage_id is None:
        return selectors.stage_entry_id_list(stage)
    source = stage.source_stage
    source.tournament = stage.tournament
    if get_format(source.format).ranks_by_group:
        return _group_qualifiers(stage, source)[0]
    standings = selectors.stage_standings_get(source)
    active = set(
        Entry.objects.filter(
            tournament_id=stage.tournament_id, withdrawn_at=None
        ).values_list("pk", flat=True)
    )
    ranked = [row.entry for row in standings.rows if row.entry in active]
    return ranked[: stage.source_top_n]


def _group_qualifiers(stage: Stage, source: Stage) -> tuple[list[int], list[str]]:
    """The play-off field from a finished groups stage, cross-seeded, and notes for
    the director (the qualifiers by group place; any tie at a cut decided by seed or
    group order, which the standings alone could not decide)."""
    groups = selectors.stage_group_list(source)
    locked = source.rounds.filter(
        status__in=[RoundStatus.LOCKED, RoundStatus.FINISHED]
    ).count()
    if locked < group_stage_rounds(groups) or source.rounds.count() > locked:
        raise DomainError(
            "source_unfinished",
            gettext(
                "play and lock every round of %(name)s first "
                "(%(group_stage_rounds)s rounds)"
            )
            % {"name": source.name, "group_stage_rounds": group_stage_rounds(groups)},
            "source_stage",
        )
    advance = int(stage.source_top_n or 0)
    next_best = int((stage.settings or {}).get("next_best", 0))
    active = set(active_entries(e for g in groups for e in g.entries))
    names = entry_names(stage.tournament_id)
    notes: list[str] = []
    rankings: list[list[int]] = []
    rows_of: list[dict[int, Any]] = []
    for group, computed in selectors.stage_group_standings_get(source):
        rows = [row for row in computed.rows if row.entry in active]
        rankings.append([row.entry for row in rows])
        rows_of.append({row.entry: row for row in rows})
        for cut in (advance, advance + 1 if next_best else None):
            if cut and cut < len(rows) and rows[cut - 1].rank == rows[cut].rank:
                notes.append(
                    msg(
                        "Group {group}: {ahead} and {behind} are equal on every "
                        "tie-break at place {place}; the group's seed order put "
                        "{ahead} ahead",
                        group=group.name,
                        ahead=names.get(rows[cut - 1].entry),
                        behind=names.get(rows[cut].entry),
                        place=cut,
                    )
                )
    if next_best:
        if len({len(g.entries) for g in groups}) > 1:
            raise DomainError(
                "unequal_groups",
                gettext(
                    "next-best entries are compared across groups only when "
                    "every group has the same number of entries"
                ),
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
                error.code, localized(error.message), "stage_settings.next_best"
            ) from None
        notes.append(
            msg(
                "Best entries placed {place}: {entries}",
                place=advance + 1,
                entries=", ".join(names.get(e, str(e)) for e in chosen),
            )
        )
        if tied:
            notes.append(
                msg(
                    "Equal on every tie-break across the groups: {entries}; group "
                    "order decided",
                    entries=", ".join(names.get(e, str(e)) for e in tied),
                )
            )
    else:
        chosen = ()
    try:
        seeds = playoff_seeds(rankings, advance, next_best=chosen)
    except FormatError as error:
        raise DomainError(
            error.code, localized(error.message), "source_top_n"
        ) from None
    notes.insert(
        0,
        msg(
            "Play-off seeds (cross-seeded from the groups): {seeds}",
            seeds=", ".join(
                f"{i}. {names.get(e, str(e))}" for i, e in enumerate(seeds, 1)
            ),
        ),
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
                gettext("next-best entries need a groups stage as the source"),
                "stage_settings.next_best",
            )
        return
    if top_n is None or int(top_n) < 1:
        raise DomainError("invalid", gettext("take at least one entry"), "source_top_n")
    top_n = int(top_n)
    if not get_format(source.format).ranks_by_group:
        if next_best:
            raise DomainError(
                "invalid",
                gettext("next-best entries need a groups stage as the source"),
                "stage_settings.next_best",
            )
        return
    groups = int(source.settings.get("groups", 1))
    field = len(source.entry_ids) or len(selectors.stage_entry_id_list(source))
    if next_best >= groups:
        raise DomainError(
            "invalid",
            gettext("fewer next-best entries than groups (%(groups)s)")
            % {"groups": groups},
            "stage_settings.next_best",
        )
    if top_n * groups + next_best < 2:
        raise DomainError(
            "too_few_entries",
            gettext("the stage needs at least two entries"),
            "source_top_n",
        )
    if field < 2 * groups:
        return  # the groups are not known yet: checked again when generating
    smallest = field // groups
    if top_n > smallest or (next_best and top_n >= smallest):
        raise DomainError(
            "bad_advance",
            gettext(
                "the smallest group has %(smallest)s entries: take at most "
                "%(value)s of each"
            )
            % {"smallest": smallest, "value": smallest - (1 if next_best else 0)},
            "source_top_n",
        )
    if next_best and field % groups:
        raise DomainError(
            "unequal_groups",
            gettext(
                "next-best entries are compared across groups only when "
                "every group has the same number of entries"
            ),
            "stage_settings.next_best",
        )
