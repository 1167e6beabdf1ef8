"""5 Pin Billiards matches for the fold-once laws: shots tapped or entered by what
they hit (pins, misses, own ball in the pins) and whole frames, mixed; some refused
(a frame total in the middle of a frame, a miss with a target ball, a 1-point tap)."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase

SLUG = "five-pin"

SHOT = st.fixed_dictionaries(
    {"mode": st.just("shot")},
    optional={
        "target": st.sampled_from(["none", "own", "opponent"]),
        "centre_pin": st.booleans(),
        "boundary_pins": st.integers(0, 4),
        "missed": st.booleans(),
        "own_ball_pins": st.booleans(),
    },
)
FRAME = st.tuples(st.integers(60, 75), st.integers(0, 59), st.booleans()).map(
    lambda t: {"mode": "frame", "points": [t[0], t[1]] if t[2] else [t[1], t[0]]}
)
TAP = st.one_of(
    st.just({"mode": "tap"}),
    st.builds(
        lambda side, points: {"mode": "tap", "side": side, "points": points},
        st.integers(0, 1),
        st.integers(1, 16),
    ),
)
DEAL = st.one_of(SHOT, SHOT, TAP, TAP, FRAME)


def matches():
    return st.builds(
        MatchCase,
        deals=st.lists(DEAL, max_size=40).map(tuple),
        spare=DEAL,
        options=st.sampled_from([{}, {"frames": 1}, {"break_order": "winner"}]),
    )
