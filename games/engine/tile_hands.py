"""Mah Jong combinations and the decomposition of a hand into them.

Book ``001_b57793035adc3f64.txt`` §42.6–42.7 (l.2838–2850): a **chow** is three
consecutive tiles of one suit (suit tiles only); a **pung** three identical tiles, a
**kong** four (suit tiles, winds, dragons); a **pair** two identical tiles. A
**winning hand** is four combinations (chow, pung or kong) and a pair. Flowers are in
no combination (§42.11).

A combination is **concealed** when it was not melded; a kong melded face down is
concealed too (§42.12.1). The tiles left in a hand were never melded, so every
combination :func:`decompositions` finds in them is concealed.

Invariants (``tests/games/test_tile_hands.py``, with hypothesis against a brute
force over every split): every decomposition uses each tile of the hand exactly
once; each is listed once; a hand that has none yields nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from games.engine.text import Text, msg
from games.engine.tiles import Tile, codes


class SetKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"


@dataclass(frozen=True, slots=True, order=True)
class Combination:
    """A chow, pung, kong or pair; ``tiles`` sorted; ``concealed`` if not melded."""

    tiles: tuple[Tile, ...]
    kind: SetKind
    concealed: bool = True

    @property
    def tile(self) -> Tile:
        """The lowest tile (a pung's, kong's or pair's face)."""
        return self.tiles[0]

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind in (SetKind.PUNG, SetKind.KONG)

    @property
    def code(self) -> str:
        return codes(self.tiles)

    @property
    def label(self) -> Text:
        """For people: ``"concealed pung RD RD RD"``."""
        return _LABELS[self.concealed, self.kind](self.code)

    def __str__(self) -> str:
        return str(self.label)


# One template for each combination, concealed or exposed, so each translates whole.
_LABELS = {
    (True, SetKind.CHOW): lambda t: msg("concealed chow {tiles}", tiles=t),
    (True, SetKind.PUNG): lambda t: msg("concealed pung {tiles}", tiles=t),
    (True, SetKind.KONG): lambda t: msg("concealed kong {tiles}", tiles=t),
    (True, SetKind.PAIR): lambda t: msg("concealed pair {tiles}", tiles=t),
    (False, SetKind.CHOW): lambda t: msg("exposed chow {tiles}", tiles=t),
    (False, SetKind.PUNG): lambda t: msg("exposed pung {tiles}", tiles=t),
    (False, SetKind.KONG): lambda t: msg("exposed kong {tiles}", tiles=t),
    (False, SetKind.PAIR): lambda t: msg("exposed pair {tiles}", tiles=t),
}


def set_kind(tiles: Sequence[Tile]) -> SetKind | None:
    """What ``tiles`` form: a chow, pung, kong or pair, or ``None`` (no flowers in
    any; a chow only of suit tiles)."""
    if not tiles or any(t.is_flower for t in tiles):
        return None
    first = tiles[0]
    if all(t == first for t in tiles):
        return {2: SetKind.PAIR, 3: SetKind.PUNG, 4: SetKind.KONG}.get(len(tiles))
    if len(tiles) == 3:
        low = min(tiles)
        if (
            low.is_suit
            and low.next_in_suit(1) in tiles
            and low.next_in_suit(2) in tiles
        ):
            return SetKind.CHOW
    return None


def combination(tiles: Sequence[Tile], *, concealed: bool) -> Combination | None:
    """The combination ``tiles`` form, or ``None``."""
    kind = set_kind(tiles)
    if kind is None:
        return None
    return Combination(tuple(sorted(tiles)), kind, concealed)


def decompositions(
    tiles: Sequence[Tile], *, pairs: int = 1
) -> Iterator[tuple[Combination, ...]]:
    """Every way to split ``tiles`` wholly into chows and pungs and exactly
    ``pairs`` pairs (all concealed), each once, combinations in tile order.

    Kongs are never found here: a kong is declared (melded face down or up and a
    replacement taken, §42.9), so four like tiles left in a hand are a pung and a
    tile of another combination.
    """
    counts = Counter(tiles)
    if any(t.is_flower for t in counts):
        return
    faces = sorted(counts)
    yield from _split(counts, faces, 0, pairs)


def _split(
    counts: Counter[Tile], faces: list[Tile], start: int, pairs: int
) -> Iterator[tuple[Combination, ...]]:
    i = start
    while i < len(faces) and counts[faces[i]] == 0:
        i += 1
    if i == len(faces):
        if pairs == 0:
            yield ()
        return
    low = faces[i]
    n = counts[low]
    second, third = low.next_in_suit(1), low.next_in_suit(2)
    # Every copy of the lowest tile left is placed at once — in a pung, in the
    # pair, or starting a chow — so that each split is found exactly once.
    for pung in (0, 1):
        for pair in (0, 1) if pairs else (0,):
            chows = n - 3 * pung - 2 * pair
            if chows < 0 or (
                chows
                and (
                    second is None
                    or third is None
                    or counts[second] < chows
                    or counts[third] < chows
                )
            ):
                continue
            placed = [Combination((low,) * 3, SetKind.PUNG)] * pung
            placed += [Combination((low,) * 2, SetKind.PAIR)] * pair
            placed += [Combination((low, second, third), SetKind.CHOW)] * chows
            counts[low] = 0
            if chows:
                counts[second] -= chows
                counts[third] -= chows
            for rest in _split(counts, faces, i + 1, pairs - pair):
                yield (*placed, *rest)
            counts[low] = n
            if chows:
                counts[second] += chows
                counts[third] += chows


def partial_arrangements(
    tiles: Sequence[Tile], *, with_pair: bool = True
) -> Iterator[tuple[Combination, ...]]:
    """Every choice of pungs and of at most one pair (``with_pair``) among
    ``tiles``, the other tiles left over (a losing hand, §42.12.3: only pungs,
    kongs and pairs score, so chows and loose tiles need no arrangement). Each
    choice once."""
    counts = Counter(t for t in tiles if not t.is_flower)
    triples = sorted(t for t, n in counts.items() if n >= 3)
    for mask in range(1 << len(triples)):
        pungs = [t for b, t in enumerate(triples) if mask >> b & 1]
        left = counts.copy()
        for t in pungs:
            left[t] -= 3
        chosen = tuple(Combination((t,) * 3, SetKind.PUNG) for t in pungs)
        yield chosen
        if with_pair:
            for t in sorted(f for f, n in left.items() if n >= 2):
                yield (*chosen, Combination((t, t), SetKind.PAIR))
