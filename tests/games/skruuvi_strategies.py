"""Hypothesis strategies for legal Skruuvi deals (Modern Skruuvi and Klubiskruuvi).

A legal deal is built from a real play: the 13 tricks are shared out to the seats,
each trick has one winner, and each ace falls in one of the tricks — so the aces are
always consistent with the tricks entered.
"""

from __future__ import annotations

from hypothesis import strategies as st

TYPES = ("misere", "spades", "clubs", "diamonds", "hearts", "no_trump")
ACES = ("AS", "AH", "AD", "AC")


@st.composite
def seat_tricks(draw) -> list[int]:
    """Tricks per seat, adding up to 13."""
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    return [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]


@st.composite
def ace_places(draw, per_seat: list[int]) -> list[dict]:
    """Where the four aces fell, in tricks won as ``per_seat`` says."""
    order = draw(st.permutations(range(1, 14)))
    winner = {}
    start = 0
    for seat, count in enumerate(per_seat):
        for trick in order[start : start + count]:
            winner[trick] = seat
        start += count
    tricks = [draw(st.integers(1, 13)) for _ in ACES]
    return [
        {"card": card, "trick": trick, "seat": winner[trick]}
        for card, trick in zip(ACES, tricks, strict=True)
    ]


@st.composite
def team_deals(draw, *, min_level: int = 1, with_aces: bool = True) -> dict:
    """A legal deal played by the two teams (a contract or a pass misere)."""
    per_seat = draw(seat_tricks())
    per_side = [per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]]
    contract = draw(st.sampled_from((*TYPES, "pass_misere")))
    raw: dict = {
        "contract": contract,
        "tricks": per_seat if draw(st.booleans()) else per_side,
    }
    if contract == "pass_misere":
        if draw(st.booleans()):
            knocker = draw(st.integers(0, 3))
            knock = {"by": knocker}
            if draw(st.booleans()):
                knock["kontra_by"] = (knocker + draw(st.sampled_from([1, 3]))) % 4
            raw["knocks"] = [knock]
    else:
        declarer = draw(st.integers(0, 3))
        raw["declarer"] = declarer
        raw["level"] = draw(st.integers(min_level, 7))
        if draw(st.booleans()):
            knock = {"by": (declarer + draw(st.sampled_from([1, 3]))) % 4}
            if draw(st.booleans()):
                knock["kontra_by"] = (declarer + draw(st.sampled_from([0, 2]))) % 4
            raw["knocks"] = [knock]
    if with_aces and contract in ("misere", "pass_misere"):
        raw["aces"] = draw(ace_places(per_seat))
    return raw


@st.composite
def bolsu_deals(draw, declarer: int) -> dict:
    """A legal bolsu (7 misere) or Mussolini by ``declarer``."""
    per_seat = draw(seat_tricks())
    contract = draw(st.sampled_from(TYPES))
    raw: dict = {"bolsu": True, "contract": contract, "declarer": declarer}
    if draw(st.booleans()):
        raw["tricks"] = per_seat
    else:
        raw["tricks"] = [per_seat[declarer], 13 - per_seat[declarer]]
    if draw(st.booleans()):
        raw["level"] = 7
    knocks = []
    for seat in range(4):
        if seat != declarer and draw(st.booleans()):
            knock = {"by": seat}
            if draw(st.booleans()):
                knock["kontra_by"] = declarer
            knocks.append(knock)
    if knocks:
        raw["knocks"] = knocks
    if contract == "misere":
        raw["aces"] = draw(ace_places(per_seat))
    return raw
