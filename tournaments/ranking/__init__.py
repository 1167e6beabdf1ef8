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

Modules: :mod:`.results` (the vocabulary: results, config, standings, exact
arithmetic), :mod:`.context` (per-entry sums in one pass), :mod:`.metrics` (the
plug-in metrics, :data:`METRICS`), :mod:`.compute` (:func:`compute_standings`).
"""

from tournaments.ranking.compute import (
    compute_standings,
)
from tournaments.ranking.metrics import (
    METRICS,
    BracketPlace,
    Buchholz,
    DealsWon,
    GamePointsAgainst,
    GamePointsFor,
    HeadToHead,
    IndividualTotal,
    MatchPoints,
    MedianBuchholz,
    Metric,
    Penalties,
    PointDifference,
    SonnebornBerger,
    Wins,
    get_metric,
)
from tournaments.ranking.results import (
    DRAW,
    LOSS,
    WIN,
    EntryId,
    MatchResult,
    MetricInfo,
    PairedResults,
    RankingConfig,
    RankingError,
    ResultType,
    Score,
    Standings,
    StandingsRow,
    collector_paused,
    exact_div,
    norm,
    places_from_points,
    result_entries,
    shared_placement_points,
    singly,
)

__all__ = [
    "DRAW",
    "LOSS",
    "METRICS",
    "WIN",
    "BracketPlace",
    "Buchholz",
    "DealsWon",
    "EntryId",
    "GamePointsAgainst",
    "GamePointsFor",
    "HeadToHead",
    "IndividualTotal",
    "MatchPoints",
    "MatchResult",
    "MedianBuchholz",
    "Metric",
    "MetricInfo",
    "PairedResults",
    "Penalties",
    "PointDifference",
    "RankingConfig",
    "RankingError",
    "ResultType",
    "Score",
    "SonnebornBerger",
    "Standings",
    "StandingsRow",
    "Wins",
    "collector_paused",
    "compute_standings",
    "exact_div",
    "get_metric",
    "norm",
    "places_from_points",
    "result_entries",
    "shared_placement_points",
    "singly",
]
