"""Books: melds of one rank with wild cards (the canasta meld of the Canasta family).

Terms:

* **natural** — a card that is not wild; **wild** — a two or a joker
  (:data:`WILD_RANKS`).
* **book** — naturals of one rank plus wild cards, with per-game limits: at least
  so many cards and naturals, at most so many wild cards (and cards).
* **complete book** (a *canasta*) — a book of at least :data:`COMPLETE_BOOK` cards:
  **natural** with no wild card, **mixed** otherwise.

Invariants:

* a book's rank, wild cards and card points come from its cards, never from a
  label typed in;
* :func:`book_tally` recognises a book in one pass of look-ups: the tally of a card
  is its points plus :data:`WILD_MARK` if it is wild, so one sum gives the points
  and the number of wild cards together (``divmod(sum, WILD_MARK)``); a card that
  cannot be in a book of that rank is missing from the table and raises
  ``KeyError``;
* :func:`book_errors` lists every broken limit of a book at once, with stable codes
  (``mixed_ranks``, ``too_few_naturals``, ``too_many_wilds``, ``meld_too_long``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from operator import itemgetter

from games.engine.cards import JOKER_RANK, RANKS, Card
from games.engine.errors import RuleError
from games.engine.rank_words import RANK_PLURALS
from games.engine.text import Text, msg

WILD_RANKS = frozenset({"2", JOKER_RANK})
COMPLETE_BOOK = 7  # cards in a canasta

# A card counts at most a few hundred points, so the points of a book of up to
# MAX_TALLIED cards stay below the mark; a longer meld is never legal, and is
# left to the caller's full classification.
WILD_MARK = 1 << 16
MAX_TALLIED = 1000

# Canasta says "twos" and "threes" (its wild and black-three cards).
_PLURALS = RANK_PLURALS | {"2": msg("twos"), "3": msg("threes")}


def rank_plural(rank: str) -> Text:
    """``7`` → ``7s``, ``A`` → ``aces`` (for facts)."""
    return _PLURALS.get(rank) or msg("{rank}s", rank=rank)


def book_kind(wilds: int) -> str:
    """``natural`` (no wild card) or ``mixed``."""
    return "mixed" if wilds else "natural"


def book_label(rank: str, size: int, wilds: int) -> str:
    """``natural canasta of 7s``, ``mixed canasta of aces``, ``meld of kings``."""
    ranks = rank_plural(rank)
    if size < COMPLETE_BOOK:
        return msg("meld of {ranks}", ranks=ranks)
    if wilds:
        return msg("mixed canasta of {ranks}", ranks=ranks)
    return msg("natural canasta of {ranks}", ranks=ranks)


def tally_tables(
    points: Mapping[Card, int], ranks: Collection[str]
) -> dict[str, dict[Card, int]]:
    """By natural rank: the tally of every card a book of that rank may hold."""
    return {
        rank: {
            card: value + (WILD_MARK if card.rank in WILD_RANKS else 0)
            for card, value in points.items()
            if card.rank == rank or card.rank in WILD_RANKS
        }
        for rank in ranks
        if rank in RANKS and rank not in WILD_RANKS
    }


def book_tally(
    cards: Sequence[Card], tallies: Mapping[str, Mapping[Card, int]]
) -> tuple[str, int, int] | None:
    """``(rank, wilds, points)`` of naturals of one rank typed first, then naturals
    or wild cards; ``None`` for anything else (a wild card typed first, a natural of
    another rank, a rank without a tally, fewer than two cards)."""
    n = len(cards)
    # Two cards at least: itemgetter then gives a tuple (one card: the value).
    if n < 2 or n > MAX_TALLIED:
        return None
    tally = tallies.get(cards[0].rank)
    if tally is None:
        return None
    try:
        # The look-ups in C, without a call per card.
        wilds, points = divmod(sum(itemgetter(*cards)(tally)), WILD_MARK)
    except KeyError:
        return None
    return cards[0].rank, wilds, points


def book_errors(
    path: str,
    natural_ranks: Collection[str],
    size: int,
    wilds: int,
    *,
    min_naturals: int,
    max_wilds: int,
    max_cards: int | None,
) -> list[RuleError]:
    """Every limit a book of ``size`` cards breaks ([] for a legal book)."""
    naturals = size - wilds
    errors: list[RuleError] = []
    if len(natural_ranks) > 1:
        ordered = sorted(natural_ranks, key=RANKS.index)
        errors.append(
            RuleError(
                path,
                "mixed_ranks",
                msg(
                    "a meld's natural cards are of one rank (entered {ranks})",
                    ranks=", ".join(ordered),
                ),
            )
        )
    if naturals < min_naturals:
        errors.append(
            RuleError(
                path,
                "too_few_naturals",
                msg(
                    "a meld has at least {least} natural cards ({entered} entered)",
                    least=min_naturals,
                    entered=naturals,
                ),
            )
        )
    if wilds > max_wilds:
        errors.append(
            RuleError(
                path,
                "too_many_wilds",
                msg(
                    "a meld has at most {most} wild cards ({entered} entered)",
                    most=max_wilds,
                    entered=wilds,
                ),
            )
        )
    if max_cards is not None and size > max_cards:
        errors.append(
            RuleError(
                path,
                "meld_too_long",
                msg(
                    "a meld has at most {most} cards ({entered} entered)",
                    most=max_cards,
                    entered=size,
                ),
            )
        )
    return errors
