"""Hex and Y: connect your sides of the board with a chain of your pieces.

Source: book ``001_b57793035adc3f64.txt`` chapter 45 (l.3015–3055): the rules §45.1
(l.3023–3030), no draw possible §45.2 (l.3038), Y §45.3 (l.3046–3048), the usual
board sizes §45.4 (l.3052: 11 × 11, 13 × 13 and 14 × 14). Two players.

Terms: the Hex board is a rhombus of hexagons; two opposite sides are **red**, the
other two **blue** (Kirjuri draws the red sides at the top and the bottom). Each
player places pieces of their colour; the game is won by a **chain** of one's pieces
from one of one's sides to the other, successive pieces adjacent, corners belonging
to both sides. The **swap**: after the first move the second player may swap colours;
the colours of the moves alternate in any case. **Y** is played on a triangle, and a
chain must touch all three sides.

Entry (:mod:`games.engine.outcome`): the winner; optionally who moved first (else the
sheet's: the sides alternate), whether the second player swapped, the board size;
optionally the final board (:mod:`games.engine.board`: ``.`` empty, ``r`` red,
``b`` blue), which is checked: the colours alternate from the first move, and the
winner's colour has a winning chain.

Kirjuri's readings (the book does not say): red moves first (the option
``first_colour`` turns it round); after a swap the first player plays the other
colour; a game given up before a chain is on the board is entered without the board.
A game scores 1 to its winner; a match is one game unless the options say more.
Money: win/loss only (there is no margin; ``stakes_per_point = False``).

Invariants: every game has a winner (no draw, l.3038); a board entered shows a
chain of the winner's colour, and the first colour has as many pieces as the other
or one more.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Annotated, ClassVar, Literal

from pydantic import ConfigDict, Field

from games.engine import DealScore, MatchState, RuleError, register
from games.engine.board import (
    board_parse,
    board_size_of,
    board_text,
    neighbours,
    regions,
)
from games.engine.errors import reject_if
from games.engine.game import Fact
from games.engine.inputs import FrozenModel, SideField
from games.engine.outcome import (
    MatchOfGamesOptions,
    OutcomeGame,
    OutcomeState,
    outcome_errors,
    outcome_score,
)
from games.engine.text import Side as SideText
from games.engine.text import Text, msg

RED, BLUE = "r", "b"
SYMBOLS = ".rb"
MIN_SIZE, MAX_SIZE = 2, 26
DEFAULT_SIZE = 11  # §45.4: 11 × 11 the first of the common sizes
SECTION = "§45.1"

Side = Annotated[SideField, Field(le=1)]


def grid_widget(shape: str) -> dict:
    """The board field's declaration for the entry form's tap grid."""
    return {
        "x-widget": "grid",
        "x-grid": {
            "shape": shape,
            "size_field": "size",
            "default_size": DEFAULT_SIZE,
            "symbols": [
                {"symbol": ".", "label": msg("empty")},
                {"symbol": RED, "label": msg("red"), "colour": "#c62828"},
                {"symbol": BLUE, "label": msg("blue"), "colour": "#1565c0"},
            ],
        },
    }


class HexOptions(MatchOfGamesOptions):
    first_colour: Literal["red", "blue"] = Field(
        "red",
        description="The colour of the first move (the book does not say; Kirjuri: "
        "red).",
    )


def _game_model(title: str, shape: str, default_size: int) -> type[FrozenModel]:
    class ConnectionGame(FrozenModel):
        model_config = ConfigDict(title=title)

        winner: Side = Field(description="The side that made the winning chain.")
        first: Side | None = Field(
            None,
            title="Moved first",
            description="The side that made the first move; empty: as the sheet "
            "says (the sides take turns from game to game).",
        )
        swap: bool = Field(
            False,
            description="After the first move the second player swapped colours "
            "(§45.1).",
        )
        size: int | None = Field(
            None,
            ge=MIN_SIZE,
            le=MAX_SIZE,
            description=f"Hexagons on a side of the board; empty: as the board "
            f"entered has, or {default_size} (§45.4).",
        )
        board: str | None = Field(
            None,
            max_length=1000,
            description="Optional: the final board, rows from the top, '.' empty, "
            "'r' red, 'b' blue; the winner's chain is checked.",
            json_schema_extra=grid_widget(shape),
        )

    return ConnectionGame


HexGameInput = _game_model("HexGame", "rhombus", DEFAULT_SIZE)
YGameInput = _game_model("YGame", "triangle", DEFAULT_SIZE)


def hex_connects(cells: Sequence[str], size: int, colour: str) -> bool:
    """Does ``colour`` have a chain between its two sides of the Hex board? Red's
    sides are the top and bottom rows, blue's the left and right columns."""
    links = neighbours("rhombus", size)
    for chain in regions(cells, links, {colour}):
        if colour == RED:
            ends = {i // size for i in chain}
        else:
            ends = {i % size for i in chain}
        if 0 in ends and size - 1 in ends:
            return True
    return False


def y_connects(cells: Sequence[str], size: int, colour: str) -> bool:
    """Does ``colour`` have a chain touching all three sides of the Y triangle?"""
    links = neighbours("triangle", size)
    row_of = [r for r in range(size) for _ in range(r + 1)]
    start = [r * (r + 1) // 2 for r in range(size)]
    for chain in regions(cells, links, {colour}):
        left = right = bottom = False
        for i in chain:
            r = row_of[i]
            c = i - start[r]
            left = left or c == 0
            right = right or c == r
            bottom = bottom or r == size - 1
        if left and right and bottom:
            return True
    return False


class _ConnectionGame(OutcomeGame):
    """Hex and Y: the same entry and checks on their own boards."""

    Options = HexOptions
    State = OutcomeState
    shape: ClassVar[str]

    @abstractmethod
    def connects(self, cells: Sequence[str], size: int, colour: str) -> bool:
        """Whether ``colour``'s stones on the board join what the game asks."""

    def verify_and_score(self, state: MatchState, deal) -> DealScore:
        options: HexOptions = state.options
        reject_if(outcome_errors(deal.winner, False, draws_possible=False))
        first = self.first_of(state, deal.first)
        opening = RED if options.first_colour == "red" else BLUE
        other = BLUE if opening == RED else RED
        # After a swap the second player owns the first piece's colour (§45.1).
        first_colour = other if deal.swap else opening
        red = first if first_colour == RED else 1 - first
        winner_colour = RED if deal.winner == red else BLUE
        sides = {"first": SideText(first), "red": SideText(red)}
        colours = (
            msg("{first} moved first; {red} red after the swap", **sides)
            if deal.swap
            else msg("{first} moved first; {red} red", **sides)
        )
        facts = [Fact("colours", colours, red)]
        size = deal.size
        if size is None and deal.board is not None:
            size = board_size_of(deal.board, self.shape)
        size = size or DEFAULT_SIZE
        detail = {"swap": deal.swap, "size": size, "red": red}
        if deal.board is not None:
            cells = board_parse(
                deal.board,
                shape=self.shape,
                size=size,
                symbols=SYMBOLS,
                section=SECTION,
            )
            reject_if(self.board_errors(cells, size, opening, winner_colour))
            facts.append(Fact("chain", self.chain_text(winner_colour), deal.winner))
            detail["board"] = board_text(cells, shape=self.shape, size=size)
        return outcome_score(
            deal.winner,
            draws_possible=False,
            first=first,
            facts=facts,
            detail=detail,
        )

    def board_errors(
        self, cells: Sequence[str], size: int, opening: str, winner_colour: str
    ) -> list[RuleError]:
        other = BLUE if opening == RED else RED
        ahead = cells.count(opening) - cells.count(other)
        if ahead not in (0, 1):
            counts = {"first": cells.count(opening), "second": cells.count(other)}
            text = (
                msg(
                    "the colours alternate from red: {first} red and {second} blue "
                    "pieces cannot be (§45.1)",
                    **counts,
                )
                if opening == RED
                else msg(
                    "the colours alternate from blue: {first} blue and {second} red "
                    "pieces cannot be (§45.1)",
                    **counts,
                )
            )
            return [RuleError("board", "piece_count", text)]
        if self.connects(cells, size, winner_colour):
            return []
        loser_colour = other if winner_colour == opening else opening
        hint = self.connects(cells, size, loser_colour)
        return [
            RuleError(
                "board", "no_winning_chain", self.no_chain_text(winner_colour, hint)
            )
        ]

    @abstractmethod
    def chain_text(self, colour: str) -> Text:
        """The fact that ``colour``'s chain connects what the game asks."""

    @abstractmethod
    def no_chain_text(self, colour: str, other_has_one: bool) -> Text:
        """The error that ``colour`` has no winning chain (and, if
        ``other_has_one``, that the other colour has)."""

    def notes(self, state: MatchState) -> tuple[str, ...]:
        return (
            msg("After the first move the second player may swap colours (§45.1)."),
            msg(
                "The board, if entered: rows from the top, '.' empty, 'r' red, "
                "'b' blue."
            ),
        )


@register
class Hex(_ConnectionGame):
    slug = "hex"
    name = "Hex"
    source = "001_b57793035adc3f64.txt §45 (l.3015–3055)"
    summary = (
        "Two players connect their opposite sides of a rhombus of hexagons; the "
        "swap rule; no draws; win/loss only."
    )
    deal_input = HexGameInput
    shape = "rhombus"

    def connects(self, cells: Sequence[str], size: int, colour: str) -> bool:
        return hex_connects(cells, size, colour)

    def chain_text(self, colour: str) -> Text:
        if colour == RED:
            return msg(
                "the red chain connects its two sides (red: top and bottom; blue: "
                "left and right)"
            )
        return msg(
            "the blue chain connects its two sides (red: top and bottom; blue: "
            "left and right)"
        )

    def no_chain_text(self, colour: str, other_has_one: bool) -> Text:
        if colour == RED:
            if other_has_one:
                return msg(
                    "no red chain connects its two sides (red: top and bottom; "
                    "blue: left and right); blue has one: check the winner (§45.1)"
                )
            return msg(
                "no red chain connects its two sides (red: top and bottom; blue: "
                "left and right) (§45.1)"
            )
        if other_has_one:
            return msg(
                "no blue chain connects its two sides (red: top and bottom; blue: "
                "left and right); red has one: check the winner (§45.1)"
            )
        return msg(
            "no blue chain connects its two sides (red: top and bottom; blue: left "
            "and right) (§45.1)"
        )


@register
class Y(_ConnectionGame):
    slug = "game-of-y"
    name = "Game of Y"
    source = "001_b57793035adc3f64.txt §45.3 (l.3046–3048)"
    summary = (
        "Hex on a triangle: a chain touching all three sides wins; no draws; "
        "win/loss only."
    )
    deal_input = YGameInput
    shape = "triangle"

    def connects(self, cells: Sequence[str], size: int, colour: str) -> bool:
        return y_connects(cells, size, colour)

    def chain_text(self, colour: str) -> Text:
        if colour == RED:
            return msg("the red chain connects all three sides")
        return msg("the blue chain connects all three sides")

    def no_chain_text(self, colour: str, other_has_one: bool) -> Text:
        if colour == RED:
            if other_has_one:
                return msg(
                    "no red chain connects all three sides; blue has one: check "
                    "the winner (§45.1)"
                )
            return msg("no red chain connects all three sides (§45.1)")
        if other_has_one:
            return msg(
                "no blue chain connects all three sides; red has one: check the "
                "winner (§45.1)"
            )
        return msg("no blue chain connects all three sides (§45.1)")
