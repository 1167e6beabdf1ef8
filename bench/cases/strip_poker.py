"""Strip Poker bench: deals at a table of four with two jokers, entered as the two
bettings and the hands shown (the engine plays both bettings, ranks the wild hands,
pays the antes and the pot, strips garments); matches of up to forty deals from 20
chips, in which players strip and drop out."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import DealRejected, Table, get_game
from games.engine.betting import play_betting
from games.engine.cards import STANDARD_CARDS

TABLE = Table(tuple(range(4)))
CODES = [card.code for card in STANDARD_CARDS] + ["Jo", "Jo"]
OPTIONS = {"jokers": 2}
WORDS = ["F", "C", "C", "C", "R1", "R2", "R5"]


def _turns(rng: random.Random, players: int) -> list[str]:
    words: list[str] = []
    while play_betting(words, order=range(players), paid=(1,) * players)[1]:
        words.append(rng.choice(WORDS if len(words) < 8 else ["F", "C", "C"]))
    return words


def _deal_for(game, state, rng: random.Random) -> dict:
    players = len(state.table.seats) - len(state.out)
    first = _turns(rng, players)
    live = len(play_betting(first, order=range(players), paid=(1,) * players)[0].live)
    second = _turns(rng, live) if live > 1 else []
    cards = rng.sample(CODES, 5 * len(state.table.seats))
    hands = [
        "" if s in state.out else " ".join(cards[5 * s : 5 * s + 5])
        for s in range(len(state.table.seats))
    ]
    return {
        "first_betting": " ".join(first),
        "second_betting": " ".join(second),
        "hands": hands,
    }


def cases() -> list[Case]:
    game = get_game("strip-poker")
    rng = random.Random(26)
    deals: list = []
    matches: list = []
    for _ in range(20):
        state = game.start(OPTIONS, TABLE)
        raws: list = []
        while not state.finished and len(raws) < 40:
            # Random bettings can raise a player past what their last garment
            # calls (§26.5): such a deal is refused, so draw another.
            while True:
                raw = _deal_for(game, state, rng)
                try:
                    score = game.score(state, raw)
                except DealRejected:
                    continue
                break
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, score)
        matches.append((OPTIONS, raws))
    return [
        Case(name="strip-poker: deals at four", game=game, deals=deals, matches=matches)
    ]
