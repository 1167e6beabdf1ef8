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
    Two players at the same table in a round. The seating minimises repeated
    table-mates: the sum over pairs of (times met)² grows as little as possible.
seat
    Each player is their own side; ``sides[0]`` is seat 1 (first dealer / first to
    play). Seat 1 goes to whoever at the table has had it least.
placement points
    A configurable list by place (e.g. 4, 2, 1, 0); players tied at a table share
    the points of the places they occupy, as exact Fractions
    (:func:`tournaments.ranking.shared_placement_points`).

Invariants: every player is seated exactly once per round; deterministic for a given
``seed``; table sizes within one round differ by at most one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations

from tournaments.formats.base import EntryId, FormatError, Round, Table, unique_entries
from tournaments.formats.explain import Reason, ReasonCode
from tournaments.ranking import Score, places_from_points, shared_placement_points


def table_sizes(
    n: int, *, preferred: int = 4, min_size: int = 3, max_size: int | None = None
) -> tuple[int, ...]:
    """Split ``n`` players into tables as close to ``preferred`` as possible."""
    max_size = max_size or preferred
    if not 2 <= min_size <= preferred <= max_size:
        raise FormatError(
            "bad_table_size", "need 2 <= min_size <= preferred <= max_size"
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
            f"{n} players cannot sit at tables of {min_size}–{max_size}",
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
    steps: int = 2000,
) -> tuple[Round, ...]:
    """Seat ``players`` for ``rounds`` rounds with the fewest repeated table-mates."""
    players_t = unique_entries(list(players))
    sizes = table_sizes(
        len(players_t), preferred=preferred, min_size=min_size, max_size=max_size
    )
    rng = random.Random(seed)
    met: Counter = Counter()
    first_seat: Counter = Counter()
    result = []
    for number in range(1, rounds + 1):
        order = list(players_t)
        rng.shuffle(order)
        tables: list[list[EntryId]] = []
        start = 0
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
        _improve_seating(tables, met, rng, steps)
        built = []
        for t, members in enumerate(tables, start=1):
            reasons = []
            repeats = [
                (a, b, met[frozenset((a, b))])
                for a, b in combinations(members, 2)
                if met[frozenset((a, b))]
            ]
            for a, b, times in repeats:
                reasons.append(
                    Reason(
                        ReasonCode.REPEATED_TABLE_MATE,
                        f"{a} and {b} have shared a table {times}× before",
                        entries=(a, b),
                        data={"times_before": times},
                    )
                )
            if not repeats:
                reasons.append(
                    Reason(
                        ReasonCode.SCHEDULE,
                        "Nobody at this table has met before",
                        entries=tuple(members),
                    )
                )
            # Seat 1 to whoever has had it least, the others in a fixed order.
            members.sort(key=lambda p: (first_seat[p], players_t.index(p)))
            first_seat[members[0]] += 1
            reasons.append(
                Reason(
                    ReasonCode.SIDE_BALANCE,
                    f"{members[0]} takes seat 1 (had it {first_seat[members[0]] - 1}×"
                    " before, the fewest at the table)",
                    entries=(members[0],),
                )
            )
            for a, b in combinations(members, 2):
                met[frozenset((a, b))] += 1
            built.append(Table(t, tuple((p,) for p in members), tuple(reasons)))
        result.append(Round(number, tuple(built)))
    return tuple(result)


def _improve_seating(
    tables: list[list[EntryId]], met: Counter, rng: random.Random, steps: int
) -> None:
    """Swap players between tables while the repeated-meeting cost does not grow."""
    if len(tables) < 2:
        return

    def cost_of(player: EntryId, table: list[EntryId], skip: EntryId) -> int:
        return sum(
            (met[frozenset((player, o))] + 1) ** 2 - met[frozenset((player, o))] ** 2
            for o in table
            if o != player and o != skip
        )

    for _ in range(steps):
        i, j = rng.sample(range(len(tables)), 2)
        a_index = rng.randrange(len(tables[i]))
        b_index = rng.randrange(len(tables[j]))
        a, b = tables[i][a_index], tables[j][b_index]
        before = cost_of(a, tables[i], a) + cost_of(b, tables[j], b)
        after = cost_of(a, tables[j], b) + cost_of(b, tables[i], a)
        if after <= before:
            tables[i][a_index], tables[j][b_index] = b, a


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
