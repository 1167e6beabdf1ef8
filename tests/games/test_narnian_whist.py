"""Narnian Whist (book §5): the attacker scores his and the dummy's tricks; each
player attacks once before the seat swap and once after it; six deals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal, OptionsRejected, get_game

GAME = get_game("narnian-whist")


def deal(attacker, tricks):
    return {"attacker": attacker, "tricks": tricks}


def test_the_game_is_registered_for_three_players_and_six_deals():
    assert GAME.source == "001_b57793035adc3f64.txt §5"
    assert GAME.start().totals == (0, 0, 0)
    assert GAME.match_goal(GAME.parse_options({})) == MatchGoal(deals=6)


def test_the_attacker_scores_one_per_trick_of_his_own_or_the_dummys():
    """5.3: one point per trick won by the attacker or the dummy; the defenders
    none."""
    result = GAME.score(GAME.start(), deal(1, [5, 2]))
    assert result.points == (0, 5, 0)
    assert result.facts[0].code == "attacker_tricks"


@pytest.mark.parametrize(
    ("deck_size", "tricks"), [(30, 7), (32, 8), (33, 8), (35, 8), (36, 9), (4, 1)]
)
def test_the_deal_has_deck_over_four_tricks_rounded_down(deck_size, tricks):
    """5.1: dealt evenly to four hands, the extra cards to the attacker, who
    discards down to the others' number."""
    state = GAME.start({"deck_size": deck_size})
    assert GAME.score(state, deal(0, [tricks, 0])).points == (tricks, 0, 0)
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state, deal(0, [tricks, 1]))
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("tricks", f"tricks_not_{tricks}")
    ]


def test_a_deck_too_small_to_deal_is_refused():
    with pytest.raises(OptionsRejected) as refused:
        GAME.start({"deck_size": 3})
    assert refused.value.errors[0].path == "options.deck_size"


def test_a_player_attacks_once_before_the_swap_and_once_after_it():
    first = GAME.fold([deal(0, [4, 3])])
    with pytest.raises(DealRejected) as rejected:
        GAME.score(first.state, deal(0, [9, 3]))  # two errors, both reported
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("tricks", "tricks_not_7"),
        ("attacker", "attacked_already"),
    ]
    assert "§5.3" in rejected.value.errors[1].message
    half = GAME.fold([deal(0, [4, 3]), deal(1, [2, 5]), deal(2, [7, 0])])
    assert GAME.score(half.state, deal(0, [1, 6])).points == (1, 0, 0)


def test_the_sheet_suggests_the_attacker_and_shows_the_seat_swap():
    """Deals 1–3 clockwise from seat 0; after the swap the order is reversed, so
    the player on the attacker's left (who leads, 5.2) is the other neighbour."""
    state = GAME.start()
    seen = []
    for _ in range(6):
        nxt = GAME.next_deal(state)
        rows = {row.code: row.value for row in nxt.context}
        seen.append((rows["attacker"], nxt.starting_seat, "seat_swap" in rows))
        state = GAME.advance(state, GAME.score(state, deal(rows["attacker"], [3, 4])))
    assert seen == [
        (0, 1, False),
        (1, 2, False),
        (2, 0, False),
        (1, 0, True),
        (0, 2, False),
        (2, 1, False),
    ]
    assert GAME.next_deal(state) is None


def test_after_six_deals_most_points_wins():
    """5.3: 'After six deals the player wins who collected most points as the
    attacker.'"""
    deals = [
        deal(0, [4, 3]),
        deal(1, [2, 5]),
        deal(2, [7, 0]),
        deal(1, [6, 1]),
        deal(0, [5, 2]),
        deal(2, [1, 6]),
    ]
    folded = GAME.fold(deals)
    assert folded.totals == (9, 8, 8)
    assert folded.finished and folded.winners == (0,)
    assert not GAME.fold(deals[:5]).finished


def test_players_tied_for_most_points_all_win():
    deals = [deal(s, [3, 4]) for s in (0, 1, 2, 2, 1, 0)]
    folded = GAME.fold(deals)
    assert folded.totals == (6, 6, 6) and folded.winners == (0, 1, 2)


@given(
    st.permutations([0, 1, 2]),
    st.permutations([0, 1, 2]),
    st.lists(st.integers(0, 8), min_size=6, max_size=6),
    st.integers(4, 60),
)
def test_every_player_attacks_twice_and_the_points_are_the_attackers_tricks(
    first_half, second_half, won, deck_size
):
    tricks = deck_size // 4
    state = GAME.start({"deck_size": deck_size})
    expected = [0, 0, 0]
    for attacker, took in zip([*first_half, *second_half], won, strict=True):
        took = min(took, tricks)
        result = GAME.score(state, deal(attacker, [took, tricks - took]))
        assert sum(result.points) == result.points[attacker] == took
        expected[attacker] += took
        state = GAME.advance(state, result)
    assert list(state.totals) == expected
    assert sorted(state.attackers) == [0, 0, 1, 1, 2, 2]
    assert state.finished
    assert state.winners == tuple(s for s in range(3) if expected[s] == max(expected))


def test_the_worked_example_of_the_doc_scores_as_the_doc_says():
    """docs/games/narnian-whist.md: seat 2 attacks and takes 5 of 7: 5 points."""
    doc = (Path(__file__).parents[2] / "docs/games/narnian-whist.md").read_text()
    example = re.search(r"<!-- example -->\s*```json\n(.*?)```", doc, re.S).group(1)
    assert GAME.score(GAME.start(), json.loads(example)).points == (0, 0, 5)
