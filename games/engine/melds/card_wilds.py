"""Wilds chosen card by card, and what each wild of a meld stands for.

:func:`~games.engine.melds.kinds.read_meld` makes a whole rank wild. Some games make
only certain *cards* wild (web page 004, Vazhushal: "The cards of the same rank, but
the opposite color, of the negative joker are considered wild"), and let such a card
stand as itself: "A wild card being used as its natural value, like a wild A♦ in a
Q-K-A♦ meld, does not count as a wild card."

Terms:

* **wild cards** — the cards a game makes wild (a frozenset of faces, the joker
  among them); **free wild** — a wild card that is not a joker, which may stand as
  its own face;
* **stands for** — the rank each card of a meld counts as: a natural its own, a
  wild in a set the set's rank, a wild in a run the rank of the slot it fills.

Invariants:

* :func:`read_meld_card_wilds` is total, as ``read_meld``: a meld or the faults,
  never raising; it reads the cards with the *fewest* wilds they allow (a free wild
  counts as a wild only where it cannot stand as itself), so whatever ``read_meld``
  accepts with the jokers alone wild, it accepts with no more wilds;
* a joker is always wild;
* :func:`stands_for` gives one rank per card, in the order entered; a run's wilds
  take the placement that counts the most by the values given (a wild that could
  lengthen a run at either end is read at the end that counts more).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from games.engine.cards import JOKER, Card, Suit
from games.engine.melds.kinds import (
    ACE,
    RANK_AT_SLOT,
    SLOT,
    Meld,
    MeldKind,
    MeldReading,
    RunRule,
    SetRule,
    read_meld,
    run_windows,
)


def opposite_colour_wilds(indicator: Card) -> frozenset[Card]:
    """The joker and the cards of ``indicator``'s rank in the other colour (a joker
    as the indicator: the joker alone)."""
    if indicator.is_joker:
        return frozenset({JOKER})
    colour = indicator.colour
    return frozenset(
        {JOKER}
        | {
            Card(indicator.rank, s)
            for s in Suit
            if Card(indicator.rank, s).colour != colour
        }
    )


def read_meld_card_wilds(
    cards: Sequence[Card], rule: SetRule | RunRule, wild: frozenset[Card]
) -> MeldReading:
    """Read ``cards`` as a meld of ``rule`` (whose wild ranks should be the joker's
    alone), the cards in ``wild`` wild unless they stand as themselves; the reading
    with the fewest wilds, or the faults of the reading with all of them wild."""
    free = [i for i, c in enumerate(cards) if c in wild and not c.is_joker]
    as_wild = [JOKER if c in wild else c for c in cards]
    # Most naturals first: a free wild counts as wild only where it must.
    for naturals in range(len(free), 0, -1):
        for chosen in combinations(free, naturals):
            trial = list(as_wild)
            for i in chosen:
                trial[i] = cards[i]
            reading = read_meld(trial, rule)
            if reading.meld is not None:
                return MeldReading(_with_cards(reading.meld, cards))
    reading = read_meld(as_wild, rule)
    if reading.meld is None:
        return reading
    return MeldReading(_with_cards(reading.meld, cards))


def _with_cards(meld: Meld, cards: Sequence[Card]) -> Meld:
    return Meld(meld.kind, tuple(cards), meld.rank, meld.suit, meld.wilds)


def stands_for(
    meld: Meld,
    rule: SetRule | RunRule,
    wild: frozenset[Card],
    value: Callable[[str], int],
) -> tuple[str, ...]:
    """The rank each card of ``meld`` (read by :func:`read_meld_card_wilds`) counts
    as, in order; ``value`` of a rank decides where a run's wilds stand."""
    cards = meld.cards
    if meld.kind is MeldKind.SET:
        return tuple(meld.rank or c.rank for c in cards)
    # Which cards the reading left as naturals: the jokers and as many free wilds
    # as it counted are wild; a free wild of the run's suit whose slot is not taken
    # by another natural stands as itself.
    wild_at = _run_wild_positions(meld, wild)
    naturals = [c for i, c in enumerate(cards) if i not in wild_at]
    others = [SLOT[c.rank] for c in naturals if c.rank != ACE]
    aces = len(naturals) - len(others)
    fixed = frozenset(others)
    best: tuple[int, list[str]] | None = None
    for inside, ace_slots in run_windows(len(cards), rule):
        if len(ace_slots) < aces or not fixed <= inside:
            continue
        for taken in combinations(ace_slots, aces):
            free = sorted(inside - fixed - set(taken))
            ranks = [RANK_AT_SLOT[s] for s in free]
            total = sum(value(r) for r in ranks)
            if best is None or total > best[0]:
                best = (total, ranks)
    fill = iter(best[1] if best else [])
    return tuple(next(fill) if i in wild_at else c.rank for i, c in enumerate(cards))


def _run_wild_positions(meld: Meld, wild: frozenset[Card]) -> set[int]:
    """The positions of the cards that are wild in a run read with ``meld.wilds``
    wilds: every joker, then free wilds not of the run's suit or repeating a rank."""
    cards = meld.cards
    positions = {i for i, c in enumerate(cards) if c.is_joker}
    seen: set[str] = {c.rank for c in cards if c not in wild}
    for i, card in enumerate(cards):
        if card in wild and not card.is_joker:
            if card.suit != meld.suit or card.rank in seen:
                positions.add(i)
            else:
                seen.add(card.rank)
    # The reading may have kept a free wild wild though it fits (another reading
    # with the same count); make the count agree by turning fitting ones wild.
    for i, card in enumerate(cards):
        if len(positions) >= meld.wilds:
            break
        if i not in positions and card in wild:
            positions.add(i)
    return positions
