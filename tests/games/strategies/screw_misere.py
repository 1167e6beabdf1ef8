"""Screw Misere matches: whole deals trick by trick (who won each trick, where the
aces fell), entered per side or per seat, to a small target so protection and the
choice come up; now and then a choice where none is open, or a missing one, which
the fold keeps flagged."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase

SLUG = "screw-misere"
SUITS = ("AS", "AH", "AD", "AC")


@st.composite
def _deal(draw) -> dict:
    seats = draw(st.lists(st.integers(0, 3), min_size=13, max_size=13))
    tricks = draw(st.lists(st.integers(1, 13), min_size=4, max_size=4, unique=True))
    per_seat = [seats.count(s) for s in range(4)]
    entry = (
        per_seat
        if draw(st.booleans())
        else [per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]]
    )
    raw = {
        "tricks": entry,
        "aces": [
            {"card": card, "trick": t, "seat": seats[t - 1]}
            for card, t in zip(SUITS, tricks, strict=True)
        ],
    }
    choice = draw(st.sampled_from([None, None, None, "normal", "protected"]))
    if choice is not None:
        raw["choice"] = choice
    return raw


@st.composite
def _match(draw) -> MatchCase:
    length = draw(st.integers(0, 12))
    return MatchCase(
        deals=tuple(draw(_deal()) for _ in range(length)),
        spare=draw(_deal()),
        options={"target": draw(st.sampled_from([40, 60, 100]))},
    )


def matches():
    return _match()
