"""Beginners' Go matches for the fold-once laws: positions (some with a group
without liberties, which the fold keeps flagged), counted totals and results;
komi 6.5 or a whole number (draws)."""

from hypothesis import strategies as st

from tests.games.strategies import cases
from tests.games.strategies._boards import go_positions

SLUG = "beginners-go"
OPTIONS = st.sampled_from([{}, {"games": 3}, {"first_to": 2, "komi": 7}, {"komi": 0}])
BLACK = st.sampled_from([{}, {"black": 0}, {"black": 1}])


def _position():
    return st.builds(
        lambda cells, black: {"board": "".join(cells)} | black, go_positions(), BLACK
    )


def _totals():
    return st.integers(0, 81).flatmap(
        lambda b: st.builds(
            lambda w, black: (
                {
                    "mode": "totals",
                    "black_points": b,
                    "white_points": w,
                }
                | black
            ),
            st.integers(0, 81 - b),
            BLACK,
        )
    )


def _winner():
    return st.builds(
        lambda w, black: {"mode": "winner", "winner": w} | black,
        st.integers(0, 1),
        BLACK,
    )


def matches():
    deal = st.one_of(_position(), _totals(), _winner())
    return cases(deal, options=OPTIONS, max_deals=6)
