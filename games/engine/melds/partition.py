"""The best partition of a hand into sets and runs: the least deadwood it can leave.

Terms:

* **partition** — the hand split into melds (each a set or a run that
  :func:`~games.engine.melds.kinds.read_meld` accepts under the rules given) and
  **deadwood**, the cards in no meld; its value is the deadwood's total by a
  :class:`~games.engine.melds.hands.CardValues` table (wilds left over count too).
* **lane** — one suit of the hand as 13 bits: bit 0 the ace, bits 1–12 two to king.
  A hand's naturals are four lanes packed into one integer (suit *i* at bit 13 *i*).
* **candidate** — a natural that some meld of the rules could hold, given the wilds
  in the hand; the others are deadwood in every partition and are set aside first.
* **spare** — how many more wilds the melds chosen so far could take: a wild left
  over goes into one of them (the most valuable wilds go into melds first), which is
  why wilds are chosen by count, never one by one.

How it searches: the lowest natural left is either deadwood or in some meld with
naturals still left (a set with naturals of its rank in later suits, or a run in its
own suit); the best of those choices, recursively, with the result of every state
(naturals left, wilds left, spare) remembered across hands. A state's result does
not depend on the hand it came from, and the candidates of a random hand are usually
one meld's few cards, so most hands with a meld are one dictionary look-up.

Invariants:

* exact: :meth:`Partitioner.deadwood` is the least deadwood over every partition of
  the hand (``tests/games/test_melds_partition.py`` compares it with a brute-force
  enumeration of every meld and every family of disjoint melds);
* :meth:`Partitioner.partition` returns melds that :func:`read_meld` accepts, the
  deadwood cards, and that same least value; every card of the hand is in exactly
  one of them;
* the hand holds each natural face at most ``decks`` times (``Partitioner(decks=2)``
  for two decks; a set may then hold two copies of a face, a run never does) and any
  number of wilds. A copy too many, a rule with ``stands_for`` or with
  ``min_naturals`` 0 is refused with ``ValueError`` — those are not searched here.
* with several decks a face's copies are planes of the packed integer (copy *k* at
  bit 52 *k* + face, always the lowest planes), and the search is the same; it is
  slower (the counts are worked out per state), the one-deck path is unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise, product

from games.engine.cards import RANKS, Card, Suit
from games.engine.melds.hands import CardValues
from games.engine.melds.kinds import (
    ACE_HIGH_SLOT,
    RING,
    UNLIMITED,
    Meld,
    MeldKind,
    RunRule,
    SetRule,
)

LANE = 13
LANE_MASK = (1 << LANE) - 1
PLANE = 4 * LANE  # one deck's naturals; copy k of a face is at bit PLANE k + face
SUITS: tuple[Suit, ...] = tuple(Suit)
# Bit of each rank in a lane: the ace 0, two to king 1–12.
LANE_RANKS: tuple[str, ...] = ("A", *RANKS[:-1])
MEMO_LIMIT = 200_000  # states kept across hands (a few MB) before starting afresh


@dataclass(frozen=True, slots=True)
class Partition:
    """A hand split into melds and deadwood."""

    deadwood: int
    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]


# One way to place the lowest natural left: (kind, naturals, wilds, spare) — a meld
# of ``kind`` (``None``: the card is deadwood) holding the naturals ``mask`` and at
# least ``wilds`` wilds, with room for ``spare`` more.
_Choice = tuple[MeldKind | None, int, int, int]


def _tight(lane: int, rule: RunRule) -> int:
    """The fewest slots a run holding the naturals ``lane`` spans (UNLIMITED if no
    run holds them)."""
    slots = [i + 1 for i in range(1, LANE) if lane >> i & 1]
    best = UNLIMITED
    if lane & 1:
        if rule.ace_low:
            best = max(slots, default=1)
        if rule.ace_high:
            best = min(best, ACE_HIGH_SLOT - min(slots, default=ACE_HIGH_SLOT) + 1)
    elif slots:
        best = slots[-1] - slots[0] + 1
    if rule.wrap:
        ring = [i for i in range(LANE) if lane >> i & 1]
        gaps = [b - a for a, b in pairwise(ring)]
        gaps.append(ring[0] + RING - ring[-1])
        best = min(best, RING - max(gaps) + 1)
    return best


def _running_sums(values: list[int]) -> list[int]:
    """``[0, v0, v0 + v1, …]``: the worth of the ``i`` first values."""
    sums = [0]
    for value in values:
        sums.append(sums[-1] + value)
    return sums


class _Covers(dict[int, int]):
    """``covers[lane]``: the naturals of ``lane`` some run with the given number of
    wilds holds, worked out the first time a lane is asked for (a dict, so that a
    lane seen before costs one look-up in C)."""

    def __init__(self, solver: Partitioner, wilds: int) -> None:
        super().__init__()
        self._solver, self._wilds = solver, wilds

    def __missing__(self, lane: int) -> int:
        cover = self[lane] = self._solver._run_cover(lane, self._wilds)
        return cover


class Partitioner:
    """The best-partition solver for one game's rules and card values.

    ``sets`` / ``runs`` — the meld kinds the game has (``None``: not that kind);
    both must make the same ranks wild. ``values`` — what a card left over counts.
    """

    def __init__(
        self,
        *,
        sets: SetRule | None = None,
        runs: RunRule | None = None,
        values: CardValues,
        decks: int = 1,
    ) -> None:
        rules = [r for r in (sets, runs) if r is not None]
        if not rules:
            raise ValueError("a partition needs sets, runs or both")
        if len({r.wilds.ranks for r in rules}) > 1:
            raise ValueError("sets and runs must make the same ranks wild")
        for rule in rules:
            if rule.wilds.stands_for is not None or rule.wilds.min_naturals < 1:
                raise ValueError("stands_for and wild-only melds are not searched")
        if decks < 1:
            raise ValueError("a partition needs at least one deck")
        self.sets, self.runs, self.values, self.decks = sets, runs, values, decks
        self._wild_ranks = rules[0].wilds.ranks
        self._bit: dict[Card, int] = {}
        self._card_at: dict[int, Card] = {}
        for s, suit in enumerate(SUITS):
            for b, rank in enumerate(LANE_RANKS):
                if rank not in self._wild_ranks:
                    card = Card(rank, suit)
                    self._bit[card] = s * LANE + b
                    for k in range(decks):
                        self._card_at[k * PLANE + s * LANE + b] = card
        rank_value = [values.by_rank[r] for r in LANE_RANKS]
        self._bit_value = [rank_value[i % LANE] for i in range(PLANE * decks)]
        self._lane_value = [0] * (1 << LANE)
        for mask in range(1, 1 << LANE):
            low = (mask & -mask).bit_length() - 1
            self._lane_value[mask] = (
                self._lane_value[mask & (mask - 1)] + rank_value[low]
            )
        self._tight = [UNLIMITED] + [
            _tight(m, runs) if runs else UNLIMITED for m in range(1, 1 << LANE)
        ]
        self._runs_from: dict[int, tuple[_Choice, ...]] = {}
        self._packed_bit = {card: 1 << i for card, i in self._bit.items()}
        self._covers_with: dict[int, _Covers] = {}
        self._set_table = [
            self._set_choice(n) if sets is not None else None
            for n in range(4 * decks + 1)
        ]
        self._set_least = [self._least_for_set(k) for k in range(64)]
        self._memos: dict[tuple[int, ...], dict[int, int]] = {}

    # -- the candidates -------------------------------------------------------------

    def _set_choice(self, naturals: int) -> tuple[int, int] | None:
        """(least wilds, spare) of a set of ``naturals`` naturals, or ``None``."""
        rule = self.sets
        assert rule is not None
        most = rule.max_length or UNLIMITED
        if naturals < rule.wilds.min_naturals or naturals > most:
            return None
        need = max(0, rule.min_length - naturals)
        room = min(rule.wilds.most(naturals), most - naturals)
        return None if need > room else (need, room - need)

    def _least_for_set(self, wilds: int) -> int:
        """The fewest naturals of a rank that make a set with ``wilds`` wilds
        (one more than the decks hold: none do)."""
        most = 4 * self.decks
        if self.sets is None:
            return most + 1
        for n in range(1, most + 1):
            choice = self._set_choice(n)
            if choice is not None and choice[0] <= wilds:
                return n
        return most + 1

    def _run_choice(self, lane: int) -> tuple[int, int] | None:
        """(least wilds, spare) of a run of the naturals ``lane``, or ``None``."""
        rule = self.runs
        assert rule is not None
        n = lane.bit_count()
        if n < rule.wilds.min_naturals:
            return None
        need = max(self._tight[lane] - n, rule.min_length - n, 0)
        room = min(rule.wilds.most(n), rule.max_length - n)
        return None if need > room else (need, room - need)

    def _runs(self, lane: int) -> tuple[_Choice, ...]:
        """Every run of naturals from ``lane`` holding its lowest one."""
        found = self._runs_from.get(lane)
        if found is None:
            low = lane & -lane
            rest = lane ^ low
            choices = []
            sub = rest
            while True:
                choice = self._run_choice(sub | low)
                if choice is not None:
                    choices.append((MeldKind.RUN, sub | low, *choice))
                if sub == 0:
                    break
                sub = (sub - 1) & rest
            found = self._runs_from[lane] = tuple(sorted(choices, key=lambda c: c[2]))
        return found

    def _run_cover(self, lane: int, wilds: int) -> int:
        """The naturals of ``lane`` that some run with at most ``wilds`` wilds holds."""
        cover = 0
        rest = lane
        while rest:
            for _kind, mask, used, _spare in self._runs(rest):
                if used > wilds:
                    break
                cover |= mask
            rest &= rest - 1
        return cover

    def _choices(self, rem: int, wilds: int) -> list[_Choice]:
        """Where the lowest natural of ``rem`` can go: deadwood, a set, a run."""
        if self.decks > 1:
            return self._choices_of_copies(rem, wilds)
        low = rem & -rem
        index = low.bit_length() - 1
        found: list[_Choice] = [(None, low, 0, 0)]
        lane_no, bit = divmod(index, LANE)
        if self.sets is not None:
            later = [
                1 << (s * LANE + bit)
                for s in range(lane_no + 1, 4)
                if rem >> (s * LANE + bit) & 1
            ]
            table = self._set_table
            for pick in range(1 << len(later)):
                mask = low
                for j, b in enumerate(later):
                    if pick >> j & 1:
                        mask |= b
                choice = table[mask.bit_count()]
                if choice is not None and choice[0] <= wilds:
                    found.append((MeldKind.SET, mask, *choice))
        if self.runs is not None:
            shift = lane_no * LANE
            for kind, mask, used, spare in self._runs(rem >> shift & LANE_MASK):
                if used > wilds:
                    break
                found.append((kind, mask << shift, used, spare))
        return found

    # -- several decks -------------------------------------------------------------
    #
    # Copy k of a face (k = 0 … decks − 1) is bit PLANE k + face, and a face's copies
    # are always the lowest planes (its count c: planes 0 … c − 1), so the lowest
    # natural left is in plane 0 and every choice removes a face's top copies.

    def _counts(self, rem: int) -> list[int]:
        planes = [rem >> (k * PLANE) & ((1 << PLANE) - 1) for k in range(self.decks)]
        return [sum(p >> face & 1 for p in planes) for face in range(PLANE)]

    def _choices_of_copies(self, rem: int, wilds: int) -> list[_Choice]:
        low = rem & -rem
        face = low.bit_length() - 1
        counts = self._counts(rem)

        def top(face: int, copies: int) -> int:
            held = counts[face]
            return sum(1 << (k * PLANE + face) for k in range(held - copies, held))

        found: list[_Choice] = [(None, top(face, 1), 0, 0)]
        lane_no, bit = divmod(face, LANE)
        if self.sets is not None:
            faces = [s * LANE + bit for s in range(lane_no, 4)]
            table = self._set_table
            for picks in product(*(range(counts[f] + 1) for f in faces)):
                if not picks[0]:
                    continue
                choice = table[sum(picks)]
                if choice is not None and choice[0] <= wilds:
                    mask = sum(top(f, m) for f, m in zip(faces, picks, strict=True))
                    found.append((MeldKind.SET, mask, *choice))
        if self.runs is not None:
            shift = lane_no * LANE
            for kind, lane, used, spare in self._runs(rem >> shift & LANE_MASK):
                if used > wilds:
                    break
                mask = sum(top(shift + b, 1) for b in range(LANE) if lane >> b & 1)
                found.append((kind, mask, used, spare))
        return found

    def _wild_value(self, card: Card) -> int:
        """A wild's worth in hand; a card neither natural nor wild is refused."""
        if card.rank not in self._wild_ranks:
            raise ValueError(f"{card.code} cannot be in a partition")
        return self.values.by_rank[card.rank]

    def _prepare_copies(
        self, hand: Sequence[Card]
    ) -> tuple[int, int, list[int], list[int]]:
        bit_of = self._packed_bit
        planes = [0] * self.decks
        wild_values = []
        for card in hand:
            bit = bit_of.get(card)
            if bit is None:
                wild_values.append(self._wild_value(card))
                continue
            for k, plane in enumerate(planes):
                if not plane & bit:
                    planes[k] |= bit
                    break
            else:
                raise ValueError(f"{card.code}: more copies than {self.decks} decks")
        wilds = len(wild_values)
        least = self._set_least[wilds]
        set_ranks = 0
        for b in range(LANE):
            held = sum(p >> (s * LANE + b) & 1 for p in planes for s in range(4))
            if held >= least:
                set_ranks |= 1 << b
        covers = self._wild_covers(wilds) if self.runs is not None else None
        candidates = 0
        for s in range(4):
            lane = planes[0] >> (s * LANE) & LANE_MASK
            cand = (set_ranks | (covers[lane] if covers is not None else 0)) & lane
            candidates |= cand << (s * LANE)
        rem = 0
        other = 0
        for k, plane in enumerate(planes):
            rem |= (plane & candidates) << (k * PLANE)
            rest = plane & ~candidates
            other += sum(
                self._lane_value[rest >> (s * LANE) & LANE_MASK] for s in range(4)
            )
        wild_values.sort()
        return rem, other, wild_values, _running_sums(wild_values)

    # -- the search -----------------------------------------------------------------

    def _solve(self, rem: int, wilds: int, spare: int, memo: dict, left: list) -> int:
        """The least deadwood of naturals ``rem`` and ``wilds`` wilds, with room for
        ``spare`` wilds in melds already made (``left[i]``: the worth of the ``i``
        cheapest wilds)."""
        if not rem:
            return left[wilds - min(wilds, spare)]
        key = rem << 12 | wilds << 6 | spare
        best = memo.get(key)
        if best is not None:
            return best
        best = UNLIMITED
        bit_value = self._bit_value
        for kind, mask, used, room in self._choices(rem, wilds):
            if kind is None:
                value = bit_value[mask.bit_length() - 1] + self._solve(
                    rem ^ mask, wilds, spare, memo, left
                )
            else:
                more = wilds - used
                value = self._solve(
                    rem ^ mask, more, min(spare + room, more), memo, left
                )
            if value < best:
                best = value
        memo[key] = best
        return best

    def _prepare(self, hand: Sequence[Card]) -> tuple[int, int, list[int], list[int]]:
        """(candidates packed, deadwood of the other naturals, wild worths, cheapest
        first, and their running sums)."""
        if self.decks > 1:
            return self._prepare_copies(hand)
        bit_of = self._packed_bit
        packed = 0
        wild_values = []
        for card in hand:
            bit = bit_of.get(card)
            if bit is None:
                wild_values.append(self._wild_value(card))
            elif packed & bit:
                raise ValueError(f"{card.code} twice: one deck's naturals only")
            else:
                packed |= bit
        lanes = (
            packed & LANE_MASK,
            packed >> LANE & LANE_MASK,
            packed >> 2 * LANE & LANE_MASK,
            packed >> 3 * LANE,
        )
        a, b, c, d = lanes
        wilds = len(wild_values)
        least = self._set_least[wilds]
        if least == 3:
            set_ranks = (a & b & (c | d)) | (c & d & (a | b))
        elif least == 2:
            set_ranks = (a & (b | c | d)) | (b & (c | d)) | (c & d)
        elif least == 4:
            set_ranks = a & b & c & d
        elif least == 1:
            set_ranks = a | b | c | d
        else:
            set_ranks = 0
        rem = 0
        other = 0
        lane_value = self._lane_value
        if self.runs is None:
            covers: Sequence[int] = (0,) * (1 << LANE)
        else:
            covers = self._covers_with.get(wilds) or self._wild_covers(wilds)
        for s, lane in enumerate(lanes):
            cand = (set_ranks | covers[lane]) & lane
            other += lane_value[lane & ~cand]
            rem |= cand << (s * LANE)
        if not wilds:
            return rem, other, wild_values, [0]
        wild_values.sort()
        return rem, other, wild_values, _running_sums(wild_values)

    def _wild_covers(self, wilds: int) -> _Covers:
        covers = self._covers_with.get(wilds)
        if covers is None:
            covers = self._covers_with[wilds] = _Covers(self, wilds)
        return covers

    def _memo(self, wild_values: list[int]) -> dict[int, int]:
        key = tuple(wild_values)
        memo = self._memos.get(key)
        if memo is None or len(memo) > MEMO_LIMIT:
            memo = self._memos[key] = {}
        return memo

    def deadwood(self, hand: Sequence[Card]) -> int:
        """The least deadwood any partition of ``hand`` leaves."""
        rem, other, wild_values, left = self._prepare(hand)
        if not rem:
            return other + left[-1]
        memo = self._memo(wild_values)
        return other + self._solve(rem, len(wild_values), 0, memo, left)

    def partition(self, hand: Sequence[Card]) -> Partition:
        """A partition of ``hand`` leaving the least deadwood, meld by meld."""
        rem, other, wild_values, left = self._prepare(hand)
        wilds = len(wild_values)
        memo = self._memo(wild_values)
        best = other + (self._solve(rem, wilds, 0, memo, left) if rem else left[-1])
        chosen: list[_Choice] = []
        spare = 0
        while rem:
            target = self._solve(rem, wilds, spare, memo, left)
            for c in self._choices(rem, wilds):
                kind, mask, used, room = c
                if kind is None:
                    rest = self._solve(rem ^ mask, wilds, spare, memo, left)
                    value = self._bit_value[mask.bit_length() - 1] + rest
                    after = (wilds, spare)
                else:
                    more = wilds - used
                    after = (more, min(spare + room, more))
                    value = self._solve(rem ^ mask, *after, memo, left)
                if value == target:
                    if kind is not None:
                        chosen.append(c)
                    rem ^= mask
                    wilds, spare = after
                    break
        return self._spell(hand, chosen, best)

    def _spell(
        self, hand: Sequence[Card], chosen: list[_Choice], best: int
    ) -> Partition:
        """The chosen melds as cards: the most valuable wilds go into melds, each
        meld its least, then the spare places in order."""
        wild_cards = sorted(
            (c for c in hand if c.rank in self._wild_ranks),
            key=lambda c: -self.values.by_rank[c.rank],
        )
        placed = [used for _kind, _mask, used, _room in chosen]
        free = len(wild_cards) - sum(placed)
        for i, (_kind, _mask, _used, room) in enumerate(chosen):
            extra = min(free, room)
            placed[i] += extra
            free -= extra
        melds = []
        start = 0
        left_over = Counter(c for c in hand if c in self._bit)
        for (kind, mask, _used, _room), count in zip(chosen, placed, strict=True):
            naturals = [
                self._card_at[i] for i in range(mask.bit_length()) if mask >> i & 1
            ]
            left_over.subtract(naturals)
            cards = (*naturals, *wild_cards[start : start + count])
            start += count
            assert kind is not None
            rank = naturals[0].rank if kind is MeldKind.SET else None
            suit = naturals[0].suit if kind is MeldKind.RUN else None
            melds.append(Meld(kind, cards, rank, suit, count))
        rest = []
        for card in hand:
            if left_over[card] > 0:
                left_over[card] -= 1
                rest.append(card)
        return Partition(best, tuple(melds), (*rest, *wild_cards[start:]))
