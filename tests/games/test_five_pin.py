"""5 Pin Billiards (book 001 §79, l.4256–4305): every shot value of §79.4, the
penalties of §79.5, frames to 60 (§79.3), shots alternating, frame totals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, get_game
from games.engine.inputs import TAP_GRID
from games.rules.five_pin import MOST_FRAME, MOST_SHOT

GAME = get_game("five-pin")


def shot(**hit):
    return {"mode": "shot", **hit}


def gain(state=None, **hit):
    """Points per side that one shot gives, from the start of a frame."""
    score = GAME.score(state or GAME.start(), shot(**hit))
    frame = score.detail["frame_points"]
    return tuple(frame)


@pytest.mark.parametrize(
    ("hit", "points"),
    [
        ({"target": "own"}, 4),  # l.4292
        ({"target": "opponent"}, 3),  # l.4293
        ({"centre_pin": True, "boundary_pins": 1}, 4 + 2),  # l.4294, l.4296
        ({"centre_pin": True}, 10),  # l.4295: the centre pin alone
        ({"boundary_pins": 3}, 6),  # l.4296: 2 each
        ({"target": "own", "centre_pin": True, "boundary_pins": 4}, 16),
        ({"target": "opponent", "centre_pin": True}, 13),
        ({}, 0),
    ],
)
def test_every_value_of_79_4(hit, points):
    assert gain(**hit) == (points, 0)


def test_a_miss_gives_the_opponent_two():
    """§79.5 l.4302: failing to hit the opponent's cue ball first gives him 2."""
    assert gain(missed=True) == (0, 2)
    # The pins that fell on a miss go to the opponent too (the docs' reading).
    assert gain(missed=True, boundary_pins=2) == (0, 6)


def test_pins_hit_by_the_own_cue_ball_give_the_turns_points_away():
    """§79.5 l.4304: the opponent gets the points from that turn."""
    assert gain(target="own", boundary_pins=2, own_ball_pins=True) == (0, 8)


def test_bad_shots_name_the_field():
    with pytest.raises(DealRejected) as missed:
        GAME.score(GAME.start(), shot(missed=True, target="own"))
    assert [(e.path, e.code) for e in missed.value.errors] == [
        ("target", "missed_target")
    ]
    with pytest.raises(DealRejected) as no_pins:
        GAME.score(GAME.start(), shot(own_ball_pins=True))
    assert no_pins.value.errors[0].path == "own_ball_pins"
    with pytest.raises(DealRejected) as pins:
        GAME.score(GAME.start(), shot(boundary_pins=5))
    assert pins.value.errors[0].path == "boundary_pins"
    with pytest.raises(DealRejected) as mode:
        GAME.score(GAME.start(), {"target": "own"})
    assert mode.value.errors[0].code == "bad_mode"


def test_a_turn_is_one_shot_so_the_players_alternate():
    """§79.4 l.4284: a successful shot gives no extra shot."""
    folded = GAME.fold([shot(target="own"), shot(target="own"), shot(centre_pin=True)])
    rows = {row.code: row.value for row in folded.next_deal.context}
    assert rows["frame_points"] == (14, 4)
    assert rows["shoots"] == 1
    assert folded.totals == (0, 0)


def test_the_frame_ends_at_sixty_and_the_next_starts_at_nil():
    """§79.3 l.4278: the frame ends when either player earns at least 60."""
    big = shot(target="own", centre_pin=True, boundary_pins=4)  # 16
    nothing = shot()
    deals = [big, nothing] * 3 + [big]  # 64 for side 0 on its fourth shot
    folded = GAME.fold(deals, {"frames": 2})
    assert folded.totals == (1, 0)
    assert folded.deals[-1].score.facts[-1].text == "frame 64–0 to side 1"
    rows = {row.code: row.value for row in folded.next_deal.context}
    assert rows["frame"] == 2 and rows["frame_points"] == (0, 0)
    assert rows["frames_won"] == (1, 0) and rows["frame_to"] == 60
    assert rows["opens"] == 1 and rows["shoots"] == 1  # alternate breaks


def test_a_frame_entered_as_totals():
    folded = GAME.fold(
        [{"mode": "frame", "points": [60, 41]}, {"mode": "frame", "points": [12, 70]}],
        {"frames": 2},
    )
    assert folded.totals == (1, 1) and not folded.finished


@pytest.mark.parametrize(
    ("points", "path", "code"),
    [
        ([59, 40], "points", "frame_not_won"),
        ([60, 62], "points", "both_over"),
        ([76, 10], "points.0", "too_many_points"),
    ],
)
def test_bad_frame_totals_name_the_field(points, path, code):
    with pytest.raises(DealRejected) as bad:
        GAME.score(GAME.start(), {"mode": "frame", "points": points})
    assert [(e.path, e.code) for e in bad.value.errors] == [(path, code)]
    assert MOST_FRAME == 59 + MOST_SHOT == 75


def test_frame_totals_are_refused_in_the_middle_of_a_frame():
    state = GAME.fold([shot(target="own")]).state
    with pytest.raises(DealRejected) as started:
        GAME.score(state, {"mode": "frame", "points": [60, 0]})
    assert started.value.errors[0].code == "frame_started"


def test_the_match_is_a_race_to_the_frames():
    """§79.3: a match is won by winning a pre-determined number of frames."""
    win0 = {"mode": "frame", "points": [60, 0]}
    folded = GAME.fold([win0, win0], {"frames": 2})
    assert folded.finished and folded.winners == (0,)
    assert GAME.deal_winners((1, 0), folded.deals[0].score.detail) == (0,)


SHOTS = st.fixed_dictionaries(
    {"mode": st.just("shot")},
    optional={
        "target": st.sampled_from(["none", "own", "opponent"]),
        "centre_pin": st.booleans(),
        "boundary_pins": st.integers(0, 4),
        "own_ball_pins": st.booleans(),
        "missed": st.booleans(),
    },
)


@given(st.lists(SHOTS, max_size=80))
def test_shots_give_one_player_at_most_and_frames_stay_under_the_cap(shots):
    folded = GAME.fold(shots, {"frames": 3})
    frame = (0, 0)
    for deal in folded.deals:
        if deal.flagged:
            continue
        after = tuple(deal.score.detail["frame_points"])
        gained = [a - b for a, b in zip(after, frame, strict=True)]
        assert min(gained) >= 0 and sorted(gained)[0] == 0
        assert max(gained) <= MOST_SHOT
        assert max(after) <= MOST_FRAME
        frame = (0, 0) if deal.score.detail["winner"] is not None else after
    assert max(folded.totals, default=0) <= 3


def test_one_tap_a_shot_names_who_gained_and_how_much():
    """The grid: a button per player and value, and a blank one for nothing."""
    schema = GAME.deal_schema()["$defs"]["FivePinTap"]
    assert schema[TAP_GRID] == {"rows": "side", "cells": "points", "blank": True}
    tapped = [{"mode": "tap", "side": 0, "points": 10}, {"mode": "tap"}]
    tapped.append({"mode": "tap", "side": 0, "points": 2})  # a boundary pin
    folded = GAME.fold(tapped)
    rows = {row.code: row.value for row in folded.next_deal.context}
    assert rows["frame_points"] == (12, 0) and rows["shoots"] == 1


@pytest.mark.parametrize(
    ("tap", "code"),
    [
        ({"mode": "tap", "side": 0, "points": 1}, "greater_than_equal"),
        ({"mode": "tap", "side": 1}, "no_points"),
        ({"mode": "tap", "points": 4}, "blank_shot_scores"),
    ],
)
def test_bad_taps_name_the_points(tap, code):
    with pytest.raises(DealRejected) as bad:
        GAME.score(GAME.start(), tap)
    assert [(e.path, e.code) for e in bad.value.errors] == [("points", code)]
