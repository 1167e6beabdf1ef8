"""Vazhushal: rummy with a negative joker; going out wins, a stock-out is counted.

Source: web page file ``004_b5230d226dbeb56f.txt`` (Vazhushal, lines 31–84; setup
l.43–45, melding l.51–61, going out and the stock-out count l.77–81). Two to six
players, each for themselves; 54 cards (one deck, two jokers) for two players, 108
(two such decks) for three or more; thirteen cards dealt each.

Terms: the **negative joker** is the bottom card of the stock, turned up; the cards
of its rank in the other colour are **wild**, as are the jokers (l.55). A wild "used
as its natural value … does not count as a wild card". A **sequence** is three or
more of a suit in a row, the ace at either end but not K-A-2; a **set** three or
four of a rank, no card twice (l.53). A meld is never all wilds; a player's melds
always include a **pure sequence** (three or more, no wilds: l.57–61); a player may
not hold two identical melds (l.57).

Scoring (l.77–81): the first player to go out wins the game. If the stock runs out
first, each player counts the melds laid down minus the cards left in hand — aces
and face cards 10, the others their pips, a wild as the card it stands for — and
the highest count wins. One game is the match.

Entry: ``out`` — who went out (no points: the game is won); ``cards`` — after a
stock-out, the negative joker and each player's melds and hand, checked meld by meld
and against the deck.

Readings (``docs/games/vazhushal.md``): a joker left in hand stands for nothing; it
counts the option ``joker_in_hand`` (default 10, the most a card counts). A wild in a
run that could stand at either end counts the higher. A player who laid nothing down
counts minus the hand. Ties for the highest count share the win. Money is win/loss
only: the page keeps no score across games.

Invariants: no card is entered more often than the deck holds (the negative joker
included); every meld counted is valid; a stock-out's points are melds minus hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

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
from games.engine.cards import Card
from games.engine.decks import make_deck
from games.engine.game import Fact, MatchGoal, NextDeal
from games.engine.inputs import PER_SIDE, CardField, CardList, FrozenModel, SeatField
from games.engine.melds import (
    JOKERS_WILD,
    PIP_VALUES,
    Fault,
    RunRule,
    SetRule,
    Wording,
    deck_errors,
    fault_errors,
)
from games.engine.melds.card_wilds import (
    opposite_colour_wilds,
    read_meld_card_wilds,
    stands_for,
)
from games.engine.text import Seat as SeatRef
from games.engine.text import msg

MIN_PLAYERS, MAX_PLAYERS = 2, 6
CARDS_DEALT = 13
SECTION = "004 Vazhushal"
ONE_DECK = make_deck(msg("52 cards + 2 jokers"), jokers_per_pack=2)
TWO_DECKS = make_deck(msg("2 × 54 cards (2 jokers each)"), packs=2, jokers_per_pack=2)
# l.81: aces and face cards ten, the others their pips.
VALUES = {**PIP_VALUES.by_rank, "A": 10}
SET = SetRule(min_length=3, max_length=4, wilds=JOKERS_WILD)
SEQUENCE = RunRule(min_length=3, ace_both_ends=False, wrap=False, wilds=JOKERS_WILD)
# The texts name their source (SECTION) as a literal, so the catalogue extracts them.
WORDING: Wording = {
    Fault.TOO_SHORT: (
        "meld_too_short",
        lambda length: msg(
            "a meld is three cards or more, not {length} (004 Vazhushal, l.53)",
            length=length,
        ),
    ),
    Fault.TOO_LONG: (
        "too_long",
        msg("a set is three or four cards (004 Vazhushal, l.53)"),
    ),
    Fault.TOO_FEW_NATURALS: (
        "all_wild",
        msg("a meld cannot be only wild cards (004 Vazhushal, l.57)"),
    ),
    Fault.MIXED_RANKS: ("mixed_ranks", msg("a set is one rank (004 Vazhushal, l.53)")),
    Fault.MIXED_SUITS: (
        "mixed_suits",
        msg("a sequence is one suit (004 Vazhushal, l.53)"),
    ),
    Fault.REPEATED_RANK: (
        "repeated_rank",
        msg("a sequence holds each rank once (004 Vazhushal, l.53)"),
    ),
    Fault.NOT_IN_A_ROW: (
        "not_in_a_row",
        msg("not in sequence; the ace at either end, not K-A-2 (004 Vazhushal, l.53)"),
    ),
}

Seat = Annotated[SeatField, Field(le=MAX_PLAYERS - 1)]


def deck_for(players: int):
    """l.43: one deck with two jokers for two players, two for three or more."""
    return ONE_DECK if players <= 2 else TWO_DECKS


class VazhushalOptions(FrozenModel):
    joker_in_hand: int = Field(
        10,
        ge=0,
        le=10,
        description="What a joker left in hand counts against its holder at a "
        "stock-out (the page says a wild counts as what it stands for; in hand a "
        "joker stands for nothing). Kirjuri's default: 10, the most a card counts.",
    )


class VazhushalOut(FrozenModel):
    """A game won by going out (l.77–79): no count."""

    mode: Literal["out"]
    went_out: Seat = Field(description="The seat of the player who went out.")


class VazhushalPlayer(FrozenModel):
    melds: tuple[CardList, ...] = Field(
        (), description="The melds this player laid down, each as its cards."
    )
    hand: CardList = Field((), description="The cards left in hand.")


class VazhushalCards(FrozenModel):
    """A stock-out (l.81): the negative joker, every player's melds and hand."""

    mode: Literal["cards"] = "cards"
    negative_joker: CardField = Field(
        description="The bottom card of the stock, turned up at the deal."
    )
    players: Annotated[tuple[VazhushalPlayer, ...], PER_SIDE] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Every player in seat order: the melds and the cards left.",
    )


def meld_count(
    path: str, cards: Sequence[Card], wild: frozenset[Card]
) -> tuple[int, bool, list[RuleError]]:
    """The value of one meld, whether it is a pure sequence, and its errors."""
    value, pure, errors, _key = meld_reading(path, cards, wild)
    return value, pure, errors


def meld_reading(
    path: str, cards: Sequence[Card], wild: frozenset[Card]
) -> tuple[int, bool, list[RuleError], tuple | None]:
    """:func:`meld_count` and what makes two melds "identical in suit and
    sequence" (l.57; ``None`` for a meld in error): a sequence's suit and the ranks
    its cards stand for (5♦-★-7♦ is 5♦-6♦-7♦); a set's rank, the suits of its
    naturals and the number of its wilds."""
    run = read_meld_card_wilds(cards, SEQUENCE, wild)
    if run.meld is not None:
        ranks = stands_for(run.meld, SEQUENCE, wild, VALUES.__getitem__)
        key = ("run", run.meld.suit, tuple(sorted(ranks)))
        return sum(VALUES[r] for r in ranks), run.meld.natural, [], key
    kept = read_meld_card_wilds(cards, SET, wild)
    if kept.meld is not None:
        rank = kept.meld.rank
        # A free wild repeating a card may be the set's wild; naturals may not.
        naturals = [c for c in cards if c.rank == rank and c not in wild]
        if len(set(naturals)) == len(naturals):
            key = ("set", rank, tuple(sorted(c.code for c in naturals)), len(cards))
            return VALUES[rank] * len(cards), False, [], key
        error = RuleError(
            path,
            "same_card_twice",
            "two cards of the same rank and suit are not allowed in the same meld "
            "(004 Vazhushal, l.53)",
        )
        return 0, False, [error], None
    # Word the fault of the kind the cards were meant as: one rank among the cards
    # that are not wild, a set; else a sequence.
    ranks = {c.rank for c in cards if c not in wild}
    faults = kept.faults if len(ranks) == 1 else run.faults
    if Fault.TOO_FEW_NATURALS in run.faults:
        faults = (Fault.TOO_FEW_NATURALS,)
    errors = fault_errors(path, faults, WORDING, length=len(cards), first_only=True)
    return 0, False, errors, None


def redeal_needed(hand: Sequence[Card]) -> bool:
    """l.45: a hand dealt three or more cards twice over (2♥-2♥-5♣-5♣-J♦-J♦) is
    thrown in and dealt again."""
    counts: dict[Card, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    return sum(1 for n in counts.values() if n >= 2) >= 3


def line_take(line: Sequence[Card], deepest: int) -> tuple[Card, tuple[Card, ...]]:
    """l.67–71: taking from the discard line (oldest first) down to position
    ``deepest``: the card that must go at once into a new meld, and the cards
    discarded after it, which go to the hand."""
    return line[deepest], tuple(line[deepest + 1 :])


def hand_count(hand: Sequence[Card], joker: int) -> int:
    """What the cards left in hand count: their own values (a wild in hand stands
    for no card but its own), a joker ``joker``."""
    return sum(joker if c.is_joker else VALUES[c.rank] for c in hand)


@register
class Vazhushal(Game):
    slug = "vazhushal"
    name = "Vazhushal"
    source = "004_b5230d226dbeb56f.txt (Vazhushal, l.31–84; going out l.77–81)"
    summary = (
        "Rummy for two to six with a negative joker (its rank in the other colour is "
        "wild); going out wins, on a stock-out melds minus hand, the highest wins."
    )
    Options = VazhushalOptions
    deck = TWO_DECKS
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    deal_modes = {"cards": VazhushalCards, "out": VazhushalOut}
    stakes_per_point = False

    def default_table(self, options: VazhushalOptions) -> Table:
        return Table((0, 1))  # the page's smallest game, one deck

    def verify_and_score(
        self, state: MatchState, deal: VazhushalCards | VazhushalOut
    ) -> DealScore:
        seats = len(state.table.seats)
        if isinstance(deal, VazhushalOut):
            if deal.went_out >= seats:
                raise DealRejected(
                    [
                        RuleError(
                            "went_out",
                            "bad_seat",
                            msg("no seat {seat}", seat=deal.went_out),
                        )
                    ]
                )
            return DealScore(
                points=(0,) * seats,
                facts=(
                    Fact(
                        "went_out",
                        msg("{seat} went out: wins", seat=SeatRef(deal.went_out)),
                        deal.went_out,
                        0,
                    ),
                ),
                detail={"went_out": deal.went_out},
            )
        return self._count(state, deal, seats)

    def _count(self, state: MatchState, deal: VazhushalCards, seats: int) -> DealScore:
        options: VazhushalOptions = state.options
        errors: list[RuleError] = []
        if len(deal.players) != seats:
            errors.append(
                RuleError(
                    "players",
                    "wrong_player_count",
                    msg("enter {seats} players, one per seat", seats=seats),
                )
            )
        wild = opposite_colour_wilds(deal.negative_joker)
        points: list[int] = []
        facts: list[Fact] = []
        for seat, player in enumerate(deal.players):
            base = f"players.{seat}"
            melded, pure = 0, False
            seen: set[tuple] = set()
            for i, meld in enumerate(player.melds):
                value, natural_run, meld_errors, key = meld_reading(
                    f"{base}.melds.{i}", meld, wild
                )
                errors += meld_errors
                melded += value
                pure = pure or natural_run
                if key is not None and key in seen:
                    errors.append(
                        RuleError(
                            f"{base}.melds.{i}",
                            "identical_melds",
                            "a player cannot have two identical melds "
                            "(004 Vazhushal, l.57)",
                        )
                    )
                seen.add(key)
            if player.melds and not pure:
                errors.append(
                    RuleError(
                        f"{base}.melds",
                        "no_pure_sequence",
                        "a player's melds always hold a sequence of three or more "
                        "with no wild cards (004 Vazhushal, l.59–61)",
                    )
                )
            held = hand_count(player.hand, options.joker_in_hand)
            points.append(melded - held)
            facts.append(
                Fact(
                    "count",
                    msg(
                        "{seat}: melds {melded} − hand {held}",
                        seat=SeatRef(seat),
                        melded=melded,
                        held=held,
                    ),
                    seat,
                    melded - held,
                )
            )
        placed = [("negative_joker", (deal.negative_joker,))]
        for seat, player in enumerate(deal.players):
            placed += [
                (f"players.{seat}.melds.{i}", m) for i, m in enumerate(player.melds)
            ]
            placed.append((f"players.{seat}.hand", player.hand))
        errors += deck_errors(deck_for(seats), placed)
        if errors:
            raise DealRejected(errors)
        return DealScore(
            points=tuple(points),
            facts=tuple(facts),
            verified=True,
            detail={"negative_joker": deal.negative_joker.code, "counts": points},
        )

    def carry(
        self,
        state: MatchState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """A match is one deal (``match_goal``), won as the deal is won."""
        return {"winners": self.deal_winners(score.points, score.detail)}

    def deal_winners(
        self, points: Sequence[int], detail: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        """The player who went out; after a stock-out the highest count (a tie is
        a shared win)."""
        went_out = (detail or {}).get("went_out")
        if went_out is not None:
            return (went_out,)
        if not points:
            return ()
        high = max(points)
        return tuple(s for s, p in enumerate(points) if p == high)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        players = len(state.table.seats)
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            notes=(
                msg(
                    "Deal {count} cards each from {size}; turn up the top card (the "
                    "discard line) and the bottom card (the negative joker).",
                    count=CARDS_DEALT,
                    size=deck_for(players).size,
                ),
                msg("Three or more doubled cards in one hand: throw in and redeal."),
            ),
        )

    def match_goal(self, options: VazhushalOptions) -> MatchGoal:
        return MatchGoal(deals=1)
