"""Skruuvi bench: realistic deals (mostly trump and no-trump contracts, some misere
and pass misere with the aces entered, a few knocks) scored against the state of a
real eight-deal Modern Skruuvi game; and Klubiskruuvi games of twelve deals with a
bolsu (or Mussolini) by each player."""

from __future__ import annotations

import random

from bench.engine import Case
from games.rules.klubiskruuvi import Klubiskruuvi
from games.rules.skruuvi import Skruuvi

TYPES = ("spades", "clubs", "diamonds", "hearts", "no_trump")


def _aces(rng: random.Random, per_seat: list[int]) -> list[dict]:
    order = rng.sample(range(1, 14), 13)
    winner = {}
    start = 0
    for seat, count in enumerate(per_seat):
        for trick in order[start : start + count]:
            winner[trick] = seat
        start += count
    places = []
    for card in ("AS", "AH", "AD", "AC"):
        trick = rng.randint(1, 13)
        places.append({"card": card, "trick": trick, "seat": winner[trick]})
    return places


def _split(rng: random.Random, side_0: int) -> list[int]:
    a = rng.randint(0, side_0)
    b = rng.randint(0, 13 - side_0)
    return [a, b, side_0 - a, 13 - side_0 - b]


def _deal(rng: random.Random, kotka: bool) -> dict:
    roll = rng.random()
    if roll < 0.08:
        per_seat = _split(rng, rng.randint(3, 10))
        return {
            "contract": "pass_misere",
            "tricks": per_seat,
            "aces": _aces(rng, per_seat),
        }
    declarer = rng.randrange(4)
    side = declarer % 2
    level = rng.choice((6, 7) if kotka else (5, 5, 6, 7))
    misere = roll < 0.25
    promised = level + 6
    achieved = min(13, max(0, promised + rng.choice((-2, -1, 0, 0, 0, 1))))
    taken = 13 - achieved if misere else achieved
    tricks = [0, 0]
    tricks[side], tricks[1 - side] = taken, 13 - taken
    raw: dict = {
        "contract": "misere" if misere else rng.choice(TYPES),
        "level": level,
        "declarer": declarer,
        "tricks": tricks,
    }
    if rng.random() < 0.15:
        knock = {"by": (declarer + 1) % 4}
        if rng.random() < 0.3:
            knock["kontra_by"] = declarer
        raw["knocks"] = [knock]
    if misere:
        per_seat = _split(rng, tricks[0])
        raw["tricks"] = per_seat
        raw["aces"] = _aces(rng, per_seat)
    return raw


def _bolsu(rng: random.Random, declarer: int) -> dict:
    misere = rng.random() < 0.8
    wrong = rng.choice((0, 0, 1, 2))
    taken = wrong if misere else 13 - wrong
    rest = 13 - taken
    a = rng.randint(0, rest)
    b = rng.randint(0, rest - a)
    others = [a, b, rest - a - b]
    per_seat = [*others[:declarer], taken, *others[declarer:]]
    raw: dict = {
        "bolsu": True,
        "contract": "misere" if misere else rng.choice(TYPES),
        "declarer": declarer,
        "tricks": per_seat,
    }
    if rng.random() < 0.3:
        raw["knocks"] = [{"by": (declarer + 1) % 4}]
    if misere:
        raw["aces"] = _aces(rng, per_seat)
    return raw


def _klubi_cases() -> Case:
    game = Klubiskruuvi()
    rng = random.Random(16)
    deals = []
    matches = []
    for _ in range(40):
        state = game.start()
        raws = []
        bolsu_slots = set(rng.sample(range(12), 4))
        declarers = rng.sample(range(4), 4)
        while not state.finished:
            if state.deal_number - 1 in bolsu_slots:
                raw = _bolsu(rng, declarers.pop())
            else:
                raw = _deal(rng, kotka=state.team_deals >= 4)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return Case(name="klubiskruuvi: deals", game=game, deals=deals, matches=matches)


def cases() -> list[Case]:
    game = Skruuvi()
    rng = random.Random(15)
    deals = []
    matches = []
    for _ in range(60):
        state = game.start()
        raws = []
        while not state.finished:
            raw = _deal(rng, kotka=state.team_deals >= 4)
            deals.append((state, raw))
            raws.append(raw)
            state = game.advance(state, game.score(state, raw))
        matches.append(({}, raws))
    return [
        Case(name="skruuvi: deals", game=game, deals=deals, matches=matches),
        _klubi_cases(),
    ]
