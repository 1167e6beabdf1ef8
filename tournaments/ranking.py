"""Standings: rank entries from finished match results (pure Python, exact).

Terms
-----
match result
    One finished game at one table (:class:`MatchResult`): its round, its sides (each
    a tuple of entry ids: one entry for individual or team entries, two players for
    a partnership rotation), and per side the game points, deals won and penalties.
    A bye is a result with one side and ``result_type=BYE``. Many games of one
    entry against one other may come packed as columns (:class:`PairedResults`),
    which rank exactly as the same games one by one.
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

import gc
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
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


@dataclass(frozen=True, eq=False)
class PairedResults:
    """Many played games of one entry against one other entry, column by column.

    Game ``i`` is exactly ``MatchResult(rounds[i], ((firsts[i],), (seconds[i],)),
    (first_points[i], second_points[i]), deals_won, placements=...)`` with the
    placements that ``outcomes[i]`` (the first entry's ``WIN``, ``DRAW`` or
    ``LOSS``) stands for: (1, 2), (1, 1), (2, 1); and the deals won
    ``(first_deals_won[i], second_deals_won[i])`` when those columns are given.

    The results of a large Swiss or round robin are almost all such games. As
    columns they are loaded and folded without building an object per game: for
    the 9,000 games of a 2,000-entry Swiss that is most of a recompute's time.
    ``compute_standings`` takes them among its results and gives exactly the
    standings the single results give (a hypothesis test compares the two).
    """

    rounds: Sequence[int]
    firsts: Sequence[EntryId]
    seconds: Sequence[EntryId]
    first_points: Sequence[Score]
    second_points: Sequence[Score]
    outcomes: Sequence[int]
    # Empty when deals won were not loaded (no metric reads them).
    first_deals_won: Sequence[int] = ()
    second_deals_won: Sequence[int] = ()

    def __len__(self) -> int:
        return len(self.firsts)

    def singly(self) -> Iterator[MatchResult]:
        """The same games as one :class:`MatchResult` each."""
        deals = self.first_deals_won and self.second_deals_won
        for i, outcome in enumerate(self.outcomes):
            yield MatchResult(
                self.rounds[i],
                ((self.firsts[i],), (self.seconds[i],)),
                (self.first_points[i], self.second_points[i]),
                (self.first_deals_won[i], self.second_deals_won[i]) if deals else (),
                placements=_PLACEMENTS[outcome],
            )


def singly(results: Iterable[MatchResult | PairedResults]) -> Iterator[MatchResult]:
    """Every result one at a time, :class:`PairedResults` unpacked."""
    for result in results:
        if isinstance(result, PairedResults):
            yield from result.singly()
        else:
            yield result


def result_entries(results: Iterable[MatchResult | PairedResults]) -> Iterator[EntryId]:
    """Every entry of every result, in result order (repeats included)."""
    for result in results:
        if isinstance(result, PairedResults):
            for first, second in zip(result.firsts, result.seconds, strict=True):
                yield first
                yield second
        else:
            for side in result.sides:
                yield from side


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
    # Per table size (number of sides), its own points by place; a size not
    # listed uses ``placement_points``.
    placement_points_by_size: Mapping[int, tuple[Score, ...]] | None = field(
        default=None, hash=False
    )
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
    # type(), not isinstance(): Fraction's ABC check is slow and this runs for
    # every value of every entry.
    if type(value) is Fraction and value.denominator == 1:
        return int(value)
    return value


def exact_div(total: Score, n: int) -> Score:
    """``total / n`` exactly: an int when ``n`` divides it, else a Fraction.

    The standings stay in ints on the common path (two-sided tables, integer
    points); only a table of three or more sides or a shared place divides.
    """
    if type(total) is int:
        quotient, remainder = divmod(total, n)
        return quotient if not remainder else Fraction(total, n)
    return norm(Fraction(total, n))


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
        result.append(exact_div(total, tied))
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


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while building many small objects.

    Loading and ranking a large event allocate some 100,000 tuples, lists and
    records; each allocation burst makes the collector traverse every live object
    of the process (all of Django in a worker), which measured as much as the work
    itself. None of these objects form reference cycles, so reference counting frees
    them as usual. Re-entrant: the collector is resumed only by the outermost pause.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# --- per-entry facts --------------------------------------------------------------

# An entry's outcome against one opponent, in half-points so that it stays an int:
# beat them, drew with them, lost to them.
WIN, DRAW, LOSS = 2, 1, 0
# The two-sided placements each outcome of the first side stands for.
_PLACEMENTS = {WIN: (1, 2), DRAW: (1, 1), LOSS: (2, 1)}


class _Record:
    """One entry's running sums over its games (and byes), filled in one pass.

    One object per entry rather than one per game: the metrics read these sums, and
    only the opponent list keeps anything per game. Sums start as ints and become
    Fractions only when a Fraction is added (see :func:`exact_div`); metric values
    are normalised with :func:`norm` when read.
    """

    __slots__ = (
        "byes",
        "deals_won",
        "games",
        "match_points",
        "opponents",
        "outcomes",
        "penalties",
        "points_against",
        "points_for",
        "wins",
    )

    def __init__(self) -> None:
        self.games = 0
        self.byes = 0
        self.match_points: Score = 0  # bye points included
        self.points_for: Score = 0
        self.points_against: Score = 0
        self.deals_won = 0
        self.penalties: Score = 0  # bye penalties included
        self.wins = 0  # first place with every opponent placed below
        # One per opponent per game: the opponent, and (aligned) WIN / DRAW /
        # LOSS against them. Buchholz, Sonneborn–Berger and head-to-head read
        # them; two flat lists rather than a pair each, so that Buchholz sums in
        # C and no pair is built per game.
        self.opponents: list[EntryId] = []
        self.outcomes: list[int] = []

    def add_game(
        self,
        match_points: Score,
        points_for: Score,
        points_against: Score,
        deals_won: int,
        penalties: Score,
        won: bool,
        opponents: Sequence[EntryId],
        outcomes: Sequence[int],
    ) -> None:
        """One game of this entry (packed games are added inline, see
        :meth:`_Context._add_paired`)."""
        self.games += 1
        self.match_points += match_points
        self.points_for += points_for
        self.points_against += points_against
        self.deals_won += deals_won
        self.penalties += penalties
        self.wins += won
        self.opponents += opponents
        self.outcomes += outcomes


class _Context:
    """Everything the metrics need, computed once from the results."""

    def __init__(
        self,
        entries: tuple[EntryId, ...],
        results: Sequence[MatchResult | PairedResults],
        config: RankingConfig,
    ) -> None:
        self.entries = entries
        self.config = config
        self.results = results
        self._individual: dict[EntryId, Score] | None = None
        self.records: dict[EntryId, _Record] = {e: _Record() for e in entries}
        for index, result in enumerate(results):
            if isinstance(result, PairedResults):
                self._add_paired(index, result)
            else:
                self._add(index, result)
        self.match_points: dict[EntryId, Score] = {
            e: norm(r.match_points) for e, r in self.records.items()
        }

    def _add(self, index: int, result: MatchResult) -> None:
        config = self.config
        records = self.records
        sides = result.sides
        for side in sides:
            for entry in side:
                if entry not in records:
                    raise RankingError(
                        "unknown_entry",
                        f"{entry!r} is not an entry",
                        path=f"results.{index}",
                    )
        if result.result_type == ResultType.BYE:
            if len(sides) != 1:
                raise RankingError(
                    "bad_bye", "a bye has exactly one side", path=f"results.{index}"
                )
            for entry in sides[0]:
                record = records[entry]
                record.byes += 1
                record.match_points += config.bye_points
                if result.penalties:
                    record.penalties += result.penalties[0]
            return
        k = len(sides)
        if k < 2:
            raise RankingError(
                "too_few_sides", "a game has two or more sides", path=f"results.{index}"
            )
        points = result.game_points or (0,) * k
        deals_won = result.deals_won
        penalties = result.penalties
        own_points = result.own_points
        if (
            len(points) != k
            or (deals_won and len(deals_won) != k)
            or (penalties and len(penalties) != k)
            or (own_points and len(own_points) != k)
        ):
            name = next(
                name
                for name, values in (
                    ("game_points", points),
                    ("deals_won", deals_won),
                    ("penalties", penalties),
                    ("own_points", own_points),
                )
                if values and len(values) != k
            )
            raise RankingError(
                "misaligned",
                f"{name} needs one value per side",
                path=f"results.{index}",
            )
        if own_points and any(
            len(own) != len(side) for own, side in zip(own_points, sides, strict=True)
        ):
            raise RankingError(
                "misaligned",
                "own_points needs one value per entry",
                path=f"results.{index}",
            )
        places = result.placements or places_from_points(
            points, lower_wins=config.lower_game_points_win
        )
        if len(places) != k:
            raise RankingError(
                "misaligned",
                "placements needs one value per side",
                path=f"results.{index}",
            )
        if k == 2:
            self._add_pair(sides, points, places, deals_won, penalties)
        else:
            self._add_table(sides, points, places, deals_won, penalties)

    def _add_pair(
        self,
        sides: tuple[tuple[EntryId, ...], ...],
        points: Sequence[Score],
        places: Sequence[int],
        deals_won: Sequence[int],
        penalties: Sequence[Score],
    ) -> None:
        """Two sides, the common case: each side's "against" is the other side's
        points (no division) and there is one outcome each way."""
        config = self.config
        records = self.records
        first, second = places
        if first == second:
            out_a = out_b = DRAW
            mp_a = mp_b = config.draw_points
        else:
            out_a, out_b = (WIN, LOSS) if first < second else (LOSS, WIN)
            mp_a = config.win_points if first == 1 else config.loss_points
            mp_b = config.win_points if second == 1 else config.loss_points
        side_a, side_b = sides
        pts_a, pts_b = points
        dw_a, dw_b = deals_won or (0, 0)
        pen_a, pen_b = penalties or (0, 0)
        # A win is first place with every opponent below (none at all counts too).
        won_a = first == 1 and (out_a == WIN or not side_b)
        won_b = second == 1 and (out_b == WIN or not side_a)
        for entries, opponents, outcome, mp, pf, pa, dw, pen, won in (
            (side_a, side_b, out_a, mp_a, pts_a, pts_b, dw_a, pen_a, won_a),
            (side_b, side_a, out_b, mp_b, pts_b, pts_a, dw_b, pen_b, won_b),
        ):
            outcomes = [outcome] * len(opponents)
            for entry in entries:
                records[entry].add_game(mp, pf, pa, dw, pen, won, opponents, outcomes)

    def _add_paired(self, index: int, pairs: PairedResults) -> None:
        """:meth:`_add_pair` for a whole column of one-entry-a-side games.

        The same sums (exact, so their order does not matter), checked once for
        the whole batch instead of once per game.
        """
        path = f"results.{index}"
        n = len(pairs.firsts)
        deals = bool(pairs.first_deals_won or pairs.second_deals_won)
        columns = [
            pairs.rounds,
            pairs.seconds,
            pairs.first_points,
            pairs.second_points,
            pairs.outcomes,
        ]
        if deals:
            columns += [pairs.first_deals_won, pairs.second_deals_won]
        if any(len(column) != n for column in columns):
            raise RankingError(
                "misaligned", "every column needs one value per game", path=path
            )
        records = self.records
        unknown = set(pairs.firsts).union(pairs.seconds).difference(records)
        if unknown:
            entry = next(e for e in (*pairs.firsts, *pairs.seconds) if e in unknown)
            raise RankingError("unknown_entry", f"{entry!r} is not an entry", path=path)
        if not set(pairs.outcomes) <= {WIN, DRAW, LOSS}:
            raise RankingError(
                "bad_outcome", "an outcome is WIN, DRAW or LOSS", path=path
            )
        config = self.config
        # Indexed by outcome (LOSS 0, DRAW 1, WIN 2); the second entry's outcome is
        # the first's turned round, 2 - outcome.
        match_points = (config.loss_points, config.draw_points, config.win_points)
        for first, second, points_a, points_b, outcome in zip(
            pairs.firsts,
            pairs.seconds,
            pairs.first_points,
            pairs.second_points,
            pairs.outcomes,
            strict=True,
        ):
            record = records[first]
            record.games += 1
            record.match_points += match_points[outcome]
            record.points_for += points_a
            record.points_against += points_b
            record.opponents.append(second)
            record.outcomes.append(outcome)
            if outcome == WIN:
                record.wins += 1
            record = records[second]
            record.games += 1
            record.match_points += match_points[2 - outcome]
            record.points_for += points_b
            record.points_against += points_a
            record.opponents.append(first)
            record.outcomes.append(2 - outcome)
            if outcome == LOSS:
                record.wins += 1
        if deals:
            for first, second, won_a, won_b in zip(
                pairs.firsts,
                pairs.seconds,
                pairs.first_deals_won,
                pairs.second_deals_won,
                strict=True,
            ):
                records[first].deals_won += won_a
                records[second].deals_won += won_b

    def _add_table(
        self,
        sides: tuple[tuple[EntryId, ...], ...],
        points: Sequence[Score],
        places: Sequence[int],
        deals_won: Sequence[int],
        penalties: Sequence[Score],
    ) -> None:
        """Three or more sides: placement points, opponents' points averaged."""
        config = self.config
        records = self.records
        k = len(sides)
        by_place = config.placement_points
        if config.placement_points_by_size:
            by_place = config.placement_points_by_size.get(k, by_place)
        if by_place is not None:
            match_points = shared_placement_points(places, by_place)
        else:
            # No placement points configured: a sole winner wins, a shared
            # first place draws, everyone else loses.
            firsts = sum(1 for p in places if p == 1)
            match_points = tuple(
                (config.win_points if firsts == 1 else config.draw_points)
                if place == 1
                else config.loss_points
                for place in places
            )
        # "Opponents' points" is their average, so a table's differences sum
        # to zero.
        total = sum(points, 0)
        against = tuple(exact_div(total - mine, k - 1) for mine in points)
        for s, side in enumerate(sides):
            if not side:
                continue
            place = places[s]
            opponents = [
                (opponent, WIN if place < other else DRAW if place == other else LOSS)
                for o, other in enumerate(places)
                if o != s
                for opponent in sides[o]
            ]
            ids = [opponent for opponent, _ in opponents]
            outcomes = [outcome for _, outcome in opponents]
            won = place == 1 and all(outcome == WIN for outcome in outcomes)
            mp, pf, pa = match_points[s], points[s], against[s]
            dw = deals_won[s] if deals_won else 0
            pen = penalties[s] if penalties else 0
            for entry in side:
                records[entry].add_game(mp, pf, pa, dw, pen, won, ids, outcomes)

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
            for result in singly(self.results):
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
    """A standings metric. Subclasses set the class attributes and ``values``.

    A metric that is not ``among_tied`` gives every entry a value of its own: it is
    computed once over the whole field (``values(ctx, ctx.entries)``) and the tied
    groups are split by it.
    """

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

    def values(self, ctx: _Context, group: tuple[EntryId, ...]) -> dict[EntryId, Score]:
        match_points = ctx.match_points  # already normalised
        return {e: match_points[e] for e in group}

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.match_points[entry]


class GamePointsFor(Metric):
    key, name, abbreviation = "game_points_for", "Game points for", "GPF"
    follows_game_points = True

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.records[entry].points_for


class GamePointsAgainst(Metric):
    key, name, abbreviation = "game_points_against", "Game points against", "GPA"
    higher_is_better = False
    follows_game_points = True

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.records[entry].points_against


class PointDifference(Metric):
    """Cumulative point difference: the sum over games of own minus opponents' points.

    The Sleazy championship measure. With three or more sides "opponents' points" is
    their average, so the values of one table sum to zero.
    """

    key, name, abbreviation = "point_difference", "Point difference", "DIFF"
    follows_game_points = True

    def values(self, ctx: _Context, group: tuple[EntryId, ...]) -> dict[EntryId, Score]:
        # The common tie-break of large events: one pass, no call per entry.
        records = ctx.records
        values = {}
        for entry in group:
            record = records[entry]
            values[entry] = norm(record.points_for - record.points_against)
        return values

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        record = ctx.records[entry]
        return record.points_for - record.points_against


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
        return ctx.records[entry].deals_won


def _opponent_points(ctx: _Context, entry: EntryId) -> list[Score]:
    match_points = ctx.match_points
    return list(map(match_points.__getitem__, ctx.records[entry].opponents))


class Buchholz(Metric):
    key, name, abbreviation = "buchholz", "Buchholz", "BH"

    def values(self, ctx: _Context, group: tuple[EntryId, ...]) -> dict[EntryId, Score]:
        # The common tie-break of a Swiss: one pass, no call per entry.
        match_points = ctx.match_points
        records = ctx.records
        points = match_points.__getitem__
        return {
            entry: norm(sum(map(points, records[entry].opponents))) for entry in group
        }

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
        match_points = ctx.match_points
        # Outcomes are in half-points (WIN = 2, DRAW = 1): halve once at the end.
        record = ctx.records[entry]
        doubled = sum(
            outcome * match_points[opponent]
            for opponent, outcome in zip(record.opponents, record.outcomes, strict=True)
            if outcome
        )
        return exact_div(doubled, 2)


class HeadToHead(Metric):
    """Match points scored against the other still-tied entries only."""

    key, name, abbreviation = "head_to_head", "Head-to-head", "H2H"
    among_tied = True

    def values(self, ctx: _Context, group: tuple[EntryId, ...]) -> dict[EntryId, Score]:
        tied = set(group)
        config = ctx.config
        by_outcome = {
            WIN: config.win_points,
            DRAW: config.draw_points,
            LOSS: config.loss_points,
        }
        return {
            entry: norm(
                sum(
                    by_outcome[outcome]
                    for opponent, outcome in zip(
                        ctx.records[entry].opponents,
                        ctx.records[entry].outcomes,
                        strict=True,
                    )
                    if opponent in tied
                )
            )
            for entry in group
        }


class Wins(Metric):
    key, name, abbreviation = "wins", "Wins", "W"

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.records[entry].wins


class Penalties(Metric):
    key, name, abbreviation = "penalties", "Fewest penalties", "PEN"
    higher_is_better = False

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.records[entry].penalties


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
    results: Iterable[MatchResult | PairedResults],
    config: RankingConfig | None = None,
) -> Standings:
    """Rank ``entries`` by ``config.metrics`` from ``results`` (single results, and
    batches of one-entry-a-side games as :class:`PairedResults`)."""
    config = config or RankingConfig()
    seeds = tuple(entries)
    if len(set(seeds)) != len(seeds):
        raise RankingError(
            "duplicate_entry", "an entry is listed twice", path="entries"
        )
    metrics = [get_metric(key) for key in config.metrics]
    if len({m.key for m in metrics}) != len(metrics):
        raise RankingError("duplicate_metric", "a metric is listed twice", "metrics")
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
