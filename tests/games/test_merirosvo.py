"""Merirosvo (book §60): closing sectors, the bull of choice, the attacker's 1/2/3,
the switch of roles and the winner, bad input, and properties."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, get_game

GAME = get_game("merirosvo")


def context(folded) -> dict:
    return {r.code: r.value for r in folded.next_deal.context}


def test_the_defender_starts_and_closes_the_sectors_he_hits():
    """l.3620–3622."""
    folded = GAME.fold([{"darts": "20 D1 T18"}])
    assert folded.state.closed == (1, 18, 20) and folded.totals == (0, 0)
    rows = context(folded)
    assert rows["throws"] == 1 and rows["defender"] == 0
    assert rows["open"] == "4 13 6 10 15 2 17 3 19 7 16 8 11 14 9 12 5"


def test_a_bull_closes_the_sector_of_the_defenders_choice():
    folded = GAME.fold([{"darts": "OB IB M", "bull_closes": [7, 19]}])
    assert folded.state.closed == (7, 19)


def test_the_attacker_scores_1_2_3_on_open_sectors_and_nothing_on_the_bull():
    """l.3624."""
    folded = GAME.fold([{"darts": "20 1 M"}, {"darts": "T20 D5 T7"}])
    assert folded.totals == (0, 5)  # T20 is closed: D5 + T7
    folded = GAME.fold([{"darts": "M M M"}, {"darts": "OB IB 1"}])
    assert folded.totals == (0, 1)


def close_all(first: int = 1) -> list[dict]:
    """Seven defender's turns closing 1–20, the attacker missing in between."""
    deals = []
    sectors = list(range(first, 21))
    while sectors:
        darts, sectors = sectors[:3], sectors[3:]
        deals.append({"darts": " ".join(map(str, darts))})
        if sectors:
            deals.append({"darts": "M M M"})
    return deals


def test_when_all_sectors_close_the_roles_switch_and_the_better_attacker_wins():
    """l.3626: after all sectors are closed the players switch roles; more points
    as attacker wins."""
    half = close_all()
    first = GAME.fold([{"darts": "19 M M"}, {"darts": "T20 T20 T20"}, *half])
    assert first.totals == (0, 9) and first.state.half == 2
    assert context(first)["defender"] == 1 and context(first)["throws"] == 1
    assert first.state.closed == ()
    second = GAME.fold_from(
        first.state, [{"darts": "M M M"}, {"darts": "T1 T2 T3"}, *close_all()]
    )
    assert second.totals == (9, 9) and second.finished
    assert second.winners == (0, 1)  # a draw
    third = GAME.fold_from(
        first.state, [{"darts": "M M M"}, {"darts": "T1 T2 D3"}, *close_all()]
    )
    assert third.finished and third.winners == (1,)


def test_the_turn_that_closes_the_last_sector_ends_there():
    state = replace(GAME.start(), closed=tuple(range(1, 20)))
    score = GAME.score(state, {"darts": "20"})
    assert score.detail["closed"] == list(range(1, 21))
    with pytest.raises(DealRejected) as caught:
        GAME.score(state, {"darts": "20 5 M"})
    assert caught.value.errors[0].path == "darts.1"


@pytest.mark.parametrize(
    ("deals", "deal", "path", "code"),
    [
        ([], {"darts": "OB M M"}, "bull_closes", "choose_sector"),
        (
            [],
            {"darts": "1 OB M", "bull_closes": [1]},
            "bull_closes.0",
            "already_closed",
        ),
        ([], {"darts": "1 2 M", "bull_closes": [5]}, "bull_closes.0", "no_bull"),
        (
            [{"darts": "M M M"}],
            {"darts": "OB 1 M", "bull_closes": [5]},
            "bull_closes",
            "not_defender",
        ),
        ([], {"darts": "1 2"}, "darts", "short_turn"),
        (
            [],
            {"darts": "1 2 3", "bull_closes": [21]},
            "bull_closes.0",
            "less_than_equal",
        ),
    ],
)
def test_bad_turns_are_refused_naming_the_field(deals, deal, path, code):
    state = GAME.fold(deals).state
    with pytest.raises(DealRejected) as caught:
        GAME.score(state, deal)
    assert (caught.value.errors[0].path, caught.value.errors[0].code) == (path, code)


words = st.sampled_from(
    [f"{m}{s}" for s in range(1, 21) for m in ("", "D", "T")] + ["M"]
)


@given(st.lists(st.lists(words, min_size=3, max_size=3), max_size=20))
def test_closed_sectors_only_grow_and_only_the_attacker_scores(turns):
    state = GAME.start()
    for darts in turns:
        if state.finished:
            break
        try:
            score = GAME.score(state, {"darts": darts})
        except DealRejected:
            continue
        attacker = 1 - state.defender
        assert score.points[state.defender] == 0
        assert 0 <= score.points[attacker] <= 9
        after = GAME.advance(state, score)
        if after.half == state.half:
            assert set(state.closed) <= set(after.closed)
        state = after
