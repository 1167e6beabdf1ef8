"""Snooker (book 001 §77, l.4148–4198): the frame to the higher score or to the
player who does not concede, 147 from balls at most, fouls of 4–7, the race to a
number of frames won."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, OptionsRejected, get_game
from games.rules.snooker import MAXIMUM_BREAK

GAME = get_game("snooker")


def codes(frame, options=None):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(options), frame)
    return [(e.path, e.code) for e in rejected.value.errors]


def test_the_ball_values_of_77_2_make_a_maximum_of_147():
    """§77.2 l.4164–4173: reds 1, yellow 2 … black 7; each red then the black, then
    the colours in order."""
    reds, colours = 15, (2, 3, 4, 5, 6, 7)
    assert reds * (1 + 7) + sum(colours) == MAXIMUM_BREAK == 147
    assert GAME.score(GAME.start(), {"points": [147, 0]}).points == (1, 0)
    assert codes({"points": [148, 0]}) == [("points", "too_many_points")]


def test_the_frame_goes_to_the_higher_score():
    """§77.3 l.4179: the player with more points wins the frame."""
    score = GAME.score(GAME.start(), {"points": [41, 72]})
    assert score.points == (0, 1)
    assert score.detail["winner"] == 1
    assert score.facts[0].text == "41–72"  # the sheet's row shows it


def test_a_conceded_frame_goes_to_the_other_player():
    """§77.3 l.4179: the losing player gives up the frame; level, either may."""
    assert GAME.score(GAME.start(), {"points": [12, 40], "conceded_by": 0}).points == (
        0,
        1,
    )
    level = GAME.score(GAME.start(), {"points": [30, 30], "conceded_by": 1})
    assert level.points == (1, 0)
    assert codes({"points": [50, 20], "conceded_by": 0}) == [
        ("conceded_by", "conceded_while_ahead")
    ]


def test_a_level_frame_without_a_concession_is_refused():
    assert codes({"points": [60, 60]}) == [("points", "tied_frame")]


def test_fouls_give_four_to_seven_and_count_beyond_147():
    """§77.5 l.4191: a foul costs four to seven points; those points are not from
    balls, so a frame may pass 147 with them."""
    score = GAME.score(GAME.start(), {"points": [147, 11], "foul_points": [0, 11]})
    assert score.points == (1, 0)
    with_fouls = {"points": [100, 20], "foul_points": [7, 0]}
    assert GAME.score(GAME.start(), with_fouls).detail["foul_points"] == [7, 0]
    assert codes({"points": [40, 20], "foul_points": [3, 0]}) == [
        ("foul_points.0", "foul_too_small")
    ]
    assert codes({"points": [40, 5], "foul_points": [0, 8]}) == [
        ("foul_points.1", "fouls_over_points")
    ]


def test_the_match_is_a_race_to_the_frames_the_club_chose():
    """§77.3 l.4181: the match to a pre-determined number of frames."""
    frames = [{"points": [70, 10]}, {"points": [5, 90]}, {"points": [64, 50]}]
    folded = GAME.fold(frames, {"frames": 2})
    assert folded.totals == (2, 1)
    assert folded.finished and folded.winners == (0,)
    assert GAME.match_goal(GAME.parse_options({"frames": 2})).target == 2
    assert GAME.fold(frames[:2], {"frames": 2}).finished is False


def test_the_sheet_shows_the_race_and_who_breaks():
    folded = GAME.fold([{"points": [70, 10]}], {"frames": 4})
    rows = {row.code: row.value for row in folded.next_deal.context}
    assert rows == {"frame": 2, "frames_won": (1, 0), "race_to": 4, "break": 1}
    winner_breaks = GAME.fold([{"points": [70, 10]}], {"break_order": "winner"})
    assert winner_breaks.next_deal.context[-1].value == 0


def test_deal_winners_read_the_frame_not_the_points():
    conceded = GAME.score(GAME.start(), {"points": [30, 30], "conceded_by": 0})
    assert GAME.deal_winners(conceded.points, conceded.detail) == (1,)


def test_bad_options_and_shapes_name_their_field():
    with pytest.raises(OptionsRejected) as bad:
        GAME.parse_options({"frames": 0})
    assert bad.value.errors[0].path == "options.frames"
    assert codes({"points": [10]})[0][0] == "points.1"
    assert codes({"points": [10, 5], "conceded_by": 2})[0][0] == "conceded_by"


@given(st.lists(st.tuples(st.integers(0, 147), st.integers(0, 147)), max_size=15))
def test_frames_won_add_up_and_never_pass_the_race(scores):
    frames = [{"points": list(s)} for s in scores]
    folded = GAME.fold(frames, {"frames": 3})
    played = [d for d in folded.deals if not d.flagged]
    assert sum(folded.totals) == len(played)
    assert max(folded.totals, default=0) <= 3
    assert folded.finished == (3 in folded.totals)
    for deal in played:
        a, b = deal.score.detail["points"]
        assert deal.score.detail["winner"] == (0 if a > b else 1)


def test_a_frame_not_conceded_ends_only_when_the_balls_are_gone():
    """§77.3 l.4179: a frame ends when every ball but the white is pocketed, or
    when the losing player gives it up. Every ball is 15 reds + 2 + 3 + … + 7 = 42
    from balls at least, so 20–10 with no fouls and no concession cannot be a
    finished frame."""
    assert codes({"points": [20, 10]}) == [("points", "frame_not_finished")]
    assert codes({"points": [30, 19], "foul_points": [0, 8]}) == [
        ("points", "frame_not_finished")
    ]
    assert GAME.score(GAME.start(), {"points": [30, 12]}).points == (1, 0)
    conceded = {"points": [10, 20], "conceded_by": 0}
    assert GAME.score(GAME.start(), conceded).points == (0, 1)
