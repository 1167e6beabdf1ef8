"""Results as the pure core wants them, and the standings computed from them now.

Results come from the score book: a table's result is its scoring match once the
match is ``finished`` (an abandoned or unfinished match counts nothing). Per side:
``game_points`` are the match's folded ``totals``; the placement is the engine's
``winners`` for two sides (no winner = a draw) and the points otherwise. A scoring
bye recorded on the round counts ``bye`` points. The pure
:func:`tournaments.ranking.compute_standings` does the ranking. A groups stage is
also ranked group by group, each from the games among its own entries (the
snapshot's ``groups``); a knockout's bracket and series are folded from its
finished games (:func:`stage_knockout_get`).

**Individual totals.** A game may declare individual scoring
(:class:`games.engine.IndividualScoring`: Klubiskruuvi's bolsu points + 2 × team
score). Its ``team_multiplier`` goes into the ranking config; a partner-rotation
stage of such a game ranks by the ``individual_total`` metric first (unless the
director placed it elsewhere). Only when a stage's metrics include it are the
players' own points loaded — the matches' stored per-seat totals
(``state["seat_totals"]``), mapped to entries through the seated players — in
separate queries beside the results query.

The raw SQL that reads the tables is in :mod:`.standings_sql`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models.fields.json import KeyTransform

from games.engine import Game, IndividualScoring, UnknownGame, get_game
from scoring.models import Deal, DealStatus, Match, Seat
from tournaments.formats.base import FormatError
from tournaments.formats.knockout import (
    knockout_placing,
)
from tournaments.formats.registry import Knockout, get_format
from tournaments.models import (
    EntryMember,
    Round,
    Stage,
    Tournament,
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
    result_entries,
    singly,
)
from tournaments.ranking import Standings as ComputedStandings
from tournaments.selectors.brackets import stage_knockout_get
from tournaments.selectors.events import stage_entry_id_list
from tournaments.selectors.standings_sql import (
    FinishedTable,
    Lineup,
    stage_finished_table_list,
)

# -- results -------------------------------------------------------------------------


def ranking_config_get(tournament: Tournament) -> RankingConfig:
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


# The metrics of a knockout stage unless its settings say otherwise (kept here for
# the pages and tests that name it).
KNOCKOUT_TIEBREAKS = Knockout.stage_tiebreaks


def stage_ranking_config_get(stage: Stage, config: RankingConfig) -> RankingConfig:
    """The tournament's ranking as one stage uses it (metrics: :func:`_stage_metrics`).

    A stage whose format has a bracket also gets its bracket places from
    :func:`~tournaments.formats.knockout.knockout_placing`; before the bracket is
    drawn (or while a stored result does not fit it) nobody is placed yet.
    """
    metrics = _stage_metrics(stage, config)
    if not get_format(stage.format).has_bracket:
        return config if metrics == config.metrics else replace(config, metrics=metrics)
    places = None
    if "bracket_place" in metrics:
        try:
            bracket, state, _series = stage_knockout_get(stage)
        except FormatError:
            places = None
        else:
            places = {
                entry: placing.place
                for entry, placing in knockout_placing(bracket, state).items()
            }
    return replace(config, metrics=metrics, bracket_places=places)


def _stage_metrics(stage: Stage, config: RankingConfig) -> tuple[str, ...]:
    """The metrics a stage ranks by, as its format says
    (:meth:`~tournaments.formats.spec.Format.stage_metrics`: a knockout's own
    ``tiebreaks`` setting, else the tournament's tie-breaks); a format that ranks
    ``individual_total`` first does so in a game with individual scoring.
    Cheap: no results are read."""
    spec = get_format(stage.format)
    metrics = spec.stage_metrics(spec.settings.of(stage.settings), config.metrics)
    if (
        spec.individual_total_first
        and INDIVIDUAL_TOTAL not in metrics
        and _individual_scoring(stage.tournament.game) is not None
    ):
        return (INDIVIDUAL_TOTAL, *metrics)
    return metrics


def _sides(lineup: Lineup) -> dict[int, list[int]]:
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


def _own_points(tables: list[FinishedTable]) -> dict[int, dict[int, int]]:
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
    table: FinishedTable,
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


def stage_result_list(
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
    the tables' match versions (see :func:`stage_finished_table_list`). The stages
    are of one tournament (so of one game)."""
    results: _StageResults = {stage.pk: [] for stage in stages}
    tables = stage_finished_table_list(results)
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
    number: int, lineup: Lineup, totals: Any, winners: Any, won: Sequence[int]
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


def stage_standings_get(stage: Stage) -> ComputedStandings:
    """The stage's standings computed now from the stored results (no snapshot)."""
    config = ranking_config_get(stage.tournament)
    results = stage_result_list([stage], config)[stage.pk]
    entries = _ranked_entries(stage, results)
    return compute_standings(entries, results, stage_ranking_config_get(stage, config))


def _ranked_entries(
    stage: Stage, results: list[MatchResult] | list[MatchResult | PairedResults]
) -> list[int]:
    entries = stage_entry_id_list(stage)
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
