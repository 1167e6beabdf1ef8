"""Shared core of the Canasta family: Canasta, Samba, Contract Samba, Hand and Foot.

Source: ``001_b57793035adc3f64.txt`` §28 (Canasta: 28.1 card values, 28.2 melds,
28.5 end of a deal, 28.6.2 opening meld, 28.6.3 red threes, 28.6.4–28.6.5 "May I go
out?" and penalties), §30 (Samba), §31 (Contract Samba), §32 (Hand and Foot). Each
game states only how it differs from Canasta; this module holds what they share,
parameterised by small frozen dataclasses, so that a game is a table of rules plus
whatever it adds (a contract, feet …).

Terms:

* **natural** — a card that is not wild; **wild** — a two or a joker (in Contract
  Samba a two is natural inside a *meld of twos* and in a samba meld).
* **rank meld** (a *canasta meld*) — naturals of one rank plus wilds;
  **sequence** (a *samba meld*, Samba and Contract Samba) — consecutive naturals of
  one suit; **black-threes meld** — three or more black threes, laid only by the
  player who goes out.
* **canasta** — a rank meld of at least seven cards: **natural** with no wild card,
  **mixed** otherwise. **samba** — a sequence of seven cards. Both are derived from
  the cards, never typed in.
* **side** — a team of two partners; its melds are common to both.
* **opening meld** — the first cards a side lays down in a deal (one or several
  combinations); their card points (no bonuses) must reach the side's **opening
  requirement**, read from the game's **opening zones** by the side's score before
  the deal, plus 10 for each insufficient attempt in that deal (§28.6.5).
* **going out** — a player gets rid of the last card; **concealed** — the side opened
  and went out in the same turn (§28.6.2: +100 in Canasta, nothing in Samba).

API (stable; games extend it, nobody breaks it):

* card values: :data:`CARD_POINTS` (§28.1), :func:`meld_card_points` (threes in a
  meld are 5 whatever their colour — only Contract Samba melds a red three, in a
  sequence, and §31.10 values it 5), :func:`hand_points` (what a card left in hand
  costs, with per-game values for threes).
* melds: :class:`MeldRules` (the knobs), :func:`check_meld` → :class:`Meld` or
  errors, :func:`check_side_melds` (every meld of a side, plus "one meld per rank").
* canastas: :class:`CanastaBonuses`, :func:`canasta_bonus`, :func:`count_complete`.
* red threes: :class:`RedThreeRule`, :func:`red_three_points`.
* opening: :class:`OpeningZones` (``requirement(score, attempts)``), the zone
  tables :data:`CANASTA_ZONES`, :data:`SAMBA_ZONES`, :data:`CONTRACT_SAMBA_ZONES`,
  :func:`check_opening` (opening cards ⊆ final melds, points vs requirement).
* going out: :class:`GoingOutRule`, :func:`check_going_out`;
  :data:`MAY_I_GO_OUT_PENALTY` (300, §28.6.4), :data:`INSUFFICIENT_OPENING_STEP`
  (10, §28.6.5).
* input pieces: :class:`SideCards` (a side's melds, opening, red threes, hands,
  penalties), :class:`CardsDeal`, :class:`TotalsDeal`; a game may subclass them
  (Hand and Foot adds feet, Contract Samba a contract).
* :class:`FamilyRules` bundles a game's tables; :class:`CanastaFamilyGame` is a
  ready :class:`Game` for games that are "Canasta with other tables" (Canasta,
  Samba); it exposes hooks (:meth:`CanastaFamilyGame.score_side`, ``extra_checks``)
  for games that add more.

Invariants:

* every card of a deal entered in card mode is counted against the deck once:
  melds, red threes and hands (the opening is a part of the melds, not counted
  again);
* a meld's kind, canasta/samba status and natural/mixed type come from its cards;
* errors carry the path of the field as entered (``teams.1.melds.2``), and every
  error of a deal is reported at once;
* card entry is scored through fast paths (a parse without pydantic's per-card
  callbacks, plain melds, plain deals: see "plain deals: the fast path" in
  :class:`CanastaFamilyGame`); each recognises the common case and hands anything
  else to the full check, so a result never depends on which path ran
  (tests/games/test_canasta_fast_paths.py). A game overriding one of the methods
  the plain-deal path stands in for is scored by the full check only.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter, itemgetter
from types import MappingProxyType
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Discriminator, Field, Tag, TypeAdapter

from games.engine.cards import (
    _SPELLINGS,
    JOKER,
    JOKER_RANK,
    RANKS,
    STANDARD_CARDS,
    Card,
    Suit,
)
from games.engine.decks import DeckSpec, check_deck
from games.engine.errors import DealRejected, RuleError
from games.engine.game import (
    ContextRow,
    DealScore,
    Fact,
    Game,
    MatchState,
    NextDeal,
    Table,
    advanced,
)
from games.engine.inputs import (
    PER_PARTNER,
    PER_SIDE,
    CardList,
    FrozenModel,
    SeatField,
    deal_mode,
    parse_by_mode,
)

# Fast paths stand in for the full checks on the common case and give the same
# results: the parse without pydantic (:func:`_fast_cards_deal`), plain melds
# (:func:`_rank_meld_shape`, :func:`_plain_other_meld`) and plain deals
# (:meth:`CanastaFamilyGame._score_plain`). tests/games/test_canasta_fast_paths.py
# turns them off to compare.
_fast_paths = True

# -- card values (§28.1) ---------------------------------------------------------

MAY_I_GO_OUT_PENALTY = 300  # §28.6.4
INSUFFICIENT_OPENING_STEP = 10  # §28.6.5: +10 to the requirement per attempt

WILD_RANKS = frozenset({"2", JOKER.rank})


def _base_points(card: Card) -> int:
    if card.is_joker:
        return 50
    if card.rank == "3":
        return 100 if card.suit.is_red else 5
    if card.rank in ("A", "2"):
        return 20
    if card.rank in ("4", "5", "6", "7"):
        return 5
    return 10


ALL_CARDS: tuple[Card, ...] = (*STANDARD_CARDS, JOKER)
CARD_POINTS: Mapping[Card, int] = MappingProxyType(
    {c: _base_points(c) for c in ALL_CARDS}
)
"""§28.1: black 3 5, red 3 100, 4–7 5, 8–K 10, A 20, 2 20, joker 50."""

_MELD_POINTS = {c: (5 if c.rank == "3" else CARD_POINTS[c]) for c in ALL_CARDS}

# Cards are interned (one object per face, hashed by identity in C), so the hot
# paths below look cards up with ``map(table.__getitem__, cards)``: C-speed loops.
_INDEX: dict[Card, int] = {c: i for i, c in enumerate(ALL_CARDS)}
_MELD_POINT = _MELD_POINTS.__getitem__
_RED_THREES = frozenset(c for c in ALL_CARDS if c.rank == "3" and c.suit.is_red)
_BLACK_THREES = frozenset(c for c in ALL_CARDS if c.rank == "3" and not c.suit.is_red)


def card_index(card: Card) -> int:
    """Position of ``card`` in :data:`ALL_CARDS` (a cheap key for counting)."""
    return _INDEX[card]


def _meld_points(cards: Iterable[Card]) -> int:
    return sum(map(_MELD_POINT, cards))


def meld_card_points(card: Card) -> int:
    """What a card on the table counts (a three in a meld counts 5)."""
    return _MELD_POINTS[card]


def is_red_three(card: Card) -> bool:
    return card in _RED_THREES


def is_black_three(card: Card) -> bool:
    return card in _BLACK_THREES


def hand_points_table(
    black_three: int | None = None, red_three: int | None = None
) -> Mapping[Card, int]:
    """Values of cards left in hand (positive numbers; they count against the side).

    By default §28.1's values; Contract Samba and Hand and Foot charge 100 for a black
    three and 500 for a red three in hand (§31.10, §32.6).
    """
    table = dict(CARD_POINTS)
    for card in ALL_CARDS:
        if card.rank == "3":
            if card.suit.is_red and red_three is not None:
                table[card] = red_three
            elif not card.suit.is_red and black_three is not None:
                table[card] = black_three
    return MappingProxyType(table)


CANASTA_HAND_POINTS = hand_points_table()


def hand_error(
    path: str, seat: int, went_out: int | None, hand: Sequence[Card]
) -> RuleError | None:
    """The player who went out holds nothing; everyone else holds a card."""
    if went_out == seat and hand:
        return RuleError(
            path, "hand_not_empty", f"seat {seat} went out, so their hand is empty"
        )
    if went_out != seat and not hand:
        return RuleError(
            path,
            "empty_hand",
            f"seat {seat} did not go out, so they hold at least one card",
        )
    return None


def hand_points(cards: Iterable[Card], table: Mapping[Card, int] = CARD_POINTS) -> int:
    """Sum of what the cards in a hand cost (positive)."""
    return sum(map(table.__getitem__, cards))


_DERIVED: dict[tuple[int, Callable[[Any], Any]], tuple[Any, Any]] = {}


def _derived(table: Any, build: Callable[[Any], Any]) -> Any:
    """``build(table)``, built once per table.

    A game's tables (its deck, bonuses, hand values) are built once and live as
    long as the program; what the hot paths derive from them is kept here, with
    the table itself so that its id stays its own.
    """
    key = (id(table), build)
    hit = _DERIVED.get(key)
    if hit is None:
        hit = _DERIVED[key] = (table, build(table))
    return hit[1]


@dataclass(frozen=True, slots=True)
class _DeckLimits:
    """A deck's copies, arranged so that a deal is checked with set operations."""

    faces: frozenset[Card]  # every face the deck holds
    common: int  # the fewest copies any face has (2 of each in 2 × 54)
    more: tuple[tuple[Card, int], ...]  # faces with more copies (the jokers)
    every_face: bool  # the deck holds every card the parser knows (ALL_CARDS)
    within_common: frozenset[int]  # 1 … common: the counts a face may reach


def _deck_limits(deck: DeckSpec) -> _DeckLimits:
    common = min(deck.copies.values(), default=0)
    faces = frozenset(deck.copies)
    return _DeckLimits(
        faces,
        common,
        tuple((c, n) for c, n in deck.copies.items() if n > common),
        faces.issuperset(ALL_CARDS),
        frozenset(range(1, common + 1)),
    )


def _deck_overfull(deck: DeckSpec, cards: Iterable[Card]) -> bool:
    """Whether ``cards`` hold a card more often than ``deck`` has copies of it."""
    return _over_limits(_derived(deck, _deck_limits), cards, parsed=False)


def _over_limits(limits: _DeckLimits, cards: Iterable[Card], *, parsed: bool) -> bool:
    """:func:`_deck_overfull` with the deck's limits at hand.

    ``parsed``: the cards came from the card parser, so each is one of
    :data:`ALL_CARDS` (a caller's own :class:`Card` objects may be anything).
    """
    # Counted in C (cards hash by identity). _count_elements is the counting
    # loop of Counter.update, without its Python-level type checks.
    counts: dict[Card, int] = {}
    _count_elements(counts, cards)
    # A card the deck does not hold at all; parsed cards all are, in a deck that
    # holds every face (a look-up per counted face saved).
    if not (parsed and limits.every_face) and not counts.keys() <= limits.faces:
        return True
    for card, held in limits.more:
        if counts.pop(card, 0) > held:
            return True
    # Every other face has the same number of copies: one pass in C instead of a
    # loop (a set look-up per count is cheaper than max()'s comparisons).
    return not limits.within_common.issuperset(counts.values())


def check_deck_fast(
    deck: DeckSpec, placed: Sequence[tuple[str, Sequence[Card]]]
) -> list[RuleError]:
    """:func:`games.engine.decks.check_deck`, counting in C first.

    The engine's check builds the messages; it runs only when a card is over.
    """
    placed = [(path, tuple(cards)) for path, cards in placed]
    if not _deck_overfull(deck, chain.from_iterable(c for _, c in placed)):
        return []
    return check_deck(deck, placed)


# -- melds (§28.2, §30.2, §31.6, §32.2) ----------------------------------------------

RANK_MELD = "rank"
SEQUENCE = "sequence"
BLACK_THREES = "black_threes"

# Samba's sequences run 4…A: threes and wild twos cannot be used (§30.2).
SAMBA_SEQUENCE_RANKS: tuple[str, ...] = RANKS[2:]
# Contract Samba's run round the corner, twos and threes included (§31.6).
CYCLIC_SEQUENCE_RANKS: tuple[str, ...] = RANKS

_PLURALS = {
    "J": "jacks",
    "Q": "queens",
    "K": "kings",
    "A": "aces",
    "2": "twos",
    "3": "threes",
}


def rank_plural(rank: str) -> str:
    """``7`` → ``7s``, ``A`` → ``aces`` (for facts)."""
    return _PLURALS.get(rank, f"{rank}s")


@dataclass(frozen=True, slots=True)
class MeldRules:
    """How a game's melds are built.

    Defaults are Canasta's (§28.2, §28.5): rank melds of at least 3 cards with at
    least 2 naturals and at most 3 wilds, one meld per rank per side, no sequences,
    3–4 black threes only when going out.
    """

    min_cards: int = 3
    min_naturals: int = 2
    max_wilds: int = 3
    max_cards: int | None = None  # Hand and Foot: 7 (§32.2)
    one_meld_per_rank: bool = True  # Samba, Contract Samba, Hand and Foot: False
    # Black threes when going out: (min, max) cards; None = never (Hand and Foot).
    black_threes_out: tuple[int, int | None] | None = (3, 4)
    # Sequences (samba melds); None = not played.
    sequence_ranks: tuple[str, ...] | None = None
    sequence_wraps: bool = False  # Q-K-A-2-3 (Contract Samba)
    sequence_max: int = 7
    # Contract Samba: a meld whose naturals are twos (jokers wild, at most
    # ``twos_max_jokers``).
    melds_of_twos: bool = False
    twos_max_jokers: int = 2
    # Contract Samba §31.6: a complete natural canasta or canasta of twos takes no
    # more cards, so it has exactly 7.
    closed_natural_canastas: bool = False


@dataclass(frozen=True, slots=True)
class Meld:
    """A verified meld: ``rank`` for rank melds, ``suit`` and ``ranks`` for runs."""

    cards: tuple[Card, ...]
    kind: str  # RANK_MELD, SEQUENCE or BLACK_THREES
    rank: str | None = None
    suit: Suit | None = None
    wilds: int = 0
    points: int = 0  # card points on the table
    ranks: tuple[str, ...] = ()  # a sequence's ranks in playing order

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    @property
    def is_canasta(self) -> bool:
        return self.kind == RANK_MELD and len(self.cards) >= 7

    @property
    def is_samba(self) -> bool:
        return self.kind == SEQUENCE and len(self.cards) >= 7

    @property
    def is_complete(self) -> bool:
        """A canasta or a samba."""
        return len(self.cards) >= 7 and self.kind != BLACK_THREES

    @property
    def is_natural(self) -> bool:
        return self.wilds == 0

    @property
    def label(self) -> str:
        """``natural canasta of 7s``, ``meld of kings``, ``samba 8♥–A♥``."""
        if self.kind == SEQUENCE:
            name = "samba" if self.is_samba else "sequence"
            return f"{name} {self.ranks[0]}{self.suit.symbol}–{self.ranks[-1]}"
        if self.kind == BLACK_THREES:
            return "black threes"
        plural = rank_plural(self.rank)
        if self.is_canasta:
            kind = "natural" if self.is_natural else "mixed"
            return f"{kind} canasta of {plural}"
        return f"meld of {plural}"


class _MeldSlots:
    """Same slots as :class:`Meld`, not frozen: filled by plain attribute stores."""

    __slots__ = Meld.__slots__


class _FactSlots:
    __slots__ = Fact.__slots__


def _meld(
    cards: tuple[Card, ...],
    kind: str,
    rank: str | None,
    suit: Suit | None,
    wilds: int,
    points: int,
    ranks: tuple[str, ...],
) -> Meld:
    """``Meld(...)`` at a third of the cost.

    A frozen dataclass sets each field through ``object.__setattr__``, which made
    building the melds of a deal a visible share of scoring it. The object is
    filled as a twin class with the same slots, then becomes a :class:`Meld` (an
    allowed ``__class__`` assignment: the layouts are identical).
    """
    m = _MeldSlots()
    m.cards = cards
    m.kind = kind
    m.rank = rank
    m.suit = suit
    m.wilds = wilds
    m.points = points
    m.ranks = ranks
    m.__class__ = Meld
    return m  # type: ignore[return-value]


def _fact(code: str, text: str, side: int | None, points: int | None) -> Fact:
    """``Fact(...)``, built like :func:`_meld`."""
    f = _FactSlots()
    f.code = code
    f.text = text
    f.side = side
    f.points = points
    f.__class__ = Fact
    return f  # type: ignore[return-value]


_points_of = attrgetter("points")
_rank_of = attrgetter("rank")
_suit_of = attrgetter("suit")
# A card's meld points, plus _WILD_MARK if it is wild: the sum over a meld counts
# its points and its wild cards in one pass, and divmod(sum, _WILD_MARK) splits
# them again. A card counts at most 50, so the points of a meld of up to
# _MAX_TALLIED cards stay below the mark (longer melds are never legal and are
# left to check_meld).
_WILD_MARK = 1 << 16
_MAX_TALLIED = 1000
# By rank of naturals (4 to A): that tally of the cards a rank meld of the rank
# may hold, its four faces and the wild cards (twos are wild, threes never meld).
# Looking any other card up raises KeyError: the same pass checks the meld's cards.
_RANK_MELD_TALLY: dict[str, dict[Card, int]] = {
    rank: {
        c: _MELD_POINTS[c] + (_WILD_MARK if c.rank in WILD_RANKS else 0)
        for c in ALL_CARDS
        if c.rank in (rank, *WILD_RANKS)
    }
    for rank in RANKS
    if rank not in ("2", "3")
}


def _complete_meld_fact(meld: Meld, bonuses: CanastaBonuses, side: int) -> Fact | None:
    """The fact for a canasta's or a samba's bonus (``natural canasta of 7s: 500``);
    None for a meld that earns none."""
    if meld.kind == RANK_MELD:
        facts = _derived(bonuses, _canasta_facts)
        bonus, code, text = facts[meld.rank, not meld.wilds]
    else:
        bonus = canasta_bonus(meld, bonuses)
        code, text = "samba", f"{meld.label}: {bonus}"
    return _fact(code, text, side, bonus) if bonus else None


def _complete_meld_facts(
    melds: Iterable[Meld], bonuses: CanastaBonuses, side: int, facts: list[Fact]
) -> int:
    """Append the bonus fact of every canasta and samba to ``facts``; their total."""
    total = 0
    for meld in melds:
        if len(meld.cards) >= 7:  # a canasta or a samba
            fact = _complete_meld_fact(meld, bonuses, side)
            if fact is not None:
                total += fact.points
                facts.append(fact)
    return total


def _red_threes_fact(count: int, points: int, side: int) -> Fact:
    return _fact(
        "red_threes",
        f"{count} red three{'s' if count > 1 else ''}: {points}",
        side,
        points,
    )


def _went_out_fact(points: int, side: int) -> Fact:
    return _fact("went_out", f"went out: {points}", side, points)


def _opening_met_fact(requirement: int, points: int, side: int) -> Fact:
    return _fact(
        "opening_met",
        f"opening requirement {requirement} met with {points}",
        side,
        points,
    )


def _may_i_go_out_fact(penalties: int, side: int) -> Fact:
    return _fact(
        "may_i_go_out", f"“May I go out?” penalty: {penalties}", side, penalties
    )


def _canasta_facts(
    bonuses: CanastaBonuses,
) -> dict[tuple[str, bool], tuple[int, str, str]]:
    """(bonus, fact code, fact text) of a canasta by (rank, natural).

    A canasta's fact depends on nothing else, so the texts are built once per bonus
    table (through :func:`_derived`) rather than for every canasta scored.
    """
    table = {}
    for rank in (*RANKS, JOKER_RANK):
        for natural in (True, False):
            bonus = _canasta_bonus(bonuses, rank, natural)
            kind = "natural" if natural else "mixed"
            text = f"{kind} canasta of {rank_plural(rank)}: {bonus}"
            table[rank, natural] = (bonus, f"{kind}_canasta", text)
    return table


def _sum_of(values: Mapping[Card, int], cards: Sequence[Card]) -> int:
    """``sum(map(values.__getitem__, cards))``, the look-ups in C without a call
    per card (see _card_lists); KeyError for a card ``values`` lacks."""
    if len(cards) > 1:
        return sum(itemgetter(*cards)(values))
    return values[cards[0]] if cards else 0  # itemgetter gives no tuple for one


def _value_of(values: Mapping[Card, int]) -> Callable[[Card], int]:
    """A plain dict's lookup of ``values`` (a read-only proxy's is slower)."""
    return dict(values).__getitem__


_SEATS: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}


def _seats_of(table: Table, side: int) -> tuple[int, ...]:
    """``table.seats_of(side)``, remembered per seating (there are a handful)."""
    key = (table.seats, side)
    seats = _SEATS.get(key)
    if seats is None:
        seats = _SEATS[key] = table.seats_of(side)
    return seats


def check_meld(
    cards: Sequence[Card],
    rules: MeldRules,
    *,
    path: str,
    may_meld_black_threes: bool = False,
) -> tuple[Meld | None, list[RuleError]]:
    """Classify and verify one meld. Returns the meld, or ``None`` and its errors.

    ``may_meld_black_threes`` is true for the side that went out (§28.5: the player
    going out may meld black threes — naturals only, the text allows no wilds).
    """
    cards = tuple(cards)
    n = len(cards)
    if n < rules.min_cards:
        return None, [
            RuleError(
                path,
                "meld_too_short",
                f"a meld has at least {rules.min_cards} cards ({n} entered)",
            )
        ]
    # Ranks are plain strings: comparing them is much cheaper than hashing cards.
    ranks = [c.rank for c in cards]
    points = _meld_points(cards)
    if "3" in ranks:
        # A sequence may hold threes in Contract Samba; otherwise threes only
        # as a black-threes meld.
        if rules.sequence_ranks is not None and "3" in rules.sequence_ranks:
            meld, _ = _check_sequence(cards, rules, path, points)
            if meld is not None:
                return meld, []
        threes = [c for c in cards if c.rank == "3"]
        return _check_black_threes(cards, threes, rules, path, may_meld_black_threes)
    # Sequence: distinct ranks of one suit, no jokers.
    if rules.sequence_ranks is not None and JOKER_RANK not in ranks:
        suit = cards[0].suit
        if all(c.suit is suit for c in cards) and len(set(ranks)) == n:
            return _check_sequence(cards, rules, path, points)
    return _check_rank_meld(cards, ranks, rules, path, points)


def _check_rank_meld(
    cards: tuple[Card, ...],
    ranks: list[str],
    rules: MeldRules,
    path: str,
    points: int,
) -> tuple[Meld | None, list[RuleError]]:
    n = len(cards)
    jokers = ranks.count(JOKER_RANK)
    twos = ranks.count("2")
    twos_natural = rules.melds_of_twos and twos > 0 and twos + jokers == n
    if twos_natural:
        wilds = jokers
        natural_set = {"2"}
    else:
        wilds = jokers + twos
        natural_set = set(ranks)
        natural_set.discard("2")
        natural_set.discard(JOKER_RANK)
    naturals = n - wilds
    errors: list[RuleError] = []
    if len(natural_set) > 1:
        natural_ranks = sorted(natural_set, key=RANKS.index)
        errors.append(
            RuleError(
                path,
                "mixed_ranks",
                "a meld's natural cards are of one rank "
                f"(entered {', '.join(natural_ranks)})",
            )
        )
    if naturals < rules.min_naturals:
        errors.append(
            RuleError(
                path,
                "too_few_naturals",
                f"a meld has at least {rules.min_naturals} natural cards "
                f"({naturals} entered)",
            )
        )
    max_wilds = rules.twos_max_jokers if twos_natural else rules.max_wilds
    if wilds > max_wilds:
        errors.append(
            RuleError(
                path,
                "too_many_wilds",
                f"a meld has at most {max_wilds} wild cards ({wilds} entered)",
            )
        )
    if rules.max_cards is not None and n > rules.max_cards:
        errors.append(
            RuleError(
                path,
                "meld_too_long",
                f"a meld has at most {rules.max_cards} cards ({n} entered)",
            )
        )
    if rules.closed_natural_canastas and n > 7 and (wilds == 0 or twos_natural):
        errors.append(
            RuleError(
                path,
                "closed_canasta_extended",
                "nothing can be added to a complete natural canasta or canasta of "
                f"twos, so it has exactly 7 cards ({n} entered)",
            )
        )
    if errors:
        return None, errors
    (rank,) = natural_set
    return _meld(cards, RANK_MELD, rank, None, wilds, points, ()), []


def _sequence_order(
    cards: tuple[Card, ...], rules: MeldRules
) -> tuple[str, ...] | None:
    """The ranks in playing order if the cards run consecutively, else None."""
    order = rules.sequence_ranks
    if any(c.rank not in order for c in cards):
        return None
    idx = sorted(order.index(c.rank) for c in cards)
    if len(set(idx)) != len(idx):
        return None
    if idx[-1] - idx[0] == len(idx) - 1:
        return tuple(order[i] for i in idx)
    if not rules.sequence_wraps:
        return None
    size = len(order)
    # On a cycle the run is contiguous iff exactly one gap between neighbours is > 1;
    # the run starts after it.
    gaps = [(idx[(k + 1) % len(idx)] - idx[k]) % size for k in range(len(idx))]
    big = [k for k, g in enumerate(gaps) if g != 1]
    if len(big) != 1:
        return None
    start = (big[0] + 1) % len(idx)
    return tuple(order[idx[(start + k) % len(idx)]] for k in range(len(idx)))


def _check_sequence(
    cards: tuple[Card, ...], rules: MeldRules, path: str, points: int
) -> tuple[Meld | None, list[RuleError]]:
    suits = {c.suit for c in cards}
    ranks = _sequence_order(cards, rules) if len(suits) == 1 else None
    if ranks is None:
        return None, [
            RuleError(
                path,
                "not_a_sequence",
                "a sequence is of consecutive natural cards of one suit "
                f"({' '.join(rules.sequence_ranks)})",
            )
        ]
    if len(cards) > rules.sequence_max:
        return None, [
            RuleError(
                path,
                "sequence_too_long",
                f"a sequence has at most {rules.sequence_max} cards "
                f"({len(cards)} entered)",
            )
        ]
    return _meld(cards, SEQUENCE, None, cards[0].suit, 0, points, ranks), []


def _check_black_threes(
    cards: tuple[Card, ...],
    threes: list[Card],
    rules: MeldRules,
    path: str,
    may_meld: bool,
) -> tuple[Meld | None, list[RuleError]]:
    if any(is_red_three(c) for c in threes):
        return None, [
            RuleError(
                path,
                "red_three_in_meld",
                "red threes are laid out by themselves, not melded",
            )
        ]
    if rules.black_threes_out is None:
        return None, [RuleError(path, "threes_not_melded", "threes cannot be melded")]
    if len(threes) != len(cards):
        return None, [
            RuleError(
                path,
                "black_threes_with_others",
                "black threes are melded only with each other, without wild cards",
            )
        ]
    low, high = rules.black_threes_out
    if len(cards) < low or (high is not None and len(cards) > high):
        allowed = f"{low}–{high}" if high is not None else f"{low} or more"
        return None, [
            RuleError(
                path,
                "black_threes_count",
                f"a meld of black threes has {allowed} cards ({len(cards)} entered)",
            )
        ]
    if not may_meld:
        return None, [
            RuleError(
                path,
                "black_threes_not_going_out",
                "black threes are melded only by the player who goes out",
            )
        ]
    points = _meld_points(cards)
    return _meld(cards, BLACK_THREES, "3", None, 0, points, ()), []


def _rank_meld_shape(
    cards: Sequence[Card], rules: MeldRules
) -> tuple[str, int, int] | None:
    """``(rank, wilds, points)`` if ``cards`` are a legal rank meld, else None.

    A fast path: nearly every meld of a deal is naturals of one rank (4 to A) typed
    first, then at most the allowed wilds, and telling that takes a look-up per
    card, summed. Anything else (threes, a meld of twos, a would-be sequence, a
    wild typed first, any error) gives None, and :func:`check_meld` then
    classifies it in full and names what is wrong. With two or more naturals of
    one rank the cards cannot be a sequence, so the meld is the one
    :func:`check_meld` finds.
    """
    n = len(cards)
    # Two naturals at least (so also two cards: itemgetter then gives a tuple).
    if n < 2 or n > _MAX_TALLIED:
        return None
    rank = cards[0].rank
    tally = _RANK_MELD_TALLY.get(rank)  # None: not a natural of 4 to A
    if tally is None:
        return None
    try:
        # The look-ups in C, without a call per card (see _card_lists).
        wilds, points = divmod(sum(itemgetter(*cards)(tally)), _WILD_MARK)
    except KeyError:  # a card neither a natural of the rank nor wild
        return None
    naturals = n - wilds
    if (
        n < rules.min_cards
        or naturals < 2
        or naturals < rules.min_naturals
        or wilds > rules.max_wilds
        or (rules.max_cards is not None and n > rules.max_cards)
        or (rules.closed_natural_canastas and n > 7 and not wilds)
    ):
        return None
    return rank, wilds, points


def _plain_rank_meld(cards: Sequence[Card], rules: MeldRules) -> Meld | None:
    """The meld :func:`check_meld` finds, if :func:`_rank_meld_shape` knows it."""
    shape = _rank_meld_shape(cards, rules)
    if shape is None:
        return None
    rank, wilds, points = shape
    return _meld(tuple(cards), RANK_MELD, rank, None, wilds, points, ())


def _plain_sequence(cards: Sequence[Card], rules: MeldRules) -> Meld | None:
    """The meld :func:`check_meld` finds, if ``cards`` are a legal sequence running
    straight up (no corner); None for anything else (see :func:`_plain_rank_meld`).
    """
    order = rules.sequence_ranks
    n = len(cards)
    if order is None or n < rules.min_cards or n > rules.sequence_max:
        return None
    suit = cards[0].suit
    if suit is None or list(map(_suit_of, cards)).count(suit) != n:
        return None
    try:
        places = sorted(map(_derived(order, _places).__getitem__, map(_rank_of, cards)))
    except KeyError:  # a rank that does not run (a two, a three, a joker)
        return None
    if places[-1] - places[0] != n - 1 or len(set(places)) != n:
        return None
    ranks = tuple(map(order.__getitem__, places))
    return _meld(tuple(cards), SEQUENCE, None, suit, 0, _meld_points(cards), ranks)


def _places(order: Sequence[str]) -> dict[str, int]:
    return {rank: i for i, rank in enumerate(order)}


def _plain_black_threes(
    cards: Sequence[Card], rules: MeldRules, may_meld: bool
) -> Meld | None:
    """The meld :func:`check_meld` finds, if ``cards`` are a legal meld of black
    threes by the side going out; None for anything else."""
    n = len(cards)
    limits = rules.black_threes_out
    if not may_meld or limits is None or n < rules.min_cards or n < limits[0]:
        return None
    if limits[1] is not None and n > limits[1]:
        return None
    if rules.sequence_ranks is not None and "3" in rules.sequence_ranks:
        return None  # check_meld tries a sequence first
    if not _BLACK_THREES.issuperset(cards):
        return None
    return _meld(tuple(cards), BLACK_THREES, "3", None, 0, _meld_points(cards), ())


def _plain_other_meld(
    cards: Sequence[Card], rules: MeldRules, may_meld_black_threes: bool
) -> Meld | None:
    """A plain sequence or meld of black threes (after :func:`_plain_rank_meld`)."""
    return _plain_sequence(cards, rules) or _plain_black_threes(
        cards, rules, may_meld_black_threes
    )


def check_side_melds(
    melds: Sequence[Sequence[Card]],
    rules: MeldRules,
    *,
    path: str,
    may_meld_black_threes: bool = False,
) -> tuple[tuple[Meld, ...], list[RuleError]]:
    """Verify every meld of a side (``path`` is the list, e.g. ``teams.0.melds``).

    Adds ``duplicate_rank_meld`` where the game allows one meld per rank (§28.2).
    """
    found: list[Meld] = []
    errors: list[RuleError] = []
    first_of_rank: dict[str, int] = {}
    one_per_rank = rules.one_meld_per_rank
    for i, cards in enumerate(melds):
        meld = (
            (
                _plain_rank_meld(cards, rules)
                or _plain_other_meld(cards, rules, may_meld_black_threes)
            )
            if _fast_paths
            else None
        )
        if meld is None:
            meld, errs = check_meld(
                cards,
                rules,
                path=f"{path}.{i}",
                may_meld_black_threes=may_meld_black_threes,
            )
            if errs:
                errors.extend(errs)
            if meld is None:
                continue
        found.append(meld)
        if one_per_rank and meld.kind == RANK_MELD:
            if meld.rank in first_of_rank:
                errors.append(
                    RuleError(
                        f"{path}.{i}",
                        "duplicate_rank_meld",
                        f"a side has only one meld of each rank ({meld.rank} is "
                        f"also melded at {path}.{first_of_rank[meld.rank]})",
                    )
                )
            else:
                first_of_rank[meld.rank] = i
    return tuple(found), errors


# -- canastas and sambas ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CanastaBonuses:
    """Bonuses for complete melds (§28.5: 500 natural, 300 mixed; §30.7 samba 1500).

    ``by_rank`` overrides (natural, mixed) for some ranks — Contract Samba's aces
    1000/500 and twos 3000/2000 (§31.10).
    """

    natural: int = 500
    mixed: int = 300
    samba: int = 1500
    by_rank: Mapping[str, tuple[int, int]] = field(default_factory=dict)


def canasta_bonus(meld: Meld, bonuses: CanastaBonuses) -> int:
    """The bonus a meld earns (0 unless it is a canasta or a samba)."""
    if len(meld.cards) < 7:
        return 0
    if meld.kind == SEQUENCE:  # a samba
        return bonuses.samba
    if meld.kind != RANK_MELD:
        return 0
    return _canasta_bonus(bonuses, meld.rank, not meld.wilds)


def _canasta_bonus(bonuses: CanastaBonuses, rank: str, natural: bool) -> int:
    natural_bonus, mixed_bonus = bonuses.by_rank.get(
        rank, (bonuses.natural, bonuses.mixed)
    )
    return natural_bonus if natural else mixed_bonus


def count_complete(melds: Iterable[Meld]) -> tuple[int, int, int]:
    """(canastas, natural canastas, sambas) among ``melds``."""
    canastas = naturals = sambas = 0
    for meld in melds:
        if len(meld.cards) < 7:
            continue
        if meld.kind == RANK_MELD:  # Meld.is_canasta
            canastas += 1
            naturals += not meld.wilds
        elif meld.kind == SEQUENCE:  # Meld.is_samba
            sambas += 1
    return canastas, naturals, sambas


# -- red threes (§28.6.3, §30.6) ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class RedThreeRule:
    """What laid-out red threes score.

    Each is worth ``each``; a side holding ``all_count`` of them gets ``all_value``
    instead (Canasta: 4 → 800, Finnish club rule 400). They count positive when the
    side has opened (``positive_needs_complete`` None) or has at least that many
    canastas/sambas (Samba: 2), negative otherwise.
    """

    each: int = 100
    all_count: int | None = 4
    all_value: int | None = 800
    positive_needs_complete: int | None = None


def _red_threes_positive(rule: RedThreeRule, opened: bool, complete: int) -> bool:
    """Whether a side's red threes count for it (``complete``: its canastas and
    sambas; see :meth:`CanastaFamilyGame.red_threes_positive`)."""
    need = rule.positive_needs_complete
    return opened if need is None else complete >= need


def red_three_points(count: int, rule: RedThreeRule, *, positive: bool) -> int:
    """Points for ``count`` red threes laid out by one side."""
    if count == 0:
        return 0
    if rule.all_count is not None and count == rule.all_count:
        value = rule.all_value
    else:
        value = rule.each * count
    return value if positive else -value


# -- opening meld (§28.6.2, §28.6.5) -----------------------------------------------


@dataclass(frozen=True, slots=True)
class OpeningZones:
    """Opening requirement by a side's score before the deal.

    ``bands`` are ``(lowest score, requirement)`` from the lowest band up; the first
    band's lowest score is ignored (it covers everything below the second band).
    """

    bands: tuple[tuple[int, int], ...]

    def requirement(self, score: int, attempts: int = 0) -> int:
        """The requirement at ``score``, raised by 10 per insufficient attempt."""
        need = self.bands[0][1]
        for lowest, value in self.bands[1:]:
            if score >= lowest:
                need = value
        return need + INSUFFICIENT_OPENING_STEP * attempts

    def describe(self) -> list[str]:
        out = []
        for i, (lowest, value) in enumerate(self.bands):
            if i == 0:
                out.append(f"below {self.bands[1][0]}: {value}")
            elif i + 1 < len(self.bands):
                out.append(f"{lowest}–{self.bands[i + 1][0] - 5}: {value}")
            else:
                out.append(f"{lowest} and over: {value}")
        return out


CANASTA_ZONES = OpeningZones(((-(10**9), 15), (0, 50), (1500, 90), (3000, 120)))
SAMBA_ZONES = OpeningZones(
    ((-(10**9), 0), (0, 50), (1500, 90), (3000, 120), (7000, 150))
)
CONTRACT_SAMBA_ZONES = OpeningZones(
    (
        (-(10**9), 15),
        (0, 50),
        (1500, 90),
        (3000, 120),
        (7000, 150),
        (10000, 200),
    )
)


def _contains(big: Sequence[Card], small: Sequence[Card]) -> bool:
    have = [card_index(c) for c in big]
    try:
        for c in small:
            have.remove(card_index(c))
    except ValueError:
        return False
    return True


def check_opening(
    opening: Sequence[Meld],
    melds: Sequence[Meld],
    requirement: int,
    *,
    path: str,
    side: int,
) -> tuple[int, list[RuleError], list[Fact]]:
    """Check an opening meld: its combinations lie within the side's final melds and
    their card points reach ``requirement``.

    Returns (opening points, errors, facts). Each combination must sit inside a
    different final meld of the same kind and rank (or suit): cards are added to
    melds, never taken off.
    """
    errors: list[RuleError] = []
    used: set[int] = set()
    pending: list[int] = []
    ids = set(map(id, opening))
    if len(ids) == len(opening) and ids.issubset(map(id, melds)):
        pass  # the usual entry: whole melds by index, each once; all in place
    else:
        # Whole melds given by index first, so a combination typed as cards cannot
        # take the meld they stand for.
        index_of = {id(m): j for j, m in enumerate(melds)}
        for i, part in enumerate(opening):
            j = index_of.get(id(part))
            if j is not None and j in used:  # the same meld object listed twice
                j = next(
                    (j for j, m in enumerate(melds) if m is part and j not in used),
                    None,
                )
            if j is None:
                pending.append(i)
            else:
                used.add(j)
    for i in pending:
        part = opening[i]
        for j, meld in enumerate(melds):
            if j in used or meld.kind != part.kind:
                continue
            if meld.rank != part.rank or meld.suit != part.suit:
                continue
            if _contains(meld.cards, part.cards):
                used.add(j)
                break
        else:
            errors.append(
                RuleError(
                    f"{path}.{i}",
                    "opening_not_in_melds",
                    "every combination of the opening meld stays on the table: "
                    "it must lie within one of the side's melds",
                )
            )
    points = sum(map(_points_of, opening))
    facts: list[Fact] = []
    if points < requirement:
        errors.append(
            RuleError(
                path,
                "opening_requirement_not_met",
                f"the opening meld counts {points}; the requirement is {requirement}",
            )
        )
    else:
        facts.append(_opening_met_fact(requirement, points, side))
    return points, errors, facts


# -- going out (§28.5, §30.5, §31.9, §32.5) ------------------------------------------


@dataclass(frozen=True, slots=True)
class GoingOutRule:
    """What a side needs on the table before one of its players may go out.

    Canasta: one canasta. Samba: two canastas or sambas (``sambas_count``). Hand and
    Foot: five canastas, two natural. Contract Samba's defenders: two canastas (one
    natural) and a samba (``min_sambas``, sambas not counted as canastas).
    """

    min_complete: int = 1
    min_natural: int = 0
    min_sambas: int = 0
    sambas_count: bool = False


def check_going_out(
    melds: Iterable[Meld], rule: GoingOutRule, *, path: str
) -> list[RuleError]:
    return _going_out_errors(count_complete(melds), rule, path)


def _going_out_errors(
    counts: tuple[int, int, int], rule: GoingOutRule, path: str
) -> list[RuleError]:
    """:func:`check_going_out` from :func:`count_complete`'s counts."""
    canastas, naturals, sambas = counts
    complete = canastas + (sambas if rule.sambas_count else 0)
    errors = []
    what = "canastas or sambas" if rule.sambas_count else "canastas"
    if complete < rule.min_complete:
        errors.append(
            RuleError(
                path,
                "going_out_needs_canasta",
                f"a side goes out only with at least {rule.min_complete} {what} "
                f"on the table (it has {complete})",
            )
        )
    if naturals < rule.min_natural:
        errors.append(
            RuleError(
                path,
                "going_out_needs_natural_canasta",
                f"a side goes out only with at least {rule.min_natural} natural "
                f"canastas (it has {naturals})",
            )
        )
    if sambas < rule.min_sambas:
        errors.append(
            RuleError(
                path,
                "going_out_needs_samba",
                f"a side goes out only with at least {rule.min_sambas} sambas "
                f"(it has {sambas})",
            )
        )
    return errors


# -- a game's tables -------------------------------------------------------------


@dataclass(frozen=True)
class FamilyRules:
    """Everything that tells one game of the family from another."""

    deck: DeckSpec
    melds: MeldRules
    bonuses: CanastaBonuses
    red_threes: RedThreeRule | None  # None: red threes are not laid out (H&F)
    going_out: GoingOutRule
    zones: OpeningZones
    going_out_bonus: int = 100
    concealed_bonus: int = 100  # §28.6.2; Samba: 0 (§30.5)
    hand_points: Mapping[Card, int] = field(default_factory=lambda: CANASTA_HAND_POINTS)
    target: int = 5000


# -- deal input ------------------------------------------------------------------

OpeningPart = Annotated[
    int | CardList,
    Field(
        description="A meld index (that whole meld was the opening combination) or "
        "the cards of the combination as laid down."
    ),
]


class SideCards(FrozenModel):
    """One side's cards at the end of a deal (card entry)."""

    melds: tuple[CardList, ...] = Field(
        (), description="Every meld of the side, as it lies at the end of the deal."
    )
    opening: tuple[OpeningPart, ...] | None = Field(
        None,
        description="The opening meld: its combinations as laid down (cards), or "
        "indices of melds that were laid down whole and not extended. Optional; "
        "when given, its points are checked against the opening requirement.",
    )
    red_threes: CardList = Field((), description="Red threes laid out by the side.")
    hands: Annotated[tuple[CardList, CardList], PER_PARTNER] = Field(
        description="Cards left in each partner's hand, partners in seat order "
        "(side 0: seats 0 and 2; side 1: seats 1 and 3)."
    )
    insufficient_openings: int = Field(
        0, ge=0, description="Attempts to open with too few points (§28.6.5)."
    )
    may_i_go_out_penalties: int = Field(
        0, ge=0, description="Times penalised for asking “May I go out?” wrongly."
    )


class CardsDeal(FrozenModel):
    """A deal entered card by card."""

    mode: Literal["cards"] = "cards"
    teams: Annotated[tuple[SideCards, SideCards], PER_SIDE]
    went_out: SeatField | None = Field(
        None, ge=0, le=3, description="Seat of the player who went out, if anyone."
    )
    concealed: bool = Field(
        False, description="The side opened and went out in the same turn."
    )


class TotalsDeal(FrozenModel):
    """A deal entered as each side's total only (not verified)."""

    mode: Literal["totals"]
    points: Annotated[tuple[int, int], PER_SIDE]


_deal_mode = deal_mode


FamilyDeal = Annotated[
    Annotated[CardsDeal, Tag("cards")] | Annotated[TotalsDeal, Tag("totals")],
    Discriminator(_deal_mode),
]


# Every spelling the card parser knows, plus the canonical and lower-case forms, so
# that most tokens are found without normalising them first.
_TOKENS: dict[str, Card] = {
    **_SPELLINGS,
    **{c.code: c for c in ALL_CARDS},
    **{k.lower(): c for k, c in _SPELLINGS.items()},
}


_token = _TOKENS.__getitem__
_LISTS = (list, tuple)
_ONLY_INT = frozenset({int})


def _fast_cards(value: Any) -> tuple[Card, ...] | None:
    """A card list as pydantic would parse it, or None to let pydantic decide."""
    if type(value) is str:
        tokens = value.replace(",", " ").split() if "," in value else value.split()
    elif type(value) in _LISTS:
        tokens = value
    else:
        return None
    try:
        return tuple(map(_token, tokens))  # a lookup per token, in C
    except (KeyError, TypeError):  # a spelling the table lacks, an unhashable token
        pass
    # Spellings like " kh ", "Kh", "♥q": the parser's normalisation, token by token.
    out = []
    for token in tokens:
        card = _TOKENS.get(token) if type(token) is str else None
        if card is None:
            if type(token) is not str:
                return None
            card = _SPELLINGS.get(token.strip().upper())
            if card is None:
                return None
        out.append(card)
    return tuple(out)


_SIDE_KEYS = frozenset(SideCards.model_fields)
_DEAL_KEYS = frozenset(CardsDeal.model_fields)
_set = object.__setattr__


def _construct(cls: type[FrozenModel], values: dict[str, Any]) -> Any:
    """``cls.model_construct(**values)`` for a model given every one of its fields.

    pydantic's ``model_construct`` walks the fields looking for aliases and defaults
    (none here: every field is given), which cost more than parsing a meld. This sets
    the same four slots it sets; ``test_fast_parse_equals_pydantic`` checks the result
    against pydantic's.
    """
    m = cls.__new__(cls)
    _set(m, "__dict__", values)
    _set(m, "__pydantic_fields_set__", set(values))
    _set(m, "__pydantic_extra__", None)
    _set(m, "__pydantic_private__", None)
    return m


def _card_lists(values: tuple[Any, ...]) -> tuple[tuple[Card, ...], ...] | None:
    """:func:`_fast_cards` of each value; None if one of them is None."""
    lists = []
    try:
        # The usual entry, every list typed as one string of canonical cards:
        # split, and look every token up in one call. itemgetter(*tokens) does
        # the look-ups in C without a call per token, a fifth cheaper than
        # map(_token, tokens), but gives a lone card, not a tuple, for one token.
        # Anything else raises and goes token by token.
        for text in values:
            tokens = str.split(text)
            lists.append(
                itemgetter(*tokens)(_TOKENS)
                if len(tokens) > 1
                else tuple(map(_token, tokens))
            )
    except (KeyError, TypeError):
        found = tuple(map(_fast_cards, values))
        return None if None in found else found
    return tuple(lists)


def _fast_side_fields(raw: Any) -> dict[str, Any] | None:
    """The fields of :class:`SideCards` for a well-formed side, else None."""
    if type(raw) is not dict or not raw.keys() <= _SIDE_KEYS:
        return None
    melds_raw = raw.get("melds", ())
    hands_raw = raw.get("hands")
    if type(melds_raw) not in _LISTS or type(hands_raw) not in _LISTS:
        return None
    if len(hands_raw) != 2:
        return None
    lists = _card_lists((*melds_raw, *hands_raw))
    red_threes = _fast_cards(raw.get("red_threes", ()))
    if lists is None or red_threes is None:
        return None
    opening = raw.get("opening")
    if opening is not None:
        if type(opening) not in _LISTS:
            return None
        if not _ONLY_INT.issuperset(map(type, opening)):
            parts: list[Any] = []
            for part in opening:
                if type(part) is int:
                    parts.append(part)
                    continue
                cards = _fast_cards(part)
                # "0" is the meld index 0 to pydantic (int first in the union).
                if cards is None or (type(part) is str and part.strip().isdigit()):
                    return None
                parts.append(cards)
            opening = parts
        opening = tuple(opening)
    attempts = raw.get("insufficient_openings", 0)
    asked = raw.get("may_i_go_out_penalties", 0)
    if type(attempts) is not int or type(asked) is not int or min(attempts, asked) < 0:
        return None
    return {
        "melds": lists[:-2],
        "opening": opening,
        "red_threes": red_threes,
        "hands": lists[-2:],
        "insufficient_openings": attempts,
        "may_i_go_out_penalties": asked,
    }


def _fast_deal_fields(raw: Any) -> dict[str, Any] | None:
    """The fields of :class:`CardsDeal` for a well-formed card-entry deal (each
    team as its fields), else None."""
    if type(raw) is not dict or not raw.keys() <= _DEAL_KEYS:
        return None
    if raw.get("mode", "cards") != "cards":
        return None
    teams = raw.get("teams")
    if type(teams) not in _LISTS or len(teams) != 2:
        return None
    sides = (_fast_side_fields(teams[0]), _fast_side_fields(teams[1]))
    if sides[0] is None or sides[1] is None:
        return None
    went_out = raw.get("went_out")
    if went_out is not None and not (type(went_out) is int and 0 <= went_out <= 3):
        return None
    concealed = raw.get("concealed", False)
    if type(concealed) is not bool:
        return None
    return {
        "mode": "cards",
        "teams": sides,
        "went_out": went_out,
        "concealed": concealed,
    }


def _cards_deal(fields: dict[str, Any]) -> CardsDeal:
    """The :class:`CardsDeal` of :func:`_fast_deal_fields`' fields."""
    teams = tuple(_construct(SideCards, dict(side)) for side in fields["teams"])
    return _construct(CardsDeal, {**fields, "teams": teams})


def _fast_cards_deal(raw: Any) -> CardsDeal | None:
    """Parse a well-formed card-entry deal without pydantic's per-card callbacks.

    Returns None for anything unusual (a bad card, a wrong type, an unknown key):
    pydantic then parses it and reports every error with its path. What this
    accepts, pydantic accepts and parses to the same model.
    """
    fields = _fast_deal_fields(raw)
    return None if fields is None else _cards_deal(fields)


@dataclass(frozen=True, kw_only=True)
class FamilyState(MatchState):
    """Match state; ``requirements`` is each side's opening requirement next deal."""

    requirements: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side's score for a deal, item by item."""

    melds: tuple[Meld, ...] = ()
    meld_points: int = 0
    bonuses: int = 0
    red_threes: int = 0
    going_out: int = 0
    hands: int = 0  # negative
    penalties: int = 0  # negative
    opening_points: int | None = None

    @property
    def total(self) -> int:
        return (
            self.meld_points
            + self.bonuses
            + self.red_threes
            + self.going_out
            + self.hands
            + self.penalties
        )

    def as_detail(self) -> dict[str, Any]:
        return _side_detail(
            self.meld_points,
            self.bonuses,
            self.red_threes,
            self.going_out,
            self.hands,
            self.penalties,
            self.opening_points,
        )


def _side_detail(
    meld_points: int,
    bonuses: int,
    red_threes: int,
    going_out: int,
    hands: int,
    penalties: int,
    opening_points: int | None,
) -> dict[str, Any]:
    """A side's items as the deal's detail lists them (:meth:`SideResult.as_detail`)."""
    return {
        "melds": meld_points,
        "bonuses": bonuses,
        "red_threes": red_threes,
        "going_out": going_out,
        "hands": hands,
        "penalties": penalties,
        "opening": opening_points,
        "total": meld_points + bonuses + red_threes + going_out + hands + penalties,
    }


class _SideResultSlots:
    __slots__ = SideResult.__slots__


def _side_result(
    melds: tuple[Meld, ...],
    meld_points: int,
    bonuses: int,
    red_threes: int,
    going_out: int,
    hands: int,
    penalties: int,
    opening_points: int | None,
) -> SideResult:
    """``SideResult(...)``, built like :func:`_meld`."""
    r = _SideResultSlots()
    r.melds = melds
    r.meld_points = meld_points
    r.bonuses = bonuses
    r.red_threes = red_threes
    r.going_out = going_out
    r.hands = hands
    r.penalties = penalties
    r.opening_points = opening_points
    r.__class__ = SideResult
    return r  # type: ignore[return-value]


# What the plain-deal fast path (CanastaFamilyGame._score_plain) stands in for.
_PLAIN_PATH_REPLACES = (
    "parse_deal",
    "verify_and_score",
    "score_cards",
    "score_side",
    "_check_deck",
    "extra_piles",
    "extra_checks",
    "_opening_parts",
    "red_threes_positive",
    "requirement",
)


def _deal_cards(teams: tuple[dict[str, Any], dict[str, Any]]) -> Iterable[Card]:
    """Every card the sides entered (their parsed fields): melds, red threes, hands.

    An iterator, not a list: the deck check counts the cards once, and building a
    list of ~100 cards first cost a fifth of that check.
    """
    a, b = teams
    return chain(
        *a["melds"],
        a["red_threes"],
        *a["hands"],
        *b["melds"],
        b["red_threes"],
        *b["hands"],
    )


@dataclass(frozen=True, slots=True, eq=False)
class _PlainTables:
    """What the plain-deal path reads from a game's rules, built once per rules.

    Facts are immutable values, so a fact that depends on nothing but the rules
    and the side (a canasta's, going out's, a number of red threes') is built here
    once and shared by every deal that scores it, like the interned cards.
    """

    rules: FamilyRules  # kept, so that the id the tables are found by stays its own
    deck: _DeckLimits
    # (rank, natural) → (bonus, its fact for side 0 and for side 1; None: no bonus)
    canastas: Mapping[tuple[str, bool], tuple[int, tuple[Fact | None, ...]]]
    # (count, positive) → (points, their fact by side); None: red threes not laid
    red_threes: Mapping[tuple[int, bool], tuple[int, tuple[Fact, ...]]] | None
    went_out: tuple[Fact, ...]  # by side
    not_opened: tuple[Fact, ...]  # by side
    # What a card left in hand costs; where red threes are laid out, a red three
    # (never held) is missing, so one pass over a hand also checks that.
    hand_values: dict[Card, int]
    # The opening zones as (lowest scores of the bands after the first, the
    # requirements of every band), for a bisection; None: zones given out of order
    zones: tuple[tuple[int, ...], tuple[int, ...]] | None

    def requirement(self, score: int, attempts: int) -> int:
        """``rules.zones.requirement(score, attempts)``."""
        if self.zones is None:
            return self.rules.zones.requirement(score, attempts)
        lows, needs = self.zones
        # The last band whose lowest score is at most ``score``, as the zones'
        # loop finds it when the bands go up.
        need = needs[bisect_right(lows, score)]
        return need + INSUFFICIENT_OPENING_STEP * attempts


_SIDES = (0, 1)  # the plain path scores two sides (CanastaFamilyGame.tables)


def _build_plain_tables(rules: FamilyRules) -> _PlainTables:
    canastas = {
        key: (
            bonus,
            tuple(_fact(code, text, s, bonus) if bonus else None for s in _SIDES),
        )
        for key, (bonus, code, text) in _canasta_facts(rules.bonuses).items()
    }
    red_threes = None
    rule = rules.red_threes
    if rule is not None:
        # Every count a deal that passed the deck check can hold.
        held = sum(n for card, n in rules.deck.copies.items() if card in _RED_THREES)
        red_threes = {}
        for count in range(1, held + 1):
            for positive in (True, False):
                points = red_three_points(count, rule, positive=positive)
                red_threes[count, positive] = (
                    points,
                    tuple(_red_threes_fact(count, points, s) for s in _SIDES),
                )
    bands = rules.zones.bands
    lows = tuple(lowest for lowest, _ in bands[1:])
    zones = None
    if list(lows) == sorted(lows):
        zones = (lows, tuple(need for _, need in bands))
    return _PlainTables(
        rules,
        _deck_limits(rules.deck),
        canastas,
        red_threes,
        tuple(_went_out_fact(rules.going_out_bonus, s) for s in _SIDES),
        tuple(_fact("not_opened", "no opening meld", s, None) for s in _SIDES),
        {
            card: value
            for card, value in rules.hand_points.items()
            if rule is None or card not in _RED_THREES
        },
        zones,
    )


_PARTNERS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def _partners(table: Table) -> tuple[tuple[int, ...], ...]:
    """The seats of sides 0 and 1, remembered per seating (there are a handful)."""
    partners = _PARTNERS.get(table.seats)
    if partners is None:
        partners = _PARTNERS[table.seats] = tuple(map(table.seats_of, _SIDES))
    return partners


# frozenset(range(n)) for the usual numbers of melds: an opening given as meld
# indices must be a subset (set.issubset(range(n)) builds that set every time).
_MELD_INDICES = tuple(frozenset(range(n)) for n in range(32))


_PLAIN_TABLES: dict[int, _PlainTables] = {}


def _plain_tables(rules: FamilyRules) -> _PlainTables:
    """The :class:`_PlainTables` of ``rules`` (one look-up per deal)."""
    tables = _PLAIN_TABLES.get(id(rules))
    if tables is None or tables.rules is not rules:
        if len(_PLAIN_TABLES) >= 64:
            # A game whose rules_for builds new rules for every deal would fill
            # the cache without end: start again (the tables are cheap to build).
            _PLAIN_TABLES.clear()
        tables = _PLAIN_TABLES[id(rules)] = _build_plain_tables(rules)
    return tables


def _deal_score(
    points: tuple[int, ...], facts: tuple[Fact, ...], detail: dict[str, Any]
) -> DealScore:
    """``DealScore(points, facts, True, detail)``, its fields set as one dict.

    A frozen dataclass sets each field through ``object.__setattr__``; this sets
    the instance dict at once, every field given (test_canasta_fast_paths reads
    every field of both paths' scores, so a field added to DealScore and missed
    here fails there).
    """
    score = object.__new__(DealScore)
    _set(
        score,
        "__dict__",
        {
            "points": points,
            "facts": facts,
            "verified": True,
            "detail": detail,
            "seat_points": (),
        },
    )
    return score


def opening_requirement_row(requirements: tuple[int, ...]) -> ContextRow:
    """The score sheet's row before a deal: each side's opening requirement."""
    return ContextRow(
        "opening-requirement", "Opening requirement", "per_side", requirements
    )


class CanastaFamilyGame(Game):
    """A :class:`Game` for "Canasta with other tables": 2 sides at (0, 1, 0, 1).

    Subclasses set ``rules`` (and the usual declarations) and may override
    :meth:`rules_for` (to apply options), :meth:`red_threes_positive`,
    :meth:`target` and :meth:`extra_checks`.
    """

    rules: ClassVar[FamilyRules]
    tables = ((0, 1, 0, 1),)
    deal_input = FamilyDeal
    cards_deal: ClassVar[type[CardsDeal]] = CardsDeal
    totals_deal: ClassVar[type[TotalsDeal]] = TotalsDeal

    def __init__(self) -> None:
        super().__init__()
        # Dispatch on ``mode`` ourselves: pydantic would put the union's tag into
        # every error path, and a scorer never typed it.
        self._by_mode = {
            "cards": TypeAdapter(self.cards_deal),
            "totals": TypeAdapter(self.totals_deal),
        }
        # The plain-deal fast path stands in for these methods as this class has
        # them; a game that changes one of them is scored by the full check only.
        cls = type(self)
        self._plain_deals = self.cards_deal is CardsDeal and all(
            getattr(cls, name) is getattr(CanastaFamilyGame, name)
            for name in _PLAIN_PATH_REPLACES
        )

    # -- hooks ------------------------------------------------------------------

    def rules_for(self, options: Any) -> FamilyRules:
        return self.rules

    def target(self, options: Any) -> int:
        return getattr(options, "target", self.rules.target)

    def red_threes_positive(
        self, rules: FamilyRules, melds: Sequence[Meld], opened: bool
    ) -> bool:
        need = rules.red_threes.positive_needs_complete
        if need is None:
            return opened
        canastas, _, sambas = count_complete(melds)
        return _red_threes_positive(rules.red_threes, opened, canastas + sambas)

    def extra_checks(
        self, state: MatchState, deal: CardsDeal, results: Sequence[SideResult]
    ) -> list[RuleError]:
        return []

    # -- the match --------------------------------------------------------------

    def initial_state(self, options: Any, table: Table) -> MatchState:
        totals = (0,) * table.side_count
        return FamilyState(
            table=table,
            options=options,
            totals=totals,
            dealer=table.first_dealer,
            requirements=self._requirements(options, totals),
        )

    def _requirements(self, options: Any, totals: Sequence[int]) -> tuple[int, ...]:
        zones = self.rules_for(options).zones
        return tuple(zones.requirement(t) for t in totals)

    def requirement(self, state: MatchState, side: int, attempts: int = 0) -> int:
        """The opening requirement of ``side`` in the deal about to be scored.

        A hook: Hand and Foot reads it from the deal number instead of the score.
        """
        return self.rules_for(state.options).zones.requirement(
            state.totals[side], attempts
        )

    def parse_deal(self, raw: Any) -> Any:
        if self.cards_deal is CardsDeal and _fast_paths:
            fast = _fast_cards_deal(raw)
            if fast is not None:
                return fast
        return parse_by_mode(self._by_mode, raw)

    def advance(self, state: MatchState, score: DealScore) -> MatchState:
        totals = tuple(t + p for t, p in zip(state.totals, score.points, strict=True))
        target = self.target(state.options)
        finished, winners = False, ()
        best = max(totals)
        # The higher total over the target wins; level totals play on (a reading).
        if best >= target and list(totals).count(best) == 1:
            finished, winners = True, (totals.index(best),)
        return advanced(
            state,
            score.points,
            finished=finished,
            winners=winners,
            requirements=self._requirements(state.options, totals),
        )

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        reqs = self._requirements(state.options, state.totals)
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            opening_requirement=reqs,
            notes=tuple(
                f"side {i}: opening requirement {r}" for i, r in enumerate(reqs)
            ),
            context=(opening_requirement_row(reqs),),
        )

    # -- one deal ---------------------------------------------------------------

    def score(self, state: MatchState, raw: Any) -> DealScore:
        """:meth:`Game.score`, through the plain-deal fast path where it applies."""
        if self._plain_deals and _fast_paths and not state.finished:
            fields = _fast_deal_fields(raw)
            if fields is not None:
                score = self._score_plain(state, fields)
                if score is not None:
                    return score
                return self.verify_and_score(state, _cards_deal(fields))
        return super().score(state, raw)

    # -- plain deals: the fast path ----------------------------------------------
    #
    # Scoring a card-entry deal is the engine's hottest path (every entry, every
    # correction, every re-fold). Nearly every deal entered is *plain*: legal, its
    # melds rank melds with the naturals typed first (or straight sequences), the
    # opening given as meld indices, nobody concealed. For such a deal the full
    # check (:meth:`score_cards`) spends most of its time on what only an illegal
    # deal needs: error paths, error lists, per-side result objects. The methods
    # below score a plain deal with the same helpers and tables and stop at the
    # first thing they do not handle or that is wrong, returning None; the full
    # check then scores the deal or names every error. Either way the result is
    # the same (tests/games/test_canasta_fast_paths.py compares both paths on
    # random legal and illegal deals).

    def _score_plain(self, state: MatchState, deal: dict[str, Any]) -> DealScore | None:
        """:meth:`score_cards` of a plain deal (given as its parsed fields), or None."""
        if deal["concealed"]:
            return None
        tables = _plain_tables(self.rules_for(state.options))
        teams = deal["teams"]
        if _over_limits(tables.deck, _deal_cards(teams), parsed=True):
            return None
        went_out = deal["went_out"]
        went_side = None if went_out is None else state.table.seats[went_out]
        partners = _partners(state.table)
        facts: list[Fact] = []
        details = []
        for side, entry in enumerate(teams):
            detail = self._score_plain_side(
                state,
                tables,
                side,
                entry,
                partners[side],
                went_out,
                went_side == side,
                facts,
            )
            if detail is None:
                return None
            details.append(detail)
        points = (details[0]["total"], details[1]["total"])
        return _deal_score(points, tuple(facts), {"sides": details})

    def _score_plain_side(
        self,
        state: MatchState,
        tables: _PlainTables,
        side: int,
        entry: dict[str, Any],
        seats: tuple[int, ...],
        went_out: int | None,
        went_out_here: bool,
        facts: list[Fact],
    ) -> dict[str, Any] | None:
        """:meth:`score_side`'s detail of a plain side (its facts appended), or None."""
        rules = tables.rules
        meld_rules = rules.melds
        canasta_facts = tables.canastas
        ranks: list[str] = []  # of the rank melds
        points: list[int] = []  # of each meld, for the opening
        bonuses = canastas = natural_canastas = sambas = 0
        for cards in entry["melds"]:
            shape = _rank_meld_shape(cards, meld_rules)
            if shape is None:  # a sequence or black threes, or not plain
                meld = _plain_other_meld(cards, meld_rules, went_out_here)
                if meld is None:
                    return None
                points.append(meld.points)
                if meld.is_samba:
                    sambas += 1
                    fact = _complete_meld_fact(meld, rules.bonuses, side)
                    if fact is not None:
                        bonuses += fact.points
                        facts.append(fact)
                continue
            rank, wilds, meld_points = shape
            ranks.append(rank)
            points.append(meld_points)
            if len(cards) >= 7:  # a canasta (same fact as _complete_meld_fact's)
                canastas += 1
                natural_canastas += not wilds
                bonus, by_side = canasta_facts[rank, not wilds]
                if bonus:
                    bonuses += bonus
                    facts.append(by_side[side])
        if meld_rules.one_meld_per_rank and len(set(ranks)) != len(ranks):
            return None
        meld_points = sum(points)
        opened = bool(points)

        red_points = 0
        reds = entry["red_threes"]
        if reds:
            if tables.red_threes is None or not _RED_THREES.issuperset(reds):
                return None
            positive = _red_threes_positive(rules.red_threes, opened, canastas + sambas)
            found = tables.red_threes.get((len(reds), positive))
            if found is None:  # more than the deck holds (the deck check said no)
                return None
            red_points, by_side = found
            facts.append(by_side[side])

        # The two partners' hands (SideCards.hands holds exactly two).
        if len(seats) != 2:
            return None
        (first, second), (hand, other) = seats, entry["hands"]
        if (went_out == first) == bool(hand) or (went_out == second) == bool(other):
            return None  # see hand_error
        try:
            hand_total = _sum_of(tables.hand_values, (*hand, *other))
        except KeyError:  # a red three in hand (or a card the values lack)
            return None

        going_out = 0
        if went_out_here:
            counts = (canastas, natural_canastas, sambas)
            if _going_out_errors(counts, rules.going_out, ""):
                return None
            going_out = rules.going_out_bonus
            facts.append(tables.went_out[side])

        opening_points = None
        opening = entry["opening"]
        if opening:
            # Whole melds by index, each once (what _opening_parts and
            # check_opening accept without a search). The parse leaves only ints
            # and card tuples in an opening, never a bool.
            picked = set(opening)
            melds = len(points)
            indices = _MELD_INDICES[melds] if melds < len(_MELD_INDICES) else None
            if len(picked) != len(opening) or not picked.issubset(
                range(melds) if indices is None else indices
            ):
                return None
            attempts = entry["insufficient_openings"]
            requirement = tables.requirement(state.totals[side], attempts)
            opening_points = sum(map(points.__getitem__, opening))
            if opening_points < requirement:
                return None
            facts.append(_opening_met_fact(requirement, opening_points, side))
        if not opened and red_points < 0:
            facts.append(tables.not_opened[side])

        penalties = -MAY_I_GO_OUT_PENALTY * entry["may_i_go_out_penalties"]
        if penalties:
            facts.append(_may_i_go_out_fact(penalties, side))
        return _side_detail(
            meld_points,
            bonuses,
            red_points,
            going_out,
            -hand_total,
            penalties,
            opening_points,
        )

    # -- one deal: the full check -------------------------------------------------

    def verify_and_score(self, state: MatchState, deal: Any) -> DealScore:
        if isinstance(deal, TotalsDeal):
            return self.score_totals(state, deal)
        return self.score_cards(state, deal)

    def score_totals(self, state: MatchState, deal: TotalsDeal) -> DealScore:
        errors = [
            RuleError(
                f"points.{i}", "not_multiple_of_5", "every score is a multiple of 5"
            )
            for i, p in enumerate(deal.points)
            if p % 5
        ]
        if errors:
            raise DealRejected(errors)
        return DealScore(points=tuple(deal.points), verified=False)

    def score_cards(self, state: MatchState, deal: CardsDeal) -> DealScore:
        rules = self.rules_for(state.options)
        table = state.table
        errors: list[RuleError] = []
        went_side = None if deal.went_out is None else table.side_of(deal.went_out)
        if deal.concealed and deal.went_out is None:
            errors.append(
                RuleError(
                    "concealed",
                    "concealed_without_going_out",
                    "concealed means the side opened and went out in the same turn; "
                    "enter who went out",
                )
            )
        errors.extend(self._check_deck(rules, deal))
        results: list[SideResult] = []
        facts: list[Fact] = []
        for side, entry in enumerate(deal.teams):
            result, errs, side_facts = self.score_side(
                state, deal, side, entry, went_out=went_side == side
            )
            errors.extend(errs)
            facts.extend(side_facts)
            results.append(result)
        errors.extend(self.extra_checks(state, deal, results))
        if errors:
            raise DealRejected(errors)
        details = [r.as_detail() for r in results]
        return DealScore(
            tuple(d["total"] for d in details), tuple(facts), True, {"sides": details}
        )

    def _check_deck(self, rules: FamilyRules, deal: CardsDeal) -> list[RuleError]:
        extra = self.extra_piles(deal)
        # Count every card first (in C); the piles with their paths are built only
        # to report a card that is over.
        cards: list[Card] = []
        add = cards.extend
        for entry in deal.teams:
            for meld in entry.melds:
                add(meld)
            add(entry.red_threes)
            for hand in entry.hands:
                add(hand)
        for _, pile in extra:
            add(pile)
        if not _deck_overfull(rules.deck, cards):
            return []
        piles: list[tuple[str, Iterable[Card]]] = []
        for s, entry in enumerate(deal.teams):
            for i, meld in enumerate(entry.melds):
                piles.append((f"teams.{s}.melds.{i}", meld))
            piles.append((f"teams.{s}.red_threes", entry.red_threes))
            for i, hand in enumerate(entry.hands):
                piles.append((f"teams.{s}.hands.{i}", hand))
        piles.extend(extra)
        return check_deck(rules.deck, piles)

    def extra_piles(self, deal: CardsDeal) -> list[tuple[str, Iterable[Card]]]:
        """Hook: further piles a game's deal holds (Hand and Foot's feet …)."""
        return []

    def score_side(
        self,
        state: MatchState,
        deal: CardsDeal,
        side: int,
        entry: SideCards,
        *,
        went_out: bool,
    ) -> tuple[SideResult, list[RuleError], list[Fact]]:
        """Verify and score one side; returns (result, errors, facts)."""
        rules = self.rules_for(state.options)
        base = f"teams.{side}"
        errors: list[RuleError] = []
        facts: list[Fact] = []
        melds, errs = check_side_melds(
            entry.melds,
            rules.melds,
            path=f"{base}.melds",
            may_meld_black_threes=went_out,
        )
        errors.extend(errs)
        opened = bool(entry.melds)
        valid_melds = len(melds) == len(entry.melds)

        meld_points = sum(map(_points_of, melds))
        bonuses = _complete_meld_facts(melds, rules.bonuses, side, facts)

        # Red threes (§28.6.3): laid out, never held or melded.
        red_points = 0
        reds = entry.red_threes
        if reds:
            if not _RED_THREES.issuperset(reds):
                for i, card in enumerate(reds):
                    if card not in _RED_THREES:
                        errors.append(
                            RuleError(
                                f"{base}.red_threes.{i}",
                                "not_a_red_three",
                                f"{card.code} is not a red three",
                            )
                        )
            if rules.red_threes is None:
                errors.append(
                    RuleError(
                        f"{base}.red_threes",
                        "red_threes_not_laid_out",
                        "in this game red threes are not laid out",
                    )
                )
            else:
                positive = self.red_threes_positive(rules, melds, opened)
                red_points = red_three_points(
                    len(reds), rules.red_threes, positive=positive
                )
                facts.append(_red_threes_fact(len(reds), red_points, side))

        # Hands.
        seats = _seats_of(state.table, side)
        hand_value = _derived(rules.hand_points, _value_of)
        reds_laid_out = rules.red_threes is not None
        hand_total = 0
        for i, hand in enumerate(entry.hands):
            if reds_laid_out and not _RED_THREES.isdisjoint(hand):
                for k, card in enumerate(hand):
                    if card in _RED_THREES:
                        errors.append(
                            RuleError(
                                f"{base}.hands.{i}.{k}",
                                "red_three_in_hand",
                                "a red three is laid out at once, never kept in hand",
                            )
                        )
            # hand_error's condition, tested before its path is built.
            if (deal.went_out == seats[i]) == bool(hand):
                errors.append(
                    hand_error(f"{base}.hands.{i}", seats[i], deal.went_out, hand)
                )
            hand_total += sum(map(hand_value, hand))

        # Going out.
        going_out = 0
        if went_out:
            if valid_melds:
                errors.extend(
                    check_going_out(melds, rules.going_out, path=f"{base}.melds")
                )
            going_out = rules.going_out_bonus
            facts.append(_went_out_fact(going_out, side))
            if deal.concealed and rules.concealed_bonus:
                going_out += rules.concealed_bonus
                facts.append(
                    _fact(
                        "concealed",
                        f"opened and went out in one turn: {rules.concealed_bonus}",
                        side,
                        rules.concealed_bonus,
                    )
                )

        # Opening meld.
        requirement = self.requirement(state, side, entry.insufficient_openings)
        opening_points = None
        if entry.opening is not None and not entry.melds and entry.opening:
            errors.append(
                RuleError(
                    f"{base}.opening",
                    "opening_without_melds",
                    "the side has no melds, so it made no opening meld",
                )
            )
        elif opened and valid_melds:
            parts, errs = self._opening_parts(entry, melds, rules, base, went_out, deal)
            errors.extend(errs)
            if parts is not None:
                opening_points, errs, opening_facts = check_opening(
                    parts, melds, requirement, path=f"{base}.opening", side=side
                )
                errors.extend(errs)
                facts.extend(opening_facts)
        if not opened and red_points < 0:
            facts.append(_fact("not_opened", "no opening meld", side, None))

        penalties = -MAY_I_GO_OUT_PENALTY * entry.may_i_go_out_penalties
        if penalties:
            facts.append(_may_i_go_out_fact(penalties, side))
        result = _side_result(
            melds,
            meld_points,
            bonuses,
            red_points,
            going_out,
            -hand_total,
            penalties,
            opening_points,
        )
        return result, errors, facts

    def _opening_parts(
        self,
        entry: SideCards,
        melds: tuple[Meld, ...],
        rules: FamilyRules,
        base: str,
        went_out: bool,
        deal: CardsDeal,
    ) -> tuple[list[Meld] | None, list[RuleError]]:
        """The opening's combinations as melds; None if not entered nor derivable."""
        if entry.opening is None or not entry.opening:
            if went_out and deal.concealed:
                # Everything on the table was laid down in the going-out turn.
                return [m for m in melds if m.kind != BLACK_THREES], []
            return None, []
        opening = entry.opening
        if (
            _ONLY_INT.issuperset(map(type, opening))
            and min(opening) >= 0
            and max(opening) < len(melds)
        ):
            return list(map(melds.__getitem__, opening)), []  # the usual entry
        parts: list[Meld] = []
        errors: list[RuleError] = []
        for i, part in enumerate(opening):
            if isinstance(part, int):
                if 0 <= part < len(melds):
                    parts.append(melds[part])
                    continue
                errors.append(
                    RuleError(
                        f"{base}.opening.{i}",
                        "no_such_meld",
                        f"there is no meld {part}",
                    )
                )
                continue
            meld, errs = check_meld(part, rules.melds, path=f"{base}.opening.{i}")
            errors.extend(errs)
            if meld is not None:
                parts.append(meld)
        if errors:
            return None, errors
        return parts, []
