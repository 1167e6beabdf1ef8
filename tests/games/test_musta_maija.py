"""Musta Maija (book ch 34, l.2446–2475): the last player with cards — holding
Musta Maija — loses (§34.3); entered as the order of going out or only the loser."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, SetupRejected, Table, get_game
from tests.games.strategies._placing import finishing_places

GAME = get_game("musta-maija")
FOUR = Table((0, 1, 2, 3))


def codes(deal: dict, table: Table = FOUR) -> list[tuple[str, str]]:
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, table), deal)
    return [(e.path, e.code) for e in rejected.value.errors]


def test_three_to_six_players():
    """§34: "3 - 6 players"."""
    assert {len(t) for t in GAME.tables} == {3, 4, 5, 6}
    for seats in ((0, 1), tuple(range(7))):
        with pytest.raises(SetupRejected):
            GAME.start({}, Table(seats))
    assert GAME.stakes_per_point and not GAME.lower_totals_win


def test_the_order_of_going_out_scores_the_players_behind():
    """Seat 2 out first, seats 0 and 3 together (an attack beaten with the last
    cards, §34.2), seat 1 left with Musta Maija: the loser (§34.3)."""
    folded = GAME.fold([{"places": [2, 4, 1, 2]}], {}, FOUR)
    assert folded.totals == (1, 0, 3, 1)
    assert folded.finished and folded.winners == (2,)
    facts = {(f.code, f.side) for f in folded.deals[0].score.facts}
    assert facts == {("winner", 2), ("loser", 1)}


def test_only_the_loser():
    folded = GAME.fold([{"mode": "loser", "loser": 3}], {"games": 3}, FOUR)
    assert folded.totals == (1, 1, 1, 0)
    assert not folded.finished
    assert folded.next_deal.context[0].value == "2 of 3"


def test_the_loser_is_never_shared():
    """Musta Maija never leaves play (§34.2): one player is left holding it."""
    assert codes({"places": [1, 2, 3, 3]}) == [("places.3", "shared_last_place")]


def test_places_that_are_no_finishing_order_are_refused():
    assert codes({"places": [1, 2, 2, 3]}) == [("places.3", "not_a_finishing_order")]
    assert codes({"places": [1, 2, 3]}) == [("places", "wrong_player_count")]
    assert codes({"places": [1, 2, 3, 7]})[0][1] == "less_than_equal"


def test_a_scorer_sees_the_trump_rule():
    notes = GAME.fold([], {}, FOUR).next_deal.notes
    assert any("never spades" in n for n in notes)


@given(
    st.integers(3, 6).flatmap(
        lambda n: finishing_places(n, ties=True, single_loser=True)
    )
)
def test_every_game_has_one_loser_who_scores_nothing(places):
    n = len(places)
    score = GAME.score(GAME.start({}, Table(tuple(range(n)))), {"places": places})
    loser = places.index(max(places))
    assert places.count(max(places)) == 1
    assert score.points[loser] == 0
    assert all(p >= 1 for s, p in enumerate(score.points) if s != loser)
    assert sum(score.points) <= n * (n - 1) // 2
