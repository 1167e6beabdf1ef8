"""Multimulta: the side with more tricks scores one point per trick over four.

Source: ``001_b57793035adc3f64.txt §6`` (6.2 the game; 6.1 and 6.3 are the
homemade deck and the play, which the score does not need).

The smallest complete game on :mod:`games.engine.tricks` (``docs/engine.md``, "The
trick-taking family"): the deal is the tricks per side, checked by the family's
:func:`~games.engine.tricks.side_tricks`; the match is a
:class:`~games.engine.tricks.Rubber` of one game, or of two games won.

Terms:

* **seat** 0–3 clockwise; partners sit opposite, so the side of a seat is
  ``seat % 2``.
* **deal** — 36 homemade cards, 9 each: 9 tricks (6.2).
* **game** — first side to 5 points (option ``target``); a **rubber** (option
  ``rubber``) is two games won (6.2: "play a rubber of such games").

Invariants: the tricks add up to 9, so exactly one side took more and scores
(1–5 points); the totals are the sums of the deals' points; the match ends when a
side has won the games it needs, and that side is the winner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from games.engine import (
    ContextRow,
    DealRejected,
    DealScore,
    Fact,
    Game,
    MatchState,
    NextDeal,
    RuleError,
    register,
)
from games.engine.inputs import FrozenModel, derived_pair
from games.engine.text import Side, msg
from games.engine.tricks import PARTNERS, Rubber, deal_tricks, side_tricks

TRICKS = deal_tricks(36, 4)  # 6.2: 36 cards, 9 each
OVER = 4  # 6.2: one point for each trick in excess of four


class MultimultaOptions(FrozenModel):
    """Variants clubs choose; the defaults are the book's."""

    target: int = Field(5, ge=1, description="Points that win a game (6.2).")
    rubber: bool = Field(
        False, description="Play a rubber: the first side to win two games (6.2)."
    )


class MultimultaDeal(FrozenModel):
    """One deal as entered: the tricks."""

    tricks: tuple[Annotated[int, Field(ge=0, le=TRICKS)], ...] = Field(
        description="Tricks per side [side 0, side 1] or per seat [seat 0, 1, 2, 3].",
        # A form asks for side 0's tricks; side 1 took the rest of the 9.
        json_schema_extra=derived_pair(TRICKS),
    )


@dataclass(frozen=True, kw_only=True)
class MultimultaState(MatchState):
    """The rubber as plain numbers (the stored state is JSON): ``toward``, each
    side's points toward the current game; ``games``, the winner of each game."""

    toward: tuple[int, ...] = (0, 0)
    games: tuple[int, ...] = ()

    @property
    def rubber(self) -> Rubber:
        options: MultimultaOptions = self.options
        return Rubber(
            game_target=options.target,
            games_to_win=2 if options.rubber else 1,
            toward=self.toward,
            games=self.games,
        )


@register
class Multimulta(Game):
    slug = "multimulta"
    name = "Multimulta"
    source = "001_b57793035adc3f64.txt §6"
    summary = "One point per trick over four to the side with more tricks; 5 wins."
    Options = MultimultaOptions
    deal_input = MultimultaDeal
    tables = (PARTNERS,)
    State = MultimultaState

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("tricks_over_four", "game_won")

    def verify_and_score(
        self, state: MultimultaState, deal: MultimultaDeal
    ) -> DealScore:
        errors: list[RuleError] = []
        per_side = side_tricks(deal.tricks, errors, tricks=TRICKS)
        if per_side is None:
            raise DealRejected(errors)
        side = 0 if per_side[0] > per_side[1] else 1
        points = per_side[side] - OVER
        facts = [
            Fact(
                "tricks_over_four",
                msg(
                    "{side} took {tricks} tricks: {points}",
                    side=Side(side),
                    tricks=per_side[side],
                    points=points,
                ),
                side,
                points,
            )
        ]
        rubber = state.rubber
        if rubber.toward[side] + points >= rubber.game_target:
            facts.append(
                Fact("game_won", msg("{side} wins the game", side=Side(side)), side)
            )
        return DealScore(
            points=(points, 0) if side == 0 else (0, points),
            facts=tuple(facts),
            detail={"tricks": list(per_side), "scorer": side},
        )

    def carry(
        self,
        state: MultimultaState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The rubber after the deal: games won, points toward the next; the
        rubber's winner wins the match."""
        rubber, _ = state.rubber.score(score.points)
        return {
            "toward": rubber.toward,
            "games": rubber.games,
            "finished": rubber.finished,
            "winners": (rubber.winner,) if rubber.finished else (),
        }

    def next_deal(self, state: MultimultaState) -> NextDeal | None:
        if state.finished:
            return None
        rubber = state.rubber
        rows = [ContextRow("toward_game", "This game", "per_side", rubber.toward)]
        if rubber.games_to_win > 1:
            won = tuple(rubber.games_won(side) for side in range(rubber.sides))
            rows.append(ContextRow("games_won", "Games won", "per_side", won))
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            context=tuple(rows),
        )
