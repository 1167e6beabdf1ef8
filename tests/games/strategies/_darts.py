"""Darts for the dart games' strategies: any dart of the board, or (more often) a
hit on one of the ``near`` sectors, which the games' turns need to get anywhere."""

from hypothesis import strategies as st

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
