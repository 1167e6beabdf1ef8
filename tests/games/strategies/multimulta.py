"""Multimulta matches: tricks per side or per seat that add up to nine (now and then
a count that does not, which the fold keeps flagged), single games and rubbers.

For ``tests/games/strategies/`` on main (``SLUG`` and ``matches()``); this branch
predates that package, so the module is picked up once both are merged."""

from hypothesis import strategies as st

from tests.games.strategies import cases

SLUG = "multimulta"


def _per_side(side_0: int) -> dict:
    return {"tricks": [side_0, 9 - side_0]}


def _per_seat(seats: tuple[int, int, int]) -> dict:
    a, b, c = seats
    return {"tricks": [a, b, c, 9 - a - b - c]}


DEALS = st.one_of(
    st.integers(0, 9).map(_per_side),
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)).map(_per_seat),
    st.tuples(st.integers(0, 9), st.integers(0, 9)).map(lambda t: {"tricks": list(t)}),
)


def matches():
    return cases(
        DEALS, options=st.booleans().map(lambda r: {"rubber": r}), max_deals=15
    )
