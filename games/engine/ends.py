"""Result shape: ends (frames, rounds, turns) with points, and who goes first.

Games played on a lane, a sheet of ice or a table — petanque (book §63), curling
(§76), billiards' frames, Totem Tennis — are scored per **end**: after the end one
side scores some points and the others score nothing, or the end is **blank** (a
draw: nobody scores). Between the ends the **order** is carried on: who throws the
jack or delivers the first rock, and so who delivers last (curling's *hammer*).
The match ends in a **race to N** points, after a **fixed number of ends**, or
whichever comes first (:mod:`games.engine.goals`), optionally with extra ends
while the sides are level.

The pieces:

* :func:`end_input` — the pydantic model of one end as a scorer enters it: the
  scoring ``side`` (``None`` for a blank end) and its ``points`` (0 for a blank
  end, else 1 … the most a side can score). Its JSON Schema declares a **tap grid**
  (:data:`games.engine.inputs.TAP_GRID`): the entry form offers one button per
  side and number of points, plus one for a blank end — one tap per end.
* :func:`end_errors` — the end checked against the game's cap (which may depend on
  the options: a petanque team's balls), each error naming its field.
* :func:`end_points` — the end as points per side.
* :func:`next_first` — who goes first in the next end, by the game's **order
  rule** (:data:`ORDER_RULES`): ``winner`` (the end's winner goes first, a blank
  end keeps the order — curling §76.1, petanque §63.1), ``loser`` (the end's loser
  goes first; a blank end keeps it) or ``alternate`` (the sides take turns,
  whatever the result — a break or a serve that alternates).
* :class:`EndsState` — the match state with ``first``, the side going first in the
  next end; :func:`last_of` is the side going last (the hammer, with two sides).
* :func:`ends_advance` / :func:`ends_rows` — the fold step and the sheet's rows
  before the next end (which end of how many, the target, who goes first and who
  has the last throw).
* :class:`EndsGame` — a game of such ends put together: a subclass declares its
  input (:func:`end_input`), its cap (:meth:`EndsGame.end_cap`), its goal
  (:meth:`EndsGame.end_goal`), its order rule and its labels; the sheet shows the
  ends in columns (``sheet_layout = "ends"``).

The first end's order comes from the match's table: the side of its first dealer
goes first (so the match form's "first dealer" is who throws first or who does
*not* have the hammer).

Invariants: an end scores points for one side at most, 1 … cap, or nothing at
all; ``first`` is always a side of the table; with two sides, ``last_of(first)`` is
the other side.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.engine.errors import DealRejected, RuleError
from games.engine.game import (
    ContextRow,
    DealScore,
    Fact,
    Game,
    MatchGoal,
    MatchState,
    NextDeal,
    Table,
)
from games.engine.goals import target_or_deals_advance, target_or_deals_rows
from games.engine.inputs import ROLE, TAP_GRID, FrozenModel
from games.engine.text import Side, Text, msg

OrderRule = Literal["winner", "loser", "alternate"]
ORDER_RULES: tuple[str, ...] = ("winner", "loser", "alternate")


# -- one end as entered -------------------------------------------------------------


def end_input(
    most: int,
    *,
    sides: int = 2,
    title: str = "End",
    blank: bool = True,
    side_help: str = "The side that scored the end.",
    points_help: str = "",
) -> type[FrozenModel]:
    """The model of one end: ``side`` (who scored; ``None`` = blank) and ``points``.

    ``most`` is the schema's bound on points (the most any table of the game can
    score in an end); a game whose cap depends on its options checks the tighter
    cap with :func:`end_errors`. ``blank=False`` for games whose ends always have
    a winner (a frame): ``side`` is then required.
    """
    side_field = Annotated[
        int, Field(ge=0, le=sides - 1, json_schema_extra={ROLE: "side"})
    ]
    points_text = points_help or (
        f"The points the side scored in the end, 1–{most}"
        + ("; 0 for a blank end." if blank else ".")
    )
    grid = {"rows": "side", "cells": "points", "blank": blank}

    if blank:

        class EndInput(FrozenModel):
            model_config = ConfigDict(title=title, json_schema_extra={TAP_GRID: grid})

            side: side_field | None = Field(
                None, description=side_help + " Empty for a blank end."
            )
            points: int = Field(0, ge=0, le=most, description=points_text)

    else:

        class EndInput(FrozenModel):  # type: ignore[no-redef]
            model_config = ConfigDict(title=title, json_schema_extra={TAP_GRID: grid})

            side: side_field = Field(description=side_help)
            points: int = Field(ge=1, le=most, description=points_text)

    EndInput.__name__ = EndInput.__qualname__ = title.replace(" ", "") + "Input"
    return EndInput


def end_errors(
    side: int | None,
    points: int,
    *,
    most: int,
    sides: int = 2,
    section: str = "",
    why: str = "",
    unit: str = "end",
) -> list[RuleError]:
    """Errors of an end: a blank end that scores, a scoring end of no points, more
    points than ``most`` (``why`` says where the cap comes from), no such side."""
    where = f" ({section})" if section else ""
    if side is None:
        if points:
            return [
                RuleError(
                    "points",
                    "blank_end_scores",
                    _blank_scores(unit, points=points, where=where),
                )
            ]
        return []
    errors = []
    if not 0 <= side < sides:
        errors.append(
            RuleError(
                "side", "bad_side", msg("no {side} at this table", side=Side(side))
            )
        )
    if points < 1:
        errors.append(RuleError("points", "no_points", _no_points(unit, where=where)))
    elif points > most:
        # The reason stays a text of its own, translated inside the sentence.
        because = msg(" ({why})", why=why) if why else ""
        errors.append(
            RuleError(
                "points",
                "too_many_points",
                _too_many(unit, points=points, most=most, because=because, where=where),
            )
        )
    return errors


# The sentences that name the game's word for an end carry the word in the template
# (a translation inflects it); a word not listed here is filled in as it is.


def _blank_scores(unit: str, **params: Any) -> Text:
    if unit == "end":
        return msg(
            "a blank end scores nothing: choose the side that scored {points}, or "
            "enter 0 points{where}",
            **params,
        )
    if unit == "round":
        return msg(
            "a blank round scores nothing: choose the side that scored {points}, or "
            "enter 0 points{where}",
            **params,
        )
    return msg(
        "a blank {unit} scores nothing: choose the side that scored {points}, or "
        "enter 0 points{where}",
        unit=unit,
        **params,
    )


def _no_points(unit: str, **params: Any) -> Text:
    if unit == "end":
        return msg(
            "a side that scores in the end scores at least 1 point; leave the side "
            "empty for a blank end{where}",
            **params,
        )
    if unit == "round":
        return msg(
            "a side that scores in the round scores at least 1 point; leave the "
            "side empty for a blank round{where}",
            **params,
        )
    return msg(
        "a side that scores in the {unit} scores at least 1 point; leave the side "
        "empty for a blank {unit}{where}",
        unit=unit,
        **params,
    )


def _too_many(unit: str, **params: Any) -> Text:
    if unit == "end":
        return msg(
            "{points} points: a side scores at most {most} in one end{because}{where}",
            **params,
        )
    if unit == "round":
        return msg(
            "{points} points: a side scores at most {most} in one round"
            "{because}{where}",
            **params,
        )
    if unit == "rally":
        return msg(
            "{points} points: a side scores at most {most} in one rally"
            "{because}{where}",
            **params,
        )
    if unit == "frame":
        return msg(
            "{points} points: a side scores at most {most} in one frame"
            "{because}{where}",
            **params,
        )
    return msg(
        "{points} points: a side scores at most {most} in one {unit}{because}{where}",
        unit=unit,
        **params,
    )


def _blank_fact(unit: str) -> Text:
    if unit == "end":
        return msg("a blank end: nobody scores")
    if unit == "round":
        return msg("a blank round: nobody scores")
    return msg("a blank {unit}: nobody scores", unit=unit)


def end_points(side: int | None, points: int, sides: int = 2) -> tuple[int, ...]:
    """The end as points per side: ``points`` to ``side``, nothing to the others."""
    return tuple(points if s == side else 0 for s in range(sides))


# -- the order between ends ---------------------------------------------------------


def next_first(
    first: int, scorer: int | None, *, sides: int = 2, rule: OrderRule = "winner"
) -> int:
    """The side going first in the next end, after an end ``scorer`` won (``None``:
    blank) in which ``first`` went first."""
    if rule == "alternate":
        return (first + 1) % sides
    if scorer is None:
        return first
    if rule == "winner":
        return scorer
    if rule == "loser":
        if sides != 2:
            raise ValueError("the loser goes first only between two sides")
        return 1 - scorer
    raise ValueError(f"unknown order rule {rule!r}")


def last_of(first: int, sides: int = 2) -> int:
    """The side going last when ``first`` goes first (curling's hammer): with two
    sides the other one; with more, the side before ``first`` in turn order."""
    return (first - 1) % sides


def first_side(table: Table) -> int:
    """The side going first in the first end: the side of the first dealer."""
    return table.side_of(table.first_dealer)


def seat_of_side(table: Table, side: int) -> int:
    """A seat of ``side`` (its first), the state's ``dealer`` while it goes first."""
    return table.seats_of(side)[0]


# -- the match ----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class EndsState(MatchState):
    """The state of a match of ends: ``first`` is the side going first in the next
    end (``dealer`` is a seat of it)."""

    first: int = 0


def ends_initial_fields(table: Table) -> dict[str, int]:
    """The :class:`EndsState` fields before the first end (for
    :meth:`games.engine.Game.initial_fields`); the ``dealer`` is already the first
    dealer, a seat of the first side."""
    return {"first": first_side(table)}


def ends_advance(
    state: EndsState,
    score: DealScore,
    *,
    scorer: int | None,
    target: int | None,
    ends: int | None,
    until_decided: bool = False,
    rule: OrderRule = "winner",
) -> EndsState:
    """``state`` after an end that scored ``score.points`` and was won by
    ``scorer`` (``None``: blank): totals, the goal (a race to ``target``, a fixed
    number of ``ends``, with extra ends while level if ``until_decided``) and the
    side going first in the next end."""
    after = target_or_deals_advance(
        state, score, target=target, deals=ends, until_decided=until_decided
    )
    return replace(after, **ends_order(state, scorer, rule))


def ends_order(
    state: EndsState, scorer: int | None, rule: OrderRule = "winner"
) -> dict[str, int]:
    """The side going first in the end after one won by ``scorer`` (``None``:
    blank), and its seat as the ``dealer``: the fields a game of ends carries
    beside its totals (:meth:`games.engine.Game.carry`)."""
    sides = state.table.side_count
    first = next_first(state.first, scorer, sides=sides, rule=rule)
    return {"first": first, "dealer": seat_of_side(state.table, first)}


def ends_rows(
    state: EndsState,
    *,
    target: int | None,
    ends: int | None,
    unit: tuple[str, str] = ("end", msg("End")),
    first_label: tuple[str, str] | None = ("first", msg("Goes first")),
    last_label: tuple[str, str] | None = None,
) -> tuple[ContextRow, ...]:
    """The sheet's rows before the next end: which end of how many (an extra end
    past ``ends`` says so), the target, the side going first and (for games with
    a hammer) the side going last, each labelled as ``(code, label)``."""
    rows = list(
        target_or_deals_rows(state, target=target, deals=ends, unit=unit)
        if ends is None or state.deal_number <= ends
        else (
            ContextRow(
                unit[0],
                unit[1],
                "text",
                msg("{number} (extra, of {ends})", number=state.deal_number, ends=ends),
            ),
        )
    )
    if first_label is not None:
        rows.append(ContextRow(first_label[0], first_label[1], "side", state.first))
    if last_label is not None:
        sides = state.table.side_count
        rows.append(
            ContextRow(
                last_label[0], last_label[1], "side", last_of(state.first, sides)
            )
        )
    return tuple(rows)


def end_winner(points: Sequence[int]) -> int | None:
    """The side that scored an end given as points per side (``None``: blank)."""
    scored = [s for s, p in enumerate(points) if p]
    return scored[0] if len(scored) == 1 else None


# -- a game of ends -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EndGoal:
    """How a match of ends ends: a race to ``target``, ``ends`` ends (either may be
    ``None``, not both), extra ends while level if ``until_decided``."""

    target: int | None = None
    ends: int | None = None
    until_decided: bool = False


class EndsGame(Game):
    """A game scored end by end: one side scores 1 … cap, or nobody (blank).

    A subclass declares ``deal_input`` (an :func:`end_input` model, whose fields
    ``side`` and ``points`` this class reads), ``order_rule``, ``unit`` (the
    game's word for an end, as code and label), ``first_label`` / ``last_label``
    (the sheet's rows for who goes first and last, ``None`` to leave one out),
    ``section`` (the book's section of the end's scoring, quoted in errors),
    ``sheet_mark`` (:class:`games.engine.Game`: the fact each end's column marks,
    e.g. ``last_label`` for the hammer), and overrides :meth:`end_cap` and
    :meth:`end_goal`. Each end's facts name the side that scored (``end``) or a
    blank end (``blank``), and the sides that went first and last under the
    codes of ``first_label`` and ``last_label``.
    """

    deal_word = "end"

    State: ClassVar[type[MatchState]] = EndsState
    sheet_layout: ClassVar[str] = "ends"
    order_rule: ClassVar[OrderRule] = "winner"
    unit: ClassVar[tuple[str, str]] = ("end", msg("End"))
    first_label: ClassVar[tuple[str, str] | None] = ("first", msg("Goes first"))
    last_label: ClassVar[tuple[str, str] | None] = None
    section: ClassVar[str] = ""
    notes: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def end_cap(self, state: EndsState) -> tuple[int, str]:
        """The most a side scores in an end at this match, and why (for errors)."""

    @abstractmethod
    def end_goal(self, options: BaseModel) -> EndGoal:
        """The match's race or fixed number of ends under ``options``."""

    def initial_fields(self, options: BaseModel, table: Table) -> Mapping[str, Any]:
        return ends_initial_fields(table)

    def deal_bounds(
        self, options: BaseModel, table: Table
    ) -> Mapping[str, tuple[int | None, int | None]]:
        """An end's points go no higher than the match's cap (:meth:`end_cap`: a
        petanque singles' team has 3 or 4 balls, not 6)."""
        most, _why = self.end_cap(self.initial_state(options, table))
        return {"points": (None, most)}

    def verify_and_score(self, state: EndsState, deal: Any) -> DealScore:
        sides = state.table.side_count
        most, why = self.end_cap(state)
        errors = end_errors(
            deal.side,
            deal.points,
            most=most,
            sides=sides,
            section=self.section,
            why=why,
            unit=self.unit[1].lower(),
        )
        if errors:
            raise DealRejected(errors)
        first, last = state.first, last_of(state.first, sides)
        facts = [
            Fact(
                "end",
                msg("{side} scores {points}", side=Side(deal.side), points=deal.points),
                deal.side,
                deal.points,
            )
            if deal.side is not None
            else Fact("blank", _blank_fact(self.unit[1].lower()))
        ]
        if self.first_label is not None:
            facts.append(Fact(self.first_label[0], self.first_label[1], first))
        if self.last_label is not None:
            facts.append(Fact(self.last_label[0], self.last_label[1], last))
        return DealScore(
            points=end_points(deal.side, deal.points, sides),
            facts=tuple(facts),
            detail={"side": deal.side, "points": deal.points, "first": first},
        )

    def advance(self, state: EndsState, score: DealScore) -> EndsState:
        goal = self.end_goal(state.options)
        return ends_advance(
            state,
            score,
            scorer=score.detail["side"],
            target=goal.target,
            ends=goal.ends,
            until_decided=goal.until_decided,
            rule=self.order_rule,
        )

    def deal_winners(
        self, points: Sequence[int], detail: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        """The side that scored the end; nobody for a blank end."""
        winner = end_winner(points)
        return () if winner is None else (winner,)

    def next_deal(self, state: EndsState) -> NextDeal | None:
        if state.finished:
            return None
        goal = self.end_goal(state.options)
        return NextDeal(
            number=state.deal_number,
            notes=self.notes,
            context=ends_rows(
                state,
                target=goal.target,
                ends=goal.ends,
                unit=self.unit,
                first_label=self.first_label,
                last_label=self.last_label,
            ),
        )

    def match_goal(self, options: BaseModel) -> MatchGoal:
        goal = self.end_goal(options)
        return MatchGoal(target=goal.target, deals=goal.ends)
