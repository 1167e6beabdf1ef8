"""Kangaroo: Round the Clock in the strict order thrown, where a double or triple of
the number tried jumps to twice or three times it, and three hits give a new turn.

Source: book ``001_b57793035adc3f64.txt`` chapter 59 (l.3592–3607), as it differs
from Tuomas's Round the Clock (ch 58): the bull does not count, and the darts count
in the order thrown (l.3598); a double or triple counts only on the number tried,
as 2× or 3× it (l.3600: D6 trying 6 counts as 12, the player next tries 13); over 20
does not count, and D10 trying 10 wins at once (l.3600); three hits on the numbers
tried give a new turn (l.3602: 1, D2, 5 from the start); advanced players finish on
the bull, inner or outer, after 20 or D10 (l.3606, the option ``bull_finish``).

A deal is one player's turn of three darts; the totals keep the number reached (20
done; 21 once the bull is hit under ``bull_finish``). The darts after the winning
one are not thrown. The same player throws the next deal after three hits.
Readings as Round the Clock (the option ``finish_round``). Money per point.

Invariants: the number reached only grows, by a hit on the number tried; it is
never over 20 (21 with the bull finish).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import Field

from games.engine import Table, register
from games.engine.darts import DARTS_PER_TURN, Dart, DartsState, RaceTurn
from games.engine.text import msg
from games.rules.darts.round_the_clock import LAST, DartRace, RaceOptions

MIN_PLAYERS, MAX_PLAYERS = 2, 8


class KangarooOptions(RaceOptions):
    bull_finish: bool = Field(
        False,
        description="After 20 or D10 the player still has to hit the bull, inner or "
        "outer (the book's rule for advanced players, §59).",
    )


def kangaroo_step(reached: int, dart: Dart, *, bull_finish: bool) -> int:
    """The number reached after one dart (l.3598–3606)."""
    if reached >= LAST:
        return reached + 1 if bull_finish and dart.is_bull else reached
    target = reached + 1
    if dart.is_bull or not dart.on(target):
        return reached
    value = target * dart.multiplier
    return value if value <= LAST else reached


def kangaroo_turn(
    reached: int, darts: Sequence[Dart], *, bull_finish: bool
) -> RaceTurn:
    goal = LAST + 1 if bull_finish else LAST
    counted = []
    ended_at = None
    for i, dart in enumerate(darts):
        after = kangaroo_step(reached, dart, bull_finish=bull_finish)
        counted.append(after > reached)
        reached = after
        if reached >= goal:
            ended_at = i
            break
    finished = reached >= goal
    again = not finished and len(counted) == DARTS_PER_TURN and all(counted)
    return RaceTurn(reached, tuple(counted), finished, again, ended_at)


@register
class Kangaroo(DartRace):
    slug = "kangaroo"
    name = "Kangaroo"
    source = "001_b57793035adc3f64.txt §59 (l.3592–3607)"
    summary = (
        "Round the Clock in the order thrown: a double or triple of the number "
        "tried jumps to 2× or 3× it; three hits give a new turn."
    )
    Options = KangarooOptions
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))

    def default_table(self, options: Any) -> Table:
        return Table((0, 1))

    def goal(self, options: KangarooOptions) -> int:
        return LAST + 1 if options.bull_finish else LAST

    def target_name(self, reached: int) -> str:
        return msg("bull") if reached >= LAST else str(reached + 1)

    def play(self, state: DartsState, darts: Sequence[Dart]) -> RaceTurn:
        return kangaroo_turn(
            state.totals[state.thrower],
            darts,
            bull_finish=state.options.bull_finish,
        )
