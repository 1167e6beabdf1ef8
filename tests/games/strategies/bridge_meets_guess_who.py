"""Bridge Meets Guess Who matches: contracts 7–13 in every strain (doubled now
and then), all-pass deals, questions and error messages, played until a player
cannot pay; now and then a contract entered without its strain, which the fold
keeps flagged."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase

SLUG = "bridge-meets-guess-who"
STRAINS = ["clubs", "diamonds", "hearts", "spades", "no_trump"]


@st.composite
def _deal(draw) -> dict:
    taken = draw(st.integers(0, 13))
    raw: dict = {
        "tricks": [taken, 13 - taken],
        "questions": draw(st.lists(st.integers(0, 5), min_size=2, max_size=2)),
        "error_messages": draw(st.lists(st.integers(0, 3), min_size=2, max_size=2)),
    }
    if draw(st.integers(0, 5)):
        raw |= {
            "declarer": draw(st.integers(0, 1)),
            "level": draw(st.integers(7, 13)),
            "strain": draw(st.sampled_from(STRAINS)),
            "doubled": draw(st.booleans()),
        }
        if draw(st.integers(0, 15)) == 0:
            del raw["strain"]  # contract_incomplete
    return raw


@st.composite
def _match(draw) -> MatchCase:
    length = draw(st.integers(0, 10))
    return MatchCase(
        deals=tuple(draw(_deal()) for _ in range(length)),
        spare=draw(_deal()),
        options={"start": draw(st.sampled_from([55, 100]))},
    )


def matches():
    return _match()
