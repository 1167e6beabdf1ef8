"""A stage's next round: load what its format needs from the database, call the
pure generator in :mod:`tournaments.formats`, and hand back the round to store."""

from __future__ import annotations

from django.db.models import Count

from tournaments import selectors
from tournaments.formats.base import FormatError
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.duplicate import TEAM_SIZE, duplicate_for_eight_teams
from tournaments.formats.groups import (
    groups_round,
)
from tournaments.formats.knockout import ready_round
from tournaments.formats.multi_table import multi_table_round
from tournaments.formats.partner_rotation import partner_rotation
from tournaments.formats.round_robin import round_robin
from tournaments.formats.swiss import (
    SwissConfig,
    pair_swiss_round,
    recommended_swiss_rounds,
    swiss_history,
)
from tournaments.models import (
    Entry,
    EntryMember,
    Stage,
    StageFormat,
)
from tournaments.services.common import _active, _entry_names
from tournaments.services.stages import _group_qualifiers, _table_sizes


def _generate(stage: Stage, number: int) -> FormatRound:
    return _GENERATORS[stage.format](stage, number)


def _round_robin(stage: Stage, number: int) -> FormatRound:
    schedule = round_robin(stage.entry_ids, double=bool(stage.settings.get("double")))
    if number > len(schedule):
        raise FormatError(
            "all_rounds_played", f"the round robin has {len(schedule)} rounds"
        )
    planned = schedule[number - 1]
    active = set(_active(stage.entry_ids))
    return _without_withdrawn(planned, active)


def _without_withdrawn(planned: FormatRound, active: set[int]) -> FormatRound:
    """Tables with a withdrawn entry give the others a scoring bye."""
    from tournaments.formats.base import Bye
    from tournaments.formats.base import Table as FormatTable
    from tournaments.formats.explain import Reason, ReasonCode

    tables, byes = [], [b for b in planned.byes if b.entry in active]
    for table in planned.tables:
        if all(e in active for e in table.entries):
            tables.append(FormatTable(len(tables) + 1, table.sides, table.reasons))
            continue
        for entry in table.entries:
            if entry in active:
                text = f"{entry}'s scheduled opponent has withdrawn: a bye"
                byes.append(Bye(entry, (Reason(ReasonCode.BYE, text, (entry,)),)))
    return FormatRound(planned.number, tuple(tables), tuple(byes), planned.messages)


def _swiss(stage: Stage, number: int) -> FormatRound:
    settings = stage.settings or {}
    field = _active(stage.entry_ids)
    limit = (
        settings.get("rounds")
        or recommended_swiss_rounds(max(len(field), 2)).recommended
    )
    if number > int(limit):
        raise FormatError("all_rounds_played", f"the Swiss has {limit} rounds")
    standings = selectors.stage_standings(stage)
    scores = {row.entry: row.values.get("match_points", 0) for row in standings.rows}
    ranked = [row.entry for row in standings.rows if row.entry in set(field)]
    history = [selectors.round_as_format(r) for r in stage.rounds.order_by("number")]
    # Withdrawn entries stay in the history (their opponents' records), not the field.
    everyone = ranked + [row.entry for row in standings.rows if row.entry not in ranked]
    playing = set(field)
    entries = [
        e for e in swiss_history(everyone, scores, history) if e.entry in playing
    ]
    config = SwissConfig(balance_sides=bool(settings.get("balance_sides", True)))
    return pair_swiss_round(entries, round_number=number, config=config)


def _partner_rotation(stage: Stage, number: int) -> FormatRound:
    """Individuals in a 4-player partnership game; the schedule is deterministic for
    the stage's ``seed``, so round ``number`` is taken from the whole schedule."""
    settings = stage.settings or {}
    rounds = settings.get("rounds")
    schedule = partner_rotation(
        stage.entry_ids,
        rounds=int(rounds) if rounds else None,
        seed=int(settings.get("seed", 0)),
    )
    if number > len(schedule.rounds):
        raise FormatError(
            "all_rounds_played", f"the rotation has {len(schedule.rounds)} rounds"
        )
    planned = schedule.rounds[number - 1]
    if number == 1 and schedule.messages:
        planned = FormatRound(
            planned.number,
            planned.tables,
            planned.byes,
            (*schedule.messages, *planned.messages),
        )
    return _without_withdrawn(planned, set(_active(stage.entry_ids)))


def _multi_table(stage: Stage, number: int) -> FormatRound:
    """Players of a game for three or more, each for themselves: each round is
    seated after the stage's earlier rounds (fewest repeated table-mates, seat 1
    to whoever had it least)."""
    settings = stage.settings or {}
    rounds = settings.get("rounds")
    if rounds and number > int(rounds):
        raise FormatError("all_rounds_played", f"the stage has {rounds} rounds")
    field = _active(stage.entry_ids)
    teams = (
        Entry.objects.filter(pk__in=field)
        .annotate(players=Count("lineup"))
        .filter(players__gt=1)
        .values_list("name", flat=True)
    )
    if teams:
        raise FormatError(
            "team_entries",
            f"multi-player tables seat single players, not teams ({', '.join(teams)})",
            path="entries",
        )
    names = dict(
        Entry.objects.filter(tournament_id=stage.tournament_id).values_list(
            "pk", "name"
        )
    )
    history = [selectors.round_as_format(r) for r in stage.rounds.order_by("number")]
    preferred, low, high = _table_sizes(settings)
    return multi_table_round(
        field,
        number,
        history=history,
        preferred=preferred,
        min_size=low,
        max_size=high,
        seed=int(settings.get("seed", 0)),
        label=lambda entry: names.get(entry, str(entry)),
    )


def _knockout(stage: Stage, number: int) -> FormatRound:
    """The next game of every bracket match whose entrants are known and whose
    series is undecided (the first game of a newly ready match)."""
    bracket, state, series = selectors.stage_knockout(stage)
    if not state.ready():
        if state.champion is not None or state.finished:
            raise FormatError("bracket_complete", "the bracket has its champion")
        raise FormatError("nothing_ready", "no bracket match can be played yet")
    generated = ready_round(bracket, state, round_number=number, series=series)
    source = stage.source_stage
    if number == 1 and source is not None and source.format == StageFormat.GROUPS:
        source.tournament = stage.tournament
        notes = _group_qualifiers(stage, source)[1]
        generated = FormatRound(
            generated.number,
            generated.tables,
            generated.byes,
            (*notes, *generated.messages),
        )
    return generated


def _groups(stage: Stage, number: int) -> FormatRound:
    """Round ``number`` of every group's round robin, at once."""
    groups = selectors.stage_groups(stage)
    planned = groups_round(groups, number)
    if number == 1:
        names = _entry_names(stage.tournament_id)
        draw = [
            f"Group {g.name}: " + ", ".join(names.get(e, str(e)) for e in g.entries)
            for g in groups
        ]
        planned = FormatRound(
            planned.number, planned.tables, planned.byes, (*draw, *planned.messages)
        )
    return _without_withdrawn(planned, set(_active(stage.entry_ids)))


def _duplicate(stage: Stage, number: int) -> FormatRound:
    """Duplicate for eight (book §39.7): two teams of four; stanza 1, then stanza 2
    with the tables swapped. The first team by seed is team A (North-South at
    table 1 in stanza 1)."""
    teams = _active(stage.entry_ids)
    if len(teams) != 2:
        raise FormatError(
            "duplicate_teams",
            f"duplicate for eight is two teams of four; this stage has {len(teams)} "
            "active entries",
            path="entries",
        )
    sizes = dict(
        EntryMember.objects.filter(entry_id__in=teams)
        .values("entry_id")
        .annotate(n=Count("id"))
        .values_list("entry_id", "n")
    )
    for index, team in enumerate(teams):
        if sizes.get(team, 0) != TEAM_SIZE:
            raise FormatError(
                "team_size",
                f"entry {team} has {sizes.get(team, 0)} players; a team is four "
                "(paste 'Team: Ann & Bob & Cid & Dan')",
                path=f"entries.{index}",
            )
    stanzas = duplicate_for_eight_teams(
        teams[0],
        teams[1],
        deals_per_stanza=int((stage.settings or {}).get("deals_per_stanza", 4)),
    )
    if number > len(stanzas):
        raise FormatError("all_rounds_played", "both stanzas have been generated")
    return stanzas[number - 1]


_GENERATORS = {
    StageFormat.KNOCKOUT: _knockout,
    StageFormat.GROUPS: _groups,
    StageFormat.ROUND_ROBIN: _round_robin,
    StageFormat.SWISS: _swiss,
    StageFormat.PARTNER_ROTATION: _partner_rotation,
    StageFormat.DUPLICATE: _duplicate,
    StageFormat.MULTI_TABLE: _multi_table,
}
