"""Curling (book ch 76, l.4056–4147): ends scored by the team closest to the centre,
the hammer (§76.1, §76.5.1), 8 ends or 10 in finals (§76.1.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game
from tests.games.strategies.curling import ends

GAME = get_game("curling")
TEAMS = Table((0, 1))


def codes(end: dict, options: dict | None = None) -> list[tuple[str, str]]:
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(options or {}, TEAMS), end)
    return [(e.path, e.code) for e in rejected.value.errors]


def rows(folded) -> dict:
    return {r.code: r.value for r in folded.next_deal.context}


def test_declaration():
    """Two teams (a seat each, or four players each); the sheet keeps ends in
    columns with the hammer marked; money per point (two teams, §1.2)."""
    assert GAME.tables == ((0, 1), (0, 1, 0, 1, 0, 1, 0, 1))
    assert GAME.sheet_layout == "ends" and GAME.sheet_mark == ("hammer", "Hammer")
    assert GAME.stakes_per_point
    goal = GAME.match_goal(GAME.parse_options({}))
    assert (goal.target, goal.deals) == (None, 8)
    assert GAME.match_goal(GAME.parse_options({"ends": 10})).deals == 10


def test_the_first_dealers_team_delivers_first_and_the_other_has_the_hammer():
    folded = GAME.fold([], {}, Table((0, 1), first_dealer=1))
    assert rows(folded) == {"end": "1 of 8", "first": 1, "hammer": 0}
    assert folded.next_deal.dealer is None


def test_the_winner_of_an_end_delivers_first_so_the_loser_gets_the_hammer():
    """§76.1: "The winner team of the previous [round] delivers the first rock";
    §76.5.1: "If the team with hammer wins a round, they lose the hammer"."""
    folded = GAME.fold([{"side": 1, "points": 2}], {}, TEAMS)  # hammer team wins
    assert rows(folded)["hammer"] == 0
    folded = GAME.fold([{"side": 1, "points": 2}, {"side": 0, "points": 1}], {}, TEAMS)
    assert rows(folded)["hammer"] == 1


def test_a_blank_end_keeps_the_hammer():
    """§76.1: after a draw the same team delivers the first rock again; §76.5.1:
    "in this case, the hammer team keeps the hammer"."""
    folded = GAME.fold([{"side": 0, "points": 1}, {}, {}], {}, TEAMS)
    assert rows(folded)["hammer"] == 1 and rows(folded)["first"] == 0
    assert folded.totals == (1, 0)
    blank = folded.deals[1].score
    assert {f.code for f in blank.facts} == {"blank", "first", "hammer"}
    assert GAME.deal_winners(blank.points, blank.detail) == ()


def test_each_end_records_who_had_the_hammer():
    folded = GAME.fold(
        [{"side": 1, "points": 3}, {}, {"side": 0, "points": 2}], {}, TEAMS
    )
    hammers = [
        next(f.side for f in d.score.facts if f.code == "hammer") for d in folded.deals
    ]
    assert hammers == [1, 0, 0]
    first = folded.deals[0].score
    assert GAME.deal_winners(first.points, first.detail) == (1,)


def test_eight_ends_then_more_points_win():
    """§76.1.1: "A match lasts eight rounds … after that the team wins that has
    more points"."""
    match = [{"side": s % 2, "points": 1 + s % 3} for s in range(8)]
    folded = GAME.fold(match, {}, TEAMS)
    assert folded.finished
    assert folded.totals == (1 + 3 + 2 + 1, 2 + 1 + 3 + 2)
    assert folded.winners == (1,)
    more = GAME.fold([*match, {}], {}, TEAMS)
    assert more.deals[-1].errors[0].code == "match_finished"


def test_ten_ends_in_finals():
    folded = GAME.fold([{}] * 8, {"ends": 10}, TEAMS)
    assert not folded.finished and rows(folded)["end"] == "9 of 10"
    assert GAME.fold([{}] * 10, {"ends": 10}, TEAMS).finished


def test_a_level_match_is_a_draw_unless_extra_ends_are_played():
    """The book gives no extra end (reading: a draw); the option plays on."""
    level = [{"side": 0, "points": 2}, {"side": 1, "points": 2}] + [{}] * 6
    folded = GAME.fold(level, {}, TEAMS)
    assert folded.finished and folded.winners == (0, 1)
    extra = GAME.fold(level, {"extra_ends": True}, TEAMS)
    assert not extra.finished and rows(extra)["end"] == "9 (extra, of 8)"
    won = GAME.fold([*level, {}, {"side": 0, "points": 1}], {"extra_ends": True}, TEAMS)
    assert won.finished and won.winners == (0,) and len(won.deals) == 10


def test_ends_of_nine_points_or_none_are_refused():
    assert codes({"side": 0, "points": 9}) == [("points", "less_than_equal")]
    assert codes({"side": 0, "points": 0}) == [("points", "no_points")]
    assert codes({"points": 3}) == [("points", "blank_end_scores")]
    assert codes({"side": 2, "points": 1}) == [("side", "less_than_equal")]
    assert codes({"side": True, "points": 1})[0][0].startswith("side")


def test_options_are_checked():
    with pytest.raises(Exception) as refused:
        GAME.parse_options({"ends": 9})
    assert refused.value.errors[0].path == "options.ends"


@given(st.lists(ends(), max_size=12))
def test_the_hammer_is_never_with_the_team_delivering_first(match):
    """Property: before any end the hammer is the team not delivering first; the
    totals are the sum of the scored ends; a finished match has 8 ends."""
    folded = GAME.fold(match, {}, TEAMS)
    counted = [d for d in folded.deals if not d.flagged]
    assert sum(folded.totals) == sum(sum(d.score.points) for d in counted)
    assert all(max(d.score.points) <= 8 for d in counted)
    if folded.finished:
        assert len(counted) == 8
    else:
        r = rows(folded)
        assert {r["first"], r["hammer"]} == {0, 1}
