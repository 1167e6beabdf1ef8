"""9-ball and 10-ball (book 001 §78, l.4199–4255): one tap a frame to the side that
pocketed the winning ball; the race to a number of frames; singles or teams."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import (
    DealRejected,
    OptionsRejected,
    SetupRejected,
    Table,
    get_game,
)
from games.engine.inputs import TAP_GRID

GAME = get_game("nine-ball")
TEAMS = Table((0, 1, 0, 1))


def frame(side):
    return {"side": side, "points": 1}


def test_a_frame_is_one_tap_for_its_winner():
    """§78.3 l.4234: the player who pockets the 9-ball wins the frame; the form
    offers one button per side."""
    assert GAME.deal_schema()[TAP_GRID] == {
        "rows": "side",
        "cells": "points",
        "blank": False,
    }
    score = GAME.score(GAME.start(), frame(1))
    assert score.points == (0, 1) and score.detail == {"winner": 1}
    assert score.facts[0].text == "side 2 pocketed the 9-ball"


def test_ten_ball_is_won_by_the_ten_ball():
    """§78.6 l.4254: ten target balls, the frame to whoever pockets the 10-ball."""
    score = GAME.score(GAME.start({"balls": 10}), frame(0))
    assert score.facts[0].text == "side 1 pocketed the 10-ball"
    with pytest.raises(OptionsRejected) as bad:
        GAME.parse_options({"balls": 8})
    assert bad.value.errors[0].path == "options.balls"


def test_the_team_game_is_two_teams_of_two():
    """l.4207: two two-player teams, team-mates alternating shots."""
    folded = GAME.fold([frame(0), frame(1), frame(1)], {"frames": 2}, TEAMS)
    assert folded.totals == (1, 2) and folded.winners == (1,)
    with pytest.raises(SetupRejected):
        GAME.start({}, Table((0, 1, 2)))


def test_the_match_is_won_by_the_first_to_the_frames():
    """§78.3 l.4236: a pre-determined number of frames."""
    folded = GAME.fold([frame(0)] * 2 + [frame(1)] * 3, {"frames": 3})
    assert folded.finished and folded.totals == (2, 3) and folded.winners == (1,)
    with pytest.raises(DealRejected) as finished:
        GAME.score(folded.state, frame(0))
    assert finished.value.errors[0].code == "match_finished"


@pytest.mark.parametrize(
    ("rule", "breakers"),
    [("alternate", [0, 1, 0]), ("winner", [0, 1, 1]), ("loser", [0, 0, 0])],
)
def test_the_break_order_is_the_clubs_choice(rule, breakers):
    """Not in the book: alternate breaks, winner breaks or loser breaks."""
    seen = []
    state = GAME.start({"break_order": rule, "frames": 5})
    for side in (1, 1, 0):
        seen.append(GAME.next_deal(state).context[-1].value)
        state = GAME.advance(state, GAME.score(state, frame(side)))
    assert seen == breakers


def test_bad_frames_name_the_field():
    with pytest.raises(DealRejected) as no_side:
        GAME.score(GAME.start(), {"points": 1})
    assert no_side.value.errors[0].path == "side"
    with pytest.raises(DealRejected) as two:
        GAME.score(GAME.start(), {"side": 0, "points": 2})
    assert two.value.errors[0].path == "points"
    with pytest.raises(DealRejected) as side:
        GAME.score(GAME.start(), {"side": 2, "points": 1})
    assert side.value.errors[0].path == "side"


@given(st.lists(st.integers(0, 1), max_size=20), st.integers(1, 6))
def test_the_race_stops_at_the_frames(winners, frames):
    folded = GAME.fold([frame(w) for w in winners], {"frames": frames})
    assert max(folded.totals, default=0) <= frames
    assert folded.finished == (frames in folded.totals)
    played = [d for d in folded.deals if not d.flagged]
    assert sum(folded.totals) == len(played)
