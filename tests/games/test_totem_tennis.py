"""Totem Tennis (book 001 §67.2, l.3874–3882): a point per wound-up rally, first to
ten, the serve alternating."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, get_game

GAME = get_game("totem-tennis")


def rally(side):
    return {"side": side, "points": 1}


def test_the_first_to_ten_points_wins():
    """l.3880: the first player to earn ten points wins the game."""
    deals = [rally(0), rally(1)] * 9 + [rally(1)]
    folded = GAME.fold(deals)
    assert folded.totals == (9, 10)
    assert folded.finished and folded.winners == (1,)
    assert GAME.match_goal(GAME.parse_options({})).target == 10
    assert not GAME.fold(deals[:-1]).finished


def test_no_lead_of_two_is_needed():
    folded = GAME.fold([rally(0)] * 9 + [rally(1)] * 9 + [rally(0)])
    assert folded.finished and folded.totals == (10, 9)


def test_the_serve_alternates_whoever_wins():
    """l.3882: the turn to serve alternates between the players."""
    state = GAME.start({}, None)
    servers = []
    for side in (0, 0, 1, 0):
        servers.append(
            {r.code: r.value for r in GAME.next_deal(state).context}["serve"]
        )
        state = GAME.advance(state, GAME.score(state, rally(side)))
    assert servers == [0, 1, 0, 1]


def test_the_sheet_shows_the_score_race():
    rows = {r.code: r.value for r in GAME.fold([rally(1)]).next_deal.context}
    assert rows == {"rally": 2, "points": (0, 1), "target": 10, "serve": 1}


def test_a_shorter_game_and_bad_rallies():
    assert GAME.fold([rally(0)] * 3, {"target": 3}).finished
    with pytest.raises(DealRejected) as two:
        GAME.score(GAME.start(), {"side": 0, "points": 2})
    assert two.value.errors[0].path == "points"
    with pytest.raises(DealRejected) as none:
        GAME.score(GAME.start(), {"points": 1})
    assert none.value.errors[0].path == "side"


@given(st.lists(st.integers(0, 1), max_size=30))
def test_the_score_is_the_rallies_won_up_to_ten(winners):
    folded = GAME.fold([rally(w) for w in winners])
    assert sum(folded.totals) == min(
        len(winners), len(folded.deals) - sum(d.flagged for d in folded.deals)
    )
    assert max(folded.totals, default=0) <= 10
    assert folded.finished == (10 in folded.totals)
