"""Seinis (book ch 66, l.3838–3855): miss the target and drop out; the game starts
over with one less, the next player kicking first; the last one left wins (§66.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game

GAME = get_game("seinis")
FOUR = Table((0, 1, 2, 3))


def rows(folded) -> dict:
    return {r.code: r.value for r in folded.next_deal.context}


def test_a_game_drop_by_drop():
    """Seat 1 misses: seat 2 starts the new round; seat 2 misses: seat 3 starts;
    seat 3 misses: seat 0 is the last one left and wins."""
    folded = GAME.fold([{"out": 1}], {}, FOUR)
    assert rows(folded) == {"still_in": ("in", "out", "in", "in"), "starts": 2}
    folded = GAME.fold([{"out": 1}, {"out": 2}], {}, FOUR)
    assert rows(folded)["starts"] == 3
    folded = GAME.fold([{"out": 1}, {"out": 2}, {"out": 3}], {}, FOUR)
    assert folded.finished and folded.winners == (0,)
    assert folded.totals == (3, 0, 1, 2)
    assert folded.deals[-1].score.detail["places"] == [1, 4, 3, 2]


def test_the_next_in_succession_skips_who_is_out():
    folded = GAME.fold([{"out": 1}, {"out": 0}], {}, FOUR)
    assert rows(folded)["starts"] == 2
    folded = GAME.fold([{"out": 2}, {"out": 3}], {}, FOUR)
    assert rows(folded)["starts"] == 0


def test_a_whole_game_as_places_or_the_winner():
    games = [
        {"mode": "places", "places": [4, 1, 2, 3]},
        {"mode": "winner", "winner": 3},
    ]
    folded = GAME.fold(games, {"games": 2}, FOUR)
    assert folded.totals == (0, 3, 2, 1 + 3)
    assert folded.winners == (3,)


def test_a_player_out_cannot_drop_again_and_a_game_is_finished_drop_by_drop():
    state = GAME.fold([{"out": 1}], {"games": 2}, FOUR).state
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state, {"out": 1})
    assert [(e.path, e.code) for e in rejected.value.errors] == [("out", "player_out")]
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state, {"mode": "winner", "winner": 0})
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("mode", "game_in_progress")
    ]
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state, {"out": 9})
    assert [(e.path, e.code) for e in rejected.value.errors] == [("out", "bad_seat")]
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state, {"out": 12})
    assert rejected.value.errors[0].code == "less_than_equal"


def test_a_match_of_games_to_a_target():
    drops = [{"out": 0}, {"out": 1}, {"out": 2}] * 2
    folded = GAME.fold(drops, {"games": None, "target": 5}, FOUR)
    assert folded.totals == (0, 2, 4, 6)
    assert folded.finished and folded.winners == (3,)
    assert GAME.match_goal(folded.state.options).deals is None


@given(st.integers(2, 12).flatmap(lambda n: st.permutations(range(n))))
def test_drops_score_as_the_places_of_the_game(order):
    n = len(order)
    folded = GAME.fold([{"out": s} for s in order[:-1]], {}, Table(tuple(range(n))))
    assert folded.finished and folded.winners == (order[-1],)
    assert sum(folded.totals) == n * (n - 1) // 2
    assert [folded.totals[s] for s in order] == list(range(n))
