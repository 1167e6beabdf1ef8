"""Contract Petanque matches for the fold-once laws: three players, every
contract level, fleers (some illegal, flagged), ball points 0–5; short matches so
the last round's "more than 20 behind" rule is reached."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase

SLUG = "contract-petanque"
TABLE = Table((0, 1, 2))


@st.composite
def rounds(draw) -> dict:
    declarer = draw(st.integers(0, 2))
    deal = {
        "declarer": declarer,
        "bid": draw(st.integers(1, 5)),
        "contract": draw(st.sampled_from(["plain", "doubled", "redoubled"])),
        "ball_points": draw(st.integers(0, 5)),
    }
    fled = draw(st.sampled_from([None, None, 0, 1, 2]))
    if fled is not None:
        deal["fled"] = fled
    return deal


@st.composite
def _cases(draw) -> MatchCase:
    options = draw(
        st.sampled_from([{}, {"rounds": 4}, {"rounds": 6, "behind": "leader"}])
    )
    return MatchCase(
        tuple(draw(st.lists(rounds(), max_size=11))),
        draw(rounds()),
        options,
        TABLE,
    )


def matches():
    return _cases()
