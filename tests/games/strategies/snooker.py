"""Snooker matches for the fold-once laws: frames won on the score or by a
concession, with foul points; now and then a frame the rules refuse (a tie, a
concession by the player ahead, too many points from balls)."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase

SLUG = "snooker"


@st.composite
def frames(draw):
    fouls = draw(st.tuples(*[st.sampled_from([0, 0, 4, 7, 11]) for _ in range(2)]))
    potted = draw(st.tuples(st.integers(0, 147), st.integers(0, 147)))
    points = [p + f for p, f in zip(potted, fouls, strict=True)]
    frame = {"points": points, "foul_points": list(fouls)}
    if draw(st.booleans()):
        frame["conceded_by"] = draw(st.integers(0, 1))
    return frame


def _cases():
    options = st.sampled_from(
        [{}, {"frames": 1}, {"frames": 5, "break_order": "winner"}]
    )
    return st.builds(
        MatchCase,
        deals=st.lists(frames(), max_size=10).map(tuple),
        spare=frames(),
        options=options,
    )


def matches():
    return _cases()
