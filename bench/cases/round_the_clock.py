"""Tuomas's Round the Clock bench: two to four players throwing turns aimed at the
sector each tries (a hit now and then, a double or triple, the bull, misses), until
someone finishes. :func:`dart_matches` plays the other dart games' cases too."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bench.engine import Case
from games.engine import DealRejected, Game, Table, get_game

SECTOR_CODES = [f"{m}{s}" for s in range(1, 21) for m in ("", "D", "T")]


def aimed_dart(rng: random.Random, sector: int) -> str:
    """A dart at ``sector``: its single, double or triple, a neighbour, the bull
    or a miss."""
    roll = rng.random()
    if roll < 0.35:
        return str(sector)
    if roll < 0.42:
        return f"D{sector}"
    if roll < 0.47:
        return f"T{sector}"
    if roll < 0.5:
        return rng.choice(["OB", "IB"])
    if roll < 0.6:
        return "M"
    return rng.choice(SECTOR_CODES)


def legal(game: Game, state: Any, raw: dict) -> dict:
    """``raw`` without the darts after the one that ended the game or the half."""
    try:
        game.score(state, raw)
    except DealRejected as rejected:
        (error,) = [e for e in rejected.errors if e.code == "after_the_end"]
        cut = int(error.path.rsplit(".", 1)[1])
        raw = {**raw, "darts": raw["darts"][:cut]}
        if "bull_closes" in raw:  # the bulls of the darts kept
            bulls = sum(d in ("OB", "IB") for d in raw["darts"])
            raw["bull_closes"] = raw["bull_closes"][:bulls]
    return raw


def dart_matches(
    slug: str,
    turn: Callable[[random.Random, Any], dict],
    *,
    seed: int,
    count: int,
    tables: list[Table],
    options: dict | None = None,
    first: dict | None = None,
    most_deals: int = 400,
) -> Case:
    """``count`` matches of ``slug`` played turn by turn to their end: each turn
    from ``turn(rng, state)``, made legal (:func:`legal`)."""
    game = get_game(slug)
    rng = random.Random(seed)
    deals: list = []
    matches: list = []
    for i in range(count):
        table = tables[i % len(tables)]
        state = game.start(options or {}, table)
        raws: list = []
        if first is not None:
            raw = (
                first
                if len(first["own_sectors"]) == len(table.seats)
                else {**first, "own_sectors": first["own_sectors"][: len(table.seats)]}
            )
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        while not state.finished and len(raws) < most_deals:
            raw = legal(game, state, turn(rng, state))
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append((options or {}, raws))
    return Case(name=f"{slug}: turns", game=game, deals=deals, matches=matches)


def cases() -> list[Case]:
    def turn(rng: random.Random, state: Any) -> dict:
        target = state.totals[state.thrower] + 1
        return {"darts": [aimed_dart(rng, min(target, 20)) for _ in range(3)]}

    return [
        dart_matches(
            "round-the-clock",
            turn,
            seed=58,
            count=40,
            tables=[Table((0, 1)), Table((0, 1, 2)), Table((0, 1, 2, 3))],
        )
    ]
