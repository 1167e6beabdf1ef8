"""Meld catalogues: games whose melds are a fixed list of named patterns, each worth
a value of its own (Khanhoo's sequence 1 … double khanhoo 15), rather than the sum
of the cards in sets and runs.

A :class:`Catalogue` names its entries in order; :meth:`Catalogue.read` says which
entry a meld is and what it scores. Wild cards (a joker) may stand for any card
"without restriction": a meld holding wilds is read as every face the wilds could be,
and the most valuable entry it can be counts (a scorer breaks out a meld for its best
reading, as players do when they show their hands).

Invariants: a meld reads as at most one entry (the most valuable it fits); a meld of
naturals fits an entry exactly when the entry's test says so; adding a wild never
lowers what a meld could be worth.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from games.engine.cards import Card

KNOWN_LIMIT = 50_000  # readings kept per catalogue before the memo starts afresh


@dataclass(frozen=True, slots=True)
class CatalogueEntry:
    """One named meld: ``fits`` is given the cards (no wilds) of a meld."""

    code: str
    label: str
    value: int
    fits: Callable[[Sequence[Card]], bool]


@dataclass(frozen=True, slots=True)
class CatalogueReading:
    entry: CatalogueEntry
    cards: tuple[Card, ...]  # the meld with each wild as the card it stands for


@dataclass(frozen=True)
class Catalogue:
    """``entries`` in any order; ``faces`` are the cards a wild may stand for."""

    entries: tuple[CatalogueEntry, ...]
    faces: tuple[Card, ...]
    is_wild: Callable[[Card], bool] = lambda card: card.is_joker

    def __post_init__(self) -> None:
        # Most valuable first, so the first entry a meld fits is its best reading.
        ranked = tuple(sorted(self.entries, key=lambda e: -e.value))
        object.__setattr__(self, "entries", ranked)
        # What a meld is depends on its cards, not their order: readings are kept
        # per multiset (a hand's melds recur from deal to deal; a wild meld is read
        # as every face it could be, the costly case).
        object.__setattr__(self, "_known", {})

    def read(self, cards: Sequence[Card]) -> CatalogueReading | None:
        """The most valuable entry ``cards`` can be (``None``: no entry at all)."""
        key = tuple(sorted(cards, key=id))
        known: dict = self._known  # type: ignore[attr-defined]
        if key in known:
            return known[key]
        if len(known) >= KNOWN_LIMIT:
            known.clear()
        reading = known[key] = self.read_uncached(key)
        return reading

    def read_uncached(self, cards: Sequence[Card]) -> CatalogueReading | None:
        wild_at = [i for i, c in enumerate(cards) if self.is_wild(c)]
        if not wild_at:
            entry = self._entry(cards)
            return CatalogueReading(entry, tuple(cards)) if entry else None
        best: CatalogueReading | None = None
        for stand_ins in product(self.faces, repeat=len(wild_at)):
            filled = list(cards)
            for i, face in zip(wild_at, stand_ins, strict=True):
                filled[i] = face
            entry = self._entry(filled)
            if entry and (best is None or entry.value > best.entry.value):
                best = CatalogueReading(entry, tuple(filled))
        return best

    def value(self, cards: Sequence[Card]) -> int | None:
        reading = self.read(cards)
        return reading.entry.value if reading else None

    def _entry(self, cards: Sequence[Card]) -> CatalogueEntry | None:
        for entry in self.entries:
            if entry.fits(cards):
                return entry
        return None

    def labels(self) -> Iterable[str]:
        return (f"{e.label} {e.value}" for e in self.entries)
