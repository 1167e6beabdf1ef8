"""Which entry of a Swiss pairing plays first: each entry's preference from the sides
it has played, and the choice between two entries with its reason."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.text import msg
from tournaments.formats.base import (
    EntryId,
)
from tournaments.formats.explain import Reason, ReasonCode, named

if TYPE_CHECKING:  # swiss.py imports this module
    from tournaments.formats.swiss import SwissConfig, SwissEntry


def side_preference(entry: SwissEntry) -> int:
    """Positive wants to play first, negative second; magnitude = strength."""
    played = [s for s in entry.sides if s]
    if len(played) >= 2 and played[-1] == played[-2]:
        return -3 * played[-1]  # the same side twice running: must change
    balance = sum(played)
    if balance:
        return -2 if balance > 0 else 2
    if played:
        return -played[-1]  # level: alternate
    return 0


def _side_text(first: EntryId, winner: EntryId, why: object) -> str:
    """Who plays first and why, one whole sentence for each case."""
    said = {"first": named(first), "winner": named(winner)}
    if why == ("first", True):
        return msg(
            "{first} plays first (both wanted to play first; {winner}'s need is "
            "greater)",
            **said,
        )
    if why == ("first", False):
        return msg(
            "{first} plays first (both wanted to play first; {winner} is "
            "higher-ranked)",
            **said,
        )
    if why == ("second", True):
        return msg(
            "{first} plays first (both wanted to play second; {winner}'s need is "
            "greater)",
            **said,
        )
    if why == ("second", False):
        return msg(
            "{first} plays first (both wanted to play second; {winner} is "
            "higher-ranked)",
            **said,
        )
    if why == "met":
        return msg("{first} plays first (both side preferences are met)", **said)
    return msg(
        "{first} plays first (no preference; alternating by table number)", **said
    )


def allocate_sides(
    a: SwissEntry, b: SwissEntry, number: int, config: SwissConfig
) -> tuple[SwissEntry, SwissEntry, Reason]:
    if not config.balance_sides:
        return (
            a,
            b,
            Reason(
                ReasonCode.SIDE_BALANCE,
                msg(
                    "{entry} sits first as the higher-ranked (no first-player "
                    "advantage in this game)",
                    entry=named(a.entry),
                ),
                entries=(a.entry, b.entry),
            ),
        )
    pa, pb = side_preference(a), side_preference(b)
    if pa * pb > 0:
        # Both want the same side: the stronger wish wins, then the higher rank.
        winner = a if abs(pa) >= abs(pb) else b
        wants_first = (pa if winner is a else pb) > 0
        why = ("first" if wants_first else "second", abs(pa) != abs(pb))
    elif pa or pb:
        winner = a if pa else b
        wants_first = (pa or pb) > 0
        why = "met"
    else:
        winner, wants_first = a, number % 2 == 1
        why = "alternating"
    loser = b if winner is a else a
    first, second = (winner, loser) if wants_first else (loser, winner)
    return (
        first,
        second,
        Reason(
            ReasonCode.SIDE_BALANCE,
            _side_text(first.entry, winner.entry, why),
            entries=(first.entry, second.entry),
            data={
                "preferences": {a.entry: pa, b.entry: pb},
                "clash": pa * pb > 0,
            },
        ),
    )
