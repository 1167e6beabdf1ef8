"""Tuomas's Mah Jong matches for the fold-once laws, and the winning hands the game's
property tests draw: four combinations (chows, pungs, kongs; melded, melded face down
or still in the hand) and a pair, with flowers; losers with a pung or two; void
deals and quick (totals) entry mixed in."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from games.engine.tiles import MAH_JONG_SET, TILES, Tile
from tests.games.strategies import MatchCase

SLUG = "mahjong"
FACES = [t for t in TILES.values() if not t.is_flower]
FLOWERS = [t for t in TILES.values() if t.is_flower]


@st.composite
def combination(draw) -> tuple[str, tuple[Tile, ...]]:
    kind = draw(st.sampled_from(["chow", "pung", "kong"]))
    if kind == "chow":
        suit = draw(st.sampled_from("CBK"))
        low = draw(st.integers(1, 7))
        return kind, tuple(TILES[f"{n}{suit}"] for n in range(low, low + 3))
    face = draw(st.sampled_from(FACES))
    return kind, (face,) * (3 if kind == "pung" else 4)


@st.composite
def winning_hand(draw) -> dict:
    """One winning hand's entry: ``{"melded", "concealed_kongs", "hand",
    "flowers"}`` with each set placed at random, and the tiles it uses."""
    sets = [draw(combination()) for _ in range(4)]
    pair = (draw(st.sampled_from(FACES)),) * 2
    flowers = draw(st.lists(st.sampled_from(FLOWERS), max_size=3))
    used = Counter(t for _, s in sets for t in s) + Counter(pair) + Counter(flowers)
    if any(n > MAH_JONG_SET[t] for t, n in used.items()):
        # Too many copies of a face: play it safe with a plain hand.
        sets = [("chow", tuple(TILES[f"{n}C"] for n in (1, 2, 3)))] * 2 + [
            ("pung", (TILES["E"],) * 3),
            ("kong", (TILES["RD"],) * 4),
        ]
        pair, flowers = (TILES["9B"],) * 2, []
    melded, kongs, hand = [], [], list(pair)
    for kind, tiles in sets:
        where = draw(st.sampled_from(["melded", "hand"]))
        if kind == "kong":
            (kongs if draw(st.booleans()) else melded).append(tiles)
        elif where == "melded":
            melded.append(tiles)
        else:
            hand.extend(tiles)
    return {
        "melded": ", ".join(" ".join(t.code for t in s) for s in melded),
        "concealed_kongs": ", ".join(" ".join(t.code for t in s) for s in kongs),
        "hand": " ".join(t.code for t in draw(st.permutations(hand))),
        "flowers": " ".join(t.code for t in flowers),
    }


def _free(hands: list[dict], face: Tile, copies: int) -> bool:
    """Are ``copies`` more of ``face`` left in the set, beside ``hands``?"""
    text = " ".join(v.replace(",", " ") for h in hands for v in h.values())
    return text.split().count(face.code) + copies <= MAH_JONG_SET[face]


@st.composite
def tiles_deal(draw) -> dict:
    winner = draw(st.integers(0, 3))
    hand = draw(winning_hand())
    hands: list[dict] = [{} for _ in range(4)]
    hands[winner] = hand
    for seat in range(4):
        if seat == winner or not draw(st.booleans()):
            continue
        face = draw(st.sampled_from(FACES))
        if _free(hands, face, 3):
            hands[seat] = {"hand": f"{face.code} {face.code} {face.code}"}
    won_by = draw(st.sampled_from(["discard", "wall", "replacement"]))
    return {"winner": winner, "won_by": won_by, "hands": hands}


@st.composite
def totals_deal(draw) -> dict:
    winner = draw(st.integers(0, 3))
    values = [2 * draw(st.integers(0, 60)) for _ in range(4)]
    values[winner] = 2 * draw(st.integers(10, 300))
    return {"mode": "totals", "winner": winner, "values": values}


def deals() -> st.SearchStrategy[dict]:
    return st.one_of(
        tiles_deal(),
        totals_deal(),
        st.just({"winner": None}),
        st.just({"mode": "totals", "winner": None}),
    )


@st.composite
def _cases(draw) -> MatchCase:
    options = draw(
        st.sampled_from(
            [{}, {"length": "long"}, {"void_deal_counts": False}, {"start": 100}]
        )
    )
    return MatchCase(tuple(draw(st.lists(deals(), max_size=9))), draw(deals()), options)


def matches():
    return _cases()
