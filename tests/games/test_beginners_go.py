"""Beginners' Go (book §46, l.3056–3133): area scoring with 6.5 komi, from the two
counts or from the final 9 × 9 position; win/loss only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given

from games.engine import DealRejected, get_game
from games.engine.board import board_parse
from games.rules.beginners_go import area_count, groups_without_liberties
from tests.games.strategies._boards import go_positions

GO = get_game("beginners-go")

# Black walls off the left half (column e), white the right (column f).
SPLIT = "/".join(["....bw..."] * 9)
# A free column between the walls: nobody's area (it borders both colours).
DAME = "/".join(["...b.w..."] * 9)


def codes(deal, options=None) -> list[tuple[str, str]]:
    with pytest.raises(DealRejected) as rejected:
        GO.score(GO.start(options or {}), deal)
    return [(e.path, e.code) for e in rejected.value.errors]


def cells(board: str):
    return board_parse(board, shape="square", size=9, symbols=".bw")


def test_declaration():
    """Win/loss only for money (§1.2 l.239); 6.5 komi (§46.4); no draw with it."""
    assert not GO.stakes_per_point and GO.tables == ((0, 1),)
    options = GO.parse_options({})
    assert options.komi == "6.5" and not GO.draws_possible(options)
    assert GO.draws_possible(GO.parse_options({"komi": 7}))
    board = GO.deal_schema()["$defs"]["GoPosition"]["properties"]["board"]
    assert board["x-grid"] == {
        "shape": "square",
        "size": 9,
        "symbols": [
            {"symbol": ".", "label": "empty"},
            {"symbol": "b", "label": "black", "colour": "#111111"},
            {"symbol": "w", "label": "white", "colour": "#fafafa"},
        ],
    }


def test_the_position_is_counted_stones_plus_area_and_komi():
    """§46.4: a point per stone and per point of one's area; white 6.5 more.
    Black 9 stones + 36 area = 45; white 9 + 27 = 36, + 6.5 = 42.5."""
    score = GO.score(GO.start(), {"board": SPLIT})
    assert score.points == (1, 0)
    detail = score.detail
    assert (detail["black_stones"], detail["black_area"]) == (9, 36)
    assert (detail["white_stones"], detail["white_area"], detail["neutral"]) == (
        9,
        27,
        0,
    )
    assert (detail["black_points"], detail["white_points"]) == (45, 36)
    assert detail["margin"] == "2.5"
    (count,) = [f for f in score.facts if f.code == "count"]
    assert count.text == "black 45, white 36 + 6.5 = 42.5: black by 2.5"


def test_empty_points_next_to_both_colours_are_nobodys_area():
    """§46.2.4: a point joined by empty points to a point next to a white stone is
    not black area (and the other way round). 36 each; white wins by the komi."""
    count = area_count(cells(DAME))
    assert (count.black_points, count.white_points, count.neutral) == (36, 36, 9)
    score = GO.score(GO.start(), {"board": DAME})
    assert score.points == (0, 1) and score.detail["margin"] == "6.5"


def test_the_empty_board_is_white_by_the_komi():
    """Both pass at once: no stones, and (Kirjuri's reading) no area either; by the
    letter of §46.2.4 every point would be both players' area — white wins by 6.5
    either way."""
    score = GO.score(GO.start(), {"board": "." * 81})
    assert score.points == (0, 1) and score.detail["neutral"] == 81


def test_a_whole_number_komi_can_draw():
    score = GO.score(GO.start({"komi": 0}), {"board": DAME})
    assert score.points == (1, 1) and score.detail["winner"] is None
    assert GO.deal_winners(score.points, score.detail) == ()


def test_black_is_the_side_the_deal_names_or_the_sheets():
    """The sides take turns with black; a game may say who played black."""
    folded = GO.fold([{"board": SPLIT}, {"board": SPLIT}], {"games": 3})
    assert [d.score.points for d in folded.deals] == [(1, 0), (0, 1)]
    (row,) = [r for r in folded.next_deal.context if r.code == "first"]
    assert (row.label, row.kind, row.value) == ("Black", "side", 0)
    named = GO.score(GO.start(), {"board": SPLIT, "black": 1})
    assert named.points == (0, 1)


def test_the_counted_points_can_be_entered_instead():
    deal = {"mode": "totals", "black_points": 40, "white_points": 34}
    score = GO.score(GO.start(), deal)
    assert score.points == (0, 1) and score.detail["margin"] == "0.5"
    assert codes({**deal, "white_points": 42}) == [("white_points", "too_many_points")]
    assert codes({**deal, "black_points": 82})[0][0] == "black_points"


def test_the_result_alone_can_be_entered():
    assert GO.score(GO.start(), {"mode": "winner", "winner": 1}).points == (0, 1)
    assert codes({"mode": "winner", "draw": True}) == [("draw", "no_draw")]
    assert codes({"mode": "winner"}) == [("winner", "no_winner")]
    assert GO.score(GO.start({"komi": 5}), {"mode": "winner", "draw": True}).points == (
        1,
        1,
    )


def test_a_group_without_liberties_cannot_be_on_the_board():
    """§46.3: a group left without liberties is removed; §46.3.1: no suicide. A
    white stone in the corner with black on its two sides is refused."""
    board = "wb......./b......../" + "/".join(["........."] * 7)
    assert codes({"board": board}) == [("board", "no_liberties")]
    with pytest.raises(DealRejected) as rejected:
        GO.score(GO.start(), {"board": board})
    assert "white group at a1" in rejected.value.errors[0].message


@pytest.mark.parametrize(
    ("board", "code"),
    [
        ("." * 80, "board_size"),
        ("/".join(["........."] * 8), "board_rows"),
        ("x" + "." * 80, "board_symbol"),
    ],
)
def test_bad_positions_are_refused_naming_the_board(board, code):
    assert codes({"board": board}) == [("board", code)]


def test_an_unknown_mode_is_named():
    assert codes({"mode": "cards"}) == [("mode", "bad_mode")]


@given(go_positions())
def test_stones_areas_and_neutral_points_make_the_board(position):
    count = area_count(position)
    assert count.black_points + count.white_points + count.neutral == 81, (
        "every point is a stone, one colour's area or nobody's"
    )


@given(go_positions())
def test_swapping_the_colours_swaps_the_count(position):
    swapped = tuple({"b": "w", "w": "b"}.get(c, c) for c in position)
    count, other = area_count(position), area_count(swapped)
    assert (count.black_stones, count.black_area) == (
        other.white_stones,
        other.white_area,
    )
    assert (count.white_points, count.neutral) == (other.black_points, other.neutral)


@given(go_positions())
def test_the_engine_scores_a_legal_position_as_counted_and_swaps_with_it(position):
    """Without komi, the colours swapped, the same black side loses what it won."""
    if groups_without_liberties(position):
        return
    board = "".join(position)
    swapped = board.translate(str.maketrans("bw", "wb"))
    start = GO.start({"komi": 0})
    score = GO.score(start, {"board": board})
    count = area_count(position)
    assert (score.detail["black_points"], score.detail["white_points"]) == (
        count.black_points,
        count.white_points,
    )
    assert GO.score(start, {"board": swapped}).points == score.points[::-1]


def test_the_docs_worked_example_scores_as_the_doc_says():
    text = (Path(__file__).parents[2] / "docs/games/beginners-go.md").read_text()
    deal = json.loads(text.split("```json\n", 1)[1].split("```", 1)[0])
    assert deal["board"] == SPLIT
    score = GO.score(GO.start(), deal)
    assert score.points == (1, 0) and score.detail["margin"] == "2.5"
