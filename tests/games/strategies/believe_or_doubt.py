"""Believe or Doubt for the fold-once laws: three to six players; questions
believed, or doubted by any seat (the answerer's own doubt is refused and kept
flagged) right or wrong; both forms, a short target so that matches end, and
seat changes with the answerer entered."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase

SLUG = "believe-or-doubt"


def questions(players: int, seat_changes: bool) -> st.SearchStrategy[dict]:
    seat = st.integers(0, players - 1)
    believed = st.just({})
    doubted = st.fixed_dictionaries(
        {"doubter": seat, "answer": st.sampled_from(["right", "wrong"])}
    )
    question = believed | doubted
    if seat_changes:
        question = st.tuples(question, seat).map(
            lambda qa: {**qa[0], "answerer": qa[1]}
        )
    return question


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(3, 6))
    seat_changes = draw(st.booleans())
    options = {
        "target": draw(st.integers(2, 10)),
        "form": draw(st.sampled_from(["points", "chips"])),
        "seat_changes": seat_changes,
    }
    deal = questions(players, seat_changes)
    return MatchCase(
        tuple(draw(st.lists(deal, max_size=14))),
        draw(deal),
        options,
        Table(tuple(range(players)), first_dealer=draw(st.integers(0, players - 1))),
    )


def matches():
    return _cases()
