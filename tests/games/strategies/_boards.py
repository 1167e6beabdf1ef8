"""Final boards for the board games' strategies and property tests: full Hex and Y
boards (one colour always connects, book §45.2 l.3038) and Go positions."""

from __future__ import annotations

from hypothesis import strategies as st

from games.engine.board import board_text, cell_count
from games.rules.hex import BLUE, RED, hex_connects, y_connects


@st.composite
def full_boards(draw, shape: str, sizes=(2, 7)):
    """A full board whose colours alternate from red: (size, cells)."""
    size = draw(st.integers(*sizes))
    n = cell_count(shape, size)
    order = draw(st.permutations(range(n)))
    cells = ["."] * n
    for move, cell in enumerate(order):
        cells[cell] = RED if move % 2 == 0 else BLUE
    return size, tuple(cells)


def winning_colour(shape: str, size: int, cells) -> str:
    connects = hex_connects if shape == "rhombus" else y_connects
    return RED if connects(cells, size, RED) else BLUE


@st.composite
def connection_games(draw, shape: str):
    """A game of Hex (``rhombus``) or Y (``triangle``) as a scorer enters it: the
    winner only, or with its full final board (first mover, swap and the winner
    consistent with it, red moving first)."""
    first = draw(st.sampled_from([None, 0, 1]))
    swap = draw(st.booleans())
    if not draw(st.booleans()):
        deal = {"winner": draw(st.integers(0, 1)), "swap": swap}
        return deal | ({} if first is None else {"first": first})
    size, cells = draw(full_boards(shape))
    mover = 0 if first is None else first  # the strategy's matches start at 0
    first_colour = BLUE if swap else RED
    red = mover if first_colour == RED else 1 - mover
    colour = winning_colour(shape, size, cells)
    winner = red if colour == RED else 1 - red
    return {
        "winner": winner,
        "first": mover,
        "swap": swap,
        "size": size,
        "board": board_text(cells, shape=shape, size=size),
    }


def go_positions(size: int = 9):
    """Any arrangement of empty points and stones (legal or not)."""
    return st.lists(
        st.sampled_from(".bw"), min_size=size * size, max_size=size * size
    ).map(tuple)
