"""The board games bench: Beginners' Go entered as the final 9 × 9 position (groups
checked for liberties, areas computed), and Hex and Y with the final board (the
winning chain checked); best-of-five matches."""

from __future__ import annotations

import random

from bench.cases import played_matches
from bench.engine import Case
from games.engine import Table, get_game
from games.engine.board import board_text, cell_count
from games.rules.hex import BLUE, RED, hex_connects, y_connects

TABLE = Table((0, 1))
OPTIONS = {"games": 5, "first_to": 3}


def _go_position(rng: random.Random) -> dict:
    """A final position: black fills the left of a random column, white the right;
    each side keeps one to four empty points (eyes) inside, one on the board's edge,
    so that every group has a liberty."""
    wall = rng.randint(2, 6)
    cells = [["b" if c <= wall else "w" for c in range(9)] for _row in range(9)]
    for low, high in ((0, wall - 1), (wall + 2, 8)):
        edge = low if low == 0 else high
        cells[rng.randrange(9)][edge] = "."
        for _ in range(rng.randint(0, 3)):
            cells[rng.randrange(9)][rng.randint(low, high)] = "."
    return {"board": "/".join("".join(r) for r in cells)}


def _connection_board(rng: random.Random, shape: str, size: int) -> dict:
    n = cell_count(shape, size)
    order = list(range(n))
    rng.shuffle(order)
    cells = ["."] * n
    for move, cell in enumerate(order):
        cells[cell] = RED if move % 2 == 0 else BLUE
    connects = hex_connects if shape == "rhombus" else y_connects
    red_wins = connects(cells, size, RED)
    return {
        "winner": 0 if red_wins else 1,
        "first": 0,
        "size": size,
        "board": board_text(cells, shape=shape, size=size),
    }


def cases() -> list[Case]:
    go, hex_, y = (get_game(s) for s in ("beginners-go", "hex", "game-of-y"))
    out = []
    for name, game, deal in (
        ("beginners-go: positions", go, _go_position),
        (
            "hex: 11 × 11 boards",
            hex_,
            lambda rng: _connection_board(rng, "rhombus", 11),
        ),
        ("game-of-y: side 11", y, lambda rng: _connection_board(rng, "triangle", 11)),
    ):
        deals, matches = played_matches(
            game, deal, rng=random.Random(45), count=20, table=TABLE, options=OPTIONS
        )
        out.append(Case(name=name, game=game, deals=deals, matches=matches))
    return out
