"""Match goals several games share: a target of points, a fixed number of deals, or
whichever of the two a club chose comes first (Seven Rummy's hands, Slords' rounds).

Invariants: the match is decided after the deal in which a total reaches the target
or the last of the fixed deals is played; the highest total wins, ties share. With
``until_decided`` (extra ends while level, :mod:`games.engine.ends`) a fixed number
of deals ends the match only once one total leads alone.
"""

from __future__ import annotations

from typing import Any

from games.engine.game import (
    ContextRow,
    DealScore,
    MatchGoal,
    MatchState,
    advanced,
    best_sides,
)
from games.engine.text import msg


def target_or_deals_advance(
    state: MatchState,
    score: DealScore,
    *,
    target: int | None,
    deals: int | None,
    until_decided: bool = False,
    **changes: Any,
) -> MatchState:
    """``state`` after ``score``: finished at ``target`` points or after ``deals``
    deals (either may be ``None``), won by the highest total; with
    ``until_decided``, the fixed deals are followed by more while the highest
    total is shared. ``changes`` are the game's own fields of the new state."""
    totals = [t + p for t, p in zip(state.totals, score.points, strict=True)]
    goal = MatchGoal(target=target, deals=deals, until_decided=until_decided)
    finished = goal.reached(totals, state.deal_number)
    return advanced(
        state,
        score.points,
        finished=finished,
        winners=best_sides(totals) if finished else (),
        **changes,
    )


def target_or_deals_rows(
    state: MatchState,
    *,
    target: int | None,
    deals: int | None,
    unit: tuple[str, str],
) -> tuple[ContextRow, ...]:
    """The sheet's rows before the next deal: which deal of how many (``unit`` is
    the game's word for a deal, as a code and a label), and the target."""
    rows = []
    if deals is not None:
        code, label = unit
        rows.append(
            ContextRow(
                code,
                label,
                "text",
                msg("{number} of {deals}", number=state.deal_number, deals=deals),
            )
        )
    if target is not None:
        rows.append(ContextRow("target", "Target", "number", target))
    return tuple(rows)
