"""Honours a scorer could enter (Historical Skruuvi §17.4.2, Vint §18.3.2): a hand of
three or four aces, top sequences one a suit, and counts per side that hold at least
what the hands show — shared by the two games' strategies and property tests."""

from __future__ import annotations

from hypothesis import strategies as st

SUITS = ("spades", "hearts", "diamonds", "clubs")


@st.composite
def holdings(draw, *, suits=SUITS) -> dict:
    """``aces_in_hand`` and ``sequences`` that fit one deck, and ``shown``: the
    fewest aces each side must hold for them."""
    hand = draw(st.none() | st.tuples(st.integers(0, 3), st.sampled_from((3, 4))))
    runs = draw(
        st.lists(
            st.tuples(st.integers(0, 3), st.sampled_from(suits), st.integers(3, 6)),
            max_size=2,
            unique_by=lambda run: run[1],
        )
    )
    if hand is not None:
        elsewhere = [run for run in runs if run[0] != hand[0]]
        keep = elsewhere[: 4 - hand[1]]
        runs = [run for run in runs if run[0] == hand[0] or run in keep]
    shown = [0, 0]
    if hand is not None:
        shown[hand[0] % 2] += hand[1]
    for seat, _suit, _length in runs:
        if hand is None or seat != hand[0]:
            shown[seat % 2] += 1
    return {
        "aces_in_hand": [] if hand is None else [{"seat": hand[0], "aces": hand[1]}],
        "sequences": [{"seat": s, "suit": u, "length": n} for s, u, n in runs],
        "shown": shown,
    }


def split(draw, total: int, need: list[int]) -> list[int]:
    """A count per side adding up to ``total``, each side at least ``need``."""
    first = draw(st.integers(need[0], total - need[1]))
    return [first, total - first]
