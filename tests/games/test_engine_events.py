"""The events engine (games/engine/events.py): kinds declared once, points per
side, the tally, the end flag and the optional target."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import Table, get_game
from games.engine.events import Event, EventBook, EventKind

BOOK = EventBook(
    (EventKind("car", "Cars", 1, "car"), EventKind("other", "Others", -1, "other"))
)


def test_points_go_to_the_side_of_the_seat():
    """Seats 0 and 2 are side 0: their events add up for the side."""
    events = [Event(0, "car"), Event(2, "car"), Event(1, "other"), Event(3, "car")]
    assert BOOK.points(events, (0, 1, 0, 1)) == (2, 0)


def test_the_tally_counts_per_kind_per_side():
    tally = BOOK.tally_after(
        BOOK.empty_tally(3),
        [Event(1, "car"), Event(1, "other"), Event(2, "car")],
        (0, 1, 2),
    )
    assert tally == ((0, 1, 1), (0, 1, 0))
    assert [r.code for r in BOOK.rows(tally)] == ["car", "other"]
    assert BOOK.rows(tally)[1].value == (0, 1, 0)


def test_a_book_of_one_kind_shows_no_tally_rows():
    assert EventBook((EventKind("goal", "Goals", 1, "goal"),)).rows(((3, 1),)) == ()


@pytest.mark.parametrize(
    "kinds",
    [(), (EventKind("a", "A", 1, "a"), EventKind("a", "B", -1, "b"))],
)
def test_a_book_needs_distinct_kinds(kinds):
    with pytest.raises(ValueError, match="distinct"):
        EventBook(kinds)


@given(
    st.lists(
        st.tuples(st.integers(0, 4), st.sampled_from(["car", "other"])), max_size=30
    )
)
def test_a_total_is_the_tally_times_the_points(shouts):
    """Folded through a game that uses the engine: each side's total equals the
    sum over kinds of tally × points, and the match is not decided without an
    end or a target."""
    game = get_game("bleep-game")
    folded = game.fold(
        [{"by": s, "event": k} for s, k in shouts], table=Table((0, 1, 2, 3, 4))
    )
    tally = folded.state.tally
    for side in range(5):
        assert folded.totals[side] == tally[0][side] - tally[1][side]
    assert sum(map(sum, tally)) == len(shouts)
    assert not folded.finished


@given(st.lists(st.integers(0, 2), max_size=20))
def test_an_end_decides_the_match_by_the_totals_ties_shared(seats):
    """The end flag finishes the match whatever the totals; the winners are every
    side with the highest total."""
    game = get_game("bleep-game")
    deals = [{"by": s} for s in seats] + [{"end": True}]
    folded = game.fold(deals)
    assert folded.finished
    top = max(folded.totals)
    assert folded.winners == tuple(i for i, t in enumerate(folded.totals) if t == top)
    assert folded.next_deal is None


def test_each_event_is_a_fact_of_its_deal():
    facts = BOOK.facts([Event(1, "car"), Event(2, "other")], (0, 1, 2))
    assert [(f.code, f.text, f.side, f.points) for f in facts] == [
        ("car", "player 2: car (+1)", 1, 1),
        ("other", "player 3: other (-1)", 2, -1),
    ]
