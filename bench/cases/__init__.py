"""Bench cases, one module per game (``cases()`` returns its ``Case``s).

:func:`played_matches` plays random matches to their end for a case's deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.engine import Game, Table


def played_matches(
    game: Game,
    deal: Callable[[random.Random], Any],
    *,
    rng: random.Random,
    count: int,
    table: Table,
    options: dict | None = None,
    most_deals: int = 40,
) -> tuple[list, list]:
    """``count`` matches of random deals from ``deal(rng)``, each played until it
    ends (or ``most_deals``): every deal with the state it is scored against, and
    every match as ``(options, raw deals)`` to fold."""
    options = options or {}
    deals: list = []
    matches: list = []
    for _ in range(count):
        state = game.start(options, table)
        raws: list = []
        while not state.finished and len(raws) < most_deals:
            raw = deal(rng)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append((options, raws))
    return deals, matches
