"""Multi-player-table seating: time to seat one round after earlier rounds.

Run: ``.venv/bin/python -m bench.seating``.

For each field size, rounds 1–5 are seated one by one (tables of four, the rest of
three); the time of rounds 2–5 (the ones with a history to avoid) is reported per
round, next to a baseline measured in the same run: one pass over every pair of
players looking up how often they met (the least any seating must read), so a
loaded machine shows up in both columns.
"""

from __future__ import annotations

import platform
import time
from collections import Counter
from itertools import combinations

from tournaments.formats.multi_table import multi_table_round

SIZES = (12, 40, 100, 200)


def _baseline(players: list[int], met: Counter) -> float:
    start = time.perf_counter()
    for a, b in combinations(players, 2):
        met[frozenset((a, b))]
    return time.perf_counter() - start


def main() -> None:
    print(
        f"# {platform.processor() or platform.machine()}, {platform.python_version()}"
    )
    print("players | seconds a round (rounds 2-5) | baseline (pair look-ups) | ratio")
    for n in SIZES:
        players = list(range(n))
        history = [multi_table_round(players, 1, seed=1)]
        seat_times, base_times = [], []
        for number in range(2, 6):
            met: Counter = Counter()
            for round_ in history:
                for table in round_.tables:
                    met.update(frozenset(p) for p in combinations(table.entries, 2))
            base_times.append(_baseline(players, met))
            start = time.perf_counter()
            history.append(multi_table_round(players, number, history=history, seed=1))
            seat_times.append(time.perf_counter() - start)
        seat = sum(seat_times) / len(seat_times)
        base = sum(base_times) / len(base_times)
        print(f"{n} | {seat:.3f} | {base:.5f} | {seat / base:.0f}")


if __name__ == "__main__":
    main()
