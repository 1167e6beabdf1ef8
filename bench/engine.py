"""Engine throughput: deals verified and scored per second, and matches folded.

Run: ``.venv/bin/python -m bench.engine`` (add ``--seconds 2`` for longer samples).

Each game contributes cases from ``bench/cases/<game>.py``: a module with
``cases() -> list[Case]``. A case is a list of raw deals (as a scorer would send them)
and the match state each is scored against; the bench times ``Game.score`` (parse +
verify + score) per deal on one core, and ``Game.fold`` of whole matches. Numbers are
printed next to a baseline measured in the same run (building a dict of the same size
as each deal's input), so that a noisy machine shows up as a ratio, not as a drift.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import platform
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine import Game, MatchState


@dataclass(frozen=True)
class Case:
    """A stream of deals to score, each with the state it is scored against."""

    name: str
    game: Game
    deals: Sequence[tuple[MatchState, Any]]  # (state before the deal, raw deal)
    matches: Sequence[tuple[dict, Sequence[Any]]] = ()  # (options, raw deals) to fold
    target_per_second: int | None = None


def _rate(fn: Callable[[], int], seconds: float) -> float:
    """Operations per second: run ``fn`` (returns ops done) until ``seconds`` pass."""
    done = 0
    start = time.perf_counter()
    while True:
        done += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def measure(case: Case, seconds: float) -> dict[str, Any]:
    game = case.game

    def score_all() -> int:
        for state, raw in case.deals:
            game.score(state, raw)
        return len(case.deals)

    def copy_all() -> int:  # baseline: touch the same input without scoring it
        for _, raw in case.deals:
            json.loads(json.dumps(raw))
        return len(case.deals)

    result = {
        "case": case.name,
        "deals_per_second": round(_rate(score_all, seconds)),
        "baseline_json_roundtrips_per_second": round(_rate(copy_all, seconds)),
        "target_deals_per_second": case.target_per_second,
    }
    if case.matches:

        def fold_all() -> int:
            for options, deals in case.matches:
                game.fold(deals, options)
            return len(case.matches)

        result["matches_folded_per_second"] = round(_rate(fold_all, seconds))
        result["deals_per_match"] = round(
            sum(len(d) for _, d in case.matches) / len(case.matches), 1
        )
    return result


def all_cases() -> list[Case]:
    import bench.cases as package

    found: list[Case] = []
    for module in pkgutil.iter_modules(package.__path__):
        found.extend(importlib.import_module(f"bench.cases.{module.name}").cases())
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--only", help="run only cases whose name contains this")
    args = parser.parse_args(argv)
    print(
        f"# {platform.processor() or platform.machine()}, {platform.python_version()}"
    )
    for case in all_cases():
        if args.only and args.only not in case.name:
            continue
        print(json.dumps(measure(case, args.seconds)))


if __name__ == "__main__":
    main()
