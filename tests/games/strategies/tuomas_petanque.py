"""Tuomas's Petanque matches for the fold-once laws: rounds scored by either team
up to its balls (some over the cap, flagged) or blank; teams of 1–3; first to 13
or to a club's target."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase

SLUG = "tuomas-petanque"

TABLES = (
    (Table((0, 1)), [{}, {"team_balls": 3}, {"team_balls": 4}]),
    # Options of another table's teams do not fit the default table of one
    # player a team, which tests/games/test_state_restore.py folds on.
    (Table((0, 1, 0, 1), 1), [{}, {"target": 11}]),
    (Table((0, 1, 0, 1, 0, 1)), [{}, {"target": 7}]),
)


def rounds():
    scored = st.builds(
        lambda side, points: {"side": side, "points": points},
        st.integers(0, 1),
        st.integers(1, 6),
    )
    return st.one_of(st.just({}), scored, scored, scored)


@st.composite
def _cases(draw) -> MatchCase:
    table, options = draw(st.sampled_from(TABLES))
    return MatchCase(
        tuple(draw(st.lists(rounds(), max_size=14))),
        draw(rounds()),
        draw(st.sampled_from(options)),
        table,
    )


def matches():
    return _cases()
