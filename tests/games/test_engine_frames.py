"""The race to N frames (games/engine/frames.py): a frame scores 1 for its winner,
the match ends when one side's frames reach N, the break order is the club's, and
the sheet's rows carry the race under the game's own words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealScore, MatchState, Table
from games.engine.ends import end_input
from games.engine.frames import (
    FramesGame,
    FramesOptions,
    frame_points,
    frame_winner,
    frames_rows,
)

Frame = end_input(1, blank=False, title="Frame")


class Race(FramesGame):
    """Frames won by a tapped side, three sides allowed (no registry)."""

    slug = "test-frames-race"
    name = "Frames race"
    source = "test"
    Options = FramesOptions
    deal_input = Frame
    tables = ((0, 1), (0, 1, 2))

    def verify_and_score(self, state: MatchState, deal) -> DealScore:
        sides = state.table.side_count
        return DealScore(frame_points(deal.side, sides), detail={"winner": deal.side})


RACE = Race()


def test_a_frame_is_one_point_to_its_winner():
    assert frame_points(1) == (0, 1)
    assert frame_points(2, 3) == (0, 0, 1)


def test_frame_winner_reads_the_detail_or_defers():
    assert frame_winner({"winner": 0}) == (0,)
    assert frame_winner({"winner": None}) is None and frame_winner(None) is None
    # The game falls back to the points' sole best when the detail names nobody.
    assert RACE.deal_winners((0, 1), {}) == (1,)
    assert RACE.deal_winners((1, 0), {"winner": 0}) == (0,)


def test_the_rows_carry_the_race_in_the_games_words():
    state = RACE.fold([{"side": 1, "points": 1}], {"frames": 4}).state
    rows = frames_rows(
        state,
        frames=4,
        unit=("rally", "Rally"),
        won_label=("points", "Points"),
        race_label=("target", "Points to win"),
        first_label=("serve", "Serves"),
    )
    assert [(r.code, r.label, r.kind, r.value) for r in rows] == [
        ("rally", "Rally", "number", 2),
        ("points", "Points", "per_side", (0, 1)),
        ("target", "Points to win", "number", 4),
        ("serve", "Serves", "side", 1),
    ]


@pytest.mark.parametrize(
    ("rule", "after"), [("alternate", 1), ("winner", 0), ("loser", 1)]
)
def test_the_break_after_side_0_wins_the_first_frame(rule, after):
    state = RACE.fold([{"side": 0, "points": 1}], {"break_order": rule}).state
    assert state.first == after


@given(
    st.lists(st.integers(0, 2), max_size=30),
    st.integers(1, 6),
    st.sampled_from(["alternate", "winner"]),
)
def test_the_race_ends_when_one_side_reaches_the_frames(winners, frames, rule):
    folded = RACE.fold(
        [{"side": w, "points": 1} for w in winners],
        {"frames": frames, "break_order": rule},
        Table((0, 1, 2)),
    )
    assert sum(folded.totals) == sum(not d.flagged for d in folded.deals)
    assert max(folded.totals, default=0) <= frames
    assert folded.finished == (frames in folded.totals)
    if folded.finished:
        assert folded.winners == (folded.totals.index(frames),)
    assert 0 <= folded.state.first < 3
