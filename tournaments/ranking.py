"""Standings: rank entries from finished match results (pure Python, exact).

Terms
-----
match result
    One finished game at one table (:class:`MatchResult`): its round, its sides (each
    a tuple of entry ids: one entry for individual or team entries, two players for
    a partnership rotation), and per side the game points, deals won and penalties.
    A bye is a result with one side and ``result_type=BYE``.
placement
    Finishing place at the table, 1 = best; tied sides share the better place
    (1, 1, 3). Given explicitly (a forfeit, a game decided by something other than
    points) or derived from game points (``lower_game_points_win`` for games where
    the most points lose, like Sneaky Pete; then game points for and against and
    the point difference rank fewer first too).
match points
    What a result is worth in the standings: win/draw/loss points for two sides
    (e.g. 2/1/0), bye points, and for tables of three or more sides the configured
    placement points, tied sides sharing the points of the places they occupy.
own points
    Points an entry scored alone in a game, apart from its side's game points
    (Klubiskruuvi's bolsu, book §16.4). Only the ``individual_total`` metric reads
    them: ``team_multiplier`` × the side's game points + the own points, per game.
metric
    A small plug-in class with ``key``, ``name`` and ``abbreviation`` (as in Tabbycat)
    that gives every entry a value. The director orders metrics; entries are sorted
    lexicographically by them. Head-to-head is evaluated among the entries still tied
    when it is reached, not over the whole field.

Invariants
----------
* Arithmetic is exact: ints and :class:`fractions.Fraction` only; a Fraction with
  denominator 1 is reported as an int.
* Ranks are competition ranks ("1, 2, 2, 4"): entries still tied after every metric
  share a rank. Ties are never broken by id; within a shared rank rows are listed in
  input (seed) order, which is a display order, not a ranking.
* The result does not depend on the order of ``results``.
* Every side of a partnership gets its side's result, so individual standings of a
  partner rotation are computed by the same code.

Choices (documented for the director in docs/tournament-formats.md): a bye scores
``bye_points`` but is not a win, has no opponent and adds nothing to Buchholz or
Sonneborn–Berger; Median-Buchholz drops the best and worst opponent only when an
entry has at least three opponents.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar

EntryId = Hashable
Score = int | Fraction


class RankingError(ValueError):
    """A configuration or result the director can fix (stable ``code``)."""

    def __init__(self, code: str, message: str, *, path: str = "") -> None:
        self.code = code
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


class ResultType(StrEnum):
    PLAYED = "played"
    BYE = "bye"
    # A forfeit is entered with the placements (who won) and the agreed game points;
    # it then counts like a played game.
    FORFEIT = "forfeit"


@dataclass(frozen=True)
class MatchResult:
    """One finished game. Per-side tuples are aligned with ``sides``."""

    round: int
    sides: tuple[tuple[EntryId, ...], ...]
    game_points: tuple[Score, ...] = ()
    deals_won: tuple[int, ...] = ()
    penalties: tuple[Score, ...] = ()
    result_type: ResultType = ResultType.PLAYED
    placements: tuple[int, ...] | None = None
    # Per side, per entry of that side (in ``sides`` order): its own points.
    own_points: tuple[tuple[Score, ...], ...] = ()


@dataclass(frozen=True)
class RankingConfig:
    """How results turn into standings; ``metrics`` are keys in priority order."""

    metrics: tuple[str, ...] = ("match_points", "head_to_head", "point_difference")
    win_points: Score = 2
    draw_points: Score = 1
    loss_points: Score = 0
    bye_points: Score = 2
    # Points by place for tables of three or more sides (index 0 = first place).
    placement_points: tuple[Score, ...] | None = None
    lower_game_points_win: bool = False
    # individual_total = team_multiplier × the side's game points + own points.
    team_multiplier: Score = 1
    # A knockout's bracket places (entry -> place, 1 = best; see
    # tournaments.formats.knockout.knockout_placing) for the ``bracket_place``
    # metric; results alone cannot tell how far an entry got in a bracket.
    bracket_places: Mapping[EntryId, int] | None = field(default=None, hash=False)


@dataclass(frozen=True)
class MetricInfo:
    key: str
    name: str
    abbreviation: str
    higher_is_better: bool


@dataclass(frozen=True)
class StandingsRow:
    rank: int
    entry: EntryId
    played: int
    # Metric key -> value, in the configured order.
    values: Mapping[str, Score] = field(default_factory=dict, hash=False)
    shared: bool = False  # True when another row has the same rank


@dataclass(frozen=True)
class Standings:
    metrics: tuple[MetricInfo, ...]
    rows: tuple[StandingsRow, ...]

    def rank_of(self, entry: EntryId) -> int:
        for row in self.rows:
            if row.entry == entry:
                return row.rank
        raise KeyError(entry)


def norm(value: Score) -> Score:
    """A Fraction with denominator 1 as an int, so values print as people expect."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def shared_placement_points(
    places: Sequence[int], points: Sequence[Score]
) -> tuple[Score, ...]:
    """Points per side given competition places (1, 1, 3 …) and points per place.

    Sides tied on a place share the points of all the places they occupy, averaged
    exactly: with points (4, 2, 1, 0) and places (1, 1, 3, 4) the first two get
    (4 + 2) / 2 = 3 each. Places beyond the list score 0.
    """
    result = []
    for place in places:
        tied = sum(1 for p in places if p == place)
        occupied = range(place - 1, place - 1 + tied)
        total = sum((points[i] if i < len(points) else 0 for i in occupied), 0)
        result.append(norm(Fraction(total, tied)))
    return tuple(result)


def places_from_points(
    game_points: Sequence[Score], *, lower_wins: bool = False
) -> tuple[int, ...]:
    """Competition places from game points (ties share the better place)."""
    sign = -1 if lower_wins else 1
    return tuple(
        1 + sum(1 for other in game_points if sign * other > sign * mine)
        for mine in game_points
    )


# --- per-entry facts --------------------------------------------------------------


@dataclass
class _Game:
    """One entry's view of one game (internal, mutable while collecting)."""

    place: int
    sides: int
    match_points: Score
    points_for: Score
    points_against: Score
    deals_won: int
    penalties: Score
    # (opponent, outcome vs that opponent: 1 win, 1/2 draw, 0 loss)
    opponents: list[tuple[EntryId, Fraction]]


@dataclass
class _Record:
    games: list[_Game] = field(default_factory=list)
    byes: int = 0
    bye_points: Score = 0
    penalties: Score = 0

    @property
    def match_points(self) -> Score:
        return norm(
            sum((g.match_points for g in self.games), Fraction(self.bye_points))
        )


class _Context:
    """Everything the metrics need, computed once from the results."""

    def __init__(
        self,
        entries: tuple[EntryId, ...],
        results: Sequence[MatchResult],
        config: RankingConfig,
    ) -> None:
        self.entries = entries
        self.config = config
        self.results = results
        self._individual: dict[EntryId, Score] | None = None
        self.records: dict[EntryId, _Record] = {e: _Record() for e in entries}
        for index, result in enumerate(results):
            self._add(index, result)
        self.match_points = {e: r.match_points for e, r in self.records.items()}

    def _add(self, index: int, result: MatchResult) -> None:
        config = self.config
        path = f"results.{index}"
        for side in result.sides:
            for entry in side:
                if entry not in self.records:
                    raise RankingError(
                        "unknown_entry", f"{entry!r} is not an entry", path=path
                    )
        if result.result_type == ResultType.BYE:
            if len(result.sides) != 1:
                raise RankingError("bad_bye", "a bye has exactly one side", path=path)
            for entry in result.sides[0]:
                record = self.records[entry]
                record.byes += 1
                record.bye_points = norm(record.bye_points + config.bye_points)
                if result.penalties:
                    record.penalties = norm(record.penalties + result.penalties[0])
            return
        k = len(result.sides)
        if k < 2:
            raise RankingError(
                "too_few_sides", "a game has two or more sides", path=path
            )
        points = result.game_points or (0,) * k
        for name, values in (
            ("game_points", points),
            ("deals_won", result.deals_won),
            ("penalties", result.penalties),
            ("own_points", result.own_points),
        ):
            if values and len(values) != k:
                raise RankingError(
                    "misaligned", f"{name} needs one value per side", path=path
                )
        if result.own_points and any(
            len(own) != len(side)
            for own, side in zip(result.own_points, result.sides, strict=True)
        ):
            raise RankingError(
                "misaligned", "own_points needs one value per entry", path=path
            )
        places = result.placements or places_from_points(
            points, lower_wins=config.lower_game_points_win
        )
        if len(places) != k:
            raise RankingError(
                "misaligned", "placements needs one value per side", path=path
            )
        if k == 2:
            match_points = tuple(
                config.draw_points
                if places[0] == places[1]
                else config.win_points
                if place == 1
                else config.loss_points
                for place in places
            )
        elif config.placement_points is not None:
            match_points = shared_placement_points(places, config.placement_points)
        else:
            # No placement points configured: a sole winner wins, a shared first
            # place draws, everyone else loses.
            firsts = sum(1 for p in places if p == 1)
            match_points = tuple(
                (config.win_points if firsts == 1 else config.draw_points)
                if place == 1
                else config.loss_points
                for place in places
            )
        for s, side in enumerate(result.sides):
            others = [o for o in range(k) if o != s]
            against = Fraction(sum(points[o] for o in others), len(others))
            for entry in side:
                opponents = [
                    (
                        opponent,
                        Fraction(1)
                        if places[s] < places[o]
                        else Fraction(1, 2)
                        if places[s] == places[o]
                        else Fraction(0),
                    )
                    for o in others
                    for opponent in result.sides[o]
                ]
                self.records[entry].games.append(
                    _Game(
                        place=places[s],
                        sides=k,
                        match_points=match_points[s],
                        points_for=points[s],
                        points_against=norm(against),
                        deals_won=result.deals_won[s] if result.deals_won else 0,
                        penalties=result.penalties[s] if result.penalties else 0,
                        opponents=opponents,
                    )
                )

    def individual_totals(self) -> dict[EntryId, Score]:
        """Per entry: ``team_multiplier`` × its sides' game points + its own points,
        over every game (byes add nothing). Computed once, by the partner-rotation
        hook :func:`~tournaments.formats.partner_rotation.individual_totals`."""
        if self._individual is None:
            # partner_rotation imports this module, so import it when first needed.
            from tournaments.formats.partner_rotation import (
                TeamGameResult,
                individual_totals,
            )

            games = []
            own: dict[EntryId, Score] = {}
            for result in self.results:
                if result.result_type == ResultType.BYE:
                    continue
                points = result.game_points or (0,) * len(result.sides)
                games.append(TeamGameResult(result.sides, points))
                for side, values in zip(result.sides, result.own_points, strict=False):
                    for entry, value in zip(side, values, strict=True):
                        own[entry] = own.get(entry, 0) + value
            self._individual = individual_totals(
                games, team_multiplier=self.config.team_multiplier, extra_points=own
            )
        return self._individual


# --- metrics ----------------------------------------------------------------------


class Metric:
    """A standings metric. Subclasses set the class attributes and ``values``."""

    key: ClassVar[str]
    name: ClassVar[str]
    abbreviation: ClassVar[str]
    higher_is_better: ClassVar[bool] = True
    # True when the value depends on which entries are tied (head-to-head).
    among_tied: ClassVar[bool] = False
    # True for sums of game points: where the most points lose
    # (``lower_game_points_win``) fewer is better, so the direction turns round.
    follows_game_points: ClassVar[bool] = False

    def values(self, ctx: _Context, group: tuple[EntryId, ...]) -> dict[EntryId, Score]:
        return {e: norm(self.value(ctx, e)) for e in group}

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        raise NotImplementedError

    @classmethod
    def better_higher(cls, config: RankingConfig) -> bool:
        """Whether a higher value ranks higher under ``config``."""
        if cls.follows_game_points and config.lower_game_points_win:
            return not cls.higher_is_better
        return cls.higher_is_better

    @classmethod
    def info(cls, config: RankingConfig | None = None) -> MetricInfo:
        higher = cls.better_higher(config) if config else cls.higher_is_better
        return MetricInfo(cls.key, cls.name, cls.abbreviation, higher)


class MatchPoints(Metric):
    key, name, abbreviation = "match_points", "Match points", "MP"

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.match_points[entry]


class GamePointsFor(Metric):
    key, name, abbreviation = "game_points_for", "Game points for", "GPF"
    follows_game_points = True

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return sum(g.points_for for g in ctx.records[entry].games)


class GamePointsAgainst(Metric):
    key, name, abbreviation = "game_points_against", "Game points against", "GPA"
    higher_is_better = False
    follows_game_points = True

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return sum(g.points_against for g in ctx.records[entry].games)


class PointDifference(Metric):
    """Cumulative point difference: the sum over games of own minus opponents' points.

    The Sleazy championship measure. With three or more sides "opponents' points" is
    their average, so the values of one table sum to zero.
    """

    key, name, abbreviation = "point_difference", "Point difference", "DIFF"
    follows_game_points = True

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return sum(g.points_for - g.points_against for g in ctx.records[entry].games)


class IndividualTotal(Metric):
    """Each player's own total from partnership games: ``team_multiplier`` × their
    sides' game points + the points they scored alone. Klubiskruuvi (book §16.6):
    bolsu points + 2 × the team's score; for other games, the sum of the team
    scores (the same as game points for)."""

    key, name, abbreviation = "individual_total", "Individual total", "IND"

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.individual_totals().get(entry, 0)


class DealsWon(Metric):
    key, name, abbreviation = "deals_won", "Deals won", "DW"

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return sum(g.deals_won for g in ctx.records[entry].games)


def _opponent_points(ctx: _Context, entry: EntryId) -> list[Score]:
    return [
        ctx.match_points[opponent]
        for game in ctx.records[entry].games
        for opponent, _ in game.opponents
    ]


class Buchholz(Metric):
    key, name, abbreviation = "buchholz", "Buchholz", "BH"

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return sum(_opponent_points(ctx, entry))


class MedianBuchholz(Metric):
    key, name, abbreviation = "median_buchholz", "Median-Buchholz", "MBH"

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        points = sorted(_opponent_points(ctx, entry))
        if len(points) >= 3:
            points = points[1:-1]
        return sum(points)


class SonnebornBerger(Metric):
    """Sum of beaten opponents' match points plus half of drawn opponents'."""

    key, name, abbreviation = "sonneborn_berger", "Sonneborn-Berger", "SB"

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return sum(
            outcome * ctx.match_points[opponent]
            for game in ctx.records[entry].games
            for opponent, outcome in game.opponents
        )


class HeadToHead(Metric):
    """Match points scored against the other still-tied entries only."""

    key, name, abbreviation = "head_to_head", "Head-to-head", "H2H"
    among_tied = True

    def values(self, ctx: _Context, group: tuple[EntryId, ...]) -> dict[EntryId, Score]:
        tied = set(group)
        config = ctx.config
        by_outcome = {
            Fraction(1): config.win_points,
            Fraction(1, 2): config.draw_points,
            Fraction(0): config.loss_points,
        }
        return {
            entry: norm(
                sum(
                    (
                        Fraction(by_outcome[outcome])
                        for game in ctx.records[entry].games
                        for opponent, outcome in game.opponents
                        if opponent in tied
                    ),
                    Fraction(0),
                )
            )
            for entry in group
        }


class Wins(Metric):
    key, name, abbreviation = "wins", "Wins", "W"

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return sum(
            1
            for g in ctx.records[entry].games
            if g.place == 1 and all(outcome == 1 for _, outcome in g.opponents)
        )


class Penalties(Metric):
    key, name, abbreviation = "penalties", "Fewest penalties", "PEN"
    higher_is_better = False

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        record = ctx.records[entry]
        return record.penalties + sum(g.penalties for g in record.games)


class BracketPlace(Metric):
    """A knockout entry's place in the bracket (fewer is better): champion 1,
    runner-up 2, … (from ``config.bracket_places``). An entry the bracket does not
    place (none drawn yet) is 1, level with everyone still in."""

    key, name, abbreviation = "bracket_place", "Bracket place", "KO"
    higher_is_better = False

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return (ctx.config.bracket_places or {}).get(entry, 1)


METRICS: dict[str, type[Metric]] = {
    cls.key: cls
    for cls in (
        MatchPoints,
        GamePointsFor,
        GamePointsAgainst,
        PointDifference,
        IndividualTotal,
        DealsWon,
        Buchholz,
        MedianBuchholz,
        SonnebornBerger,
        HeadToHead,
        Wins,
        Penalties,
        BracketPlace,
    )
}


def get_metric(key: str) -> Metric:
    """The metric registered as ``key``; an unknown key is a director's error."""
    try:
        return METRICS[key]()
    except KeyError:
        raise RankingError(
            "unknown_metric",
            f"no standings metric is called {key!r}; choose from {sorted(METRICS)}",
            path="metrics",
        ) from None


# --- ranking ----------------------------------------------------------------------


def compute_standings(
    entries: Iterable[EntryId],
    results: Iterable[MatchResult],
    config: RankingConfig | None = None,
) -> Standings:
    """Rank ``entries`` by ``config.metrics`` from ``results``."""
    config = config or RankingConfig()
    seeds = tuple(entries)
    if len(set(seeds)) != len(seeds):
        raise RankingError(
            "duplicate_entry", "an entry is listed twice", path="entries"
        )
    metrics = [get_metric(key) for key in config.metrics]
    if len({m.key for m in metrics}) != len(metrics):
        raise RankingError("duplicate_metric", "a metric is listed twice", "metrics")
    ctx = _Context(seeds, tuple(results), config)
    shown: dict[EntryId, dict[str, Score]] = {e: {} for e in seeds}
    groups: list[tuple[EntryId, ...]] = [seeds]
    for metric in metrics:
        refined: list[tuple[EntryId, ...]] = []
        for group in groups:
            if metric.among_tied and len(group) == 1:
                # Nobody to compare with: head-to-head is empty, shown as 0.
                shown[group[0]][metric.key] = 0
                refined.append(group)
                continue
            values = metric.values(ctx, group)
            for entry in group:
                shown[entry][metric.key] = values[entry]
            refined.extend(_split(group, values, metric.better_higher(config)))
        groups = refined
    rows = []
    position = 1
    for group in groups:
        for entry in group:
            rows.append(
                StandingsRow(
                    rank=position,
                    entry=entry,
                    played=len(ctx.records[entry].games),
                    values=shown[entry],
                    shared=len(group) > 1,
                )
            )
        position += len(group)
    return Standings(tuple(m.info(config) for m in metrics), tuple(rows))


def _split(
    group: tuple[EntryId, ...], values: Mapping[EntryId, Score], higher: bool
) -> list[tuple[EntryId, ...]]:
    # sorted() is stable, so equal values keep seed order inside the new sub-group.
    ordered = sorted(group, key=lambda e: values[e], reverse=higher)
    runs: list[list[EntryId]] = []
    for entry in ordered:
        if runs and values[runs[-1][0]] == values[entry]:
            runs[-1].append(entry)
        else:
            runs.append([entry])
    return [tuple(run) for run in runs]
