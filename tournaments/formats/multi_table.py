"""Multi-player tables: seating 3–6 players per table over several rounds.

For games played every player for themselves at tables of three to six (Sinkki,
Mah Jong, Valepaska, Sneaky Pete …).

Terms
-----
table sizes
    How a field is split: as many tables of the preferred size as possible, the rest
    one smaller (14 players at tables of four: 4 + 4 + 3 + 3), never outside
    ``min_size``..``max_size``.
table-mate
    Two players at the same table in a round. A **repeated meeting** is a pair at
    one table who shared a table before (a third meeting counts twice).
seat
    Each player is their own side; ``sides[0]`` is seat 1 (first dealer / first to
    play). Seat 1 goes to whoever at the table has had it least.
placement points
    A configurable list by place (e.g. 4, 2, 1, 0); players tied at a table share
    the points of the places they occupy, as exact Fractions
    (:func:`tournaments.ranking.shared_placement_points`).

Seating is round by round (:func:`multi_table_round`), each round given the rounds
before it: everyone who shared a table counts as having met. The seating minimises
first the number of repeated meetings (a pair meeting for the third time counts
twice), then their spread (nobody meets the same player again and again while
others are new), by swaps between tables from several seeded random starts.

Invariants: every player is seated exactly once per round; deterministic for a given
``seed``, round number and history; table sizes within one round differ by at most
one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations

from games.engine.text import msg
from tournaments.formats.base import EntryId, FormatError, Round, Table, unique_entries
from tournaments.formats.explain import Reason, ReasonCode, named
from tournaments.ranking import Score, places_from_points, shared_placement_points


def table_sizes(
    n: int, *, preferred: int = 4, min_size: int = 3, max_size: int | None = None
) -> tuple[int, ...]:
    """Split ``n`` players into tables as close to ``preferred`` as possible."""
    max_size = max_size or preferred
    if not 2 <= min_size <= preferred <= max_size:
        raise FormatError(
            "bad_table_size", msg("need 2 <= min_size <= preferred <= max_size")
        )
    best: tuple[int, ...] | None = None
    best_key: tuple[int, int] | None = None
    for tables in range(1, n // min_size + 1):
        base, extra = divmod(n, tables)
        sizes = (base + 1,) * extra + (base,) * (tables - extra)
        if sizes[-1] < min_size or sizes[0] > max_size:
            continue
        key = (sum(abs(s - preferred) for s in sizes), tables)
        if best_key is None or key < best_key:
            best, best_key = sizes, key
    if best is None:
        raise FormatError(
            "no_table_split",
            msg(
                "{n} players cannot sit at tables of {min_size}–{max_size}",
                n=n,
                min_size=min_size,
                max_size=max_size,
            ),
            path="players",
        )
    return best


def multi_table_rounds(
    players: Sequence[EntryId],
    rounds: int,
    *,
    preferred: int = 4,
    min_size: int = 3,
    max_size: int | None = None,
    seed: int = 0,
    label: Callable[[EntryId], str] = named,
) -> tuple[Round, ...]:
    """Seat ``players`` for ``rounds`` rounds with the fewest repeated table-mates.

    The same as seating round after round with :func:`multi_table_round`, each round
    seeing the ones before it.
    """
    result: list[Round] = []
    for number in range(1, rounds + 1):
        result.append(
            multi_table_round(
                players,
                number,
                history=result,
                preferred=preferred,
                min_size=min_size,
                max_size=max_size,
                seed=seed,
                label=label,
            )
        )
    return tuple(result)


def multi_table_round(
    players: Sequence[EntryId],
    number: int,
    *,
    history: Sequence[Round] = (),
    preferred: int = 4,
    min_size: int = 3,
    max_size: int | None = None,
    seed: int = 0,
    label: Callable[[EntryId], str] = named,
) -> Round:
    """Seat round ``number`` after the rounds in ``history``.

    Everyone who met at a table of ``history`` counts as having met (withdrawn
    players too, harmlessly); seat 1 goes to whoever at the table had it least in
    ``history``. ``label`` names an entry in the reasons' texts (by default the
    entry's id, named by a page: :func:`~tournaments.formats.explain.named`).
    """
    players_t = unique_entries(list(players))
    sizes = table_sizes(
        len(players_t), preferred=preferred, min_size=min_size, max_size=max_size
    )
    met: Counter = Counter()
    first_seat: Counter = Counter()
    for earlier in history:
        for table in earlier.tables:
            for a, b in combinations(table.entries, 2):
                met[frozenset((a, b))] += 1
            if table.sides and table.sides[0]:
                first_seat[table.sides[0][0]] += 1
    # Seeded by round too, so that a round does not depend on how the earlier
    # ones were generated (at once, or one by one as the evening goes).
    rng = random.Random(seed * 1_000_003 + number)
    tables = _seat(players_t, sizes, met, first_seat, rng)
    position = {p: i for i, p in enumerate(players_t)}
    built = []
    repeated = 0
    for t, members in enumerate(tables, start=1):
        reasons = []
        repeats = [
            (a, b, met[frozenset((a, b))])
            for a, b in combinations(members, 2)
            if met[frozenset((a, b))]
        ]
        repeated += sum(times for _, _, times in repeats)
        for a, b, times in repeats:
            reasons.append(
                Reason(
                    ReasonCode.REPEATED_TABLE_MATE,
                    msg(
                        "{a} and {b} have shared a table {times}× before",
                        a=label(a),
                        b=label(b),
                        times=times,
                    ),
                    entries=(a, b),
                    data={"times_before": times},
                )
            )
        if not repeats:
            reasons.append(
                Reason(
                    ReasonCode.SCHEDULE,
                    msg("Nobody at this table has met before"),
                    entries=tuple(members),
                )
            )
        # Seat 1 to whoever has had it least, the others in entry order.
        members.sort(key=lambda p: (first_seat[p], position[p]))
        first = members[0]
        reasons.append(
            Reason(
                ReasonCode.SIDE_BALANCE,
                msg(
                    "{player} takes seat 1 (had it {times}× before, the fewest at "
                    "the table)",
                    player=label(first),
                    times=first_seat[first],
                ),
                entries=(first,),
                data={"times_before": first_seat[first]},
            )
        )
        built.append(Table(t, tuple((p,) for p in members), tuple(reasons)))
    split = " + ".join(str(s) for s in sizes)
    messages = [
        msg("{count} players at tables of {sizes}.", count=len(players_t), sizes=split)
    ]
    if history:
        messages.append(
            msg(
                "Repeated table-mates this round: {repeated} (the fewest the seating "
                "search found; a third meeting counts twice).",
                repeated=repeated,
            )
        )
    return Round(number, tuple(built), messages=tuple(messages))


# A repeated meeting weighs more than any spread of meetings can: first the fewest
# repeats, then, among equal seatings, nobody meeting the same player again and again.
_REPEAT = 1 << 32


def _weight(times: int) -> int:
    return times * _REPEAT + times * times


def _seat(
    players: tuple[EntryId, ...],
    sizes: tuple[int, ...],
    met: Counter,
    first_seat: Counter,
    rng: random.Random,
) -> list[list[EntryId]]:
    """Tables of ``sizes`` with the least weight of earlier meetings and, among
    those, the players who had seat 1 least spread over the tables (each table's
    seat 1 goes to its least-served player): local search by swaps from several
    random starts, the best kept."""
    n = len(players)
    weight = [[0] * n for _ in range(n)]
    for (i, a), (j, b) in combinations(enumerate(players), 2):
        times = met[frozenset((a, b))]
        if times:
            weight[i][j] = weight[j][i] = _weight(times)
    seated_first = [first_seat[p] for p in players]
    if len(sizes) == 1 or not (any(seated_first) or any(any(r) for r in weight)):
        order = list(range(n))
        rng.shuffle(order)
        return [[players[i] for i in t] for t in _split(order, sizes)]
    best: list[list[int]] = []
    best_cost = None
    # No seating does better than no repeats and the least-served players one a table.
    floor = (0, sum(sorted(seated_first)[: len(sizes)]))
    # Fewer restarts for big fields: one pass of swaps is O(n²·size).
    for _ in range(max(2, min(24, 3000 // n))):
        order = list(range(n))
        rng.shuffle(order)
        tables = _split(order, sizes)
        _descend(tables, weight, seated_first)
        cost = (
            sum(weight[a][b] for table in tables for a, b in combinations(table, 2)),
            sum(min(seated_first[p] for p in table) for table in tables),
        )
        if best_cost is None or cost < best_cost:
            best, best_cost = tables, cost
        if cost == floor:
            break
    return [[players[i] for i in t] for t in best]


def _split(order: list[int], sizes: tuple[int, ...]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables


def _descend(
    tables: list[list[int]], weight: list[list[int]], seated_first: list[int]
) -> None:
    """Swap two players of different tables while that lowers the weight of
    meetings, or keeps it and gives seat 1 to players who had it less."""
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(tables)), 2):
            ti, tj = tables[i], tables[j]
            for x in range(len(ti)):
                for y in range(len(tj)):
                    a, b = ti[x], tj[y]
                    wa, wb = weight[a], weight[b]
                    before = sum(wa[o] for o in ti) + sum(wb[o] for o in tj)
                    after = (
                        sum(wa[o] for o in tj) - wa[b] + sum(wb[o] for o in ti) - wb[a]
                    )
                    if after == before:
                        # Seat 1 at each table goes to its least-served player.
                        ca, cb = seated_first[a], seated_first[b]
                        rest_i = min(
                            (seated_first[o] for o in ti if o != a), default=cb
                        )
                        rest_j = min(
                            (seated_first[o] for o in tj if o != b), default=ca
                        )
                        before = min(rest_i, ca) + min(rest_j, cb)
                        after = min(rest_i, cb) + min(rest_j, ca)
                    if after < before:
                        ti[x], tj[y] = b, a
                        improved = True


def table_placement_points(
    game_points: Mapping[EntryId, Score],
    points: Sequence[Score],
    *,
    lower_wins: bool = False,
) -> dict[EntryId, Score]:
    """Placement points at one table; ties share the points of the places they hold.

    ``table_placement_points({"A": 30, "B": 30, "C": 10}, (4, 2, 1))`` gives A and B
    (4 + 2) / 2 = 3 each and C 1.
    """
    players = list(game_points)
    places = places_from_points(
        [game_points[p] for p in players], lower_wins=lower_wins
    )
    return dict(zip(players, shared_placement_points(places, points), strict=True))
