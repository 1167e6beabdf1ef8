"""Runs in which a wild rank may also stand as itself (Burraco's twos).

The engine's :func:`~games.engine.melds.kinds.read_meld` keeps a wild always wild.
Some games let a card of a wild rank be played *as its own rank* in a run of its
suit, and then it does not count as a wild (web page 004, Burraco: "In runs, a 2 can
also be used as its natural value … 2s are not counted as wild cards when they are
used in such a way"; 2-3-4♥-★ holds one wild, the joker). A run is then read with
the fewest wilds it allows: one card of that rank in the run's suit as a natural
where the cards make a run so, else every such card wild as usual.

Invariants:

* :func:`read_run_with_natural` is total, as ``read_meld``: a meld or the plain
  reading's faults, never both, never raising;
* whatever ``read_meld`` accepts as a run, it accepts, with at most as many wilds;
* at most one card of the rank is natural (a run holds each rank once), and only
  one of the run's suit; the others stay wild and count against the limit.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.cards import Card
from games.engine.melds.kinds import (
    ACE,
    SLOT,
    Meld,
    MeldKind,
    MeldReading,
    RunRule,
    read_meld,
    run_fit,
)


def read_run_with_natural(
    cards: Sequence[Card], rule: RunRule, natural: str = "2"
) -> MeldReading:
    """Read ``cards`` as a run of ``rule``, where one card of the wild rank
    ``natural`` may be the run's own card of that rank (not a wild)."""
    best = _as_natural(cards, rule, natural)
    if best is not None:
        return MeldReading(best)
    return read_meld(cards, rule)


def _as_natural(cards: Sequence[Card], rule: RunRule, natural: str) -> Meld | None:
    """The run with one ``natural`` card standing as itself, if there is one."""
    wilds = rule.wilds
    length = len(cards)
    if not rule.min_length <= length <= rule.max_length:
        return None
    tried: set[Card] = set()
    for i, card in enumerate(cards):
        if card.rank != natural or card in tried:
            continue
        tried.add(card)
        rest = [*cards[:i], *cards[i + 1 :]]
        naturals = [c for c in rest if c.rank not in wilds.ranks]
        if any(c.suit != card.suit for c in naturals):
            continue
        count = len(naturals) + 1
        wild = length - count
        if count < wilds.min_naturals or (wild and wild > wilds.most(count)):
            continue
        others = [c.rank for c in naturals if c.rank != ACE]
        aces = len(naturals) - len(others)
        slots = [SLOT[r] for r in others] + [SLOT[natural]]
        if len(set(slots)) != len(slots) or aces > (2 if rule.ace_both_ends else 1):
            continue
        if run_fit(slots, aces, length, rule):
            return Meld(MeldKind.RUN, tuple(cards), None, card.suit, wild)
    return None
