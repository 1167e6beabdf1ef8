"""Kiertopokeri bench: games of six entered doubt by doubt (announcer, doubter, an
announcement true or false, the five cards shown), each checked against the cards,
until one player is left."""

from __future__ import annotations

import random

from bench.engine import Case
from games.engine import Table, get_game
from games.engine.cards import STANDARD_CARDS, parse_cards
from games.engine.poker import poker_hand
from games.rules.kiertopokeri import announcement_of

TABLE = Table(tuple(range(6)))
CODES = [card.code for card in STANDARD_CARDS]


def _announce(cards: list[str], *, lie: bool) -> str:
    words = announcement_of(poker_hand(parse_cards(cards))).split()
    if lie:  # the first named rank changed: an ace, or a king after an ace
        first = next(i for i, w in enumerate(words) if w[0].isdigit() or w.isupper())
        words[first] = "K" if words[first] == "A" else "A"
    return " ".join(words)


def cases() -> list[Case]:
    game = get_game("kiertopokeri")
    rng = random.Random(23)
    deals: list = []
    matches: list = []
    for _ in range(40):
        state = game.start({}, TABLE)
        raws: list = []
        while not state.finished:
            left = [s for s in range(6) if s not in state.out]
            announcer = rng.choice(left)
            doubter = left[(left.index(announcer) + 1) % len(left)]
            cards = rng.sample(CODES, 5)
            raw = {
                "announcer": announcer,
                "doubter": doubter,
                "announced": _announce(cards, lie=rng.random() < 0.5),
                "shown": " ".join(cards),
            }
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [Case(name="kiertopokeri: doubts", game=game, deals=deals, matches=matches)]
