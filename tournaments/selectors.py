"""Reads of tournaments: visibility, results as the pure core wants them, standings.

Results come from the score book: a table's result is its scoring match once the
match is ``finished`` (an abandoned or unfinished match counts nothing). Per side:
``game_points`` are the match's folded ``totals``; the placement is the engine's
``winners`` for two sides (no winner = a draw) and the points otherwise. A scoring
bye recorded on the round counts ``bye`` points. The pure
:func:`tournaments.ranking.compute_standings` does the ranking. A groups stage is
also ranked group by group, each from the games among its own entries (the
snapshot's ``groups``); a knockout's bracket and series are folded from its
finished games (:func:`stage_knockout`).

**Individual totals.** A game may declare individual scoring
(:class:`games.engine.IndividualScoring`: Klubiskruuvi's bolsu points + 2 × team
score). Its ``team_multiplier`` goes into the ranking config; a partner-rotation
stage of such a game ranks by the ``individual_total`` metric first (unless the
director placed it elsewhere). Only when a stage's metrics include it are the
players' own points loaded — the matches' stored per-seat totals
(``state["seat_totals"]``), mapped to entries through the seated players — in
separate queries beside the results query.

The **source fingerprint** of a tournament is the sum of its matches' ``version``
plus the number of withdrawn entries: every input of the standings only ever grows
it, so "the fingerprint differs from the snapshot's" means "the snapshot is out of
date" — without comparing clocks of different machines.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from operator import itemgetter
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import Count, Min, Prefetch, Q, QuerySet, Sum
from django.db.models.fields.json import KeyTransform

from games.engine import Game, IndividualScoring, UnknownGame, get_game
from scoring import permissions as scoring_permissions
from scoring.errors import NotFound
from scoring.models import Deal, DealStatus, Match, MatchStatus, Membership, Seat
from tournaments import permissions
from tournaments.formats.base import Bye as FormatBye
from tournaments.formats.base import FormatError
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.base import Table as FormatTable
from tournaments.formats.duplicate import DealPlay, compare_deals
from tournaments.formats.groups import Group, group_stage
from tournaments.formats.knockout import (
    BYE,
    Bracket,
    BracketState,
    SeriesResult,
    advance_series,
    double_elimination,
    knockout_placing,
    render_bracket_svg,
    single_elimination,
)
from tournaments.models import (
    Entry,
    EntryMember,
    Round,
    Stage,
    StageFormat,
    Standings,
    Table,
    TableSide,
    Tournament,
    Visibility,
)
from tournaments.ranking import (
    DRAW,
    LOSS,
    WIN,
    MatchResult,
    PairedResults,
    RankingConfig,
    ResultType,
    Score,
    collector_paused,
    compute_standings,
    norm,
    places_from_points,
    result_entries,
    singly,
)
from tournaments.ranking import Standings as ComputedStandings

# -- visibility ----------------------------------------------------------------------


def tournaments_visible_to(user: Any) -> QuerySet[Tournament]:
    """Published tournaments, and every tournament of the user's clubs."""
    visible = Q(visibility=Visibility.PUBLISHED)
    player = scoring_permissions.player_of(user)
    if player is not None:
        visible |= Q(
            club_id__in=Membership.objects.filter(player=player).values("club_id")
        )
    if user is not None and user.is_authenticated:
        visible |= Q(directors=user)
    return Tournament.objects.filter(visible).distinct().select_related("club")


def tournament_get(user: Any, tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_related("club").filter(pk=tournament_id)
    found = tournament.first()
    if found is None or not permissions.may_read(user, found):
        raise NotFound("not_found", "no such tournament")
    return found


def tournament_id_of_match(match_id: int) -> int | None:
    return (
        Table.objects.filter(match_id=match_id)
        .values_list("round__stage__tournament_id", flat=True)
        .first()
    )


# -- results -------------------------------------------------------------------------


def ranking_config(tournament: Tournament) -> RankingConfig:
    points = tournament.points or {}
    default = RankingConfig()

    def number(key: str, fallback: Any) -> Any:
        value = points.get(key, fallback)
        return Fraction(value) if isinstance(value, str) else value

    placement = points.get("placement")
    by_size = None
    if isinstance(placement, dict):
        # Per table size; a size not listed takes the largest size's list.
        by_size = {int(size): tuple(values) for size, values in placement.items()}
        placement = by_size[max(by_size)] if by_size else None
    individual = _individual_scoring(tournament.game)
    # A game where the most points lose (Sneaky Pete) says so itself; the director
    # may still say otherwise with ``lower_wins``.
    lower_wins = points.get("lower_wins")
    if lower_wins is None:
        try:
            lower_wins = get_game(tournament.game).lower_totals_win
        except UnknownGame:
            lower_wins = False
    return RankingConfig(
        metrics=tuple(tournament.tiebreaks or default.metrics),
        win_points=number("win", default.win_points),
        draw_points=number("draw", default.draw_points),
        loss_points=number("loss", default.loss_points),
        bye_points=number("bye", default.bye_points),
        placement_points=tuple(placement) if placement else None,
        placement_points_by_size=by_size,
        lower_game_points_win=bool(lower_wins),
        team_multiplier=individual.team_multiplier if individual else 1,
    )


INDIVIDUAL_TOTAL = "individual_total"


def _individual_scoring(slug: str) -> IndividualScoring | None:
    try:
        return get_game(slug).individual_scoring
    except UnknownGame:
        return None  # a game this version no longer ships: rank without it


# The metrics of a knockout stage unless its settings say otherwise: the bracket
# place alone, so that entries out in the same round share their place.
KNOCKOUT_TIEBREAKS = ("bracket_place",)


def stage_ranking_config(stage: Stage, config: RankingConfig) -> RankingConfig:
    """The tournament's ranking as one stage uses it (metrics: :func:`_stage_metrics`).

    A knockout stage also gets its bracket places from
    :func:`~tournaments.formats.knockout.knockout_placing`; before the bracket is
    drawn (or while a stored result does not fit it) nobody is placed yet.
    """
    metrics = _stage_metrics(stage, config)
    if stage.format != StageFormat.KNOCKOUT:
        return config if metrics == config.metrics else replace(config, metrics=metrics)
    places = None
    if "bracket_place" in metrics:
        try:
            bracket, state, _series = stage_knockout(stage)
        except FormatError:
            places = None
        else:
            places = {
                entry: placing.place
                for entry, placing in knockout_placing(bracket, state).items()
            }
    return replace(config, metrics=metrics, bracket_places=places)


def _stage_metrics(stage: Stage, config: RankingConfig) -> tuple[str, ...]:
    """The metrics a stage ranks by: a knockout's own ``tiebreaks`` setting
    (default: the bracket place alone; the director may add tie-breaks after it);
    a partner rotation of a game with individual scoring ranks players by
    ``individual_total`` first; every other stage by the tournament's tie-breaks.
    Cheap: no results are read."""
    if stage.format == StageFormat.KNOCKOUT:
        return tuple((stage.settings or {}).get("tiebreaks") or KNOCKOUT_TIEBREAKS)
    if (
        stage.format == StageFormat.PARTNER_ROTATION
        and INDIVIDUAL_TOTAL not in config.metrics
        and _individual_scoring(stage.tournament.game) is not None
    ):
        return (INDIVIDUAL_TOTAL, *config.metrics)
    return config.metrics


def stage_entry_ids(stage: Stage) -> list[int]:
    """The stage's field in seed order: fixed at its first round, else the entries."""
    if stage.entry_ids:
        return list(stage.entry_ids)
    return list(
        Entry.objects.filter(tournament_id=stage.tournament_id, withdrawn_at=None)
        .order_by("seed", "id")
        .values_list("pk", flat=True)
    )


# A large event's results are thousands of tables: read them as plain rows in one
# statement (every table of the stages with its match's version, whether it is
# finished, and its totals, winners and line-up), never as model instances, and
# decode all the tables' JSON in one call rather than one per row.
_TABLES_SQL = """
SELECT t.id, r.stage_id, r.number, t.match_id, m.version, m.status = %s, {outcome}
FROM tournaments_table t
JOIN tournaments_round r ON r.id = t.round_id
JOIN scoring_match m ON m.id = t.match_id
WHERE r.stage_id IN ({stages})
ORDER BY t.id
"""
# Per vendor: the table's outcome as JSON text, ``totals, winners, lineup`` — three
# values, not an array of them: the tables' texts are joined into one flat array,
# so decoding makes no list per table beyond those three.
_OUTCOME_JSON = {
    "postgresql": "m.totals::text || ',' || m.winners::text || ',' || t.lineup",
    "sqlite": "m.totals || ',' || m.winners || ',' || t.lineup",
}
# Numbers exact: a decimal total becomes a Fraction, never a float.
_DECODER = json.JSONDecoder(parse_float=lambda text: norm(Fraction(text)))
# A table's line-up: per side (by number) its entries in slot order.
_Lineup = list[list[int]]
# (stage id, round number, match id, line-up, totals, winners)
_FinishedTable = tuple[int, int, int, _Lineup, Any, Any]


class _Tables(NamedTuple):
    """The finished tables of some stages as read (see :func:`_tables_of`)."""

    # (table id, stage id, round number, match id, ...) in table order.
    rows: list[tuple[Any, ...]]
    # Per row, one after the other: the match's totals and winners and the
    # table's line-up (three items a row; see outcomes()).
    flat_outcomes: list[Any]
    # The sum of the versions of every table's match, finished or not: the
    # results' part of :func:`source_fingerprints`, read with the results.
    versions: int

    def outcomes(self) -> Iterator[tuple[tuple[Any, ...], Any, Any, Any]]:
        """Per row: the row, its totals, winners and line-up."""
        items = iter(self.flat_outcomes)
        return zip(self.rows, items, items, items, strict=True)

    def finished(self) -> Iterator[_FinishedTable]:
        """Every finished table with entries (nobody to rank at one without)."""
        for row, totals, winners, lineup in self.outcomes():
            if type(lineup) is list and any(lineup):
                yield row[1], row[2], row[3], lineup, totals, winners


def _tables_of(stage_ids: Iterable[int]) -> _Tables:
    """Every table of the stages whose match is finished, in table order."""
    stage_ids = [int(s) for s in stage_ids]
    if not stage_ids:
        return _Tables([], [], 0)
    stages = ", ".join(["%s"] * len(stage_ids))
    with connection.cursor() as cursor:
        cursor.execute(
            _TABLES_SQL.format(outcome=_OUTCOME_JSON[connection.vendor], stages=stages),
            [MatchStatus.FINISHED, *stage_ids],
        )
        table_rows = cursor.fetchall()
    versions = sum(map(itemgetter(4), table_rows))
    table_rows = [row for row in table_rows if row[5]]
    outcomes = _DECODER.decode("[" + ",".join(map(itemgetter(6), table_rows)) + "]")
    return _Tables(table_rows, outcomes, versions)


def _sides(lineup: _Lineup) -> dict[int, list[int]]:
    """Side number -> its entries in slot order, for the sides that have any."""
    return {side: list(entries) for side, entries in enumerate(lineup) if entries}


def _number(value: Any) -> Score:
    """One side's total as the standings want it: exact; a missing total is 0."""
    if value is None:
        return 0
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else Fraction(value)
    if isinstance(value, (str, Fraction)):
        return norm(Fraction(value))
    return value


def _json_key(field: str, key: str) -> KeyTransform:
    """``field -> key`` as an expression.

    Not the ``"field__key"`` lookup string: Django resolves that by first trying
    ``key`` as a model field and catching the FieldError, and that exception's
    traceback keeps the calling frames, with every result loaded so far, alive in
    a reference cycle until the cyclic collector runs (measured: a 30 ms collection
    after each recompute of a 9,000-table event).
    """
    return KeyTransform(key, field)


def _deals_won(match_ids: list[int], game: Game | None) -> dict[int, list[int]]:
    """Per match, the deals each side won, as the game declares who won a deal
    (:meth:`games.engine.Game.deal_winners`); nobody, for a game this version no
    longer ships."""
    won: dict[int, list[int]] = {}
    if game is None:
        return won
    # Only each deal's points, not the whole stored result; its detail too only
    # where the game reads it to tell who won.
    with_detail = type(game).deal_winners is not Game.deal_winners
    deals = Deal.objects.filter(
        match_id__in=match_ids, status=DealStatus.COUNTED
    ).annotate(points=_json_key("result", "points"))
    if with_detail:
        rows = deals.annotate(detail=_json_key("result", "detail")).values_list(
            "match_id", "points", "detail"
        )
    else:
        rows = deals.values_list("match_id", "points")
    winners_of = game.deal_winners
    for match_id, points, *detail in rows:
        if not points or not isinstance(points, list):
            continue
        counts = won.setdefault(match_id, [0] * len(points))
        if len(counts) != len(points):
            continue
        for side in winners_of(points, detail[0] if detail else None):
            counts[side] += 1
    return won


def _game_of(slug: str) -> Game | None:
    try:
        return get_game(slug)
    except UnknownGame:
        return None  # a game this version no longer ships


def _own_points(tables: list[_FinishedTable]) -> dict[int, dict[int, int]]:
    """Per match id, each entry's own points: the match's stored per-seat totals
    (``state["seat_totals"]``) of the seats its players sat at."""
    match_ids = [table[2] for table in tables]
    if not match_ids:
        return {}
    seat_totals = {
        pk: (state or {}).get("seat_totals") or []
        for pk, state in Match.objects.filter(pk__in=match_ids).values_list(
            "pk", "state"
        )
    }
    seat_of = {
        (match_id, player): position
        for match_id, position, player in Seat.objects.filter(
            match_id__in=match_ids
        ).values_list("match_id", "position", "player_id")
    }
    sides_of = {table[2]: _sides(table[3]) for table in tables}
    entries = {
        e for sides in sides_of.values() for side in sides.values() for e in side
    }
    players: dict[int, list[int]] = defaultdict(list)
    for entry, player in EntryMember.objects.filter(entry_id__in=entries).values_list(
        "entry_id", "player_id"
    ):
        players[entry].append(player)
    own: dict[int, dict[int, int]] = {}
    for match_id, sides in sides_of.items():
        totals = seat_totals.get(match_id, [])
        positions = {
            entry: [seat_of.get((match_id, p)) for p in players[entry]]
            for side in sides.values()
            for entry in side
        }
        own[match_id] = {
            entry: sum(totals[i] for i in seats if i is not None and i < len(totals))
            for entry, seats in positions.items()
        }
    return own


def _result(
    table: _FinishedTable,
    deals_won: dict[int, list[int]],
    own: dict[int, dict[int, int]],
) -> MatchResult:
    _stage, number, match_id, lineup, totals, winners = table
    sides = _sides(lineup)
    if type(totals) is not list:
        totals = []
    if type(winners) is not list:
        winners = []
    count = len(totals)
    points = []
    for side in sides:
        value = totals[side] if side < count else 0
        points.append(value if type(value) is int else _number(value))
    placements = None
    if len(sides) == 2:
        # The engine's verdict: winners place first; no winner is a draw.
        first, second = sides
        placements = (
            1 if not winners or first in winners else 2,
            1 if not winners or second in winners else 2,
        )
    entries = tuple(map(tuple, sides.values()))
    entry_points = own.get(match_id) if own else None
    return MatchResult(
        number,
        entries,
        tuple(points),
        tuple(deals_won[match_id]) if match_id in deals_won else (),
        (),
        ResultType.PLAYED,
        placements,
        ()
        if entry_points is None
        else tuple(tuple(entry_points[e] for e in side) for side in entries),
    )


_StageResults = dict[int, list[MatchResult | PairedResults]]


def stage_results(
    stages: Iterable[Stage], config: RankingConfig, *, packed: bool = False
) -> dict[int, list[MatchResult]] | _StageResults:
    """Per stage id, the results of its finished matches and its scoring byes.

    ``packed``: the games of one entry against one other as one
    :class:`PairedResults` per stage, as the recompute hands them to the ranking;
    otherwise one :class:`MatchResult` each.
    """
    with collector_paused():
        loaded, _versions = _stage_results(list(stages), config)
        if packed:
            return loaded
        return {pk: list(singly(results)) for pk, results in loaded.items()}


def _stage_results(
    stages: list[Stage], config: RankingConfig
) -> tuple[_StageResults, int]:
    """Per stage id its results, the games of one entry against one other packed
    as :class:`PairedResults` (how the ranking reads them fastest); and the sum of
    the tables' match versions (see :func:`_tables_of`). The stages are of one
    tournament (so of one game)."""
    results: _StageResults = {stage.pk: [] for stage in stages}
    tables = _tables_of(results)
    metrics = {stage.pk: _stage_metrics(stage, config) for stage in stages}
    deals_won = (
        _deals_won([row[3] for row in tables.rows], _game_of(stages[0].tournament.game))
        if any("deals_won" in keys for keys in metrics.values())
        else {}
    )
    individual = {pk for pk, keys in metrics.items() if INDIVIDUAL_TOTAL in keys}
    own = (
        _own_points([table for table in tables.finished() if table[0] in individual])
        if individual
        else {}
    )
    # Per stage, its games of one entry against one other as rows (see _paired).
    paired: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    # One pass over thousands of tables: plain indexing, no intermediate tuples.
    for row, totals, winners, lineup in tables.outcomes():
        if type(lineup) is not list:
            continue
        match_id = row[3]
        if len(lineup) == 2 and match_id not in own:
            game = _paired(
                row[2], lineup, totals, winners, deals_won.get(match_id, _NO_DEALS)
            )
            if game is not None:
                paired[row[1]].append(game)
                continue
        if not any(lineup):
            continue  # nobody to rank
        table = (row[1], row[2], match_id, lineup, totals, winners)
        results[row[1]].append(_result(table, deals_won, own))
    for stage_id, games in paired.items():
        # Rows to columns in one step (C speed).
        columns = list(zip(*games, strict=True))
        if not deals_won:
            columns[6:] = [(), ()]
        results[stage_id].append(PairedResults(*columns))
    # Only the byes of each round's explanation: the rest (the reasons for every
    # table) can be large and is not needed here.
    rounds = (
        Round.objects.filter(stage_id__in=list(results))
        .annotate(byes=_json_key("explanation", "byes"))
        .values_list("stage_id", "number", "byes")
    )
    for stage_id, number, byes in rounds:
        for bye in byes if isinstance(byes, list) else ():
            if bye.get("scores"):
                results[stage_id].append(
                    MatchResult(
                        round=number,
                        sides=((bye["entry"],),),
                        result_type=ResultType.BYE,
                    )
                )
    return results, tables.versions


_NO_DEALS = (0, 0)


def _paired(
    number: int, lineup: _Lineup, totals: Any, winners: Any, won: Sequence[int]
) -> tuple[Any, ...] | None:
    """A table of two sides as a row of :class:`PairedResults` (round, first,
    second, their points, the first's outcome, their deals won), read as
    :func:`_result` reads it; ``None`` unless it is one entry against one other."""
    side_one, side_two = lineup
    if len(side_one) != 1 or len(side_two) != 1:
        return None  # partners, or an empty side
    if len(won) != 2:
        return None  # misaligned: _result passes it on for the ranking to reject
    if type(totals) is not list:
        totals = []
    if type(winners) is not list:
        winners = []
    count = len(totals)
    points_a = totals[0] if count > 0 else 0
    points_b = totals[1] if count > 1 else 0
    # The engine's verdict, as in _result: winners place first, no winner is a
    # draw, and so is the same place.
    placed_a = not winners or 0 in winners
    placed_b = not winners or 1 in winners
    return (
        number,
        side_one[0],
        side_two[0],
        points_a if type(points_a) is int else _number(points_a),
        points_b if type(points_b) is int else _number(points_b),
        DRAW if placed_a == placed_b else WIN if placed_a else LOSS,
        won[0],
        won[1],
    )


def stage_standings(stage: Stage) -> ComputedStandings:
    """The stage's standings computed now from the stored results (no snapshot)."""
    config = ranking_config(stage.tournament)
    results = stage_results([stage], config)[stage.pk]
    entries = _ranked_entries(stage, results)
    return compute_standings(entries, results, stage_ranking_config(stage, config))


def _ranked_entries(
    stage: Stage, results: list[MatchResult] | list[MatchResult | PairedResults]
) -> list[int]:
    entries = stage_entry_ids(stage)
    known = set(entries)
    # A partner rotation may rank players that joined after the field was fixed.
    if not any(
        set(result.firsts).union(result.seconds) - known
        if isinstance(result, PairedResults)
        else any(e not in known for side in result.sides for e in side)
        for result in results
    ):
        return entries  # nobody new (checked set by set: thousands of games)
    for entry in result_entries(results):
        if entry not in known:
            known.add(entry)
            entries.append(entry)
    return entries


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
    they were computed from (:func:`source_fingerprints`), read with them."""

    stages: list[dict[str, Any]]
    source_version: int


def standings_data(tournament: Tournament) -> list[dict[str, Any]]:
    """Every stage's standings as JSON rows (what the snapshot stores)."""
    return standings_snapshot(tournament).stages


def standings_snapshot(tournament: Tournament) -> StandingsSnapshot:
    """The standings of every stage computed now from the stored results."""
    with collector_paused():
        return _standings_snapshot(tournament)


# Every entry's name and whether it has withdrawn (a flag, no datetimes to parse).
_ENTRY_NAMES_SQL = """
SELECT id, name, withdrawn_at IS NOT NULL FROM tournaments_entry
WHERE tournament_id = %s
"""


def _standings_snapshot(tournament: Tournament) -> StandingsSnapshot:
    config = ranking_config(tournament)
    stages = list(tournament.stages.order_by("order", "id"))
    for stage in stages:
        stage.tournament = tournament
    results, versions = _stage_results(stages, config)
    entries: _EntryNames = {}
    withdrawn_count = 0
    with connection.cursor() as cursor:
        cursor.execute(_ENTRY_NAMES_SQL, [tournament.pk])
        for pk, name, withdrawn in cursor.fetchall():
            entries[pk] = (name, bool(withdrawn))
            withdrawn_count += bool(withdrawn)
    data = []
    for stage in stages:
        computed = compute_standings(
            _ranked_entries(stage, results[stage.pk]),
            results[stage.pk],
            stage_ranking_config(stage, config),
        )
        data.append(
            {
                "stage": stage.pk,
                "name": stage.name,
                "metrics": [
                    {
                        "key": m.key,
                        "name": m.name,
                        "abbreviation": m.abbreviation,
                        "higher_is_better": m.higher_is_better,
                    }
                    for m in computed.metrics
                ],
                "rows": [_row_json(row, entries) for row in computed.rows],
            }
        )
        if stage.format == StageFormat.GROUPS:
            data[-1]["groups"] = _groups_json(stage, results[stage.pk], config, entries)
    return StandingsSnapshot(data, versions + withdrawn_count)


def source_fingerprints(tournament_ids: Iterable[int] | None = None) -> dict[int, int]:
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


def oldest_change_since(tournament_id: int, since: datetime | None) -> datetime | None:
    """When the earliest match change of the tournament after ``since`` happened
    (``None`` if there is none): how long the snapshot has been waiting."""
    tables = Table.objects.filter(round__stage__tournament_id=tournament_id).exclude(
        match=None
    )
    if since is not None:
        tables = tables.filter(match__updated_at__gt=since)
    return tables.aggregate(oldest=Min("match__updated_at"))["oldest"]


def stale_tournament_ids() -> list[int]:
    """Tournaments whose standings snapshot is older than their results."""
    fingerprints = source_fingerprints()
    snapshots = dict(Standings.objects.values_list("tournament_id", "source_version"))
    return sorted(t for t, fp in fingerprints.items() if snapshots.get(t, -1) != fp)


def standings_view(tournament: Tournament) -> dict[str, Any]:
    """The snapshot for display: stages, "as of", and whether a recompute is due."""
    snapshot = Standings.objects.filter(tournament=tournament).first()
    fingerprint = source_fingerprints([tournament.pk]).get(tournament.pk, 0)
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
        "stages": snapshot.stages,
        "computed_at": snapshot.computed_at,
        "generation": snapshot.generation,
        "pending": snapshot.source_version != fingerprint
        or snapshot.generation < (generation or 0),
    }


# -- rounds as the pure core sees them ----------------------------------------------


def round_as_format(round_: Round) -> FormatRound:
    return _as_format(
        round_, round_.tables.prefetch_related("sides").order_by("number")
    )


def stage_rounds_as_format(stage: Stage) -> list[FormatRound]:
    """Every round of ``stage`` as :func:`round_as_format` gives it, in order: the
    same three queries for any number of rounds (a format's history)."""
    tables = Table.objects.prefetch_related("sides").order_by("number")
    rounds = stage.rounds.order_by("number").prefetch_related(
        Prefetch("tables", queryset=tables)
    )
    return [_as_format(r, r.tables.all()) for r in rounds]


def _as_format(round_: Round, in_order: Iterable[Table]) -> FormatRound:
    tables = []
    for table in in_order:
        sides: dict[int, list[int]] = defaultdict(list)
        for seat in table.sides.all():
            sides[seat.side].append(seat.entry_id)
        tables.append(
            FormatTable(table.number, tuple(tuple(sides[s]) for s in sorted(sides)))
        )
    byes = tuple(
        FormatBye(bye["entry"]) for bye in (round_.explanation or {}).get("byes", ())
    )
    return FormatRound(round_.number, tuple(tables), byes)


def stage_rounds(stage: Stage) -> QuerySet[Round]:
    return stage.rounds.order_by("number")


def round_tables(round_: Round) -> QuerySet[Table]:
    return (
        round_.tables.select_related("match")
        .prefetch_related("sides__entry")
        .order_by("number")
    )


def rounds_with_tables(rounds: QuerySet[Round]) -> QuerySet[Round]:
    """``rounds`` with their tables loaded as :func:`round_tables` loads them (read
    them as ``round_.tables.all()``): the same few queries for any number of rounds.
    """
    tables = (
        Table.objects.select_related("match")
        .prefetch_related("sides__entry")
        .order_by("number")
    )
    return rounds.prefetch_related(Prefetch("tables", queryset=tables))


def _table_places(match: Any, lower_wins: bool) -> list[int | None]:
    """Each side's place at a finished table of three or more (ties share)."""
    if match is None or match.status != MatchStatus.FINISHED or not match.totals:
        return [None] * len(match.totals if match else ())
    return list(places_from_points(match.totals, lower_wins=lower_wins))


def tournament_overview(
    tournament: Tournament, *, director: bool = False
) -> list[dict[str, Any]]:
    """Stages → rounds → tables with sides (entry names) and match state, for pages.

    A duplicate stage also carries its board comparison (``boards``); ``director``
    shows the boards not yet replayed too. A table of three or more sides
    (multi-player tables) also lists ``seats``: per side its seat number (1 = first
    dealer), entries, total and, once the match is finished, its place at the
    table."""
    entries = {e.pk: e for e in tournament.entries.all()}
    lower_wins = ranking_config(tournament).lower_game_points_win
    stages = []
    for stage in tournament.stages.order_by("order", "id"):
        rounds = []
        for round_ in rounds_with_tables(stage.rounds.order_by("number")):
            tables = []
            for table in round_.tables.all():
                sides: dict[int, list[Entry]] = defaultdict(list)
                for seat in table.sides.all():
                    sides[seat.side].append(entries[seat.entry_id])
                ordered = [sides[s] for s in sorted(sides)]
                row = {"table": table, "sides": ordered, "match": table.match}
                if len(ordered) > 2:
                    totals = list(table.match.totals) if table.match else []
                    places = _table_places(table.match, lower_wins)
                    row["seats"] = [
                        {
                            "number": i + 1,
                            "entries": side,
                            "total": totals[i] if i < len(totals) else None,
                            "place": places[i] if i < len(places) else None,
                        }
                        for i, side in enumerate(ordered)
                    ]
                tables.append(row)
            byes = [
                {**bye, "entry_obj": entries.get(bye["entry"])}
                for bye in (round_.explanation or {}).get("byes", ())
            ]
            rounds.append({"round": round_, "tables": tables, "byes": byes})
        svg = None
        if stage.format == "knockout":
            try:
                svg = stage_bracket_svg(stage)
            except FormatError:
                svg = None  # a result the director must fix first
        boards = None
        if stage.format == "duplicate":
            boards = duplicate_boards(stage, reveal_unreplayed=director)
        stages.append({"stage": stage, "rounds": rounds, "svg": svg, "boards": boards})
    return stages


def entry_history(tournament: Tournament, entry: Entry) -> list[dict[str, Any]]:
    """One entry's games, round by round: opponents, totals, result."""
    history = []
    lower_wins = ranking_config(tournament).lower_game_points_win
    seats = (
        TableSide.objects.filter(entry=entry)
        .select_related("table__round__stage", "table__match")
        .prefetch_related("table__sides__entry")
        .order_by("table__round__stage__order", "table__round__number")
    )
    for seat in seats:
        table = seat.table
        at_table = list(table.sides.all())  # in side and slot order (Meta)
        others = [s for s in at_table if s.side != seat.side]
        partners = [
            s for s in at_table if s.side == seat.side and s.entry_id != entry.pk
        ]
        match = table.match
        totals = list(match.totals) if match else []
        place = None
        if len(totals) > 2:
            places = _table_places(match, lower_wins)
            place = places[seat.side] if seat.side < len(places) else None
        history.append(
            {
                "stage": table.round.stage.name,
                "round": table.round.number,
                "table": table.number,
                "side": seat.side,
                "partners": [p.entry.name for p in partners],
                "opponents": [o.entry.name for o in others],
                "totals": totals,
                "status": match.status if match else "not started",
                "won": bool(match and seat.side in (match.winners or [])),
                # At a table of three or more: the place, and how many played.
                "place": place,
                "players": len(totals),
                "match_id": match.pk if match else None,
            }
        )
    return history


# -- knockout brackets ---------------------------------------------------------------


def stage_knockout(
    stage: Stage,
) -> tuple[Bracket, BracketState, dict[str, SeriesResult]]:
    """The stage's bracket (from its settings and seeds), its state so far and the
    series score of every bracket match with a game played.

    A table is one game of a bracket match (its id is in the table's first reason,
    ``data.match``); games count in round order. A finished game's winner is the
    entry on the side the engine declared the winner; a game without a single winner
    is a draw, which does not count and is replayed (see
    :mod:`tournaments.formats.knockout`). A withdrawn entry forfeits every match it
    has not finished (a walkover for its opponent). Raises :class:`FormatError` for
    results the bracket cannot hold, and while a stage seeded from another has no
    field yet.
    """
    settings = stage.settings or {}
    best_of = int(settings.get("best_of", 1))
    if stage.source_stage_id is not None and not stage.entry_ids:
        # Seeded from an earlier stage: no bracket until that stage is over.
        raise FormatError(
            "not_seeded", "the bracket is drawn when its first round is generated"
        )
    seeds = stage.entry_ids or stage_entry_ids(stage)
    if settings.get("kind", "single") == "double":
        bracket = double_elimination(
            seeds,
            best_of=best_of,
            grand_final_reset=bool(settings.get("grand_final_reset", True)),
        )
    else:
        bracket = single_elimination(
            seeds,
            best_of=best_of,
            third_place=bool(settings.get("third_place", False)),
        )
    games: dict[str, list[int | None]] = {}
    tables = (
        Table.objects.filter(round__stage=stage, match__status=MatchStatus.FINISHED)
        .select_related("match", "round")
        .prefetch_related("sides")
        .order_by("round__number", "number")
    )
    for table in tables:
        match_id = (table.reasons or [{}])[0].get("data", {}).get("match")
        if match_id is None:
            continue
        winners = table.match.winners or []
        winner = None
        if len(winners) == 1:
            winner = next(s.entry_id for s in table.sides.all() if s.side == winners[0])
        games.setdefault(match_id, []).append(winner)
    # Withdrawn entries forfeit what they have not finished (walkovers).
    withdrawn = Entry.objects.filter(
        pk__in=list(bracket.seeds), withdrawn_at__isnull=False
    ).values_list("pk", flat=True)
    state, series = advance_series(bracket, games, withdrawn=set(withdrawn))
    return bracket, state, series


def stage_bracket(stage: Stage) -> tuple[Bracket, BracketState]:
    """The stage's bracket and its state (see :func:`stage_knockout`)."""
    bracket, state, _series = stage_knockout(stage)
    return bracket, state


def stage_bracket_svg(stage: Stage) -> str:
    """The bracket picture with entry names and, for best of N, series scores."""
    bracket, state, series = stage_knockout(stage)
    names = dict(
        Entry.objects.filter(tournament_id=stage.tournament_id).values_list(
            "pk", "name"
        )
    )
    return render_bracket_svg(bracket, state, series=series, names=names)


def stage_bracket_data(stage: Stage) -> dict[str, Any]:
    """The bracket as data for the API: every match with its entrants, winner,
    series score and the entrants who forfeited it by withdrawing (``null``
    entrant = not known yet, ``"bye"`` = nobody), and every entry's placing."""
    bracket, state, series = stage_knockout(stage)

    def entrant(value: Any) -> Any:
        return "bye" if value is BYE else value

    matches = []
    for m in bracket.matches:
        match_state = state.matches[m.id]
        played = series.get(m.id)
        matches.append(
            {
                "id": m.id,
                "section": m.section,
                "round": m.round,
                "slot": m.slot,
                "best_of": m.best_of,
                "entrants": [entrant(e) for e in match_state.entrants],
                "winner": entrant(match_state.winner),
                "walkover": match_state.walkover,
                "withdrawn": list(match_state.withdrawn),
                "not_needed": match_state.not_needed,
                "series": list(played.wins) if played else [0, 0],
                "draws": played.draws if played else 0,
                "winner_to": list(m.winner_to) if m.winner_to else None,
                "loser_to": list(m.loser_to) if m.loser_to else None,
            }
        )
    placing = knockout_placing(bracket, state)
    return {
        "stage": stage.pk,
        "kind": bracket.kind,
        "best_of": int((stage.settings or {}).get("best_of", 1)),
        "seeds": list(bracket.seeds),
        "champion": state.champion,
        "withdrawn": [e for e in bracket.seeds if e in state.withdrawn],
        "matches": matches,
        "placings": [
            {
                "entry": entry,
                "place": placing[entry].place,
                "final": placing[entry].final,
                "stage": placing[entry].stage,
            }
            for entry in sorted(bracket.seeds, key=lambda e: placing[e].place)
        ],
    }


# -- groups --------------------------------------------------------------------------


def stage_groups(stage: Stage) -> tuple[Group, ...]:
    """A groups stage's groups: its field (seed order) snake-seeded into
    ``settings.groups`` groups, each with its round robin. Deterministic, so the
    groups are recomputed rather than stored."""
    settings = stage.settings or {}
    return group_stage(
        stage_entry_ids(stage),
        int(settings.get("groups", 1)),
        double=bool(settings.get("double", False)),
    )


def group_standings(
    stage: Stage,
    results: list[MatchResult] | list[MatchResult | PairedResults],
    config: RankingConfig,
) -> list[tuple[Group, ComputedStandings]]:
    """Each group's own table, from the results among its entries only."""
    standings = []
    for group in stage_groups(stage):
        members = set(group.entries)
        own = [
            r
            for r in singly(results)
            if all(entry in members for side in r.sides for entry in side)
        ]
        standings.append((group, compute_standings(group.entries, own, config)))
    return standings


def stage_group_standings(stage: Stage) -> list[tuple[Group, ComputedStandings]]:
    """The groups' tables computed now from the stored results (no snapshot)."""
    config = ranking_config(stage.tournament)
    results = stage_results([stage], config)[stage.pk]
    return group_standings(stage, results, config)


def _groups_json(
    stage: Stage,
    results: list[MatchResult | PairedResults],
    config: RankingConfig,
    entries: _EntryNames,
) -> list[dict[str, Any]]:
    try:
        tables = group_standings(stage, results, config)
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


# -- duplicate stages ----------------------------------------------------------------


def duplicate_boards(
    stage: Stage, *, reveal_unreplayed: bool = False
) -> dict[str, Any]:
    """A duplicate stage's boards compared between the tables that played them.

    Every counted deal of the stage's tables is one play of the board its result
    names (``detail.board``; the table's ``deal_ids`` when the engine did not
    name one). Per board: each play's North-South / East-West entries, game points
    and card points, and — once the board has been played at both tables — each
    team's **swing** (:func:`tournaments.formats.duplicate.compare_deals`).

    A board played at one table only is hidden unless ``reveal_unreplayed`` (the
    director): the other table has still to play those cards (book §39.7.1 keeps
    the score face down under the hands until then). ``teams`` sums what is shown:
    the game points of every counted deal and the swings of complete boards.
    """
    tables = list(
        Table.objects.filter(round__stage=stage)
        .select_related("round")
        .prefetch_related("sides")
        .order_by("round__number", "number")
    )
    entry_ids = stage_entry_ids(stage)
    names = dict(
        Entry.objects.filter(tournament_id=stage.tournament_id).values_list(
            "pk", "name"
        )
    )
    lineups: dict[int, list[str]] = defaultdict(list)
    for entry_id, player in (
        EntryMember.objects.filter(entry_id__in=entry_ids)
        .order_by("entry_id", "position")
        .values_list("entry_id", "player__display_name")
    ):
        lineups[entry_id].append(player)
    deals: dict[int, list[tuple[int, dict[str, Any]]]] = defaultdict(list)
    for match_id, number, result in (
        Deal.objects.filter(
            match_id__in=[t.match_id for t in tables if t.match_id],
            status=DealStatus.COUNTED,
        )
        .order_by("number")
        .values_list("match_id", "number", "result")
    ):
        deals[match_id].append((number, result or {}))

    seating = []
    plays: list[tuple[DealPlay, dict[str, Any]]] = []
    for table in tables:
        sides = {seat.side: seat.entry_id for seat in table.sides.all()}
        pairs = next(
            (
                r["data"].get("pairs")
                for r in table.reasons
                if r.get("code") == "duplicate"
            ),
            None,
        ) or [0, 0]
        ns, ew = sides.get(0), sides.get(1)
        seating.append(
            {
                "round": table.round.number,
                "table": table.number,
                "match": table.match_id,
                "boards": list(table.deal_ids),
                "sides": [
                    {
                        "entry": entry,
                        "name": names.get(entry, ""),
                        "players": lineups[entry][2 * pair : 2 * pair + 2],
                    }
                    for entry, pair in ((ns, pairs[0]), (ew, pairs[1]))
                ],
            }
        )
        for index, (_number, result) in enumerate(deals.get(table.match_id, [])):
            detail = result.get("detail") or {}
            board = detail.get("board")
            if board is None and index < len(table.deal_ids):
                board = table.deal_ids[index]
            points = result.get("points") or [0, 0]
            play = DealPlay(str(board), (ns,), (ew,), points[0], points[1])
            plays.append(
                (
                    play,
                    {
                        "round": table.round.number,
                        "table": table.number,
                        "match": table.match_id,
                        "north_south": ns,
                        "east_west": ew,
                        "names": [names.get(ns, ""), names.get(ew, "")],
                        "points": [points[0], points[1]],
                        "net": points[0] - points[1],
                        "card_points": detail.get("card_points"),
                    },
                )
            )

    teams = {entry: (entry,) for entry in entry_ids}
    order = {board: i for i, board in enumerate(_board_order(tables))}
    by_board: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for play, row in plays:
        by_board[play.deal].append(row)
    complete = {board for board, rows in by_board.items() if len(rows) >= 2}
    swings = {
        c.deal: c.swing
        for c in compare_deals([p for p, _row in plays if p.deal in complete], teams)
    }
    boards = []
    totals = {entry: {"game_points": 0, "swing": 0} for entry in entry_ids}
    for board in sorted(by_board, key=lambda b: (order.get(b, len(order)), b)):
        rows = by_board[board]
        if board not in complete and not reveal_unreplayed:
            continue
        swing = swings.get(board)
        for row in rows:
            totals[row["north_south"]]["game_points"] += row["points"][0]
            totals[row["east_west"]]["game_points"] += row["points"][1]
        if swing is not None:
            for entry, value in swing.items():
                totals[entry]["swing"] += value
        boards.append(
            {
                "board": board,
                "complete": swing is not None,
                "plays": rows,
                "swing": (
                    [{"entry": e, "value": swing[e]} for e in entry_ids]
                    if swing is not None
                    else None
                ),
            }
        )
    return {
        "stage": stage.pk,
        "tables": seating,
        "boards": boards,
        "hidden": sorted(set(by_board) - complete) if not reveal_unreplayed else [],
        "teams": [
            {"entry": e, "name": names.get(e, ""), **totals[e]} for e in entry_ids
        ],
    }


def _board_order(tables: Iterable[Table]) -> list[str]:
    seen: dict[str, None] = {}
    for table in tables:
        for board in table.deal_ids:
            seen.setdefault(board, None)
    return list(seen)
