"""Per-entry facts the metrics read, summed in one pass over the results
(:class:`_Context`); see :mod:`tournaments.ranking` for the terms."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.text import msg
from tournaments.ranking.results import (
    DRAW,
    LOSS,
    WIN,
    EntryId,
    MatchResult,
    PairedResults,
    RankingConfig,
    RankingError,
    ResultType,
    Score,
    exact_div,
    norm,
    places_from_points,
    shared_placement_points,
    singly,
)

# --- per-entry facts --------------------------------------------------------------


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
                        msg("{entry!r} is not an entry", entry=entry),
                        path=f"results.{index}",
                    )
        if result.result_type == ResultType.BYE:
            if len(sides) != 1:
                raise RankingError(
                    "bad_bye",
                    msg("a bye has exactly one side"),
                    path=f"results.{index}",
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
                "too_few_sides",
                msg("a game has two or more sides"),
                path=f"results.{index}",
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
                msg("{name} needs one value per side", name=name),
                path=f"results.{index}",
            )
        if own_points and any(
            len(own) != len(side) for own, side in zip(own_points, sides, strict=True)
        ):
            raise RankingError(
                "misaligned",
                msg("own_points needs one value per entry"),
                path=f"results.{index}",
            )
        places = result.placements or places_from_points(
            points, lower_wins=config.lower_game_points_win
        )
        if len(places) != k:
            raise RankingError(
                "misaligned",
                msg("placements needs one value per side"),
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
                "misaligned", msg("every column needs one value per game"), path=path
            )
        records = self.records
        unknown = set(pairs.firsts).union(pairs.seconds).difference(records)
        if unknown:
            entry = next(e for e in (*pairs.firsts, *pairs.seconds) if e in unknown)
            raise RankingError(
                "unknown_entry",
                msg("{entry!r} is not an entry", entry=entry),
                path=path,
            )
        if not set(pairs.outcomes) <= {WIN, DRAW, LOSS}:
            raise RankingError(
                "bad_outcome", msg("an outcome is WIN, DRAW or LOSS"), path=path
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
