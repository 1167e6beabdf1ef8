"""Settlement solver speed: fewest transfers, exact (bitset DP) against greedy.

Run: ``.venv/bin/python -m bench.settlement`` (``--instances 50`` for more samples).

For groups of 8, 12, 16 and 20 people it builds seeded random balances (sum zero) of
two kinds and times one solve of each on one core:

* ``random``: balances uniform in ±50.00 EUR -- what a club night looks like; zero-sum
  subgroups are rare, so the answer is usually ``n − 1``.
* ``dense``: creditors from {3, 5, 7, 9}, debtors from {−2, −4, −6, −8} (cents) --
  no two cancel, so the opposite-pair shortcut never fires and the DP runs on all
  ``n`` people with very many zero-sum subsets (the hard case for the solver).

Greedy runs on the same instances in the same run; the ratio exact/greedy shows the
price of the proof independent of the machine's speed, and "fewer" counts how many
transfers the exact plan saves over greedy in total.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable

from money.settlement.transfers import plan_transfers, plan_transfers_greedy

SIZES = (8, 12, 16, 20)


def random_balances(n: int, rnd: random.Random) -> dict[str, int]:
    values = [rnd.randint(-5000, 5000) for _ in range(n - 1)]
    values.append(-sum(values))
    return {f"p{i:02}": v for i, v in enumerate(values)}


def dense_balances(n: int, rnd: random.Random) -> dict[str, int]:
    while True:
        values = [
            rnd.choice((3, 5, 7, 9))
            if rnd.random() < 0.45
            else rnd.choice((-2, -4, -6, -8))
            for _ in range(n - 1)
        ]
        last = -sum(values)
        # Keep the "no two cancel" property: the last balance must not be the
        # opposite of another, nor zero.
        if last and -last not in values:
            values.append(last)
            return {f"p{i:02}": v for i, v in enumerate(values)}


def time_once(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def run(instances: int, seed: int) -> list[dict[str, object]]:
    rows = []
    for kind, make in (("random", random_balances), ("dense", dense_balances)):
        for n in SIZES:
            rnd = random.Random(f"{seed}-{kind}-{n}")
            cases = [make(n, rnd) for _ in range(instances)]
            plan_transfers(cases[0])  # warm the per-size bitmask cache
            exact_t, greedy_t, saved = [], [], 0
            for balances in cases:
                exact_t.append(time_once(lambda b=balances: plan_transfers(b)))
                greedy_t.append(time_once(lambda b=balances: plan_transfers_greedy(b)))
                exact = plan_transfers(balances)
                greedy = plan_transfers_greedy(balances)
                assert exact.proven_minimal and exact.count <= greedy.count
                saved += greedy.count - exact.count
            rows.append(
                {
                    "kind": kind,
                    "n": n,
                    "exact_median_ms": statistics.median(exact_t) * 1000,
                    "exact_max_ms": max(exact_t) * 1000,
                    "greedy_median_ms": statistics.median(greedy_t) * 1000,
                    "ratio": statistics.median(exact_t) / statistics.median(greedy_t),
                    "saved": saved,
                }
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"{args.instances} instances per row, seed {args.seed}")
    print(
        "| balances | n | exact median | exact max | greedy median "
        "| exact/greedy | transfers saved |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in run(args.instances, args.seed):
        print(
            f"| {r['kind']} | {r['n']} | {r['exact_median_ms']:.2f} ms "
            f"| {r['exact_max_ms']:.2f} ms | {r['greedy_median_ms']:.3f} ms "
            f"| {r['ratio']:.0f}× | {r['saved']} |"
        )


if __name__ == "__main__":
    main()
