"""What trick-taking games share: tricks, contracts, card points, announcements,
where the aces fell, honours, and games within a rubber.

Source: the trick games of ``001_b57793035adc3f64.txt`` — Marjapussi §7, Tuppi §9,
Tuomas's Minibridge §11, Huutopussi §12, Modern Skruuvi §15, Klubiskruuvi §16,
Historical Skruuvi §17, Vint §18, Screw Misere §19. A game module keeps only what
is its own (its contracts' points, its deal input); everything here is shared.

Terms:

* **trick** — one card from each player; the **deal's tricks** are the deck's size ÷
  the players (:func:`deal_tricks`): 13 with 52 cards at four, 9 with 36.
* **side tricks** — the tricks a side won. A scorer enters them per side (one number
  a side) or per seat (one a seat); :func:`tricks_per_side` reads either. They must
  add up to the deal's tricks; :func:`check_tricks_add_up` is the one place that
  says they do not (code ``tricks_not_<n>``: ``tricks_not_13``, ``tricks_not_9``).
* **contract** — a **level** (the number part), a **strain** (a suit, no trump,
  misere …) and a **doubling** (0 none, 1 doubled — a knock —, 2 redoubled — a
  kontra-knock): :class:`Contract`. Level *n* promises *n* + the book's tricks.
  A :class:`ContractTable` gives a contract's points, in columns that may depend on
  the deal number (Minibridge §11.5: deals 1–5, then later).
* **card points** — points for the cards in the tricks a side won, by a per-game
  value table, plus a bonus for the last trick: :class:`CardValues`
  (:data:`MARJAPUSSI_PIPS` §7.3, :data:`HUUTOPUSSI_CARD_POINTS` §12.5).
* **announcement** — a king and queen of one suit (a *marriage*) shown after
  winning a trick: a trump announcement, or in Marjapussi a *little one* once trumps
  are set (§7.2). Each suit is announced at most once a deal (§7.2, §12.4):
  :func:`check_announcements`, :func:`announcement_points`.
* **ace place** — where an ace fell: the trick number and the seat that won the
  trick (Skruuvi's misere aces §15.8, Screw Misere §19.3): :class:`AcePlace`,
  :func:`check_aces`, :class:`Aces`.
* **honours** — cards held after the exchange: aces in one hand, value cards per
  side, a top sequence in a suit (Historical Skruuvi §17.4.2, Vint §18.3):
  :func:`aces_in_hand`, :func:`value_cards`, :func:`top_sequence`.
* **game** and **rubber** — trick points collected toward a game target (60, 500);
  the first side to win two games wins the rubber (Historical Skruuvi §17.2, Vint
  §18.3, Multimulta §6): :class:`Rubber`.

Invariants:

* tricks per side add up to the deal's tricks, or the deal gets exactly one
  ``tricks_not_<n>`` error at the tricks' path;
* the card points of the whole deck, split among the sides in any way, add up to the
  deck's total plus the last-trick bonus (Marjapussi 120 pips, Huutopussi
  140 + 20 = 160);
* each suit is announced at most once a deal;
* each ace is placed once, a trick has one winner, nobody won more ace tricks than
  tricks;
* a rubber's games: the winner of every game is recorded in order, the points
  toward a game start again from zero after it, and the rubber ends the moment a
  side has won ``games_to_win`` games (so after at most 2 × games_to_win − 1 games).

Everything is pure and immutable: frozen dataclasses in, frozen dataclasses out;
checks append :class:`RuleError` to the caller's list so a deal reports every error.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Annotated, Any

from pydantic import Field

from games.engine.cards import ACE_HIGH, Card, Suit
from games.engine.decks import DeckSpec
from games.engine.errors import RuleError
from games.engine.inputs import CardField, FrozenModel

PARTNERS = (0, 1, 0, 1)
"""The side of each seat when partners sit opposite (Tuppi, Skruuvi, the pussis)."""

BOOK_TRICKS = 6
"""A level-*n* contract promises *n* + 6 tricks (Skruuvi §15.5, Vint §18, bridge)."""

SEAT_ROLE = "x-role"
"""The JSON Schema key a deal input puts on a field naming a seat (value ``seat``);
``x-seat-role`` says which seat it is (declarer, soloist, knocker …)."""


def seat_field(role: str) -> dict[str, str]:
    """``json_schema_extra`` for a deal field that names a seat in ``role``."""
    return {SEAT_ROLE: "seat", "x-seat-role": role}


# -- tricks -----------------------------------------------------------------------


def deal_tricks(deck_size: int, players: int) -> int:
    """The tricks of a deal where the whole deck is dealt: 52 ÷ 4 = 13, 36 ÷ 4 = 9."""
    if players < 1 or deck_size % players:
        raise ValueError(f"{deck_size} cards do not deal evenly to {players} players")
    return deck_size // players


def tricks_error(total: int, tricks: int = 13, path: str = "tricks") -> RuleError:
    """The one error for tricks that do not add up to the deal's ``tricks``."""
    return RuleError(
        path, f"tricks_not_{tricks}", f"tricks add up to {total}, not {tricks}"
    )


def check_tricks_add_up(
    counts: Sequence[int],
    errors: list[RuleError],
    *,
    tricks: int = 13,
    path: str = "tricks",
) -> bool:
    """Whether ``counts`` add up to the deal's ``tricks``; if not, say so once."""
    total = sum(counts)
    if total == tricks:
        return True
    errors.append(tricks_error(total, tricks, path))
    return False


def tricks_per_side(
    entry: Sequence[int],
    errors: list[RuleError],
    *,
    sides: Sequence[int] = PARTNERS,
    path: str = "tricks",
) -> tuple[int, ...] | None:
    """Tricks per side from an entry per side or per seat (``sides[seat]`` is the
    seat's side); ``None`` (with a ``bad_tricks_length`` error) for any other length.

    Whether they add up is :func:`check_tricks_add_up`'s business (a game may have
    other checks of the per-seat entry to report first)."""
    if sides is PARTNERS:  # the common table, read without counting its sides
        if len(entry) == 2:
            return tuple(entry)
        if len(entry) == 4:
            return (entry[0] + entry[2], entry[1] + entry[3])
    side_count = max(sides) + 1
    if len(entry) == side_count:
        return tuple(entry)
    if len(entry) == len(sides):
        per_side = [0] * side_count
        for seat, won in enumerate(entry):
            per_side[sides[seat]] += won
        return tuple(per_side)
    errors.append(
        RuleError(
            path,
            "bad_tricks_length",
            f"enter tricks per side ({side_count} numbers) or per seat "
            f"({len(sides)} numbers)",
        )
    )
    return None


def side_tricks(
    entry: Sequence[int],
    errors: list[RuleError],
    *,
    sides: Sequence[int] = PARTNERS,
    tricks: int = 13,
    path: str = "tricks",
) -> tuple[int, ...] | None:
    """Tricks per side that add up to the deal's ``tricks``, or ``None`` (with the
    error) if the entry has the wrong length or does not add up."""
    per_side = tricks_per_side(entry, errors, sides=sides, path=path)
    if per_side is None or not check_tricks_add_up(
        per_side, errors, tricks=tricks, path=path
    ):
        return None
    return per_side


# -- contracts --------------------------------------------------------------------

BRIDGE_STRAINS = ("clubs", "diamonds", "hearts", "spades", "no_trump")
"""Strains lowest first, as bridge and Bridge Meets Guess Who (§10) rank them."""


def doubling_multiplier(doubling: int) -> int:
    """1, 2 or 4: a double (knock) doubles the score, a redouble (kontra) makes it
    four times."""
    return 1 << doubling


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract: ``level`` (number part), ``strain`` and ``doubling`` (0 none,
    1 doubled / knocked, 2 redoubled / kontra-knocked)."""

    level: int
    strain: str
    doubling: int = 0
    book: int = BOOK_TRICKS

    @property
    def promised(self) -> int:
        """The tricks (in misere: avoided tricks) the declarers promised."""
        return self.level + self.book

    @property
    def multiplier(self) -> int:
        return doubling_multiplier(self.doubling)

    def made(self, achieved: int) -> bool:
        return achieved >= self.promised

    def missing(self, achieved: int) -> int:
        """Tricks short of the promise (0 when made)."""
        return max(self.promised - achieved, 0)

    def overtricks(self, achieved: int) -> int:
        return max(achieved - self.promised, 0)


def outranks(a: Contract, b: Contract, strains: Sequence[str] = BRIDGE_STRAINS) -> bool:
    """Whether bid ``a`` is higher than ``b``: by level, then by strain order."""
    return (a.level, strains.index(a.strain)) > (b.level, strains.index(b.strain))


@dataclass(frozen=True, slots=True)
class ContractTable:
    """A contract's points by key (a level, or ``(level, strain)``), in columns
    that start at a deal number: ``((1, early), (6, late))`` reads ``early`` for
    deals 1–5 and ``late`` from deal 6 on (Minibridge §11.5)."""

    columns: tuple[tuple[int, Mapping[Any, int]], ...]

    def __post_init__(self) -> None:
        starts = [start for start, _ in self.columns]
        if not starts or starts[0] != 1 or starts != sorted(set(starts)):
            raise ValueError("columns start at deal 1, in increasing order")

    def column(self, deal_number: int = 1) -> Mapping[Any, int]:
        chosen = self.columns[0][1]
        for start, table in self.columns:
            if deal_number < start:
                break
            chosen = table
        return chosen

    def value(self, key: Any, deal_number: int = 1) -> int:
        return self.column(deal_number)[key]

    def __contains__(self, key: Any) -> bool:
        return key in self.columns[0][1]


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
    "Marjapussi pips (§7.3)", {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
)
"""Book §7.3: ace 11, ten 10, king 4, queen 3, jack 2; the last trick is a game
point of its own, not pips. A 36-card deck holds 120 pips."""

HUUTOPUSSI_CARD_POINTS = CardValues(
    "Huutopussi card points (§12.5)",
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
            f"card points add up to {sum(points)}, not {total} ({values.name})",
        )
    )
    return False


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
) -> None:
    """Each suit at most once (§7.2, §12.4); with ``one_trump`` (Marjapussi) one
    trump announcement, made before any little one; with ``side_tricks``, only a
    side that won a trick announces (an announcement follows a won trick)."""
    seen: dict[Suit, int] = {}
    trumps_at: int | None = None
    for i, made in enumerate(announcements):
        at = f"{path}.{i}"
        if made.suit in seen:
            errors.append(
                RuleError(
                    at,
                    "suit_announced_twice",
                    f"{made.suit.symbol} is already announced "
                    f"({path}.{seen[made.suit]}); each suit is announced at most once",
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
                        f"trumps are already announced ({path}.{trumps_at}); a later "
                        "marriage is a little one",
                    )
                )
            elif not made.trumps and trumps_at is None:
                errors.append(
                    RuleError(
                        at,
                        "little_one_before_trumps",
                        "a little one is announced only once trumps are",
                    )
                )
            if made.trumps and trumps_at is None:
                trumps_at = i
        if side_tricks is not None and not side_tricks[made.side]:
            errors.append(
                RuleError(
                    at,
                    "announcement_without_trick",
                    f"side {made.side} won no trick, so it announced nothing",
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


# -- where the aces fell ----------------------------------------------------------

ACES: tuple[Card, ...] = tuple(Card("A", suit) for suit in Suit)


class AcePlace(FrozenModel):
    """Where one ace fell: the trick and the seat that won that trick."""

    card: CardField = Field(description="The ace: AS, AH, AD or AC.")
    trick: Annotated[int, Field(ge=1, le=13)] = Field(
        description="The trick it fell in: 1 for the first trick of the deal … 13."
    )
    seat: Annotated[int, Field(ge=0, le=3)] = Field(
        description="Seat of the player who won that trick.",
        json_schema_extra=seat_field("trick_winner"),
    )


@dataclass(frozen=True, slots=True)
class Aces:
    """The aces as entered, checked: ``(trick, seat)`` per ace."""

    places: tuple[tuple[int, int], ...]

    def won_by(self, group_of: Sequence[int], group: int) -> int:
        """The sum of the trick numbers of the aces won by ``group`` (of seats)."""
        return sum(trick for trick, seat in self.places if group_of[seat] == group)


def check_aces(
    aces: Sequence[AcePlace],
    errors: list[RuleError],
    *,
    group_of: Sequence[int],
    group_tricks: Mapping[int, int] | None,
    group_name: Mapping[int, str],
    path: str = "aces",
) -> Aces | None:
    """The four aces, each once; one winner per trick; no group (a seat, a side, or
    a lone declarer and the rest) won more ace tricks than tricks."""
    before = len(errors)
    if len(aces) != len(ACES):
        errors.append(
            RuleError(
                path,
                "four_aces",
                f"enter where each of the four aces fell ({len(aces)} entered)",
            )
        )
    seen: dict[Card, int] = {}
    winner: dict[int, int] = {}
    for i, ace in enumerate(aces):
        if ace.card not in ACES:
            errors.append(
                RuleError(
                    f"{path}.{i}.card", "not_an_ace", f"{ace.card.code} is not an ace"
                )
            )
        elif ace.card in seen:
            errors.append(
                RuleError(
                    f"{path}.{i}.card",
                    "ace_twice",
                    f"{ace.card.code} is already entered ({path}.{seen[ace.card]})",
                )
            )
        else:
            seen[ace.card] = i
        other = winner.setdefault(ace.trick, ace.seat)
        if other != ace.seat:
            errors.append(
                RuleError(
                    f"{path}.{i}.seat",
                    "trick_two_winners",
                    f"trick {ace.trick} was won by seat {other} (another ace in it)",
                )
            )
    if group_tricks is not None and len(errors) == before:
        won: dict[int, set[int]] = {}
        for trick, seat in winner.items():
            won.setdefault(group_of[seat], set()).add(trick)
        for group, tricks in sorted(won.items()):
            if len(tricks) > group_tricks[group]:
                errors.append(
                    RuleError(
                        path,
                        "more_ace_tricks_than_tricks",
                        f"{group_name[group]} won {group_tricks[group]} tricks but "
                        f"aces fell in {len(tricks)} tricks won there",
                    )
                )
    if len(errors) != before:
        return None
    return Aces(tuple((ace.trick, ace.seat) for ace in aces))


# -- honours ----------------------------------------------------------------------


def aces_in_hand(hand: Iterable[Card]) -> int:
    """Aces in one hand (three or four score in Historical Skruuvi and Vint)."""
    return sum(1 for card in hand if card.rank == "A")


def value_cards(cards: Iterable[Card], trumps: Suit | None) -> int:
    """Historical Skruuvi's value cards (§17.4.2): aces, and in a trump contract
    the trumps ten to ace, the ace of trumps counting twice; in no trump the aces
    only."""
    units = 0
    for card in cards:
        if card.rank == "A":
            units += 2 if card.suit == trumps else 1
        elif trumps is not None and card.suit == trumps and card.rank in _TEN_UP:
            units += 1
    return units


_TEN_UP = frozenset({"10", "J", "Q", "K"})


def top_sequence(hand: Iterable[Card], suit: Suit) -> int:
    """The length of the run from the ace down in ``suit`` (A K Q = 3; no ace 0)."""
    held = {card.rank for card in hand if card.suit == suit}
    length = 0
    for rank in reversed(ACE_HIGH):
        if rank not in held:
            break
        length += 1
    return length


# -- games and rubbers ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rubber:
    """Games within a rubber: ``toward`` holds each side's points toward the
    current game; a side that reaches ``game_target`` wins the game, and both start
    again from zero. ``games`` lists the winner of every game in order; the rubber
    is won by the first side with ``games_to_win`` games (two: §17.2, §18.3)."""

    game_target: int
    games_to_win: int = 2
    sides: int = 2
    toward: tuple[int, ...] = ()
    games: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.toward:
            object.__setattr__(self, "toward", (0,) * self.sides)

    def games_won(self, side: int) -> int:
        return self.games.count(side)

    @property
    def winner(self) -> int | None:
        for side in range(self.sides):
            if self.games_won(side) >= self.games_to_win:
                return side
        return None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def score(
        self, points: Sequence[int], *, first: int | None = None
    ) -> tuple[Rubber, int | None]:
        """Add a deal's trick points; return the rubber after it and the side that
        won a game in it (``None`` if none did). When both sides reach the target in
        one deal, ``first`` names the side that got there first (§17.2)."""
        if self.finished:
            raise ValueError("the rubber is already won")
        toward = tuple(t + p for t, p in zip(self.toward, points, strict=True))
        game = game_winner(toward, self.game_target, first)
        if game is None:
            return replace(self, toward=toward), None
        return (
            replace(self, toward=(0,) * self.sides, games=(*self.games, game)),
            game,
        )


def game_winner(
    reached: Sequence[int], target: int, first: int | None = None
) -> int | None:
    """The side that wins a game with ``reached`` points: the one at ``target`` or
    over; of several, ``first`` if it is one of them (it got there first), else the
    one furthest past (the lower side on a tie)."""
    over = [s for s, p in enumerate(reached) if p >= target]
    if not over:
        return None
    if first in over:
        return first
    return max(over, key=lambda s: (reached[s], -s))


@dataclass(frozen=True, slots=True)
class MatchOfGames:
    """The games within a match after its rubber: a :class:`Rubber`, then
    ``extra_deals`` deals more (Historical Skruuvi's four kotkas, §17.2)."""

    rubber: Rubber
    extra_deals: int = 0
    extra_played: int = 0
    extra_games: tuple[int, ...] = ()

    @property
    def finished(self) -> bool:
        return self.rubber.finished and self.extra_played >= self.extra_deals

    @property
    def in_extra_deals(self) -> bool:
        return self.rubber.finished

    def score(
        self, points: Sequence[int], *, first: int | None = None
    ) -> tuple[MatchOfGames, int | None]:
        """Add a deal: to the rubber until it is won, then as an extra deal (a game
        only for ``game_target`` points in the one deal)."""
        if self.finished:
            raise ValueError("the match is already finished")
        if not self.rubber.finished:
            rubber, game = self.rubber.score(points, first=first)
            return replace(self, rubber=rubber), game
        game = game_winner(points, self.rubber.game_target, first)
        return (
            replace(
                self,
                extra_played=self.extra_played + 1,
                extra_games=self.extra_games
                if game is None
                else (*self.extra_games, game),
            ),
            game,
        )

    def games_won(self, side: int) -> int:
        """All games a side won in the match: the rubber's and the extra deals'."""
        return self.rubber.games_won(side) + self.extra_games.count(side)
