"""The standings metrics: small plug-in classes with a key, a name and an
abbreviation (:data:`METRICS`, :func:`get_metric`)."""

from __future__ import annotations

from typing import ClassVar

from games.engine.text import msg
from tournaments.ranking.context import _Context
from tournaments.ranking.results import (
    DRAW,
    LOSS,
    WIN,
    EntryId,
    MetricInfo,
    RankingConfig,
    RankingError,
    Score,
    exact_div,
    norm,
)

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
    # One line for the director choosing a tie-break chain.
    explanation: ClassVar[str] = ""
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
    key, name, abbreviation = "match_points", msg("Match points"), msg("MP")
    explanation = msg(
        "points for the matches won and drawn (the usual first criterion)"
    )

    def values(self, ctx: _Context, group: tuple[EntryId, ...]) -> dict[EntryId, Score]:
        match_points = ctx.match_points  # already normalised
        return {e: match_points[e] for e in group}

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.match_points[entry]


class GamePointsFor(Metric):
    key, name, abbreviation = "game_points_for", msg("Game points for"), msg("GPF")
    explanation = msg("the game points scored over all matches")
    follows_game_points = True

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.records[entry].points_for


class GamePointsAgainst(Metric):
    key, name, abbreviation = (
        "game_points_against",
        msg("Game points against"),
        msg("GPA"),
    )
    explanation = msg("the game points the opponents scored (fewer is better)")
    higher_is_better = False
    follows_game_points = True

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.records[entry].points_against


class PointDifference(Metric):
    """Cumulative point difference: the sum over games of own minus opponents' points.

    The Sleazy championship measure. With three or more sides "opponents' points" is
    their average, so the values of one table sum to zero.
    """

    key, name, abbreviation = "point_difference", msg("Point difference"), msg("DIFF")
    explanation = msg("game points scored minus those conceded")
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

    key, name, abbreviation = "individual_total", msg("Individual total"), msg("IND")
    explanation = msg("a player's own total in partnership games")

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.individual_totals().get(entry, 0)


class DealsWon(Metric):
    key, name, abbreviation = "deals_won", msg("Deals won"), msg("DW")
    explanation = msg("how many deals the entry won")

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.records[entry].deals_won


def _opponent_points(ctx: _Context, entry: EntryId) -> list[Score]:
    match_points = ctx.match_points
    return list(map(match_points.__getitem__, ctx.records[entry].opponents))


class Buchholz(Metric):
    key, name, abbreviation = "buchholz", msg("Buchholz"), msg("BH")
    explanation = msg("the opponents' match points summed: who met the stronger field")

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
    key, name, abbreviation = "median_buchholz", msg("Median-Buchholz"), msg("MBH")
    explanation = msg("Buchholz without the best and worst opponent")

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        points = sorted(_opponent_points(ctx, entry))
        if len(points) >= 3:
            points = points[1:-1]
        return sum(points)


class SonnebornBerger(Metric):
    """Sum of beaten opponents' match points plus half of drawn opponents'."""

    key, name, abbreviation = "sonneborn_berger", msg("Sonneborn-Berger"), msg("SB")
    explanation = msg("the match points of the opponents beaten, half of those drawn")

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

    key, name, abbreviation = "head_to_head", msg("Head-to-head"), msg("H2H")
    explanation = msg("match points in the games among the tied entries only")
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
    key, name, abbreviation = "wins", msg("Wins"), msg("W")
    explanation = msg("matches won")

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.records[entry].wins


class Penalties(Metric):
    key, name, abbreviation = "penalties", msg("Fewest penalties"), msg("PEN")
    explanation = msg("fewest penalties from the director")
    higher_is_better = False

    def value(self, ctx: _Context, entry: EntryId) -> Score:
        return ctx.records[entry].penalties


class BracketPlace(Metric):
    """A knockout entry's place in the bracket (fewer is better): champion 1,
    runner-up 2, … (from ``config.bracket_places``). An entry the bracket does not
    place (none drawn yet) is 1, level with everyone still in."""

    key, name, abbreviation = "bracket_place", msg("Bracket place"), msg("KO")
    explanation = msg("how far the entry came in the knockout bracket")
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
            msg(
                "no standings metric is called {key!r}; choose from {metrics}",
                key=key,
                metrics=sorted(METRICS),
            ),
            path="metrics",
        ) from None
