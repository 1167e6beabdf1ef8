"""Khanhoo: an early rummy of a 61-card deck whose melds are a catalogue, 1 to 15.

Source: web page file ``004_b5230d226dbeb56f.txt`` (Khanhoo, lines 419–472; the deck
l.431, the deal l.433, the melds and their values l.441–456, the joker l.458,
bumping l.462–464, the end of a hand and the game l.466–470). Two to four players,
each for themselves.

Terms:

* **deck** — 61 cards: two each of J, Q, K♣ and of A–9 in ♥ ♠ ♦, and one joker
  (l.431);
* **melds** (l.445–456) — sequence 1 (3+ cards of a suit in order, ace low; never
  clubs or faces), aces 1 (three aces, duplicates allowed), triplet 2 (three number
  cards of a rank in three suits), royal assembly 3 (J-Q-K♣), court melds 4
  (K♣-9♥-9♥, Q♣-8♠-8♠, J♣-7♦-7♦), khanhoo 5 (A♥-2♠-3♦), double aces 10, double
  triplet 10, double royal 10, double khanhoo 15; the joker is wild "without
  restriction" (l.458);
* **score** — each player the value of their melds, the one who went out 5 more
  (l.468); the hand after which someone has 50 or more ends the game, the highest
  total wins (l.470).

Entry: each player's melds as broken out at the end of the hand, and who went out
(``cards``: each meld read against the catalogue, the player who went out holding
all fifteen cards in melds, the whole against the deck), or each player's points with
the bonus (``totals``).

Readings (``docs/games/khanhoo.md``): a meld scores what it is as broken out (two
triplets entered apart score 2 + 2, as one six-card meld 10); a meld with the joker
scores the best catalogue meld it can complete; aces are not "number cards", so
three aces are the aces meld (1), never a triplet; the cards a player could not meld
score nothing and need not be entered; ties at the top share the win.

Invariants: a player scores at most 25 in melds (fifteen cards, at most 5 per three
cards) and 30 with the bonus; exactly one player goes out; no card is entered more
often than the deck holds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import Field

from games.engine import (
    DealRejected,
    DealScore,
    Game,
    MatchState,
    RuleError,
    Table,
    register,
)
from games.engine.cards import JOKER, Card, Suit, parse_cards
from games.engine.decks import DeckSpec
from games.engine.game import Fact, MatchGoal, NextDeal
from games.engine.goals import target_or_deals_rows
from games.engine.inputs import PER_SIDE, CardList, FrozenModel, SeatField
from games.engine.melds import deck_errors
from games.engine.melds.catalogue import Catalogue, CatalogueEntry
from games.engine.table_entry import table_entry_errors
from games.engine.text import Seat, msg

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND = 15  # l.433: fifteen cards each, and fifteen again after the final discard
OUT_BONUS = 5  # l.468
MOST_IN_MELDS = 25  # fifteen cards in five melds of three, each at most 5
MOST_POINTS = MOST_IN_MELDS + OUT_BONUS
TARGET = 50  # l.470
SECTION = "004 Khanhoo"

H, S, D, C = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS
NUMBERS = ("2", "3", "4", "5", "6", "7", "8", "9")
LOW_ORDER = {r: i for i, r in enumerate(("A", *NUMBERS))}  # l.445: ace low
COURTS = ("J", "Q", "K")
NUMBER_SUITS = (H, S, D)


def _khanhoo_deck() -> DeckSpec:
    """l.431: two each of J-Q-K♣ and of A–9 in ♥ ♠ ♦, and one joker: 61 cards."""
    copies: dict[Card, int] = {Card(r, C): 2 for r in COURTS}
    copies |= {Card(r, s): 2 for s in NUMBER_SUITS for r in ("A", *NUMBERS)}
    copies[JOKER] = 1
    return DeckSpec(msg("Khanhoo 61 cards"), MappingProxyType(copies))


KHANHOO_61 = _khanhoo_deck()


def _multiset(cards: Sequence[Card]) -> tuple[Card, ...]:
    # Cards are interned (one object per face): ordering by identity is a cheap
    # canonical order for comparing multisets.
    return tuple(sorted(cards, key=id))


def _sequence(cards: Sequence[Card]) -> bool:
    if len(cards) < 3 or len({c.suit for c in cards}) != 1 or cards[0].suit is C:
        return False
    if any(c.rank not in LOW_ORDER for c in cards):
        return False
    slots = sorted(LOW_ORDER[c.rank] for c in cards)
    return slots == list(range(slots[0], slots[0] + len(slots)))


def _aces(n: int):
    return lambda cards: len(cards) == n and all(c.rank == "A" for c in cards)


def _triplet(copies: int):
    def fits(cards: Sequence[Card]) -> bool:
        if len(cards) != 3 * copies or cards[0].rank not in NUMBERS:
            return False
        if any(c.rank != cards[0].rank for c in cards):
            return False
        return all(sum(c.suit is s for c in cards) == copies for s in NUMBER_SUITS)

    return fits


def _exactly(codes: str):
    pattern = _multiset(parse_cards(codes))
    return lambda cards: len(cards) == len(pattern) and _multiset(cards) == pattern


def _any_of(*codes: str):
    patterns = {_multiset(parse_cards(c)) for c in codes}
    return lambda cards: len(cards) == 3 and _multiset(cards) in patterns


ENTRIES = (
    CatalogueEntry("sequence", msg("sequence"), 1, _sequence),
    CatalogueEntry("aces", msg("aces"), 1, _aces(3)),
    CatalogueEntry("triplet", msg("triplet"), 2, _triplet(1)),
    CatalogueEntry("royal_assembly", msg("royal assembly"), 3, _exactly("JC QC KC")),
    CatalogueEntry(
        "court", msg("court meld"), 4, _any_of("KC 9H 9H", "QC 8S 8S", "JC 7D 7D")
    ),
    CatalogueEntry("khanhoo", msg("khanhoo"), 5, _exactly("AH 2S 3D")),
    CatalogueEntry("double_aces", msg("double aces"), 10, _aces(6)),
    CatalogueEntry("double_triplet", msg("double triplet"), 10, _triplet(2)),
    CatalogueEntry(
        "double_royal", msg("double royal"), 10, _exactly("JC JC QC QC KC KC")
    ),
    CatalogueEntry(
        "double_khanhoo", msg("double khanhoo"), 15, _exactly("AH AH 2S 2S 3D 3D")
    ),
)
CATALOGUE = Catalogue(
    ENTRIES, faces=tuple(c for c in KHANHOO_61.copies if not c.is_joker)
)


def meld_value(cards: Sequence[Card]) -> int | None:
    """What ``cards`` score as one Khanhoo meld (``None``: not a meld)."""
    return CATALOGUE.value(cards)


class KhanhooOptions(FrozenModel):
    target: int = Field(
        TARGET,
        ge=1,
        le=1_000,
        description="The points that end the game (004 Khanhoo l.470: 50).",
    )


class KhanhooPlayer(FrozenModel):
    melds: tuple[CardList, ...] = Field(
        (),
        description="The player's melds as broken out at the end of the hand "
        "(including any bumped melds laid face up); unmelded cards are left out.",
    )


class KhanhooCards(FrozenModel):
    mode: Literal["cards"] = "cards"
    players: Annotated[tuple[KhanhooPlayer, ...], PER_SIDE] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Every player's melds, in seat order.",
    )
    went_out: SeatField = Field(description="The seat of the player who went out.")


class KhanhooTotals(FrozenModel):
    mode: Literal["totals"]
    points: Annotated[
        tuple[Annotated[int, Field(ge=0, le=MOST_POINTS)], ...], PER_SIDE
    ] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Each player's meld values, with 5 for the player who went out.",
    )


@register
class Khanhoo(Game):
    slug = "khanhoo"
    name = "Khanhoo"
    source = "004_b5230d226dbeb56f.txt (Khanhoo, l.419–472; melds l.441–456)"
    summary = (
        "Early rummy for two to four with a 61-card deck: melds score 1 to 15 from a "
        "catalogue, 5 more for going out; first to 50, the highest total wins."
    )
    Options = KhanhooOptions
    deck = KHANHOO_61
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    deal_modes = {"cards": KhanhooCards, "totals": KhanhooTotals}

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = (
        "went_out",
        "khanhoo",
        "court",
        "royal_assembly",
        "triplet",
        "sequence",
        "aces",
    )

    def default_table(self, options: KhanhooOptions) -> Table:
        return Table(tuple(range(3)))

    def verify_and_score(
        self, state: MatchState, deal: KhanhooCards | KhanhooTotals
    ) -> DealScore:
        seats = len(state.table.seats)
        cards = isinstance(deal, KhanhooCards)
        field = "players" if cards else "points"
        entries = deal.players if cards else deal.points
        named = {"went_out": deal.went_out} if cards else {}
        errors = table_entry_errors(seats, field, len(entries), named)
        if errors:
            raise DealRejected(errors)
        if cards:
            points, facts = self._check_cards(deal)
        else:
            points, facts = tuple(deal.points), []
        facts += [
            Fact("player", msg("{seat}: {points}", seat=Seat(s), points=p), s, p)
            for s, p in enumerate(points)
        ]
        return DealScore(points=points, facts=tuple(facts), verified=cards)

    @staticmethod
    def _check_cards(deal: KhanhooCards) -> tuple[tuple[int, ...], list[Fact]]:
        errors: list[RuleError] = []
        placed: list[tuple[str, Sequence[Card]]] = []
        points: list[int] = []
        facts: list[Fact] = []
        for seat, player in enumerate(deal.players):
            total, held = 0, 0
            for i, meld in enumerate(player.melds):
                at = f"players.{seat}.melds.{i}"
                placed.append((at, meld))
                held += len(meld)
                reading = CATALOGUE.read(meld)
                if reading is None:
                    errors.append(
                        RuleError(
                            at,
                            "not_a_meld",
                            "not a Khanhoo meld: sequence, aces, triplet, royal "
                            "assembly, court meld, khanhoo, or their doubles "
                            "(004 Khanhoo, l.445–456)",
                        )
                    )
                    continue
                total += reading.entry.value
                facts.append(
                    Fact(
                        reading.entry.code,
                        msg(
                            "{seat}: {meld} {value}",
                            seat=Seat(seat),
                            meld=reading.entry.label,
                            value=reading.entry.value,
                        ),
                        seat,
                        reading.entry.value,
                    )
                )
            if seat == deal.went_out and held != HAND:
                errors.append(
                    RuleError(
                        f"players.{seat}.melds",
                        "not_all_melded",
                        msg(
                            "the player who went out has all {hand} cards in melds, "
                            "not {held} (004 Khanhoo, l.433, l.466)",
                            hand=HAND,
                            held=held,
                        ),
                    )
                )
            elif held > HAND:
                errors.append(
                    RuleError(
                        f"players.{seat}.melds",
                        "too_many_cards",
                        msg(
                            "a hand holds {hand} cards, not {held} "
                            "(004 Khanhoo, l.433)",
                            hand=HAND,
                            held=held,
                        ),
                    )
                )
            if seat == deal.went_out:
                total += OUT_BONUS
                facts.append(
                    Fact("went_out", msg("{seat}: out +5", seat=Seat(seat)), seat, 5)
                )
            points.append(total)
        errors += deck_errors(KHANHOO_61, placed)
        if errors:
            raise DealRejected(errors)
        return tuple(points), facts

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        options: KhanhooOptions = state.options
        rows = target_or_deals_rows(
            state, target=options.target, deals=None, unit=("hand", msg("Hand"))
        )
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            notes=(
                msg(
                    "Deal 15 cards each and a 16th to the dealer's left, who "
                    "discards first."
                ),
            ),
            context=rows,
        )

    def match_goal(self, options: KhanhooOptions) -> MatchGoal:
        return MatchGoal(target=options.target)
