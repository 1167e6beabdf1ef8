"""Ranking's vocabulary: results, the ranking config, the standings it returns,
and the exact arithmetic every metric uses (see :mod:`tournaments.ranking`)."""

from __future__ import annotations

import gc
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

EntryId = Hashable
Score = int | Fraction


# An entry's outcome against one opponent, in half-points so that it stays an int:
# beat them, drew with them, lost to them.
WIN, DRAW, LOSS = 2, 1, 0
# The two-sided placements each outcome of the first side stands for.
_PLACEMENTS = {WIN: (1, 2), DRAW: (1, 1), LOSS: (2, 1)}


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
