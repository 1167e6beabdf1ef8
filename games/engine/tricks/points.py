"""Card points from the cards won, and announcements (marriages).

See :mod:`games.engine.tricks` for the terms and invariants.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.engine.cards import Card, Suit
from games.engine.decks import DeckSpec, check_deck_counted
from games.engine.errors import RuleError
from games.engine.text import Side, msg

# -- card points ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardValues:
    """Card points by rank (ranks not listed are worth nothing), and the bonus of
    the side that won the last trick."""

    name: str
    by_rank: Mapping[str, int]
    last_trick: int = 0

    def of(self, cards: Iterable[Card]) -> int:
        """The card points of ``cards``."""
        get = self.by_rank.get
        return sum(get(card.rank, 0) for card in cards)

    def deck_total(self, deck: DeckSpec) -> int:
        """The card points of the whole deck, without the last-trick bonus."""
        return sum(self.by_rank.get(c.rank, 0) * n for c, n in deck.copies.items())

    def deal_total(self, deck: DeckSpec) -> int:
        """What the sides' card points add up to in a deal: the deck and the bonus."""
        return self.deck_total(deck) + self.last_trick

    def sides(
        self, won: Sequence[Iterable[Card]], last_trick_side: int | None
    ) -> tuple[int, ...]:
        """Each side's card points from the cards it won, with the last trick's
        bonus to ``last_trick_side`` (``None``: nobody — no tricks were played)."""
        points = [self.of(cards) for cards in won]
        if last_trick_side is not None:
            points[last_trick_side] += self.last_trick
        return tuple(points)


MARJAPUSSI_PIPS = CardValues(
    msg("Marjapussi pips (§7.3)"), {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
)
"""Book §7.3: ace 11, ten 10, king 4, queen 3, jack 2; the last trick is a game
point of its own, not pips. A 36-card deck holds 120 pips."""

HUUTOPUSSI_CARD_POINTS = CardValues(
    msg("Huutopussi card points (§12.5)"),
    {"A": 10, "10": 10, "K": 5, "Q": 5, "J": 5},
    last_trick=20,
)
"""Book §12.5: ace and ten 10, king, queen and jack 5; the last trick 20 more. A
36-card deck holds 140 card points, a deal 160."""


def check_card_points(
    points: Sequence[int],
    values: CardValues,
    deck: DeckSpec,
    errors: list[RuleError],
    *,
    path: str = "card_points",
) -> bool:
    """Card points entered per side must add up to the deal's total."""
    total = values.deal_total(deck)
    if sum(points) == total:
        return True
    errors.append(
        RuleError(
            path,
            "card_points_do_not_add_up",
            msg(
                "card points add up to {counted}, not {total} ({values})",
                counted=sum(points),
                total=total,
                values=values.name,
            ),
        )
    )
    return False


def check_won_cards(
    won: Sequence[Sequence[Card]],
    deck: DeckSpec,
    errors: list[RuleError],
    *,
    per_trick: int = 4,
    path: str = "cards",
    section: str = "",
) -> bool:
    """The cards of the tricks each side won (Marjapussi §7.1, Huutopussi §12.1):
    whole tricks of ``per_trick`` cards, no card more often than ``deck`` holds,
    and the whole deck. Every error is reported; ``True`` when there is none."""
    before = len(errors)
    for side, cards in enumerate(won):
        if len(cards) % per_trick:
            errors.append(
                RuleError(
                    f"{path}.{side}",
                    "cards_not_whole_tricks",
                    msg(
                        "{cards} cards are not whole tricks of {per_trick}",
                        cards=len(cards),
                        per_trick=per_trick,
                    ),
                )
            )
    errors.extend(
        check_deck_counted(
            deck, [(f"{path}.{s}", cards) for s, cards in enumerate(won)]
        )
    )
    count = sum(len(cards) for cards in won)
    if count != deck.size:
        if section:
            text = msg(
                "{count} cards entered; the tricks hold all {size} ({section})",
                count=count,
                size=deck.size,
                section=section,
            )
        else:
            text = msg(
                "{count} cards entered; the tricks hold all {size}",
                count=count,
                size=deck.size,
            )
        errors.append(RuleError(path, f"cards_not_{deck.size}", text))
    return len(errors) == before


# -- announcements (marriages) ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Announcement:
    """A marriage shown by ``side``: a trump announcement, or (``trumps=False``)
    a Marjapussi little one."""

    suit: Suit
    side: int
    trumps: bool = True


HUUTOPUSSI_TRUMPS: Mapping[Suit, int] = {
    Suit.SPADES: 40,
    Suit.CLUBS: 60,
    Suit.DIAMONDS: 80,
    Suit.HEARTS: 100,
}
"""Book §12.5: announcing trumps in spades 40, clubs 60, diamonds 80, hearts 100."""

MARJAPUSSI_TRUMPS: Mapping[Suit, int] = dict.fromkeys(Suit, 2)
"""Book §7.3: announcing trumps 2 points (any suit); each little one 1."""
MARJAPUSSI_LITTLE_ONE = 1


def check_announcements(
    announcements: Sequence[Announcement],
    errors: list[RuleError],
    *,
    side_tricks: Sequence[int] | None = None,
    one_trump: bool = False,
    path: str = "announcements",
    section: str = "",
) -> None:
    """Each suit at most once (§7.2, §12.4); with ``one_trump`` (Marjapussi) one
    trump announcement, made before any little one; with ``side_tricks``, only a
    side that won a trick announces (an announcement follows a won trick).
    ``section`` (``"§12.4"``) ends the messages in parentheses."""
    seen: dict[Suit, int] = {}
    trumps_at: int | None = None
    for i, made in enumerate(announcements):
        at = f"{path}.{i}"
        if made.suit in seen:
            errors.append(
                RuleError(
                    at,
                    "suit_announced_twice",
                    msg(
                        "{suit} is already announced ({other}); each suit is "
                        "announced at most once ({section})",
                        suit=made.suit.symbol,
                        other=f"{path}.{seen[made.suit]}",
                        section=section,
                    )
                    if section
                    else msg(
                        "{suit} is already announced ({other}); each suit is "
                        "announced at most once",
                        suit=made.suit.symbol,
                        other=f"{path}.{seen[made.suit]}",
                    ),
                )
            )
        else:
            seen[made.suit] = i
        if one_trump:
            if made.trumps and trumps_at is not None:
                errors.append(
                    RuleError(
                        at,
                        "second_trump_announcement",
                        msg(
                            "trumps are already announced ({other}); a later "
                            "marriage is a little one ({section})",
                            other=f"{path}.{trumps_at}",
                            section=section,
                        )
                        if section
                        else msg(
                            "trumps are already announced ({other}); a later "
                            "marriage is a little one",
                            other=f"{path}.{trumps_at}",
                        ),
                    )
                )
            elif not made.trumps and trumps_at is None:
                errors.append(
                    RuleError(
                        at,
                        "little_one_before_trumps",
                        msg(
                            "a little one is announced only once trumps are "
                            "({section})",
                            section=section,
                        )
                        if section
                        else "a little one is announced only once trumps are",
                    )
                )
            if made.trumps and trumps_at is None:
                trumps_at = i
        if side_tricks is not None and not side_tricks[made.side]:
            errors.append(
                RuleError(
                    at,
                    "announcement_without_trick",
                    msg(
                        "{side} won no trick, so it announced nothing ({section})",
                        side=Side(made.side),
                        section=section,
                    )
                    if section
                    else msg(
                        "{side} won no trick, so it announced nothing",
                        side=Side(made.side),
                    ),
                )
            )


def announcement_points(
    announcements: Iterable[Announcement],
    trump_values: Mapping[Suit, int],
    *,
    little_one: int = 0,
    sides: int = 2,
) -> tuple[int, ...]:
    """Each side's points for its announcements."""
    points = [0] * sides
    for made in announcements:
        points[made.side] += trump_values[made.suit] if made.trumps else little_one
    return tuple(points)
