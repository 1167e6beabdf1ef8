"""A game's rules, and what the scorer derives from them once.

:class:`FamilyRules` is everything that tells one game of the family from another.
:func:`tables_for` derives from it, once per rules object, what every deal would
otherwise rebuild: the fact of each canasta by rank and type, of each number of red
threes, of going out — facts are immutable values, so one object serves every deal
that scores it, as interned cards do — and the hand values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from games.engine.cards import RANKS, Card
from games.engine.decks import DeckSpec
from games.engine.game import Fact
from games.engine.melds.books import book_kind, rank_plural
from games.engine.text import Text, msg
from games.rules.canasta.going_out import (
    GoingOutRule,
    concealed_fact,
    went_out_fact,
)
from games.rules.canasta.melds import CanastaBonuses, MeldRules
from games.rules.canasta.openings import OpeningZones
from games.rules.canasta.red_threes import (
    RedThreeRule,
    red_three_points,
    red_threes_fact,
)
from games.rules.canasta.values import CANASTA_HAND_POINTS, RED_THREES

SIDES = (0, 1)  # the family is played by two sides


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


@dataclass(frozen=True, slots=True, eq=False)
class ScoringTables:
    """What the scorer reads from a game's rules, built once per rules."""

    rules: FamilyRules  # kept, so that the id the tables are found by stays its own
    # (rank, natural) → (bonus, its fact by side; None where the bonus is 0)
    canastas: Mapping[tuple[str, bool], tuple[int, tuple[Fact | None, ...]]]
    # (count, positive) → (points, their fact by side), for every count the deck
    # holds; empty where red threes are not laid out
    red_threes: Mapping[tuple[int, bool], tuple[int, tuple[Fact, ...]]]
    went_out: tuple[Fact, ...]  # by side
    concealed: tuple[Fact, ...]  # by side
    not_opened: tuple[Fact, ...]  # by side
    # What a card left in hand costs. Where red threes are laid out a red three is
    # never held, and is missing: one pass over a hand also finds one.
    hand_values: dict[Card, int]


# A canasta of a named rank has a text of its own, so that a language names the
# rank in its own words ("natural canasta of aces: 500"); a number rank is a value.
_NAMED_CANASTAS: dict[tuple[str, bool], Callable[[int], Text]] = {
    ("J", True): lambda b: msg("natural canasta of jacks: {bonus}", bonus=b),
    ("J", False): lambda b: msg("mixed canasta of jacks: {bonus}", bonus=b),
    ("Q", True): lambda b: msg("natural canasta of queens: {bonus}", bonus=b),
    ("Q", False): lambda b: msg("mixed canasta of queens: {bonus}", bonus=b),
    ("K", True): lambda b: msg("natural canasta of kings: {bonus}", bonus=b),
    ("K", False): lambda b: msg("mixed canasta of kings: {bonus}", bonus=b),
    ("A", True): lambda b: msg("natural canasta of aces: {bonus}", bonus=b),
    ("A", False): lambda b: msg("mixed canasta of aces: {bonus}", bonus=b),
    ("2", True): lambda b: msg("natural canasta of twos: {bonus}", bonus=b),
    ("2", False): lambda b: msg("mixed canasta of twos: {bonus}", bonus=b),
    ("3", True): lambda b: msg("natural canasta of threes: {bonus}", bonus=b),
    ("3", False): lambda b: msg("mixed canasta of threes: {bonus}", bonus=b),
}


def _canasta_text(rank: str, natural: bool, bonus: int) -> Text:
    """``natural canasta of 7s: 500``."""
    named = _NAMED_CANASTAS.get((rank, natural))
    if named is not None:
        return named(bonus)
    if natural:
        return msg(
            "natural canasta of {ranks}: {bonus}", ranks=rank_plural(rank), bonus=bonus
        )
    return msg(
        "mixed canasta of {ranks}: {bonus}", ranks=rank_plural(rank), bonus=bonus
    )


def _build(rules: FamilyRules) -> ScoringTables:
    canastas = {}
    for rank in RANKS:
        for natural in (True, False):
            bonus = rules.bonuses.canasta(rank, natural)
            kind = book_kind(0 if natural else 1)
            text = _canasta_text(rank, natural, bonus)
            canastas[rank, natural] = (
                bonus,
                tuple(
                    Fact(f"{kind}_canasta", text, s, bonus) if bonus else None
                    for s in SIDES
                ),
            )
    red_threes = {}
    rule = rules.red_threes
    if rule is not None:
        held = sum(n for card, n in rules.deck.copies.items() if card in RED_THREES)
        for count in range(1, held + 1):
            for positive in (True, False):
                points = red_three_points(count, rule, positive=positive)
                red_threes[count, positive] = (
                    points,
                    tuple(red_threes_fact(count, points, s, rule) for s in SIDES),
                )
    laid_out = rule is not None and not rule.melded
    return ScoringTables(
        rules,
        canastas,
        red_threes,
        tuple(went_out_fact(rules.going_out_bonus, s) for s in SIDES),
        tuple(concealed_fact(rules.concealed_bonus, s) for s in SIDES),
        tuple(Fact("not_opened", "no opening meld", s, None) for s in SIDES),
        {
            card: value
            for card, value in rules.hand_points.items()
            if not (laid_out and card in RED_THREES)
        },
    )


_TABLES: dict[int, ScoringTables] = {}


def tables_for(rules: FamilyRules) -> ScoringTables:
    """The :class:`ScoringTables` of ``rules`` (one look-up per deal)."""
    tables = _TABLES.get(id(rules))
    if tables is None or tables.rules is not rules:
        if len(_TABLES) >= 64:
            # A game whose rules_for built new rules for every deal would fill the
            # cache without end: start again (the tables are cheap to build).
            _TABLES.clear()
        tables = _TABLES[id(rules)] = _build(rules)
    return tables
