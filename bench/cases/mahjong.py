"""Tuomas's Mah Jong bench: deals as a club enters them — the winner's four
combinations and pair (about half of the sets melded, the rest typed as the tiles
still in the hand for the engine to split), a flower or two, how the winning tile
came; each loser's thirteen tiles drawn from what is left of the set, for the engine
to arrange for Category I; one deal in twenty void. Short games of four deals."""

from __future__ import annotations

import random
from collections import Counter

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game
from games.engine.tiles import MAH_JONG_SET, TILES

TABLE = Table((0, 1, 2, 3))
FACES = [t for t in TILES.values() if not t.is_flower]
FLOWERS = [t for t in TILES.values() if t.is_flower]


def _combination(rng: random.Random) -> list:
    kind = rng.choice(["chow", "chow", "pung", "pung", "kong"])
    if kind == "chow":
        suit, low = rng.choice("CBK"), rng.randint(1, 7)
        return [TILES[f"{n}{suit}"] for n in range(low, low + 3)]
    face = rng.choice(FACES)
    return [face] * (3 if kind == "pung" else 4)


def _deal(rng: random.Random) -> dict:
    if rng.random() < 0.05:
        return {"winner": None}
    while True:
        sets = [_combination(rng) for _ in range(4)]
        pair = [rng.choice(FACES)] * 2
        flowers = rng.sample(FLOWERS, rng.randint(0, 2))
        used = Counter(t for s in sets for t in s) + Counter(pair) + Counter(flowers)
        if all(n <= MAH_JONG_SET[t] for t, n in used.items()):
            break
    winner = rng.randrange(4)
    melded, kongs, hand = [], [], list(pair)
    for tiles in sets:
        if len(tiles) == 4:
            (kongs if rng.random() < 0.5 else melded).append(tiles)
        elif rng.random() < 0.5:
            melded.append(tiles)
        else:
            hand.extend(tiles)
    rng.shuffle(hand)
    wall = [t for t, n in MAH_JONG_SET.items() for _ in range(n - used[t])]
    rng.shuffle(wall)
    wall = [t for t in wall if not t.is_flower]
    hands: list[dict] = []
    for seat in range(4):
        if seat == winner:
            hands.append(
                {
                    "melded": ", ".join(" ".join(t.code for t in s) for s in melded),
                    "concealed_kongs": ", ".join(
                        " ".join(t.code for t in s) for s in kongs
                    ),
                    "hand": " ".join(t.code for t in hand),
                    "flowers": " ".join(t.code for t in flowers),
                }
            )
        else:
            held, wall = wall[:13], wall[13:]
            hands.append({"hand": " ".join(t.code for t in sorted(held))})
    won_by = rng.choice(["discard", "discard", "wall", "replacement"])
    return {"winner": winner, "won_by": won_by, "hands": hands}


def cases() -> list[Case]:
    game = get_game("mahjong")
    deals, matches = played_matches(
        game, _deal, rng=random.Random(42), count=30, table=TABLE
    )
    return [
        Case(name="mahjong: deals of tiles", game=game, deals=deals, matches=matches)
    ]
