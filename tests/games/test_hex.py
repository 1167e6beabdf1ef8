"""Hex and the Game of Y (book §45, l.3015–3055): the winner, the swap, who moved
first, and the final board's winning chain checked."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, get_game
from games.engine.board import board_parse, cell_count, coordinates, neighbours
from games.rules.hex import BLUE, RED, hex_connects, y_connects
from tests.games.strategies._boards import full_boards

HEX = get_game("hex")
Y = get_game("game-of-y")

# 4 × 4 (the book's figure 45.1 is a 4 × 4 board); red's sides are the top and the
# bottom row. Red moved first: four red, three blue; red's column 1 joins them.
RED_WINS = ".r.b/.r../.r.b/.r.b"
# Four each; blue's third row joins the left and the right columns.
BLUE_WINS = "r.r./..../bbbb/.rr."


def codes(game, deal, options=None) -> list[tuple[str, str]]:
    with pytest.raises(DealRejected) as rejected:
        game.score(game.start(options or {}), deal)
    return [(e.path, e.code) for e in rejected.value.errors]


def test_declaration():
    """Two players, no draw (l.3038), win/loss only: there is no margin."""
    assert HEX.tables == ((0, 1),) and Y.tables == ((0, 1),)
    assert not HEX.stakes_per_point and not Y.stakes_per_point
    assert not HEX.draws_possible(HEX.parse_options({}))
    assert "draw" not in HEX.deal_schema()["properties"]
    board = HEX.deal_schema()["properties"]["board"]
    assert board["x-widget"] == "grid" and board["x-grid"]["shape"] == "rhombus"
    assert Y.deal_schema()["properties"]["board"]["x-grid"]["shape"] == "triangle"


def test_the_winner_alone_is_a_game():
    folded = HEX.fold([{"winner": 1}])
    assert folded.finished and folded.winners == (1,)
    assert folded.deals[0].score.detail["size"] == 11  # §45.4: 11 × 11 most common


def test_a_board_with_the_winners_chain_is_accepted():
    """Side 0 moved first with red (no swap) and connected top and bottom."""
    score = HEX.score(HEX.start(), {"winner": 0, "size": 4, "board": RED_WINS})
    assert score.points == (1, 0)
    facts = {f.code: f.side for f in score.facts}
    assert facts["chain"] == 0 and facts["colours"] == 0
    assert score.detail["board"] == RED_WINS


def test_after_the_swap_the_second_player_owns_the_first_red_piece():
    """§45.1: if the second player swaps, the first move becomes a move of the
    second player's colour: side 1 is red, and red's chain wins for side 1."""
    deal = {"winner": 1, "swap": True, "size": 4, "board": RED_WINS}
    score = HEX.score(HEX.start(), deal)
    assert score.detail["red"] == 1 and score.points == (0, 1)
    assert codes(HEX, {**deal, "winner": 0}) == [("board", "no_winning_chain")]


def test_blue_connects_left_and_right():
    score = HEX.score(HEX.start(), {"winner": 1, "size": 4, "board": BLUE_WINS})
    assert score.points == (0, 1)


def test_a_chain_of_the_loser_is_named_in_the_error():
    with pytest.raises(DealRejected) as rejected:
        HEX.score(HEX.start(), {"winner": 1, "size": 4, "board": RED_WINS})
    (error,) = rejected.value.errors
    assert error.code == "no_winning_chain" and "red has one" in error.message


def test_the_first_colour_option_turns_the_colours_round():
    """A club whose blue moves first: side 0 (first) is blue, and the counts
    alternate from blue (the red-first board of four red and three blue fails)."""
    options = {"first_colour": "blue"}
    assert codes(HEX, {"winner": 1, "size": 4, "board": RED_WINS}, options) == [
        ("board", "piece_count")
    ]
    score = HEX.score(HEX.start(options), {"winner": 0, "size": 4, "board": BLUE_WINS})
    assert score.detail["red"] == 1


@pytest.mark.parametrize(
    ("board", "code"),
    [
        ("rrrr/..../..../....", "piece_count"),  # four red moves, no blue
        ("rrr/..../.b../....", "board_rows"),
        ("r.b/..../..../..../....", "board_rows"),
        ("r.b", "board_size"),
        ("x.rb/..../..../....", "board_symbol"),
    ],
)
def test_bad_boards_are_refused_naming_the_board(board, code):
    assert codes(HEX, {"winner": 0, "size": 4, "board": board}) == [("board", code)]


def test_bad_fields_are_refused_by_name():
    assert codes(HEX, {}) == [("winner", "missing")]
    assert codes(HEX, {"winner": 2})[0][0] == "winner"
    assert codes(HEX, {"winner": 0, "size": 1})[0][0] == "size"
    assert codes(HEX, {"winner": 0, "draw": True}) == [("draw", "extra_forbidden")]


def test_the_size_is_read_from_the_board_when_not_given():
    score = HEX.score(HEX.start(), {"winner": 0, "board": RED_WINS})
    assert score.detail["size"] == 4
    run_on = {"winner": 0, "board": RED_WINS.replace("/", "")}
    assert HEX.score(HEX.start(), run_on).detail["size"] == 4
    assert Y.score(Y.start(), {"winner": 0, "board": "r/rb/rbb/rrbb"}).points == (1, 0)
    # Three points make no rhombus: measured against the default 11 × 11.
    assert codes(HEX, {"winner": 0, "board": "r.b"}) == [("board", "board_size")]


def test_rows_may_run_on_or_stand_on_lines_in_either_case():
    deal = {"winner": 0, "size": 4, "board": RED_WINS.replace("/", "").upper()}
    assert HEX.score(HEX.start(), deal).detail["board"] == RED_WINS
    deal["board"] = RED_WINS.replace("/", "\n")
    assert HEX.score(HEX.start(), deal).points == (1, 0)


def test_y_connects_all_three_sides_and_the_corners_belong_to_both():
    """§45.3: a chain touching all three sides. Red's left column and bottom-left
    corner touch the left side, the right side (the apex) and the bottom."""
    board = "r/rb/rbb/rrbb"
    score = Y.score(Y.start(), {"winner": 0, "size": 4, "board": board})
    assert score.points == (1, 0)
    # Blue's right edge runs from the apex to the bottom-right corner: the corners
    # are on the left side and the bottom as well.
    cells = board_parse("b/rb/rrb/.rrb", shape="triangle", size=4, symbols=".rb")
    assert y_connects(cells, 4, BLUE) and not y_connects(cells, 4, RED)
    assert codes(Y, {"winner": 1, "size": 4, "board": board}) == [
        ("board", "no_winning_chain")
    ]


def _brute_force_connects(cells, size, colour, shape) -> bool:
    """Flood fill by repeated passes over every pair of cells, with adjacency from
    the coordinates (not the engine's neighbour lists)."""
    points = coordinates(shape, size)
    steps = (
        {(0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, 1)}
        if shape == "rhombus"
        else {(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)}
    )
    mine = [i for i, c in enumerate(cells) if c == colour]
    for start in mine:
        reached = {start}
        grew = True
        while grew:
            grew = False
            for a, b in itertools.product(list(reached), mine):
                step = (points[b][0] - points[a][0], points[b][1] - points[a][1])
                if b not in reached and step in steps:
                    reached.add(b)
                    grew = True
        rows = {points[i][0] for i in reached}
        cols = {points[i][1] for i in reached}
        if shape == "rhombus":
            ends = rows if colour == RED else cols
            if 0 in ends and size - 1 in ends:
                return True
        elif (
            0 in cols
            and any(points[i][0] == points[i][1] for i in reached)
            and size - 1 in rows
        ):
            return True
    return False


partial_boards = st.integers(2, 6).flatmap(
    lambda size: st.tuples(
        st.just(size),
        st.lists(
            st.sampled_from(".rb"),
            min_size=size * size,
            max_size=size * size,
        ),
    )
)


@given(partial_boards)
def test_the_hex_chain_checker_agrees_with_a_brute_force_flood_fill(case):
    size, cells = case
    for colour in (RED, BLUE):
        assert hex_connects(cells, size, colour) == _brute_force_connects(
            cells, size, colour, "rhombus"
        )
    # Two chains would cross: never both (the geometry behind l.3038).
    assert not (hex_connects(cells, size, RED) and hex_connects(cells, size, BLUE))


@given(
    st.integers(2, 6).flatmap(
        lambda size: st.tuples(
            st.just(size),
            st.lists(
                st.sampled_from(".rb"),
                min_size=cell_count("triangle", size),
                max_size=cell_count("triangle", size),
            ),
        )
    )
)
def test_the_y_chain_checker_agrees_with_a_brute_force_flood_fill(case):
    size, cells = case
    for colour in (RED, BLUE):
        assert y_connects(cells, size, colour) == _brute_force_connects(
            cells, size, colour, "triangle"
        )


@given(full_boards("rhombus"))
def test_a_full_hex_board_has_exactly_one_winner(board):
    """§45.2 (l.3038): the game cannot end in a draw — a full board always holds
    exactly one winning chain."""
    size, cells = board
    assert hex_connects(cells, size, RED) != hex_connects(cells, size, BLUE)


@given(full_boards("triangle"))
def test_a_full_y_board_has_exactly_one_winner(board):
    size, cells = board
    assert y_connects(cells, size, RED) != y_connects(cells, size, BLUE)


@pytest.mark.parametrize("shape", ["square", "rhombus", "triangle"])
@pytest.mark.parametrize("size", [1, 2, 5])
def test_neighbours_are_symmetric(shape, size):
    links = neighbours(shape, size)
    assert all(a in links[b] for a, near in enumerate(links) for b in near)


def _doc_example(name: str) -> dict:
    text = (Path(__file__).parents[2] / "docs/games" / name).read_text()
    return json.loads(text.split("```json\n", 1)[1].split("```", 1)[0])


def test_the_docs_worked_examples_score_as_the_docs_say():
    hex_deal = _doc_example("hex.md")
    assert HEX.score(HEX.start(), hex_deal).points == (1, 0)
    swapped = HEX.score(HEX.start(), {**hex_deal, "swap": True, "winner": 1})
    assert swapped.points == (0, 1)
    assert Y.score(Y.start(), _doc_example("game-of-y.md")).points == (1, 0)
