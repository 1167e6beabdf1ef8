"""Checks a per-player deal entry shares: one entry per player, seats at the table.

Used by the rummy games entered player by player (Seven Rummy, Sinkki).
"""

from __future__ import annotations

from collections.abc import Mapping

from games.engine.errors import RuleError
from games.engine.text import msg


def table_entry_errors(
    seats: int, field: str, count: int, named: Mapping[str, int | None]
) -> list[RuleError]:
    """``wrong_player_count`` at ``field`` unless ``count`` entries were made for
    ``seats`` players; ``bad_seat`` for every field of ``named`` naming no seat."""
    errors = []
    if count != seats:
        errors.append(
            RuleError(
                field,
                "wrong_player_count",
                msg(
                    "enter one entry per player: {seats} at this table, not {count}",
                    seats=seats,
                    count=count,
                ),
            )
        )
    errors += [
        # The number as entered: there is no such seat to name.
        RuleError(name, "bad_seat", msg("no seat {seat} at this table", seat=seat))
        for name, seat in named.items()
        if seat is not None and seat >= seats
    ]
    return errors
