"""The tournament formats, one object each, in one registry: :data:`FORMATS`.

Each format declares its settings (a typed model with defaults; errors name the
field), its round generator (the pure generators of this package fed from a
:class:`~.spec.StageSource`), its default tie-break chain and what it needs from
the game. :func:`get_format` raises :class:`UnknownFormat` for a name not here.

A new format: write its pure generator in a module of its own here, then a
:class:`~.spec.Format` subclass below with its settings dataclass, add it to
:data:`FORMATS` and its key to ``tournaments.models.StageFormat`` (a migration for
the choices). Nothing else branches on format names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.engine import Game, SetupRejected
from games.engine import Table as GameTable
from games.engine.text import Text, msg
from tournaments.formats.base import FormatError
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.duplicate import TEAM_SIZE, duplicate_for_eight_teams
from tournaments.formats.groups import groups_round
from tournaments.formats.knockout import ready_round
from tournaments.formats.multi_table import multi_table_round
from tournaments.formats.partner_rotation import partner_rotation
from tournaments.formats.round_robin import round_robin
from tournaments.formats.spec import (
    SETTINGS_PATH,
    Format,
    StageSettings,
    StageSource,
    boolean,
    metric_keys,
    one_of,
    setting,
    whole,
    with_messages,
    without_withdrawn,
)
from tournaments.formats.swiss import (
    SwissConfig,
    pair_swiss_round,
    recommended_swiss_rounds,
    swiss_history,
)

# Bounds on counts, so that a request cannot ask for an absurdly large schedule.
ROUNDS = whole(1, 64, msg("between 1 and 64 rounds"))
SEED = whole(0, 2**31 - 1, msg("a non-negative seed"))
# Book §39.7.1 plays four boards a stanza; the bound keeps a stanza one sitting.
MAX_DEALS_PER_STANZA = 13


def _declared(text: str) -> Text:
    """A text the game declares (its name: in the catalogue already), as a value
    of a sentence that the boundary translates with the sentence."""
    return Text(text, {})


def _all_played(text: str) -> FormatError:
    """``text``: "the round robin has 7 rounds" (one template a format, so that
    each reads as a whole sentence in every language)."""
    return FormatError("all_rounds_played", text)


# -- round robin --------------------------------------------------------------------


@dataclass(frozen=True)
class RoundRobinSettings(StageSettings):
    double: bool = setting(
        False,
        boolean(),
        msg("Double round robin"),
        msg("everyone meets everyone twice"),
    )


class RoundRobin(Format):
    key = "round_robin"
    settings = RoundRobinSettings

    def next_round(self, stage: StageSource, number: int) -> FormatRound:
        settings = RoundRobinSettings.of(stage.settings)
        schedule = round_robin(stage.entry_ids, double=settings.double)
        if number > len(schedule):
            raise _all_played(
                msg("the round robin has {count} rounds", count=len(schedule))
            )
        return without_withdrawn(schedule[number - 1], set(stage.active()))


# -- Swiss --------------------------------------------------------------------------


@dataclass(frozen=True)
class SwissSettings(StageSettings):
    # None: the recommended number for the field.
    rounds: int | None = setting(
        None, ROUNDS, msg("Rounds"), msg("empty: the number recommended for the field")
    )
    balance_sides: bool = setting(
        True,
        boolean(),
        msg("Balance who starts"),
        msg("each entry sits first about as often as second"),
    )


class Swiss(Format):
    key = "swiss"
    settings = SwissSettings

    def next_round(self, stage: StageSource, number: int) -> FormatRound:
        settings = SwissSettings.of(stage.settings)
        field = stage.active()
        limit = settings.rounds or (
            recommended_swiss_rounds(max(len(field), 2)).recommended
        )
        if number > int(limit):
            raise _all_played(msg("the Swiss has {count} rounds", count=limit))
        standings = stage.standings()
        rows = standings.rows
        scores = {row.entry: row.values.get("match_points", 0) for row in rows}
        playing = set(field)
        ranked = [row.entry for row in standings.rows if row.entry in playing]
        # Withdrawn entries stay in the history (their opponents' records), not the
        # field.
        everyone = ranked + [r.entry for r in standings.rows if r.entry not in ranked]
        entries = [
            e
            for e in swiss_history(everyone, scores, stage.history())
            if e.entry in playing
        ]
        config = SwissConfig(balance_sides=settings.balance_sides)
        return pair_swiss_round(entries, round_number=number, config=config)


# -- partner rotation ---------------------------------------------------------------


@dataclass(frozen=True)
class PartnerRotationSettings(StageSettings):
    # None: the rotation's own default for the field.
    rounds: int | None = setting(
        None, ROUNDS, msg("Rounds"), msg("empty: until everyone has partnered everyone")
    )
    seed: int = setting(
        0,
        SEED,
        msg("Shuffle number"),
        msg("another number gives another (fair) schedule"),
    )


class PartnerRotation(Format):
    """Individuals in a 4-player partnership game; the schedule is deterministic
    for the stage's ``seed``, so round ``number`` is taken from the whole schedule.
    A player sitting out scores nothing."""

    key = "partner_rotation"
    settings = PartnerRotationSettings
    scoring_byes = False
    individual_total_first = True

    def next_round(self, stage: StageSource, number: int) -> FormatRound:
        settings = PartnerRotationSettings.of(stage.settings)
        schedule = partner_rotation(
            stage.entry_ids, rounds=settings.rounds or None, seed=settings.seed
        )
        if number > len(schedule.rounds):
            raise _all_played(
                msg("the rotation has {count} rounds", count=len(schedule.rounds))
            )
        planned = schedule.rounds[number - 1]
        if number == 1 and schedule.messages:
            planned = with_messages(planned, schedule.messages)
        return without_withdrawn(planned, set(stage.active()))


# -- multi-player tables ------------------------------------------------------------

TABLE_SIZE = whole(2, 12, msg("between 2 and 12 players"))


@dataclass(frozen=True)
class MultiTableSettings(StageSettings):
    # None: as many rounds as the director generates.
    rounds: int | None = setting(
        None, ROUNDS, msg("Rounds"), msg("empty: as many as you generate")
    )
    table_size: int = setting(
        4,
        TABLE_SIZE,
        msg("Players a table"),
        msg("the other tables seat one fewer or more"),
    )
    # None: min(3, table_size) and table_size.
    min_table_size: int | None = setting(
        None,
        TABLE_SIZE,
        msg("Smallest table"),
        msg("empty: 3 (or the table size if smaller)"),
    )
    max_table_size: int | None = setting(
        None, TABLE_SIZE, msg("Largest table"), msg("empty: the table size")
    )
    seed: int = setting(
        0, SEED, msg("Shuffle number"), msg("another number gives another seating")
    )

    @property
    def sizes(self) -> tuple[int, int, int]:
        """(preferred, smallest, largest) table."""
        preferred = self.table_size
        low = self.min_table_size
        high = self.max_table_size
        return (
            preferred,
            min(3, preferred) if low is None else low,
            preferred if high is None else high,
        )

    def check(self) -> None:
        preferred, low, high = self.sizes
        if not low <= preferred <= high:
            raise FormatError(
                "invalid",
                msg("need min_table_size <= table_size <= max_table_size"),
                path=f"{SETTINGS_PATH}.table_size",
            )


class MultiTable(Format):
    """Players of a game for three or more, each for themselves: each round is
    seated after the stage's earlier rounds (fewest repeated table-mates, seat 1
    to whoever had it least)."""

    key = "multi_table"
    settings = MultiTableSettings

    def check_game(self, game: Game, options: Any, settings: StageSettings) -> None:
        """Every table size the stage may seat is one the game is played at, by
        that many players each for themselves."""
        assert isinstance(settings, MultiTableSettings)
        preferred, low, high = settings.sizes
        for size in range(low, high + 1):
            try:
                game.check_table(GameTable(tuple(range(size))), options)
            except SetupRejected:
                key = (
                    "table_size"
                    if size == preferred
                    else "min_table_size"
                    if size < preferred
                    else "max_table_size"
                )
                raise FormatError(
                    "table_size_not_played",
                    msg(
                        "{name} is not played by {size} players each for themselves",
                        name=_declared(game.name),
                        size=size,
                    ),
                    path=f"{SETTINGS_PATH}.{key}",
                ) from None

    def next_round(self, stage: StageSource, number: int) -> FormatRound:
        settings = MultiTableSettings.of(stage.settings)
        if settings.rounds and number > settings.rounds:
            raise FormatError(
                "all_rounds_played",
                msg("the stage has {rounds} rounds", rounds=settings.rounds),
            )
        field = stage.active()
        names = stage.names()
        teams = [e for e, n in stage.team_sizes(field).items() if n > 1]
        if teams:
            listed = ", ".join(names.get(e, str(e)) for e in teams)
            raise FormatError(
                "team_entries",
                msg(
                    "multi-player tables seat single players, not teams ({listed})",
                    listed=listed,
                ),
                path="entries",
            )
        preferred, low, high = settings.sizes
        return multi_table_round(
            field,
            number,
            history=stage.history(),
            preferred=preferred,
            min_size=low,
            max_size=high,
            seed=settings.seed,
            label=lambda entry: names.get(entry, str(entry)),
        )


# -- knockout -----------------------------------------------------------------------


@dataclass(frozen=True)
class KnockoutSettings(StageSettings):
    kind: str = setting(
        "single",
        one_of("single", "double"),
        msg("Elimination"),
        msg("single: one loss and out; double: out after two"),
    )
    best_of: int = setting(
        1,
        one_of(1, 3, 5, 7),
        msg("Best of"),
        msg("matches a pairing plays to decide it"),
    )
    third_place: bool = setting(
        False, boolean(), msg("Third-place match"), msg("the semi-final losers play")
    )
    grand_final_reset: bool = setting(
        True,
        boolean(),
        msg("Grand final reset"),
        msg("double elimination: a second final if the winners' side loses the first"),
    )
    # After a groups stage: this many of the best next-placed also qualify.
    next_best: int = setting(
        0,
        whole(0, 63, msg("between 0 and 63 entries")),
        msg("Best of the next-placed"),
        msg("after groups: this many more qualify"),
    )
    # The stage's standings metrics (None: the format's own, the bracket place).
    tiebreaks: Sequence[str] | None = setting(
        None,
        metric_keys,
        msg("Stage standings"),
        msg("none ticked: the bracket place alone (those out in one round share it)"),
    )


class Knockout(Format):
    """The next game of every bracket match whose entrants are known and whose
    series is undecided (the first game of a newly ready match)."""

    key = "knockout"
    settings = KnockoutSettings
    forfeits_on_withdrawal = True
    has_bracket = True
    # A knockout stage ranks by the bracket place alone unless its settings say
    # otherwise, so that entries out in the same round share their place.
    stage_tiebreaks = ("bracket_place",)

    def stage_metrics(
        self, settings: StageSettings, tournament_metrics: tuple[str, ...]
    ) -> tuple[str, ...]:
        assert isinstance(settings, KnockoutSettings)
        return tuple(settings.tiebreaks or self.stage_tiebreaks)

    def next_round(self, stage: StageSource, number: int) -> FormatRound:
        bracket, state, series = stage.knockout()
        if not state.ready():
            if state.champion is not None or state.finished:
                raise FormatError(
                    "bracket_complete", msg("the bracket has its champion")
                )
            raise FormatError(
                "nothing_ready", msg("no bracket match can be played yet")
            )
        generated = ready_round(bracket, state, round_number=number, series=series)
        if number == 1:
            generated = with_messages(generated, stage.seeding_notes())
        return generated


# -- groups -------------------------------------------------------------------------


@dataclass(frozen=True)
class GroupsSettings(StageSettings):
    required = ("groups",)

    groups: int = setting(
        1,
        whole(1, 64, msg("between 1 and 64 groups")),
        msg("Groups"),
        msg("how many groups"),
    )
    double: bool = setting(
        False,
        boolean(),
        msg("Double round robin"),
        msg("everyone in a group meets twice"),
    )


class Groups(Format):
    """Round ``number`` of every group's round robin, at once."""

    key = "groups"
    settings = GroupsSettings
    ranks_by_group = True

    def next_round(self, stage: StageSource, number: int) -> FormatRound:
        groups = stage.groups()
        planned = groups_round(groups, number)
        if number == 1:
            names = stage.names()
            planned = with_messages(
                planned,
                [
                    msg(
                        "Group {group}: {entries}",
                        group=g.name,
                        entries=", ".join(names.get(e, str(e)) for e in g.entries),
                    )
                    for g in groups
                ],
            )
        return without_withdrawn(planned, set(stage.active()))


# -- duplicate ----------------------------------------------------------------------


DEALS_PER_STANZA = whole(
    1,
    MAX_DEALS_PER_STANZA,
    msg("between 1 and {count} boards", count=MAX_DEALS_PER_STANZA),
)


@dataclass(frozen=True)
class DuplicateSettings(StageSettings):
    deals_per_stanza: int = setting(
        4,
        DEALS_PER_STANZA,
        msg("Boards a stanza"),
        msg("the book plays four (§39.7.1)"),
    )


class Duplicate(Format):
    """Duplicate for eight (book §39.7): two teams of four; stanza 1, then stanza 2
    with the tables swapped. The first team by seed is team A (North-South at
    table 1 in stanza 1)."""

    key = "duplicate"
    settings = DuplicateSettings
    # Book §39.7.3: the team with more game points over the 2 × 8 deals wins.
    default_tiebreaks = ("game_points_for", "point_difference")
    # Swapping the teams would let one team hold both directions of a board.
    fixed_seating = (
        "duplicate_seating_fixed",
        msg(
            "a duplicate stage's seating is fixed by the format (book §39.7.2); "
            "the teams' line-up order decides which pair plays where"
        ),
    )
    has_boards = True

    def check_game(self, game: Game, options: Any, settings: StageSettings) -> None:
        """A game that declares it is played duplicate from boards
        (``Game.duplicate_boards``: its matches take the ``boards`` option) at the
        four-player partnership table the format seats (two pairs a table)."""
        if not game.duplicate_boards or (0, 1, 0, 1) not in game.tables:
            raise FormatError(
                "duplicate_game",
                msg(
                    "{name} is not played duplicate here: a duplicate stage "
                    "needs a four-player partnership game that declares it is "
                    "played from boards",
                    name=_declared(game.name),
                ),
                path="format",
            )

    def next_round(self, stage: StageSource, number: int) -> FormatRound:
        settings = DuplicateSettings.of(stage.settings)
        teams = stage.active()
        if len(teams) != 2:
            raise FormatError(
                "duplicate_teams",
                msg(
                    "duplicate for eight is two teams of four; this stage has "
                    "{count} active entries",
                    count=len(teams),
                ),
                path="entries",
            )
        sizes = stage.team_sizes(teams)
        for index, team in enumerate(teams):
            if sizes.get(team, 0) != TEAM_SIZE:
                raise FormatError(
                    "team_size",
                    msg(
                        "entry {team} has {players} players; a team is four (paste "
                        "'Team: Ann & Bob & Cid & Dan')",
                        team=team,
                        players=sizes.get(team, 0),
                    ),
                    path=f"entries.{index}",
                )
        stanzas = duplicate_for_eight_teams(
            teams[0], teams[1], deals_per_stanza=settings.deals_per_stanza
        )
        if number > len(stanzas):
            raise FormatError(
                "all_rounds_played", msg("both stanzas have been generated")
            )
        return stanzas[number - 1]


# -- the registry -------------------------------------------------------------------


class UnknownFormat(KeyError):
    """No format of that name (a bug where it reaches a user: names are checked
    against ``StageFormat`` first)."""


FORMATS: dict[str, Format] = {
    f.key: f
    for f in (
        RoundRobin(),
        Swiss(),
        Knockout(),
        Groups(),
        PartnerRotation(),
        MultiTable(),
        Duplicate(),
    )
}


def get_format(key: str) -> Format:
    try:
        return FORMATS[str(key)]
    except KeyError:
        raise UnknownFormat(key) from None
