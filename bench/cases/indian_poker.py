"""Indian Poker bench: hands at a table of six entered as their betting turns and
the six cards (the engine plays the betting and finds the highest live card);
sessions of twenty hands from 30 chips each, so that IOUs are written."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game
from games.engine.betting import play_betting
from games.engine.cards import STANDARD_CARDS

TABLE = Table(tuple(range(6)))
CODES = [card.code for card in STANDARD_CARDS]
OPTIONS = {"hands": 20, "start": 30}
WORDS = ["F", "C", "C", "C", "R1", "R2", "R3", "R5"]


def _turns(rng: random.Random) -> list[str]:
    words: list[str] = []
    while play_betting(words, order=range(6), paid=(1,) * 6)[1]:
        words.append(rng.choice(WORDS if len(words) < 12 else ["F", "C", "C"]))
    return words


def _deal(rng: random.Random) -> dict:
    return {"actions": " ".join(_turns(rng)), "cards": rng.sample(CODES, 6)}


def cases() -> list[Case]:
    game = get_game("indian-poker")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(25), count=20, table=TABLE, options=OPTIONS
    )
    return [
        Case(name="indian-poker: hands at six", game=game, deals=deals, matches=matches)
    ]
