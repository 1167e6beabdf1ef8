"""Burraco bench: card-entry hands as a club enters them (each side some sets and
runs, one wild in some, a burraco now and then, cards left in the four hands, the
pozzetto taken or not, a closing), scored against the state of real matches."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game

TABLE = Table((0, 1, 0, 1))
SUITS = "SHDC"
# Sets and hands of high ranks, runs of low ones: no card beyond its two copies.
SET_RANKS = ["10", "J", "Q", "K", "A"]
RUN_RANKS = ["3", "4", "5", "6", "7", "8", "9"]


def _deal(rng: random.Random) -> dict:
    ranks = rng.sample(SET_RANKS, 4)
    teams = []
    for s in range(2):
        size = rng.randint(3, 8)
        a_set = [f"{ranks[s]}{SUITS[i % 4]}" for i in range(size)]
        if rng.random() < 0.5:
            a_set[-1] = "Jo"
        start = rng.randrange(len(RUN_RANKS) - 6)  # 0: a run of up to seven
        suit = SUITS[s]
        run = [f"{r}{suit}" for r in RUN_RANKS[start : start + rng.randint(3, 7)]]
        if rng.random() < 0.5:
            run[1] = "2" + SUITS[2 + s]  # a 2 of another suit: the run's wild
        melds = [
            " ".join(a_set),
            " ".join(run),
            f"2{SUITS[2 + s]} 3{SUITS[2 + s]} 4{SUITS[2 + s]}",
        ]
        hands = [f"{ranks[2 + s]}H {ranks[2 + s]}D", f"{ranks[2 + s]}C"]
        teams.append({"melds": melds, "hands": hands, "pozzetto": rng.random() < 0.8})
    closed = None
    if teams[0]["pozzetto"] and len(teams[0]["melds"][0].split()) >= 7:
        teams[0]["hands"][0] = ""
        closed = 0
    return {"teams": teams, "closed": closed}


def cases() -> list[Case]:
    game = get_game("burraco")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(1), count=20, table=TABLE
    )
    return [Case(name="burraco: deals", game=game, deals=deals, matches=matches)]
