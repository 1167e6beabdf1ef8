"""Historical Skruuvi bench: Modern Skruuvi's realistic deals (``bench/cases/
skruuvi.py``: contracts, misere and pass misere with the aces, knocks) at levels
four to seven, unknocked fours entered without tricks, with the value cards held in
trump and no trump, scored against the state of real matches (rubber + kotkas)."""

from __future__ import annotations

import random

from bench.cases.skruuvi import _deal as skruuvi_deal
from bench.engine import Case
from games.engine import get_game


def _deal(rng: random.Random, kotka: bool) -> dict:
    raw = skruuvi_deal(rng, kotka)
    contract = raw["contract"]
    raw["first_to_game"] = rng.randrange(2)  # used only when both reach 60
    if contract in ("misere", "pass_misere"):
        return raw
    if not kotka and rng.random() < 0.15:
        raw["level"] = 4
        raw.pop("knocks", None)
        del raw["tricks"]  # an unknocked four is not played (17.3)
        raw["first_to_game"] = raw["declarer"] % 2  # its declarers are first
    elif not kotka and raw["level"] == 5 and rng.random() < 0.3:
        raw["level"] = 4  # five's tricks make a four with overtricks
        raw["knocks"] = [{"by": (raw["declarer"] + 1) % 4}]
    total = 4 if contract == "no_trump" else 9
    mine = rng.randint(0, total)
    raw["value_cards"] = [mine, total - mine]
    return raw


def cases() -> list[Case]:
    game = get_game("historical-skruuvi")
    rng = random.Random(17)
    deals = []
    matches = []
    for _ in range(40):
        state = game.start()
        raws = []
        while not state.finished:
            raw = _deal(rng, kotka=state.match.in_extra_deals)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [
        Case(
            name="historical-skruuvi: deals",
            game=game,
            deals=deals,
            matches=matches,
            target_per_second=50_000,
        )
    ]
