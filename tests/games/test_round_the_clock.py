"""Tuomas's Round the Clock (book §58): every example of §58.1, the best order, the
race's end, bad input, and properties of the turn."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, SetupRejected, Table, get_game
from games.engine.darts import parse_dart
from games.rules.darts.round_the_clock import clock_step, clock_turn

GAME = get_game("round-the-clock")


def darts(text: str):
    return [parse_dart(w) for w in text.split()]


def reached_after(reached: int, text: str) -> int:
    return clock_turn(reached, darts(text))[0].reached


@pytest.mark.parametrize(
    ("trying", "turn", "next_target"),
    [
        (5, "D5 M M", 7),  # l.3586: trying five, double five: next seven
        (5, "T5 M M", 8),  # a triple skips two
        (7, "8 7 M", 9),  # l.3590: an 8 then a 7 with the same darts both count
        (7, "OB M M", 8),  # l.3588: the outer bull is the right sector
        (7, "IB M M", 9),  # the inner bull is its double
        (1, "1 2 3", 4),
        (1, "3 2 1", 4),  # the best order, whatever the order thrown
        (1, "2 3 M", 1),
    ],
)
def test_the_books_examples(trying, turn, next_target):
    assert reached_after(trying - 1, turn) + 1 == next_target


@pytest.mark.parametrize(
    ("trying", "dart"),
    [(18, "T18"), (19, "D19"), (19, "T19"), (20, "D20"), (20, "T20")],
)
def test_the_books_winning_throws(trying, dart):
    """l.3586: T18 on 18, D or T19 on 19, D or T20 on 20 are winning throws."""
    assert clock_step(trying - 1, parse_dart(dart)) == 20


def test_d18_on_18_does_not_win():
    assert clock_step(17, parse_dart("D18")) == 19


def test_the_first_to_reach_20_wins_and_may_stop_throwing():
    folded = GAME.fold(
        [
            {"darts": "T1 T4 T7"},
            {"darts": "M M M"},
            {"darts": "T10 T13 T16"},
            {"darts": "1 M M"},
            {"darts": "T19"},
        ],
    )
    assert folded.totals == (20, 1) and folded.finished and folded.winners == (0,)
    assert [d.score.points for d in folded.deals] == [
        (9, 0),
        (0, 0),
        (9, 0),
        (0, 1),
        (2, 0),
    ]


def test_finish_round_lets_the_others_throw_and_share_the_win():
    first, second = {"darts": "T1 T4 T7"}, {"darts": "T10 T13 T16"}
    deals = [first, first, second, second, {"darts": "T19"}, {"darts": "T19"}]
    book = GAME.fold(deals)
    assert book.finished and book.winners == (0,) and book.deals[-1].flagged
    club = GAME.fold(deals, {"finish_round": True})
    assert club.finished and club.winners == (0, 1) and club.totals == (20, 20)


def test_the_finish_round_match_ends_with_the_round():
    folded = GAME.fold(
        [
            {"darts": "T1 T4 T7"},
            {"darts": "M M M"},
            {"darts": "T10 T13 T16"},
            {"darts": "1 M M"},
            {"darts": "T19"},
        ],
        {"finish_round": True},
    )
    assert not folded.finished and folded.next_deal.context[0].value == 1
    done = GAME.fold_from(folded.state, [{"darts": "M M M"}])
    assert done.finished and done.winners == (0,)


def test_the_sheet_shows_who_throws_and_each_players_next_target():
    folded = GAME.fold([{"darts": "D1 M M"}], table=Table((0, 1, 2)))
    rows = {r.code: r.value for r in folded.next_deal.context}
    assert rows == {"throws": 1, "targets": ("3", "1", "1")}  # D1 skips 2


@pytest.mark.parametrize(
    ("deal", "path", "code"),
    [
        ({"darts": "1 2"}, "darts", "short_turn"),
        ({"darts": "1 2 3 4"}, "darts", "too_long"),
        ({"darts": "1 X9 3"}, "darts.1", "bad_dart"),
        ({}, "darts", "missing"),
    ],
)
def test_bad_turns_are_refused_naming_the_field(deal, path, code):
    with pytest.raises(DealRejected) as caught:
        GAME.score(GAME.start(), deal)
    assert (caught.value.errors[0].path, caught.value.errors[0].code) == (path, code)


def test_one_to_eight_players():
    GAME.start(table=Table((0,)))
    with pytest.raises(SetupRejected):
        GAME.start(table=Table(tuple(range(9))))


dart_words = st.sampled_from(
    [f"{m}{s}" for s in range(1, 21) for m in ("", "D", "T")] + ["OB", "IB", "M"]
)


@given(st.integers(0, 19), st.lists(dart_words, min_size=3, max_size=3))
def test_the_best_order_is_at_least_every_order_thrown(reached, words):
    best = reached_after(reached, " ".join(words))
    for order in ([0, 1, 2], [2, 1, 0], [1, 0, 2]):
        at = reached
        for i in order:
            at = clock_step(at, parse_dart(words[i]))
        assert at <= best
    assert reached <= best <= min(20, reached + 9)
