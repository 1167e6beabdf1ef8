"""Red threes (§28.6.3, §30.6, §31.8): laid out by themselves, or melded.

Terms: in Canasta and Samba a side **lays out** its red threes: each counts for the
side when it has opened (Samba: when it has two canastas or sambas) and against it
otherwise, all of them together may count more (Canasta: four for 800). In Contract
Samba a red three is **melded** and costs its side 300 whatever the side has; it
may also be held, and then costs what it costs in hand. Hand and Foot lays none
out (``FamilyRules.red_threes`` is ``None``).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.game import Fact
from games.engine.text import msgn


@dataclass(frozen=True, slots=True)
class RedThreeRule:
    """What a side's red threes score.

    Each is worth ``each``; a side holding ``all_count`` of them gets ``all_value``
    instead (Canasta: 4 → 800, Finnish club rule 400). They count positive when the
    side has opened (``positive_needs_complete`` None) or has at least that many
    canastas/sambas (Samba: 2), negative otherwise. ``melded`` (Contract Samba,
    §31.8): each counts ``-each`` whatever the side has, and a red three may be
    held in hand.
    """

    each: int = 100
    all_count: int | None = 4
    all_value: int | None = 800
    positive_needs_complete: int | None = None
    melded: bool = False

    def positive(self, opened: bool, complete: int) -> bool:
        """Whether a side's red threes count for it (``complete``: its canastas
        and sambas)."""
        if self.melded:
            return False
        need = self.positive_needs_complete
        return opened if need is None else complete >= need


def red_three_points(count: int, rule: RedThreeRule, *, positive: bool) -> int:
    """Points for ``count`` red threes of one side."""
    if count == 0:
        return 0
    if rule.all_count is not None and count == rule.all_count and not rule.melded:
        value = rule.all_value
    else:
        value = rule.each * count
    return value if positive else -value


def red_threes_fact(count: int, points: int, side: int, rule: RedThreeRule) -> Fact:
    """``1 red three: 100``, ``2 red threes: 200`` (Contract Samba's melded ones
    alike: ``2 red threes: -600``); the words follow the count."""
    text = msgn(
        "{count} red three: {points}",
        "{count} red threes: {points}",
        count=count,
        points=points,
    )
    return Fact("red_threes", text, side, points)
