"""Time Swiss pairing of one mid-event round, and compare with networkx.

Run: ``.venv/bin/python bench/pairing.py`` (add ``--quick`` to skip networkx).

For each field size the event is simulated with Kirjuri's own pairer for the rounds
before (random results: 45 % wins, 10 % draws, 45 % losses, win = 1, draw = ½),
then round ``--round`` (default 5 of 9) is timed (best of ``--repeat``). At 512
entries the same state is paired by ``networkx.max_weight_matching`` on the complete
graph of legal pairs (every pair that has not met), with one global weight per pair
encoding the same preferences (score difference first, then side clash, then rank
distance), and both pairings are checked for legality and score-group quality.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tournaments.formats.base import Bye, Round, Table
from tournaments.formats.swiss import (
    SwissEntry,
    check_swiss_round,
    pair_swiss_round,
    swiss_history,
)
from tournaments.formats.swiss_sides import side_preference


def simulate(n: int, rounds: int, seed: int) -> tuple[list[SwissEntry], list[Round]]:
    """The state before round ``rounds + 1`` of a simulated ``n``-entry Swiss."""
    rng = random.Random(seed)
    entries = list(range(1, n + 1))
    scores: dict[int, Fraction] = {e: Fraction(0) for e in entries}
    history: list[Round] = []
    for number in range(1, rounds + 1):
        state = _state(entries, scores, history)
        round_ = pair_swiss_round(state, round_number=number)
        for table in round_.tables:
            a, b = table.sides[0][0], table.sides[1][0]
            roll = rng.random()
            if roll < 0.45:
                scores[a] += 1
            elif roll < 0.55:
                scores[a] += Fraction(1, 2)
                scores[b] += Fraction(1, 2)
            else:
                scores[b] += 1
        for bye in round_.byes:
            scores[bye.entry] += 1
        history.append(round_)
    return _state(entries, scores, history), history


def _state(entries, scores, history) -> list[SwissEntry]:
    ranked = sorted(entries, key=lambda e: (-scores[e], e))
    return list(swiss_history(ranked, scores, history))


def networkx_round(state: list[SwissEntry], number: int) -> Round:
    import networkx as nx

    levels = {
        s: i for i, s in enumerate(sorted({e.score for e in state}, reverse=True))
    }
    n = len(state)
    rank = {e.entry: i for i, e in enumerate(state)}
    prefs = {e.entry: side_preference(e) for e in state}
    span = max(levels.values())
    rank_t = 1
    colour_t = n + 1
    score_t = 3 * n * colour_t + n * n
    base = score_t * (span * span + 1)
    graph = nx.Graph()
    graph.add_nodes_from(e.entry for e in state)
    for i, a in enumerate(state):
        for b in state[i + 1 :]:
            if b.entry in a.opponents:
                continue
            d = levels[a.score] - levels[b.score]
            pa, pb = prefs[a.entry], prefs[b.entry]
            clash = min(abs(pa), abs(pb)) if pa * pb > 0 else 0
            w = (
                base
                - score_t * d * d
                - colour_t * clash
                - rank_t * abs(rank[a.entry] - rank[b.entry])
            )
            graph.add_edge(a.entry, b.entry, weight=w)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables = tuple(
        Table(i, ((a,), (b,))) for i, (a, b) in enumerate(sorted(matching), start=1)
    )
    paired = {e for t in tables for e in t.entries}
    byes = tuple(Bye(e.entry) for e in state if e.entry not in paired)
    return Round(number, tables, byes)


def quality(state: list[SwissEntry], round_: Round) -> dict[str, object]:
    score = {e.entry: e.score for e in state}
    cross = [t for t in round_.tables if score[t.entries[0]] != score[t.entries[1]]]
    return {
        "legal": not check_swiss_round(state, round_),
        "problems": len(check_swiss_round(state, round_)),
        "tables": len(round_.tables),
        "cross_group_pairs": len(cross),
        "total_score_diff": float(
            sum(abs(score[t.entries[0]] - score[t.entries[1]]) for t in round_.tables)
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="512,1000,2000")
    parser.add_argument("--round", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quick", action="store_true", help="skip networkx")
    args = parser.parse_args()
    print(
        f"python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} cores; pairing round {args.round} (state after "
        f"{args.round - 1} simulated rounds)"
    )
    for n in (int(s) for s in args.sizes.split(",")):
        state, _ = simulate(n, args.round - 1, args.seed)
        groups = len({e.score for e in state})
        best = best_cpu = float("inf")
        round_ = None
        for _ in range(args.repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            round_ = pair_swiss_round(state, round_number=args.round)
            best = min(best, time.perf_counter() - start)
            best_cpu = min(best_cpu, time.process_time() - start_cpu)
        assert round_ is not None
        q = quality(state, round_)
        print(
            f"kirjuri  n={n:5d} groups={groups:2d}  wall {best:7.3f} s  "
            f"cpu {best_cpu:7.3f} s  {q}"
        )
        if n == 512 and not args.quick:
            start, start_cpu = time.perf_counter(), time.process_time()
            reference = networkx_round(state, args.round)
            elapsed = time.perf_counter() - start
            elapsed_cpu = time.process_time() - start_cpu
            print(
                f"networkx n={n:5d}            wall {elapsed:7.3f} s  "
                f"cpu {elapsed_cpu:7.3f} s  {quality(state, reference)}"
            )
            print(
                f"speed-up at 512: wall {elapsed / best:.1f}x, "
                f"cpu {elapsed_cpu / best_cpu:.1f}x"
            )


if __name__ == "__main__":
    main()
