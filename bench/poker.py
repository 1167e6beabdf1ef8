"""Poker hand ranking: Kirjuri's rate beside an independent evaluator's, in one run.

Run: ``.venv/bin/python -m bench.poker`` (``--hands 500000``). Both rank the same
random hands (seed 21), five and seven cards from 52, through their public Python
calls: :func:`games.engine.poker.hand_key` on Kirjuri's cards, ``phevaluator``'s
``evaluate_5cards``/``evaluate_7cards`` on its integer card ids (its cheapest
input). Also wild five-card hands with one and two jokers
(:func:`games.engine.poker.wild_hand_key`), which the evaluator has no counterpart
for. Rates are per second of this process's CPU time (``time.process_time``), so
other work on a shared machine does not count against them; each is the best of
three passes.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable, Sequence

from phevaluator import evaluate_5cards, evaluate_7cards

from games.engine.cards import JOKER, STANDARD_CARDS, Card, Suit
from games.engine.poker import VALUES, hand_key, wild_hand_key

_SUIT_ID = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
PH_ID = {c: (VALUES[c.rank] - 2) * 4 + _SUIT_ID[c.suit] for c in STANDARD_CARDS}


def _rate(run: Callable[[], None], count: int) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return count / best


def measure(hands: int, seed: int = 21) -> dict[str, float]:
    rng = random.Random(seed)
    deck = list(STANDARD_CARDS)
    fives = [rng.sample(deck, 5) for _ in range(hands)]
    sevens = [rng.sample(deck, 7) for _ in range(hands)]
    five_ids = [[PH_ID[c] for c in h] for h in fives]
    seven_ids = [[PH_ID[c] for c in h] for h in sevens]
    wild1: list[Sequence[Card]] = [[*h[:4], JOKER] for h in fives[: hands // 10]]
    wild2: list[Sequence[Card]] = [[*h[:3], JOKER, JOKER] for h in fives[: hands // 50]]
    hand_key(sevens[0])  # the seven-card table is built on first use, not timed

    def kirjuri(hs: list) -> Callable[[], None]:
        return lambda: [hand_key(h) for h in hs] and None

    def wild(hs: list) -> Callable[[], None]:
        return lambda: [wild_hand_key(h) for h in hs] and None

    return {
        "kirjuri_5": _rate(kirjuri(fives), hands),
        "phevaluator_5": _rate(
            lambda: [evaluate_5cards(*h) for h in five_ids] and None, hands
        ),
        "kirjuri_7": _rate(kirjuri(sevens), hands),
        "phevaluator_7": _rate(
            lambda: [evaluate_7cards(*h) for h in seven_ids] and None, hands
        ),
        "kirjuri_wild_1_joker": _rate(wild(wild1), len(wild1)),
        "kirjuri_wild_2_jokers": _rate(wild(wild2), len(wild2)),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500_000)
    args = parser.parse_args(argv)
    rates = measure(args.hands)
    print(f"# {platform.python_implementation()} {platform.python_version()}")
    for name, rate in rates.items():
        print(f"{name:24} {rate:12,.0f} hands/s (CPU)")
    print(f"ratio 5 cards  {rates['kirjuri_5'] / rates['phevaluator_5']:.2f}")
    print(f"ratio 7 cards  {rates['kirjuri_7'] / rates['phevaluator_7']:.2f}")
    print(json.dumps({k: round(v) for k, v in rates.items()}))


if __name__ == "__main__":
    main()
