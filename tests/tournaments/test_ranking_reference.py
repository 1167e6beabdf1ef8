"""The optimised ``compute_standings`` equals a plain reference implementation.

``compute_standings`` keeps running sums per entry in ints and divides only when it
must (see ``tournaments.ranking``). The reference below does the obvious thing
instead: one record per entry per game, every number a ``Fraction``, every metric
computed from its definition, the ranking as a recursion over the metrics. On random
events — tables of 2 to 4 sides, partnerships, draws, byes, explicit and shared
places, forfeits, Fraction points, every metric in any order — both must give the
same rows, ranks and values, down to the type of each value (an int whenever the
value is whole), and the same error for a broken result.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.ranking import (
    METRICS,
    MatchResult,
    RankingConfig,
    RankingError,
    ResultType,
    Standings,
    StandingsRow,
    compute_standings,
)

# -- the reference -------------------------------------------------------------------


@dataclass
class Game:
    """One entry's view of one game, everything exact."""

    place: int
    match_points: Fraction
    points_for: Fraction
    points_against: Fraction
    deals_won: int
    penalties: Fraction
    opponents: list[tuple[object, Fraction]]  # (opponent, 1 win / 1/2 draw / 0 loss)


def as_score(value):
    value = Fraction(value)
    return int(value) if value.denominator == 1 else value


def reference_match_points(places, config):
    k = len(places)
    if k == 2:
        if places[0] == places[1]:
            return [Fraction(config.draw_points)] * 2
        return [
            Fraction(config.win_points if p == 1 else config.loss_points)
            for p in places
        ]
    table = (config.placement_points_by_size or {}).get(k, config.placement_points)
    if table is not None:
        shares = []
        for place in places:
            tied = places.count(place)
            occupied = [
                Fraction(table[i]) if i < len(table) else Fraction(0)
                for i in range(place - 1, place - 1 + tied)
            ]
            shares.append(sum(occupied) / tied)
        return shares
    sole = places.count(1) == 1
    return [
        Fraction(
            (config.win_points if sole else config.draw_points)
            if p == 1
            else config.loss_points
        )
        for p in places
    ]


def reference_facts(entries, results, config):
    games = {e: [] for e in entries}
    bye_points = {e: Fraction(0) for e in entries}
    bye_penalties = {e: Fraction(0) for e in entries}
    for index, result in enumerate(results):
        path = f"results.{index}"
        if any(e not in games for side in result.sides for e in side):
            raise RankingError("unknown_entry", "", path=path)
        if result.result_type == ResultType.BYE:
            if len(result.sides) != 1:
                raise RankingError("bad_bye", "", path=path)
            for e in result.sides[0]:
                bye_points[e] += Fraction(config.bye_points)
                if result.penalties:
                    bye_penalties[e] += Fraction(result.penalties[0])
            continue
        k = len(result.sides)
        if k < 2:
            raise RankingError("too_few_sides", "", path=path)
        points = result.game_points or (0,) * k
        for values in (points, result.deals_won, result.penalties):
            if values and len(values) != k:
                raise RankingError("misaligned", "", path=path)
        points = [Fraction(p) for p in points]
        if result.placements:
            places = list(result.placements)
        else:
            lower = config.lower_game_points_win
            places = [
                1 + sum(1 for q in points if (q < p if lower else q > p))
                for p in points
            ]
        if len(places) != k:
            raise RankingError("misaligned", "", path=path)
        match_points = reference_match_points(places, config)
        for s, side in enumerate(result.sides):
            others = [o for o in range(k) if o != s]
            for e in side:
                games[e].append(
                    Game(
                        place=places[s],
                        match_points=match_points[s],
                        points_for=points[s],
                        points_against=sum(points[o] for o in others) / len(others),
                        deals_won=result.deals_won[s] if result.deals_won else 0,
                        penalties=Fraction(
                            result.penalties[s] if result.penalties else 0
                        ),
                        opponents=[
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
                        ],
                    )
                )
    match_points = {
        e: bye_points[e] + sum((g.match_points for g in games[e]), Fraction(0))
        for e in entries
    }
    return games, match_points, bye_penalties


def reference_value(key, entry, tied, games, match_points, bye_penalties, config):
    mine = games[entry]
    opponents = [match_points[o] for g in mine for o, _ in g.opponents]
    if key == "match_points":
        return match_points[entry]
    if key == "game_points_for":
        return sum((g.points_for for g in mine), Fraction(0))
    if key == "game_points_against":
        return sum((g.points_against for g in mine), Fraction(0))
    if key == "point_difference":
        return sum((g.points_for - g.points_against for g in mine), Fraction(0))
    if key == "deals_won":
        return Fraction(sum(g.deals_won for g in mine))
    if key == "buchholz":
        return sum(opponents, Fraction(0))
    if key == "median_buchholz":
        opponents.sort()
        return sum(opponents[1:-1] if len(opponents) >= 3 else opponents, Fraction(0))
    if key == "sonneborn_berger":
        return sum(
            (outcome * match_points[o] for g in mine for o, outcome in g.opponents),
            Fraction(0),
        )
    if key == "head_to_head":
        worth = {
            Fraction(1): config.win_points,
            Fraction(1, 2): config.draw_points,
            Fraction(0): config.loss_points,
        }
        return sum(
            (
                Fraction(worth[outcome])
                for g in mine
                for o, outcome in g.opponents
                if o in tied
            ),
            Fraction(0),
        )
    if key == "wins":
        return Fraction(
            sum(
                1
                for g in mine
                if g.place == 1 and all(outcome == 1 for _, outcome in g.opponents)
            )
        )
    if key == "penalties":
        return bye_penalties[entry] + sum((g.penalties for g in mine), Fraction(0))
    raise AssertionError(key)


GAME_POINT_SUMS = {"game_points_for", "game_points_against", "point_difference"}


def reference_standings(entries, results, config):
    entries = list(entries)
    games, match_points, bye_penalties = reference_facts(entries, results, config)
    shown = {e: {} for e in entries}

    def ranked(group, keys):
        """The group split into tied runs by ``keys``, best first."""
        if not keys:
            return [group]
        key, rest = keys[0], keys[1:]
        tied = set(group)
        values = {
            e: reference_value(key, e, tied, games, match_points, bye_penalties, config)
            for e in group
        }
        for e in group:
            shown[e][key] = as_score(values[e])
        higher = METRICS[key].higher_is_better
        if key in GAME_POINT_SUMS and config.lower_game_points_win:
            higher = not higher  # where the most points lose, fewer is better
        runs = []
        for value in sorted(set(values.values()), reverse=higher):
            runs += ranked([e for e in group if values[e] == value], rest)
        return runs

    rows, position = [], 1
    for run in ranked(entries, list(config.metrics)):
        for e in run:
            rows.append(
                StandingsRow(
                    rank=position,
                    entry=e,
                    played=len(games[e]),
                    values=shown[e],
                    shared=len(run) > 1,
                )
            )
        position += len(run)
    return Standings(
        tuple(METRICS[k].info(config) for k in config.metrics), tuple(rows)
    )


def exactly(standings):
    """The standings with each value's type, so 2 and Fraction(2) differ."""
    return (
        standings.metrics,
        [
            (
                row.rank,
                row.entry,
                row.played,
                row.shared,
                [(k, type(v).__name__, v) for k, v in row.values.items()],
            )
            for row in standings.rows
        ],
    )


# -- random events -------------------------------------------------------------------

# The metrics the reference knows (a metric added later needs its reference here).
REFERENCE_METRICS = (
    "buchholz",
    "deals_won",
    "game_points_against",
    "game_points_for",
    "head_to_head",
    "match_points",
    "median_buchholz",
    "penalties",
    "point_difference",
    "sonneborn_berger",
    "wins",
)
ENTRIES = list("ABCDEFGH")
small = st.integers(-3, 6)
score = st.one_of(small, small.map(lambda n: Fraction(n, 2)))


@st.composite
def configs(draw):
    keys = draw(st.permutations(REFERENCE_METRICS))
    return RankingConfig(
        metrics=tuple(keys[: draw(st.integers(1, len(keys)))]),
        win_points=draw(st.sampled_from([2, 3, 1, Fraction(3, 2)])),
        draw_points=draw(st.sampled_from([1, Fraction(1, 2), 0])),
        loss_points=draw(st.sampled_from([0, -1])),
        bye_points=draw(st.sampled_from([2, 1, Fraction(3, 2), 0])),
        placement_points=draw(
            st.one_of(
                st.none(),
                st.lists(score, min_size=1, max_size=5).map(tuple),
            )
        ),
        placement_points_by_size=draw(
            st.one_of(
                st.none(),
                st.dictionaries(
                    st.integers(3, 4),
                    st.lists(score, min_size=1, max_size=5).map(tuple),
                ),
            )
        ),
        lower_game_points_win=draw(st.booleans()),
    )


@st.composite
def results(draw, entries, *, broken=False):
    if draw(st.integers(0, 5)) == 0:
        side = (draw(st.sampled_from(entries)),)
        sides = (side,) * draw(st.integers(1, 2)) if broken else (side,)
        return MatchResult(
            round=1,
            sides=sides,
            penalties=draw(st.one_of(st.just(()), score.map(lambda p: (p,)))),
            result_type=ResultType.BYE,
        )
    k = draw(st.integers(1 if broken else 2, 4))
    size = draw(st.integers(1, 2))  # 2: partnerships
    players = draw(st.permutations(entries))
    if broken and draw(st.booleans()):
        players = ["nobody", *players]
    if len(players) < k * size:
        size = 1
    k = min(k, len(players))
    sides = tuple(tuple(players[s * size : (s + 1) * size]) for s in range(k))

    def per_side(values, n=k):
        if broken and draw(st.booleans()):
            n = draw(st.integers(1, 5))
        return draw(st.one_of(st.just(()), st.lists(values, min_size=n, max_size=n)))

    placements = None
    if draw(st.booleans()):
        n = k
        if broken and draw(st.booleans()):
            n = draw(st.integers(1, 5))
        placements = tuple(draw(st.lists(st.integers(1, k), min_size=n, max_size=n)))
    return MatchResult(
        round=1,
        sides=sides,
        game_points=tuple(per_side(score)),
        deals_won=tuple(per_side(st.integers(0, 3))),
        penalties=tuple(per_side(score)),
        result_type=draw(st.sampled_from([ResultType.PLAYED, ResultType.FORFEIT])),
        placements=placements,
    )


@st.composite
def events(draw, *, broken=False):
    entries = draw(st.permutations(ENTRIES))[: draw(st.integers(2, len(ENTRIES)))]
    games = draw(st.lists(results(entries, broken=broken), max_size=14))
    return entries, games, draw(configs())


def test_the_reference_covers_real_metrics():
    """Every metric the reference implements is a registered metric."""
    assert set(REFERENCE_METRICS) <= set(METRICS)


@settings(max_examples=400, deadline=None)
@given(events())
def test_optimised_standings_equal_the_reference(event):
    """Same rows, ranks, shared flags, played counts and values (with their types)."""
    entries, games, config = event
    expected = reference_standings(entries, games, config)
    assert exactly(compute_standings(entries, games, config)) == exactly(expected)


@settings(max_examples=200, deadline=None)
@given(events(broken=True))
def test_optimised_standings_reject_what_the_reference_rejects(event):
    """A broken result (unknown entry, bad bye, one side, misaligned values) gives
    the same error code at the same path, and a valid event the same standings."""
    entries, games, config = event
    try:
        expected = exactly(reference_standings(entries, games, config))
    except RankingError as error:
        expected = (error.code, error.path)
    try:
        got = exactly(compute_standings(entries, games, config))
    except RankingError as error:
        got = (error.code, error.path)
    assert got == expected


@settings(max_examples=100, deadline=None)
@given(events(), st.randoms(use_true_random=False))
def test_result_order_does_not_matter(event, rng):
    """Shuffling the results changes no rank and no value."""
    entries, games, config = event
    shuffled = list(games)
    rng.shuffle(shuffled)
    one = compute_standings(entries, games, config)
    two = compute_standings(entries, shuffled, config)
    assert exactly(one) == exactly(two)
