"""Beginners' Go: Go on a 9 × 9 board of points, scored by area with 6.5 komi.

Source: book ``001_b57793035adc3f64.txt`` chapter 46 (l.3056–3133): the setup §46.1
(9 × 9 points, black starts), adjacency §46.2.1, groups §46.2.3, area §46.2.4,
liberties §46.2.5, captures §46.3, no suicide §46.3.1, ko §46.3.2, the end and the
score §46.4 (l.3122–3124); win/loss only for money (§1.2 l.239: "competitive Go is
played for win/loss only").

Terms: a **group** is a connected set of stones of one colour; a **liberty** of a
group an empty point next to it. A group left with no liberties is removed from
the board (§46.3), and a stone may not be played so that its own group has none
(§46.3.1) — so every group on the board has a liberty. An empty point is black
**area** if no sequence of empty points joins it to an empty point next to a white
stone (§46.2.4): an empty region bordered only by black is black's. The game ends
when both players pass; each gets a point per stone on the board and per point of
area, and white 6.5 more (**komi**); more points win (§46.4).

Entry (three modes, :mod:`games.engine.outcome` for the result):

* ``position`` — the final position as it stands after both passed (``.``, ``b``,
  ``w``, rows from the top), from which the groups, the areas and the score are
  computed; no stone is removed: under these rules stones that real Go would call
  dead must be captured in play before passing (§46.4 scores the stones "on the
  board");
* ``totals`` — each player's points (stones + area, before komi), counted at the
  board; together at most 81;
* ``winner`` — only the result (a game given up, or counted elsewhere).

Each mode may say which side played black; else the sheet's (side 0 in game 1, then
the sides take turns). With a whole-number ``komi`` (an option) a game can be drawn.

Invariants: stones + areas + neutral points = 81; a position has no group without a
liberty; swapping the colours of a position swaps the players' points.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from games.engine import DealScore, MatchState, RuleError, register
from games.engine.board import (
    EMPTY,
    board_parse,
    board_text,
    neighbours,
    point_name,
    regions,
)
from games.engine.errors import reject_if
from games.engine.game import Fact
from games.engine.inputs import FrozenModel, SideField, input_error
from games.engine.outcome import (
    MatchOfGamesOptions,
    OutcomeGame,
    outcome_errors,
    outcome_score,
)
from games.engine.text import Text, msg

BLACK, WHITE = "b", "w"
SIZE = 9
POINTS = SIZE * SIZE
SECTION = "§46.4"

Side = Annotated[SideField, Field(le=1)]
Points = Annotated[int, Field(ge=0, le=POINTS)]
BLACK_SIDE = Field(
    None,
    description="The side that played black; empty: as the sheet says (the sides "
    "take turns from game to game).",
)


KOMI = re.compile(r"^\d{1,2}(\.[05])?$")


def _komi_text(value: Any) -> Any:
    # The API may send a number; the form sends text. Either reads as text.
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = f"{value:g}"
    if isinstance(value, str) and KOMI.match(value.strip()):
        return value.strip()
    raise input_error(
        "bad_komi", "komi is whole or half points from 0 to 99, e.g. 6.5 or 7"
    )


Komi = Annotated[str, BeforeValidator(_komi_text)]


class BeginnersGoOptions(MatchOfGamesOptions):
    komi: Komi = Field(
        "6.5",
        description="Points white gets besides its stones and area, in whole or "
        "half points (§46.4: 6.5; a whole number makes a drawn game possible).",
    )


class GoPosition(FrozenModel):
    mode: Literal["position"] = "position"
    black: Side | None = BLACK_SIDE
    board: str = Field(
        max_length=200,
        description="The final position after both passed, rows from the top: '.' "
        "empty, 'b' black, 'w' white. Remove no stones (§46.4).",
        json_schema_extra={
            "x-widget": "grid",
            "x-grid": {
                "shape": "square",
                "size": SIZE,
                "symbols": [
                    {"symbol": ".", "label": msg("empty")},
                    {"symbol": BLACK, "label": msg("black"), "colour": "#111111"},
                    {"symbol": WHITE, "label": msg("white"), "colour": "#fafafa"},
                ],
            },
        },
    )


class GoTotals(FrozenModel):
    mode: Literal["totals"]
    black: Side | None = BLACK_SIDE
    black_points: Points = Field(
        description="Black's stones on the board + black area (before komi)."
    )
    white_points: Points = Field(
        description="White's stones on the board + white area (before komi)."
    )


class GoWinner(FrozenModel):
    mode: Literal["winner"]
    black: Side | None = BLACK_SIDE
    winner: Side | None = Field(None, description="The side that won.")
    draw: bool = Field(False, description="Drawn (only with a whole-number komi).")


@dataclass(frozen=True, slots=True)
class AreaCount:
    """A position counted (§46.4): stones and area per colour, and the empty points
    that are nobody's area (bordered by both colours)."""

    black_stones: int
    white_stones: int
    black_area: int
    white_area: int
    neutral: int

    @property
    def black_points(self) -> int:
        return self.black_stones + self.black_area

    @property
    def white_points(self) -> int:
        return self.white_stones + self.white_area


def area_count(cells: Sequence[str], size: int = SIZE) -> AreaCount:
    """Stones and areas of a position. An empty region next to stones of one colour
    only is that colour's area; next to both, or to none (the empty board: by
    §46.2.4's letter it would be both players' area), nobody's."""
    links = neighbours("square", size)
    area = {BLACK: 0, WHITE: 0}
    neutral = 0
    for region in regions(cells, links, {EMPTY}):
        borders = {cells[n] for i in region for n in links[i]} - {EMPTY}
        if len(borders) == 1:
            area[borders.pop()] += len(region)
        else:
            neutral += len(region)
    return AreaCount(
        black_stones=cells.count(BLACK),
        white_stones=cells.count(WHITE),
        black_area=area[BLACK],
        white_area=area[WHITE],
        neutral=neutral,
    )


def groups_without_liberties(cells: Sequence[str], size: int = SIZE) -> list[list[int]]:
    """The groups that have no liberty (none can stand on the board, §46.3)."""
    links = neighbours("square", size)
    return [
        group
        for colour in (BLACK, WHITE)
        for group in regions(cells, links, {colour})
        if not any(cells[n] == EMPTY for i in group for n in links[i])
    ]


def _half_points(komi: str) -> int:
    return round(float(komi) * 2)


def _points_text(half: int) -> str:
    return f"{half // 2}.5" if half % 2 else str(half // 2)


@register
class BeginnersGo(OutcomeGame):
    sheet_fact = "count"  # "white 40 + 6.5 = 46.5: white by 2.5" in the row
    slug = "beginners-go"
    name = "Beginners' Go"
    source = "001_b57793035adc3f64.txt §46 (l.3056–3133)"
    summary = (
        "Go on 9 × 9 points: area scoring (stones + enclosed empty points), 6.5 "
        "komi for white; win/loss only."
    )
    Options = BeginnersGoOptions
    deal_modes = {"position": GoPosition, "totals": GoTotals, "winner": GoWinner}
    first_label = msg("Black")

    def draws_possible(self, options: BeginnersGoOptions) -> bool:
        return _half_points(options.komi) % 2 == 0

    def parse_deal(self, raw: Any) -> Any:
        # A deal naming no mode is a position (the form's first way to enter one).
        if isinstance(raw, Mapping) and "mode" not in raw:
            raw = {**raw, "mode": "position"}
        return super().parse_deal(raw)

    def verify_and_score(self, state: MatchState, deal: Any) -> DealScore:
        options: BeginnersGoOptions = state.options
        draws = self.draws_possible(options)
        black = self.first_of(state, deal.black)
        if isinstance(deal, GoWinner):
            reject_if(outcome_errors(deal.winner, deal.draw, draws_possible=draws))
            return outcome_score(
                deal.winner, draws_possible=draws, first=black, detail={"black": black}
            )
        detail: dict[str, Any] = {"black": black}
        if isinstance(deal, GoPosition):
            cells = board_parse(
                deal.board,
                shape="square",
                size=SIZE,
                symbols=".bw",
                section="§46.1",
            )
            reject_if(self.position_errors(cells))
            count = area_count(cells)
            black_points, white_points = count.black_points, count.white_points
            detail |= {
                "board": board_text(cells, shape="square", size=SIZE),
                "black_stones": count.black_stones,
                "white_stones": count.white_stones,
                "black_area": count.black_area,
                "white_area": count.white_area,
                "neutral": count.neutral,
            }
        else:
            black_points, white_points = deal.black_points, deal.white_points
            if black_points + white_points > POINTS:
                reject_if(
                    [
                        RuleError(
                            "white_points",
                            "too_many_points",
                            msg(
                                "{black} + {white} is more than the {points} points "
                                "of the board ({section})",
                                black=black_points,
                                white=white_points,
                                points=POINTS,
                                section=SECTION,
                            ),
                        )
                    ]
                )
        komi = _half_points(options.komi)
        black_half, white_half = 2 * black_points, 2 * white_points + komi
        if black_half == white_half:
            winner = None
        else:
            colour_won = BLACK if black_half > white_half else WHITE
            winner = black if colour_won == BLACK else 1 - black
        margin = _points_text(abs(black_half - white_half))
        text = _count_text(
            None if winner is None else colour_won,
            black=black_points,
            white=white_points,
            komi=_points_text(komi),
            white_total=_points_text(white_half),
            margin=margin,
        )
        detail |= {
            "black_points": black_points,
            "white_points": white_points,
            "komi": _points_text(komi),
            "margin": margin,
        }
        return outcome_score(
            winner,
            draws_possible=draws,
            first=black,
            facts=(Fact("count", text, winner),),
            detail=detail,
        )

    def position_errors(self, cells: Sequence[str]) -> list[RuleError]:
        errors = []
        for group in groups_without_liberties(cells):
            at = point_name(min(group), shape="square", size=SIZE)
            text = (
                msg(
                    "the black group at {at} has no liberty: it would have been "
                    "captured, or could not have been played (§46.3)",
                    at=at,
                )
                if cells[group[0]] == BLACK
                else msg(
                    "the white group at {at} has no liberty: it would have been "
                    "captured, or could not have been played (§46.3)",
                    at=at,
                )
            )
            errors.append(RuleError("board", "no_liberties", text))
        return errors

    def notes(self, state: MatchState) -> tuple[str, ...]:
        return (
            msg("Black moves first; the game ends when both pass in turn (§46.4)."),
            msg(
                "Enter the position as it stands: remove no stones; stones that "
                "cannot live are captured in play before passing."
            ),
        )


def _count_text(colour_won: str | None, **params: Any) -> Text:
    """The count's fact: both colours' points, white's komi, and the result."""
    if colour_won is None:
        params.pop("margin")
        return msg(
            "black {black}, white {white} + {komi} = {white_total}: drawn", **params
        )
    if colour_won == BLACK:
        return msg(
            "black {black}, white {white} + {komi} = {white_total}: black by {margin}",
            **params,
        )
    return msg(
        "black {black}, white {white} + {komi} = {white_total}: white by {margin}",
        **params,
    )
