"""Kangaroo (book §59): every example of the chapter, the new turn after three hits,
the bull finish, bad input, and properties of the turn."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, get_game
from games.engine.darts import parse_dart
from games.rules.darts.kangaroo import kangaroo_step, kangaroo_turn

GAME = get_game("kangaroo")


def turn(reached: int, text: str, bull_finish: bool = False):
    return kangaroo_turn(
        reached, [parse_dart(w) for w in text.split()], bull_finish=bull_finish
    )


def test_d6_trying_6_counts_as_12_and_the_player_next_tries_13():
    """l.3600."""
    assert turn(5, "D6 M M").reached + 1 == 13


@pytest.mark.parametrize(("trying", "dart"), [(7, "T7"), (11, "D11"), (20, "D20")])
def test_more_than_20_does_not_count(trying, dart):
    """l.3600: if the product is more than 20, the hit does not count."""
    assert kangaroo_step(trying - 1, parse_dart(dart), bull_finish=False) == trying - 1


def test_d10_trying_10_is_an_immediate_victory():
    """l.3600; the darts after it are not thrown."""
    result = turn(9, "D10")
    assert result.finished and result.ended_at == 0
    at_ten = replace(GAME.start(), totals=(9, 0))
    with pytest.raises(DealRejected) as caught:
        GAME.score(at_ten, {"darts": "D10 5 M"})
    assert (caught.value.errors[0].path, caught.value.errors[0].code) == (
        "darts.1",
        "after_the_end",
    )


def test_a_double_or_triple_counts_only_on_the_number_tried():
    """l.3600: D7 trying 6 is nothing (the single 7 would be nothing too)."""
    assert turn(5, "D7 7 M").reached == 5


def test_the_order_is_strict():
    """l.3598: 2 then 1 from the start counts only the 1."""
    assert turn(0, "2 1 M").reached == 1
    assert turn(0, "1 2 M").reached == 2


def test_the_bull_does_not_count():
    assert turn(0, "OB IB 1").reached == 1


def test_three_hits_give_a_new_turn():
    """l.3602: 1, double-2 and 5 at the start: the same player throws again."""
    folded = GAME.fold([{"darts": "1 D2 5"}])
    assert folded.totals == (5, 0)
    assert folded.next_deal.context[0].value == 0  # seat 0 throws again
    assert [f.code for f in folded.deals[0].score.facts] == ["reached", "again"]
    folded = GAME.fold([{"darts": "1 D2 5"}, {"darts": "6 M 7"}])
    assert folded.totals == (7, 0) and folded.next_deal.context[0].value == 1


def test_the_bull_finish():
    """l.3606: after 20 or D10 the player still has to hit the bull."""
    assert not turn(19, "20 M M", bull_finish=True).finished
    result = turn(19, "20 M OB", bull_finish=True)
    assert result.finished and result.reached == 21
    assert turn(20, "IB", bull_finish=True).finished
    assert turn(20, "20 T20 M", bull_finish=True).reached == 20


def test_a_match_to_its_winner_with_the_sheets_targets():
    deals = [
        {"darts": "1 D2 5"},  # 5, again
        {"darts": "6 M M"},  # 6
        {"darts": "M M M"},
        {"darts": "7 8 9"},  # 9, again
        {"darts": "D10"},  # wins
    ]
    folded = GAME.fold(deals)
    assert folded.finished and folded.winners == (0,) and folded.totals == (20, 0)
    partial = GAME.fold(deals[:2], {"bull_finish": True})
    assert partial.next_deal.context[1].value == ("7", "1")
    near = GAME.fold([*deals[:-1], {"darts": "D10 M M"}], {"bull_finish": True})
    assert not near.finished and near.next_deal.context[1].value == ("bull", "1")


def test_bad_input_names_the_field():
    with pytest.raises(DealRejected) as caught:
        GAME.score(GAME.start(), {"darts": "1 2"})
    assert (caught.value.errors[0].path, caught.value.errors[0].code) == (
        "darts",
        "short_turn",
    )
    with pytest.raises(DealRejected) as caught:
        GAME.score(GAME.start(), {"darts": "1 2 3", "extra": 1})
    assert caught.value.errors[0].path == "extra"


words = st.sampled_from(
    [f"{m}{s}" for s in range(1, 21) for m in ("", "D", "T")] + ["OB", "IB", "M"]
)


@given(st.integers(0, 20), st.lists(words, min_size=1, max_size=3), st.booleans())
def test_the_number_reached_only_grows_and_stays_on_the_board(reached, darts, bull):
    result = turn(min(reached, 20 if bull else 19), " ".join(darts), bull)
    assert result.reached >= min(reached, 20 if bull else 19)
    assert result.reached <= (21 if bull else 20)
    assert result.again == (
        len(darts) == 3 and all(result.counted) and not result.finished
    )
