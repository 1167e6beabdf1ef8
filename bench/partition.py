"""Best-partition solver against a brute force, on the same random hands.

Run: ``.venv/bin/python -m bench.partition`` (``--hands 100000 --brute 10000``);
``--rules sinkki --brute 100000`` runs Sinkki's rules alone (book §43.2: sets of 3–4,
runs of 3+ with the ace low only, no wilds, 52 cards) with the brute force on every
one of the 100,000 hands (issue 15).

The solver (:class:`games.engine.melds.Partitioner`) and :func:`brute_force_deadwood`
score the same random hands; the run fails if any deadwood differs, and prints both
rates. The brute force is independent of the solver: it asks
:func:`games.engine.melds.read_meld` about every subset of the hand and takes the
best family of disjoint melds by dynamic programming over the subsets — exponential,
so it scores the first ``--brute`` hands only. Each set of rules is run twice: on hands
from 52 cards, and on hands from 54 cards (two jokers, wild, 25 in hand); ``--decks 2``
deals from two decks (and four jokers). Rates are per
second of this process's CPU time (``time.process_time``), i.e. of one core, so that
other work on a shared machine does not count against them; the solver's wall-clock
rate is printed beside it.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Sequence

from games.engine.cards import JOKER, STANDARD_CARDS, Card
from games.engine.melds import (
    PIP_VALUES,
    CardValues,
    Partitioner,
    RunRule,
    SetRule,
    read_meld,
)
from games.rules.sinkki import SOLVER as SINKKI

VALUES = CardValues("pips, joker 25", {**PIP_VALUES.by_rank, "Jo": 25})


def brute_force_deadwood(
    hand: Sequence[Card], sets: SetRule | None, runs: RunRule | None, values: CardValues
) -> int:
    """The least deadwood over every partition of ``hand``, by enumeration."""
    n = len(hand)
    least = min(r.min_length for r in (sets, runs) if r is not None)
    melds_by_low: list[list[int]] = [[] for _ in range(n)]
    for mask in range(1, 1 << n):
        if mask.bit_count() < least:
            continue
        cards = [hand[i] for i in range(n) if mask >> i & 1]
        if any(
            rule is not None and read_meld(cards, rule).meld is not None
            for rule in (sets, runs)
        ):
            melds_by_low[(mask & -mask).bit_length() - 1].append(mask)
    worth = [values.of(c) for c in hand]
    best = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        value = worth[low] + best[mask ^ (1 << low)]
        for meld in melds_by_low[low]:
            if meld & mask == meld and best[mask ^ meld] < value:
                value = best[mask ^ meld]
        best[mask] = value
    return best[-1]


def deal_hands(
    count: int, size: int, jokers: int, seed: int, decks: int = 1
) -> list[list[Card]]:
    rng = random.Random(seed)
    deck = [*STANDARD_CARDS * decks, *[JOKER] * jokers]
    return [rng.sample(deck, size) for _ in range(count)]


# Each set of rules, and whether it is also run with jokers (wild) in the deck.
RULES: dict[str, tuple[SetRule, RunRule, bool]] = {
    "ace low or high": (SetRule(), RunRule(), True),
    "round the corner": (SetRule(), RunRule(wrap=True), True),
    # Sinkki (book §43.2): the rules its solver is built with (games.rules.sinkki).
    "sinkki": (SINKKI.sets, SINKKI.runs, False),
}


def run(
    hands: int,
    brute: int,
    size: int,
    seed: int,
    decks: int = 1,
    only: Sequence[str] = (),
) -> list[dict]:
    results = []
    for name, (sets, runs, with_jokers) in RULES.items():
        if only and name not in only:
            continue
        for jokers in (0, 2 * decks) if with_jokers else (0,):
            dealt = deal_hands(hands, size, jokers, seed, decks)
            solver = Partitioner(sets=sets, runs=runs, values=VALUES, decks=decks)
            start, wall = time.process_time(), time.perf_counter()
            fast = [solver.deadwood(hand) for hand in dealt]
            solver_seconds = time.process_time() - start
            solver_wall = time.perf_counter() - wall
            start = time.process_time()
            slow = [brute_force_deadwood(h, sets, runs, VALUES) for h in dealt[:brute]]
            brute_seconds = time.process_time() - start
            differ = [i for i, v in enumerate(slow) if v != fast[i]]
            if differ:
                i = differ[0]
                raise AssertionError(
                    f"{name}: hand {i} {' '.join(c.code for c in dealt[i])}: "
                    f"solver {fast[i]}, brute force {slow[i]}"
                )
            results.append(
                {
                    "rules": name,
                    "cards": size,
                    "decks": decks,
                    "jokers_in_deck": jokers,
                    "hands": hands,
                    "solver_hands_per_second": round(hands / solver_seconds),
                    "solver_hands_per_wall_second": round(hands / solver_wall),
                    "brute_hands": len(slow),
                    "brute_hands_per_second": round(len(slow) / brute_seconds),
                    "identical": True,
                }
            )
    return results


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--brute", type=int, default=10_000)
    parser.add_argument("--cards", type=int, default=7)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--decks", type=int, default=1)
    parser.add_argument(
        "--rules", action="append", choices=sorted(RULES), help="only these rules"
    )
    args = parser.parse_args(argv)
    print(
        f"# {platform.processor() or platform.machine()}, {platform.python_version()}"
    )
    results = run(
        args.hands, args.brute, args.cards, args.seed, args.decks, args.rules or ()
    )
    for result in results:
        print(json.dumps(result))


if __name__ == "__main__":
    main()
