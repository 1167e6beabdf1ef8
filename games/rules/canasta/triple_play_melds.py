"""Triple Play's melds (web page 004 l.135–251): the wild limits by size, melds of
wilds only, the canasta bonuses and the basic book needed to go out; see
:mod:`games.rules.canasta.triple_play`."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from games.engine.cards import JOKER_RANK, RANKS, Card
from games.engine.decks import make_deck
from games.engine.errors import RuleError
from games.engine.melds.books import WILD_MARK, tally_tables

# The family reader's card-list helpers (same package): one spelling table.
from games.engine.text import Text, msg
from games.rules.canasta.going_out import GoingOutRule
from games.rules.canasta.melds import RANK_MELD, CanastaBonuses, Meld, MeldRules
from games.rules.canasta.openings import CANASTA_ZONES
from games.rules.canasta.tables import FamilyRules
from games.rules.canasta.values import (
    MELD_POINTS,
    hand_points_table,
)

SIX_54 = make_deck(msg("6 × 54 cards (2 jokers each)"), packs=6, jokers_per_pack=2)
HAND_SIZE, KNEE_SIZE, FOOT_SIZE = 15, 13, 11

WILD_MELD = "wilds"  # Meld.kind of a meld of wild cards only (its rank is None)
WILD_RANKS = frozenset({"2", JOKER_RANK})
NO_WILDS = frozenset({"5", "7"})  # l.189: melds of 5s and 7s never take a wild

# l.236–240: the bonus of a canasta by its kind; 5s and 7s are always natural.
SEVENS_BONUS, FIVES_BONUS, WILD_BONUS, NATURAL_BONUS, MIXED_BONUS = (
    5000,
    3000,
    2500,
    500,
    300,
)
RED_THREE_EACH, RED_THREES_SEVEN, RED_THREES_SEVEN_BONUS = 100, 7, 300  # l.242–243
GOING_OUT_BONUS = 200  # l.244
REMINDER_PENALTY = 1000  # l.208
CANASTA = 7

# In hand, knee or foot: the card values, an unplayed red 3 500, a black 3 100
# (l.232).
HELD_POINTS = hand_points_table(black_three=100, red_three=500)

# By the first card of a meld: the tally of every card the meld may hold (a wild
# card adds WILD_MARK), naturals 4–A of its rank or, for a wild first, wilds only.
_WILD_TALLY = {c: WILD_MARK + v for c, v in MELD_POINTS.items() if c.rank in WILD_RANKS}
_TALLIES = {
    **tally_tables(MELD_POINTS, RANKS[2:]),
    "2": _WILD_TALLY,
    JOKER_RANK: _WILD_TALLY,
}
_tuple_new = tuple.__new__  # Meld(...) without the named tuple's Python __new__

# Declared for the family's tables (the deck, the hand values); Triple Play's own
# limits are checked by :func:`check_triple_meld`.
TRIPLE_PLAY_RULES = FamilyRules(
    deck=SIX_54,
    melds=MeldRules(
        min_naturals=1,
        max_wilds=2,
        max_cards=7,
        one_meld_per_rank=False,
        black_threes_out=None,
    ),
    bonuses=CanastaBonuses(
        natural=NATURAL_BONUS,
        mixed=MIXED_BONUS,
        by_rank={"5": (FIVES_BONUS, 0), "7": (SEVENS_BONUS, 0)},
    ),
    red_threes=None,
    going_out=GoingOutRule(min_complete=5, min_natural=3),
    zones=CANASTA_ZONES,  # not read: the requirement is by the deal number
    going_out_bonus=GOING_OUT_BONUS,
    concealed_bonus=0,
    hand_points=HELD_POINTS,
)


def max_wilds(size: int) -> int:
    """l.189: one wild in a meld of 3–5 cards, two in a meld of 6–7."""
    return 1 if size <= 5 else 2


def check_triple_meld(cards: Sequence[Card], path: str) -> Meld | list[RuleError]:
    """One Triple Play meld (l.189–199): the meld, or every limit it breaks."""
    cards = tuple(cards)
    n = len(cards)
    # The common meld — naturals of one rank typed first (or wilds only), within
    # the wild limit — is recognised by one sum of tallies; anything else, and
    # every error, goes card by card below.
    if 3 <= n <= CANASTA:
        tally = _TALLIES.get(cards[0].rank)
        if tally is not None:
            try:
                wilds, points = divmod(sum(itemgetter(*cards)(tally)), WILD_MARK)
            except KeyError:
                pass
            else:
                if tally is _WILD_TALLY:
                    return _tuple_new(
                        Meld, (cards, WILD_MELD, None, None, n, points, ())
                    )
                rank = cards[0].rank
                if not wilds or (
                    rank not in NO_WILDS and wilds <= (1 if n <= 5 else 2)
                ):
                    return _tuple_new(
                        Meld, (cards, RANK_MELD, rank, None, wilds, points, ())
                    )
    return _meld_errors(cards, path)


def _meld_errors(cards: tuple[Card, ...], path: str) -> Meld | list[RuleError]:
    n = len(cards)
    ranks = [c.rank for c in cards]
    if "3" in ranks:
        return [RuleError(path, "threes_not_melded", "threes are never melded (l.168)")]
    if n < 3 or n > CANASTA:
        return [
            RuleError(
                path,
                "meld_size",
                msg("a meld has 3 to 7 cards ({entered} entered) (l.189)", entered=n),
            )
        ]
    points = sum(map(MELD_POINTS.__getitem__, cards))
    naturals = {r for r in ranks if r not in WILD_RANKS}
    wilds = n - sum(r not in WILD_RANKS for r in ranks)
    if not naturals:
        return Meld(cards, WILD_MELD, None, None, wilds, points)
    errors = []
    if len(naturals) > 1:
        errors.append(
            RuleError(
                path,
                "mixed_ranks",
                msg(
                    "a meld is of one rank: {ranks} (l.189)",
                    ranks=", ".join(sorted(naturals)),
                ),
            )
        )
    (rank, *_) = sorted(naturals)
    if wilds and naturals & NO_WILDS:
        errors.append(
            RuleError(
                path,
                "wild_in_fives_or_sevens",
                msg(
                    "melds of 5s and 7s take no wild card ({entered} entered) (l.189)",
                    entered=wilds,
                ),
            )
        )
    elif wilds > max_wilds(n):
        errors.append(
            RuleError(
                path,
                "too_many_wilds",
                msg(
                    "a meld of {size} cards holds at most {most} wild cards "
                    "({entered} entered) (l.189)",
                    size=n,
                    most=max_wilds(n),
                    entered=wilds,
                )
                if max_wilds(n) > 1
                else msg(
                    "a meld of {size} cards holds at most {most} wild card "
                    "({entered} entered) (l.189)",
                    size=n,
                    most=max_wilds(n),
                    entered=wilds,
                ),
            )
        )
    if errors:
        return errors
    return Meld(cards, RANK_MELD, rank, None, wilds, points)


def meld_name(meld: Meld) -> Text:
    """``wilds``, ``Ks`` (inside a text)."""
    return msg("wilds") if meld.kind == WILD_MELD else msg("{rank}s", rank=meld.rank)


def canasta_bonus(meld: Meld) -> tuple[str, int]:
    """The kind and bonus of a canasta (l.236–240): one bonus, the first that fits."""
    if meld.kind == WILD_MELD:
        return "wild", WILD_BONUS
    if meld.rank == "7":
        return "sevens", SEVENS_BONUS
    if meld.rank == "5":
        return "fives", FIVES_BONUS
    if not meld.wilds:
        return "natural", NATURAL_BONUS
    return "mixed", MIXED_BONUS


def basic_book_missing(canastas: Sequence[Meld]) -> list[Text]:
    """What a side's canastas lack of the basic book (l.216–224); [] if complete.

    The 5s and 7s canastas are natural; "any natural canasta" is a further one (of
    any rank, another 5s or 7s included), the mixed one a canasta with wilds.
    """
    kinds = [canasta_bonus(m)[0] for m in canastas]
    fives, sevens = kinds.count("fives"), kinds.count("sevens")
    missing = []
    if not fives:
        missing.append(msg("a natural canasta of 5s"))
    if not sevens:
        missing.append(msg("a natural canasta of 7s"))
    if "wild" not in kinds:
        missing.append(msg("a canasta of wild cards"))
    # the 5s and 7s canastas still to make count toward the three natural ones:
    # one 5s canasta completes a book short of it and of "any natural" alike
    naturals = fives + sevens + kinds.count("natural")
    if naturals + (not fives) + (not sevens) < 3:
        missing.append(msg("another natural canasta"))
    if "mixed" not in kinds:
        missing.append(msg("a mixed canasta"))
    return missing
