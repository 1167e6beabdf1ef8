"""The ends shape (games/engine/ends.py): an end's input and checks, the order
between ends (who goes first, the hammer), and the goals — a race to N, a fixed
number of ends, extra ends while level. A small unregistered game exercises the
fold; the games themselves (petanque, curling) have their own tests."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from games.engine import DealRejected, DealScore, Game, MatchState, Table
from games.engine.ends import (
    EndsState,
    end_errors,
    end_input,
    end_points,
    end_winner,
    ends_advance,
    ends_initial_fields,
    ends_rows,
    last_of,
    next_first,
)
from games.engine.errors import reject_if
from games.engine.inputs import ROLE, TAP_GRID, FrozenModel

End = end_input(8)


class RaceOptions(FrozenModel):
    target: int | None = 5
    ends: int | None = None
    until_decided: bool = False
    rule: str = "winner"


class Race(Game):
    """Two sides, ends of up to 8 points, to ``target`` or over ``ends`` ends."""

    slug = "test-ends-race"
    name = "Ends race"
    source = "test"
    Options = RaceOptions
    deal_input = End
    State = EndsState
    tables = ((0, 1), (0, 1, 0, 1))

    def initial_fields(self, options, table):
        return ends_initial_fields(table)

    def verify_and_score(self, state: MatchState, deal) -> DealScore:
        reject_if(end_errors(deal.side, deal.points, most=8))
        return DealScore(end_points(deal.side, deal.points), detail={"side": deal.side})

    def advance(self, state, score):
        o = state.options
        return ends_advance(
            state,
            score,
            scorer=score.detail["side"],
            target=o.target,
            ends=o.ends,
            until_decided=o.until_decided,
            rule=o.rule,
        )


RACE = Race()


def test_the_input_schema_declares_a_tap_grid_and_a_side():
    """The form reads the grid and the side's role from the schema, not names."""
    schema = RACE.deal_schema()
    assert schema[TAP_GRID] == {"rows": "side", "cells": "points", "blank": True}
    side = next(o for o in schema["properties"]["side"]["anyOf"] if "type" in o)
    assert side["type"] == "integer" and side[ROLE] == "side"
    assert (side["minimum"], side["maximum"]) == (0, 1)
    assert schema["properties"]["points"]["maximum"] == 8


def test_a_blank_end_is_the_default_and_scores_nothing():
    end = End.model_validate({})
    assert (end.side, end.points) == (None, 0)
    assert end_points(None, 0) == (0, 0)
    assert end_winner((0, 0)) is None and end_winner((0, 3)) == 1


def test_an_end_without_blanks_needs_a_side_and_a_point():
    frame = end_input(1, blank=False, title="Frame")
    assert frame.model_validate({"side": 1, "points": 1}).side == 1
    with pytest.raises(ValidationError):
        frame.model_validate({"points": 1})
    with pytest.raises(ValidationError):
        frame.model_validate({"side": 0, "points": 0})
    assert frame.__name__ == "FrameInput"


@pytest.mark.parametrize(
    ("side", "points", "expected"),
    [
        (None, 0, []),
        (0, 8, []),
        (1, 1, []),
        (None, 2, [("points", "blank_end_scores")]),
        (0, 0, [("points", "no_points")]),
        (0, 9, [("points", "too_many_points")]),
        (2, 1, [("side", "bad_side")]),
    ],
)
def test_end_errors_name_the_field(side, points, expected):
    errors = end_errors(side, points, most=8, section="§76.1.1")
    assert [(e.path, e.code) for e in errors] == expected


def test_the_cap_names_its_reason():
    (error,) = end_errors(0, 5, most=4, why="4 balls a team")
    assert "at most 4" in error.message and "4 balls a team" in error.message


@pytest.mark.parametrize(
    ("rule", "first", "scorer", "expected"),
    [
        ("winner", 0, 1, 1),
        ("winner", 1, 1, 1),
        ("winner", 1, None, 1),  # a blank end keeps the order
        ("winner", 0, None, 0),
        ("loser", 0, 0, 1),
        ("loser", 0, None, 0),
        ("alternate", 0, 0, 1),
        ("alternate", 1, None, 0),
    ],
)
def test_next_first(rule, first, scorer, expected):
    assert next_first(first, scorer, rule=rule) == expected


def test_the_hammer_is_the_side_not_going_first():
    assert last_of(0) == 1 and last_of(1) == 0
    assert last_of(0, 3) == 2


def test_an_unknown_rule_is_a_bug_not_a_user_error():
    with pytest.raises(ValueError):
        next_first(0, 1, rule="coin")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        next_first(0, 1, sides=3, rule="loser")


def test_the_first_dealers_side_goes_first():
    assert RACE.start({}, Table((0, 1), first_dealer=1)).first == 1
    state = RACE.start({}, Table((0, 1, 0, 1), first_dealer=3))
    assert (state.first, state.dealer) == (1, 3)


def test_race_to_target_with_the_winner_going_first():
    folded = RACE.fold(
        [
            {"side": 1, "points": 2},
            {},
            {"side": 0, "points": 3},
            {"side": 1, "points": 3},
        ],
        {},
        Table((0, 1, 0, 1)),
    )
    assert folded.totals == (3, 5)
    assert folded.finished and folded.winners == (1,)
    assert folded.state.first == 1 and folded.state.dealer == 1


def test_fixed_ends_may_end_level_or_go_to_extra_ends():
    ends = [{"side": 0, "points": 1}, {"side": 1, "points": 1}]
    level = RACE.fold(ends, {"target": None, "ends": 2}, Table((0, 1)))
    assert level.finished and level.winners == (0, 1)
    extra = RACE.fold(
        ends, {"target": None, "ends": 2, "until_decided": True}, Table((0, 1))
    )
    assert not extra.finished
    rows = {r.code: r.value for r in ends_rows(extra.state, target=None, ends=2)}
    assert rows["end"] == "3 (extra, of 2)"
    done = RACE.fold(
        [*ends, {}, {"side": 1, "points": 2}],
        {"target": None, "ends": 2, "until_decided": True},
        Table((0, 1)),
    )
    assert done.finished and done.winners == (1,)
    assert len(done.deals) == 4


def test_rows_before_the_next_end():
    state = RACE.start({"target": None, "ends": 8}, Table((0, 1), first_dealer=0))
    rows = ends_rows(
        state,
        target=None,
        ends=8,
        first_label=("first", "Delivers first"),
        last_label=("hammer", "Hammer"),
    )
    assert [(r.code, r.kind, r.value) for r in rows] == [
        ("end", "text", "1 of 8"),
        ("first", "side", 0),
        ("hammer", "side", 1),
    ]


def test_a_bad_end_is_rejected_in_the_fold():
    with pytest.raises(DealRejected) as rejected:
        RACE.score(RACE.start({}, Table((0, 1))), {"side": 0, "points": 0})
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("points", "no_points")
    ]


ends_strategy = st.one_of(
    st.just({}),
    st.builds(
        lambda s, p: {"side": s, "points": p}, st.integers(0, 1), st.integers(1, 8)
    ),
)


@given(st.lists(ends_strategy, max_size=30), st.sampled_from(["winner", "loser"]))
def test_the_order_follows_the_last_end_that_scored(ends, rule):
    """Property: after any ends, the side going first is decided by the last end
    somebody scored (the first dealer's side if none did); totals add up."""
    options = {"target": None, "ends": 40, "rule": rule}
    folded = RACE.fold(ends, options, Table((0, 1), first_dealer=1))
    scored = [e["side"] for e in ends if e]
    expected = 1 if not scored else scored[-1] if rule == "winner" else 1 - scored[-1]
    assert folded.state.first == expected
    assert sum(folded.totals) == sum(e.get("points", 0) for e in ends)


@given(st.lists(ends_strategy, min_size=1, max_size=30))
def test_a_race_stops_at_the_first_total_to_reach_the_target(ends):
    folded = RACE.fold(ends, {"target": 5}, Table((0, 1)))
    played = [d for d in folded.deals if not d.flagged]
    assert all(max(d.totals) < 5 for d in played[:-1])
    if folded.finished:
        assert max(folded.totals) >= 5
        assert folded.winners == (folded.totals.index(max(folded.totals)),)
