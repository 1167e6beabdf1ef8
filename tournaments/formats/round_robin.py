"""Round robin for two-sided games (Berger tables by the circle method).

Terms: the entries are numbered by seed (their order in the input, 0-based here,
1-based on the director's screen). With an even field the last seed is *fixed* and the
others stand on a *clock*; an odd field gets a phantom fixed entry, and meeting the
phantom is the bye.

Invariants (all tested):

* ``n`` entries play ``n - 1`` rounds (even ``n``) or ``n`` rounds (odd ``n``), and
  every pair of entries meets exactly once per cycle; with an odd field every entry
  has exactly one bye per cycle.
* Round 1 is the FIDE Berger round 1: seed 1 v seed n, seed 2 v seed n-1, ...
* First-player balance: over a cycle every entry plays first within one game of as
  often as second, and on the clock the side alternates from round to round (only
  the game against the fixed seat can repeat a side).
* A double round robin repeats the cycle with every table's sides swapped, so over
  the two cycles every entry plays every other once first and once second.

Why the circle method with ``i + j ≡ r (mod m)``: it is the Berger table up to
renumbering of the rounds, needs no lookup table, and the parity rule below gives
alternating sides for free.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.text import msg
from tournaments.formats.base import (
    Bye,
    EntryId,
    FormatError,
    Round,
    Table,
    unique_entries,
)
from tournaments.formats.explain import Reason, ReasonCode, named


def round_robin_rounds(n: int) -> int:
    """Rounds in one cycle for ``n`` entries."""
    return n - 1 if n % 2 == 0 else n


def round_robin(
    entries: Sequence[EntryId], *, double: bool = False, first_round: int = 1
) -> tuple[Round, ...]:
    """The full schedule of a (double) round robin, in seed order.

    ``first_round`` numbers the rounds (useful when the round robin is a later
    stage of an event).
    """
    seeds = unique_entries(list(entries))
    n = len(seeds)
    if n < 2:
        raise FormatError(
            "too_few_entries",
            msg("a round robin needs at least two entries"),
            path="entries",
        )
    # m clock seats; the fixed seat is seeds[m] for an even field, the bye otherwise.
    m = n - 1 if n % 2 == 0 else n
    fixed: EntryId | None = seeds[m] if n % 2 == 0 else None
    cycles = 2 if double else 1
    rounds: list[Round] = []
    for cycle in range(cycles):
        for r in range(m):
            rounds.append(
                _cycle_round(
                    seeds,
                    m,
                    fixed,
                    r,
                    cycle=cycle,
                    number=first_round + cycle * m + r,
                )
            )
    return tuple(rounds)


def _cycle_round(
    seeds: tuple[EntryId, ...],
    m: int,
    fixed: EntryId | None,
    r: int,
    *,
    cycle: int,
    number: int,
) -> Round:
    games: list[tuple[int, int]] = []  # (first, second) as seed indexes; m = fixed
    bye: int | None = None
    for i in range(m):
        j = (r - i) % m
        if j == i:
            # The clock seat opposite the fixed seat this round.
            if fixed is None:
                bye = i
            # The fixed seat alternates sides by round so it stays balanced too.
            elif r % 2 == 0:
                games.append((m, i))
            else:
                games.append((i, m))
        elif i < j:
            # Seat distance parity decides who plays first: as the rounds advance
            # the distance grows by one, so every clock seat alternates sides.
            games.append((i, j) if (j - i) % m % 2 == 1 else (j, i))
    if cycle == 1:
        games = [(b, a) for a, b in games]
    games.sort(key=lambda g: min(g))
    tables = []
    for number_at, (a, b) in enumerate(games, start=1):
        reason = Reason(
            ReasonCode.SCHEDULE,
            # the entries by name (tournaments.texts), the seeds in ``data``
            msg(
                "Round-robin schedule: {a} v {b} (second cycle, sides swapped)",
                a=named(seeds[a]),
                b=named(seeds[b]),
            )
            if cycle == 1
            else msg(
                "Round-robin schedule: {a} v {b}",
                a=named(seeds[a]),
                b=named(seeds[b]),
            ),
            entries=(seeds[a], seeds[b]),
            data={"cycle": cycle + 1, "seeds": (a + 1, b + 1)},
        )
        tables.append(Table(number_at, ((seeds[a],), (seeds[b],)), (reason,)))
    byes: tuple[Bye, ...] = ()
    if bye is not None:
        byes = (
            Bye(
                seeds[bye],
                (
                    Reason(
                        ReasonCode.BYE,
                        msg(
                            "Odd field: seed {seed} has the bye this round (every "
                            "entry has exactly one per cycle)",
                            seed=bye + 1,
                        ),
                        entries=(seeds[bye],),
                        data={"cycle": cycle + 1, "seed": bye + 1},
                    ),
                ),
            ),
        )
    return Round(number, tuple(tables), byes)
