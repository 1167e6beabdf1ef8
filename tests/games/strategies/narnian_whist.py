"""Narnian Whist matches: each player attacks once per half (now and then an
attacker twice in a half, or tricks that do not add up, which the fold keeps
flagged), with decks of several sizes."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase

SLUG = "narnian-whist"


@st.composite
def _match(draw) -> MatchCase:
    deck_size = draw(st.sampled_from([30, 32, 33, 24]))
    tricks = deck_size // 4
    order = [*draw(st.permutations([0, 1, 2])), *draw(st.permutations([0, 1, 2]))]
    if draw(st.booleans()):
        order[draw(st.integers(0, 5))] = draw(st.integers(0, 2))

    def one(attacker: int) -> dict:
        took = draw(st.integers(0, tricks))
        rest = tricks - took + draw(st.sampled_from([0, 0, 0, 0, 1]))
        return {"attacker": attacker, "tricks": [took, rest]}

    length = draw(st.integers(0, 6))
    return MatchCase(
        deals=tuple(one(a) for a in order[:length]),
        spare=one(draw(st.integers(0, 2))),
        options={"deck_size": deck_size},
    )


def matches():
    return _match()
