"""Vint matches: played deals with honours that fit the deck, all-pass deals, and
now and then both sides reaching the game with or without who got there first."""

from hypothesis import strategies as st

from tests.games.skruuvi_strategies import seat_tricks
from tests.games.strategies import cases
from tests.games.strategies._honours import holdings, split

SLUG = "vint"
STRAINS = ("spades", "clubs", "diamonds", "hearts", "no_trump")


@st.composite
def deals(draw) -> dict:
    """A legal Vint deal (an all-pass deal one time in ten)."""
    if draw(st.integers(0, 9)) == 0:
        return {"all_pass": True}
    strain = draw(st.sampled_from(STRAINS))
    per_seat = draw(seat_tricks())
    per_side = [per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]]
    suits = None if strain == "no_trump" else (strain,)
    held = draw(holdings() if suits is None else holdings(suits=suits))
    raw = {
        "strain": strain,
        "level": draw(st.integers(1, 7)),
        "declarer": draw(st.integers(0, 3)),
        "tricks": per_seat if draw(st.booleans()) else per_side,
        "aces": split(draw, 4, held["shown"]),
        "aces_in_hand": held["aces_in_hand"],
        "sequences": held["sequences"],
    }
    if suits is not None:
        need = [0, 0]
        for run in held["sequences"]:
            need[run["seat"] % 2] = max(need[run["seat"] % 2], min(run["length"], 5))
        raw["trumps"] = split(draw, 5, need)
    first = draw(st.none() | st.integers(0, 1))
    if first is not None:
        raw["first_to_game"] = first
    return raw


def matches():
    return cases(deals(), max_deals=12)
