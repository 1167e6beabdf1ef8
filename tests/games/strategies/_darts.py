"""Darts for the dart games' strategies: any dart of the board, or (more often) a
hit on one of the ``near`` sectors, which the games' turns need to get anywhere."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase

SECTOR_CODES = [f"{m}{s}" for s in range(1, 21) for m in ("", "D", "T")]
ANY_DART = st.sampled_from([*SECTOR_CODES, "OB", "IB", "M"])


def dart(near: list[int]) -> st.SearchStrategy[str]:
    aimed = st.builds(
        lambda s, m: f"{m}{s}",
        st.sampled_from(near),
        st.sampled_from(["", "", "", "D", "T"]),
    )
    return st.one_of(aimed, aimed, ANY_DART)


def turn(near: list[int], darts: int = 3) -> st.SearchStrategy[list[str]]:
    """Mostly a full turn; now and then a short one (kept only when it wins)."""
    return st.lists(dart(near), min_size=1, max_size=darts).filter(
        lambda t: len(t) == darts or len(t) < 3
    )


def race_matches(*, bull_finish: bool) -> st.SearchStrategy[MatchCase]:
    """The races round the board (Round the Clock, Kangaroo): two to four players,
    turns aimed at the low sectors (so that the race gets somewhere), the bull and
    misses; ``finish_round`` either way, and ``bull_finish`` too where the game has
    that option."""
    deal = turn(list(range(1, 8))).map(lambda darts: {"darts": darts})

    @st.composite
    def cases(draw) -> MatchCase:
        players = draw(st.integers(2, 4))
        options = {"finish_round": draw(st.booleans())}
        if bull_finish:
            options["bull_finish"] = draw(st.booleans())
        return MatchCase(
            tuple(draw(st.lists(deal, max_size=14))),
            draw(deal),
            options,
            Table(tuple(range(players))),
        )

    return cases()
