"""Chinese Poker (book ch 24, l.1740–1778): each hand a game, first out wins, the
last with cards loses; entered as each player's place."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game

GAME = get_game("chinese-poker")
FOUR = Table((0, 1, 2, 3))


def codes(deal: dict, table: Table = FOUR) -> list[tuple[str, str]]:
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, table), deal)
    return [(e.path, e.code) for e in rejected.value.errors]


def test_declaration():
    """3–5 players, one deck, win/loss only (§24: "played for win/loss only")."""
    assert {len(t) for t in GAME.tables} == {3, 4, 5}
    assert not GAME.stakes_per_point
    assert GAME.match_goal(GAME.parse_options({})).deals == 1


def test_first_out_wins_the_hand_which_is_the_game():
    """§24.2: the first player to go out is the winner, the one left with cards
    the loser; one hand is a complete game."""
    folded = GAME.fold([{"places": [3, 1, 4, 2]}], {}, FOUR)
    assert folded.finished and folded.winners == (1,)
    assert folded.totals == (0, 1, 0, 0)
    facts = {f.code: f.side for f in folded.deals[0].score.facts}
    assert facts == {"winner": 1, "loser": 2}
    assert GAME.deal_winners((0, 1, 0, 0), folded.deals[0].score.detail) == (1,)


def test_places_scoring_over_several_hands():
    """The option ``places``: n − 1 … 0 points by place, summed over the hands."""
    hands = [{"places": [1, 2, 3]}, {"places": [3, 1, 2]}, {"places": [1, 3, 2]}]
    folded = GAME.fold(hands, {"hands": 3, "scoring": "places"}, Table((0, 1, 2)))
    assert folded.totals == (2 + 0 + 2, 1 + 2 + 0, 0 + 1 + 1)
    assert folded.finished and folded.winners == (0,)


def test_wins_counted_over_several_hands():
    hands = [{"places": [1, 2, 3]}, {"places": [3, 1, 2]}, {"places": [1, 3, 2]}]
    folded = GAME.fold(hands, {"hands": 3}, Table((0, 1, 2)))
    assert folded.totals == (2, 1, 0)


def test_a_place_twice_or_missing_is_refused():
    assert codes({"places": [1, 1, 3, 4]}) == [("places.1", "not_a_finishing_order")]
    assert codes({"places": [1, 2, 3]}) == [("places", "wrong_player_count")]
    with pytest.raises(DealRejected):
        GAME.score(GAME.start({}, FOUR), {"places": [1, 2, 3, 6]})


@given(st.integers(3, 5).flatmap(lambda n: st.permutations(range(1, n + 1))))
def test_a_hand_scores_one_win_or_the_places(places):
    n = len(places)
    table = Table(tuple(range(n)))
    win = GAME.score(GAME.start({}, table), {"places": list(places)})
    assert sum(win.points) == 1 and win.points[places.index(1)] == 1
    by_place = GAME.score(
        GAME.start({"scoring": "places"}, table), {"places": list(places)}
    )
    assert sum(by_place.points) == n * (n - 1) // 2
    assert all(by_place.points[s] == n - places[s] for s in range(n))
