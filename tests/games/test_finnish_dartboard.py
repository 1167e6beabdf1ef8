"""The Finnish dartboard (book §57.3): five rings a turn worth 1–9, the centre 10;
rounds; the highest total wins; bad input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, OptionsRejected, Table, get_game

GAME = get_game("finnish-dartboard")


def test_a_turn_scores_its_rings_and_the_centre_ten():
    """l.3568: the rings give 1 (outermost) to 9 (innermost), the centre 10."""
    folded = GAME.fold([{"darts": [10, 9, 1, 0, 5]}])
    assert folded.totals == (25, 0)
    assert folded.deals[0].score.facts[0].text == "10 + 9 + 1 + 0 + 5 = 25"
    assert GAME.fold([{"darts": "10 10 10 10 10"}]).totals == (50, 0)


def test_the_match_is_its_rounds_and_the_highest_total_wins():
    deals = [{"darts": "10 9 8 7 6"}, {"darts": "9 9 9 9 9"}] * 2
    folded = GAME.fold(deals, {"rounds": 2})
    assert folded.finished and folded.totals == (80, 90) and folded.winners == (1,)
    half = GAME.fold(deals[:3], {"rounds": 2})
    rows = {r.code: r.value for r in half.next_deal.context}
    assert rows == {"throws": 1, "round": "2 of 2"}


def test_equal_totals_share_the_win():
    folded = GAME.fold([{"darts": "5 5 5 5 5"}] * 2, {"rounds": 1})
    assert folded.winners == (0, 1)


def test_a_solo_practice_game():
    folded = GAME.fold([{"darts": "5 5 5 5 5"}] * 3, {"rounds": 3}, Table((0,)))
    assert folded.finished and folded.totals == (75,)


@pytest.mark.parametrize(
    ("deal", "path", "code"),
    [
        ({"darts": "10 9 8 7"}, "darts", "short_turn"),
        ({"darts": "10 9 8 7 6 5"}, "darts", "too_long"),
        ({"darts": "10 11 8 7 6"}, "darts.1", "bad_ring"),
    ],
)
def test_bad_turns_name_the_field(deal, path, code):
    with pytest.raises(DealRejected) as caught:
        GAME.score(GAME.start(), deal)
    assert (caught.value.errors[0].path, caught.value.errors[0].code) == (path, code)


def test_rounds_are_bounded():
    with pytest.raises(OptionsRejected):
        GAME.start({"rounds": 0})


@given(st.lists(st.lists(st.integers(0, 10), min_size=5, max_size=5), max_size=12))
def test_the_totals_are_the_sum_of_every_players_rings(turns):
    folded = GAME.fold([{"darts": t} for t in turns], {"rounds": 6})
    assert folded.totals == (
        sum(sum(t) for t in turns[0::2]),
        sum(sum(t) for t in turns[1::2]),
    )
    assert folded.finished == (len(turns) == 12)
