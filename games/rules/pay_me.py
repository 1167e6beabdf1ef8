"""Pay Me: eleven hands of contract rummy with 3 to 13 cards and a wild rank per hand.

Source: web page file ``004_b5230d226dbeb56f.txt`` (Pay Me, lines 302–349; the wild
cards l.323–327, going out and the scoring l.330–346). Two to eight players, each
for themselves.

Terms:

* **hand** — one deal; hand ``n`` (1–11) deals ``n + 2`` cards, and its **hand rank**
  (the rank of that number: 3s in hand 1 … 10s in hand 8, then J, Q, K) is wild;
  jokers and 2s are always wild. A wild "can substitute for a card of any rank, or
  can be used as a card of its natural rank (except jokers)".
* **set** — three or four cards of one rank, no suit twice; **run** — three or more
  in a row of one suit. "No more than half of a meld can be wild cards", and "in
  runs, two consecutive cards cannot be wild cards".
* **deadwood** — the cards a player holds outside melds after laying off on the
  melds of the player who went out: wilds 15, kings to 8s 10, 7s to aces 5. Each
  player's deadwood is added to their score; after eleven hands the lowest wins.

Entry: who went out and, per player, the deadwood (``cards``: checked against the
decks the table plays with, at most the cards dealt), optionally the melds the player
held (each checked as a set or a run under the hand's wilds); or each player's
deadwood value (``totals``: a multiple of 5, at most 15 a card dealt).

Readings (``docs/games/pay-me.md``): the page names no deck for a number of players
other than "one deck for two, two for three or four, a third for five to eight", each
with its two jokers (an option); the ace is low or high in a run, not round the
corner; a player other than the one who went out may end with no deadwood (they too
may have melded everything); the player who went out has none.

Invariants: every score is a multiple of 5 and at most 15 × the cards dealt; the
player who went out scores 0; no card is entered more often than the decks hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, pairwise
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
from games.engine.cards import JOKER_RANK, RANKS, Card
from games.engine.decks import DeckSpec, make_deck
from games.engine.game import ContextRow, Fact, MatchGoal, NextDeal
from games.engine.inputs import PER_SIDE, CardList, FrozenModel, SeatField
from games.engine.melds import (
    CardValues,
    RunRule,
    SetRule,
    Wilds,
    deck_errors,
    meld_faults,
)
from games.engine.melds.kinds import ACE, SLOT
from games.engine.table_entry import table_entry_errors
from games.engine.text import Seat as SeatRef
from games.engine.text import msg

HANDS = 11
FIRST_HAND_SIZE = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 8
WILD_VALUE = 15
# l.342–344: "Kings through 8s—10 points each"; "7s through aces—5 points each".
BASE_VALUES = {
    **dict.fromkeys(("8", "9", "10", "J", "Q", "K"), 10),
    **dict.fromkeys(("A", "2", "3", "4", "5", "6", "7"), 5),
}
ALWAYS_WILD = frozenset({JOKER_RANK, "2"})
# Checking a meld: a card used as a wild is read as a joker; jokers are the only wilds
# the shape check sees, at most as many as the naturals ("no more than half").
SHAPE_WILDS = Wilds(not_more_than_naturals=True)
SET = SetRule(min_length=3, max_length=4, wilds=SHAPE_WILDS)
RUN = RunRule(min_length=3, wilds=SHAPE_WILDS)
AS_WILD = Card(JOKER_RANK, None)

Seat = Annotated[SeatField, Field(le=MAX_PLAYERS - 1)]


def hand_size(hand: int) -> int:
    """The cards dealt in hand ``hand`` (1–11): 3 … 13 (l.313–316)."""
    return hand + FIRST_HAND_SIZE - 1


def hand_rank(hand: int) -> str:
    """The rank wild in hand ``hand``: the rank of the number of cards dealt."""
    return RANKS[hand_size(hand) - 2]


@cache
def card_values(hand: int) -> CardValues:
    """Deadwood values in hand ``hand``: the wilds (jokers, 2s, the hand rank) 15."""
    wild = hand_rank(hand)
    return CardValues(
        f"Pay Me hand {hand}",
        {**BASE_VALUES, "2": WILD_VALUE, wild: WILD_VALUE, JOKER_RANK: WILD_VALUE},
    )


def players_decks(players: int) -> int:
    """l.309–311: one deck for two, two for three or four, three for five to eight."""
    return 1 if players <= 2 else 2 if players <= 4 else 3


@cache
def pay_me_deck(decks: int, jokers: int) -> DeckSpec:
    return make_deck(
        msg("{decks} × {cards} cards", decks=decks, cards=52 + jokers),
        packs=decks,
        jokers_per_pack=jokers,
    )


# -- melds ---------------------------------------------------------------------------


def _no_adjacent_wilds(cards: Sequence[Card]) -> bool:
    """Some placement of the run's naturals (the rest wild, as jokers) in a row of
    the run's length leaves no two wild slots next to each other (l.327)."""
    naturals = [c for c in cards if c.rank != JOKER_RANK]
    length = len(cards)
    others = {SLOT[c.rank] for c in naturals if c.rank != ACE}
    aces = len(naturals) - len(others)
    for start in range(1, 16 - length):
        window = range(start, start + length)
        if not others <= set(window):
            continue
        ace_slots = [s for s in (1, 14) if s in window]
        for taken in combinations(ace_slots, aces):
            free = sorted(set(window) - others - set(taken))
            if all(b - a > 1 for a, b in pairwise(free)):
                return True
    return False


def meld_fits(cards: Sequence[Card], wild_ranks: frozenset[str]) -> bool:
    """Whether ``cards`` are a Pay Me set or run with these wild ranks: some choice
    of which wild-rank cards stand as wilds (jokers always do) makes them one."""
    free = [i for i, c in enumerate(cards) if c.rank in wild_ranks - {JOKER_RANK}]
    for k in range(len(free) + 1):
        for chosen in combinations(free, k):
            read = [AS_WILD if i in chosen else c for i, c in enumerate(cards)]
            if _fits(read):
                return True
    return False


def _fits(cards: list[Card]) -> bool:
    if not meld_faults(cards, SET):
        suits = [c.suit for c in cards if c.rank != JOKER_RANK]
        if len(set(suits)) == len(suits):  # l.320: "Suits cannot be duplicated"
            return True
    if meld_faults(cards, RUN):
        return False
    wild = sum(c.rank == JOKER_RANK for c in cards)
    return wild < 2 or _no_adjacent_wilds(cards)


def meld_errors(path: str, cards: Sequence[Card], hand: int) -> list[RuleError]:
    wild_ranks = ALWAYS_WILD | {hand_rank(hand)}
    if meld_fits(cards, wild_ranks):
        return []
    wild = sum(c.rank in wild_ranks for c in cards)
    if len(cards) < 3:
        code, why = (
            "meld_too_short",
            msg(
                "a meld is three cards or more, not {count} (004 Pay Me, l.318–327)",
                count=len(cards),
            ),
        )
    elif wild * 2 > len(cards):
        # More than half wild-rank cards and no reading of them makes a meld.
        code, why = (
            "too_many_wilds",
            msg(
                "no more than half of a meld can be wild cards (004 Pay Me, l.318–327)"
            ),
        )
    else:
        code, why = (
            "not_a_meld",
            msg(
                "not a set (3 or 4 of a rank, no suit twice) nor a run (3 or more in "
                "a row of one suit, no two wilds next to each other), with at most "
                "half wild (jokers, 2s and {rank}s this hand) (004 Pay Me, "
                "l.318–327)",
                rank=hand_rank(hand),
            ),
        )
    return [RuleError(path, code, why)]


# -- the entry -----------------------------------------------------------------------


class PayMeOptions(FrozenModel):
    jokers_per_deck: Literal[0, 1, 2] = Field(
        2,
        description="Jokers in each deck ('cards with jokers included'; 2 as in a "
        "Denexa deck).",
    )


class PayMePlayer(FrozenModel):
    """One player at the end of the hand."""

    deadwood: CardList = Field(
        (),
        description="The cards left outside melds after laying off (none for the "
        "player who went out).",
    )
    melds: tuple[CardList, ...] | None = Field(
        None,
        description="Optional: the sets and runs the player held (the one who went "
        "out: with the cards the others laid off).",
    )


class PayMeCards(FrozenModel):
    """A hand entered as every player's deadwood (and optionally melds)."""

    mode: Literal["cards"] = "cards"
    went_out: Seat = Field(description="The seat of the player who called 'Pay me!'.")
    players: Annotated[tuple[PayMePlayer, ...], PER_SIDE] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Every player in seat order: the deadwood (and the melds).",
    )


class PayMeTotals(FrozenModel):
    """A hand entered as each player's deadwood value (not checked card by card)."""

    mode: Literal["totals"]
    went_out: Seat = Field(description="The seat of the player who called 'Pay me!'.")
    deadwood: Annotated[
        tuple[Annotated[int, Field(ge=0, le=WILD_VALUE * 13)], ...], PER_SIDE
    ] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Each player's deadwood value, in seat order (0 for the player "
        "who went out).",
    )


@register
class PayMe(Game):
    slug = "pay-me"
    name = "Pay Me"
    source = "004_b5230d226dbeb56f.txt (Pay Me, l.302–349; scoring l.338–346)"
    summary = (
        "Eleven hands of rummy with 3 to 13 cards, the hand's rank, 2s and jokers "
        "wild; deadwood counts (wilds 15, K–8 10, 7–A 5); the lowest score wins."
    )
    Options = PayMeOptions
    deck = pay_me_deck(3, 2)
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    lower_totals_win = True
    deal_modes = {"cards": PayMeCards, "totals": PayMeTotals}

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("went_out",)

    def deck_for(self, options: PayMeOptions) -> DeckSpec:
        # The most decks any table plays with; a deal is checked against its table's.
        return pay_me_deck(3, options.jokers_per_deck)

    def default_table(self, options: PayMeOptions) -> Table:
        return Table(tuple(range(4)))

    def verify_and_score(
        self, state: MatchState, deal: PayMeCards | PayMeTotals
    ) -> DealScore:
        seats = len(state.table.seats)
        cards = isinstance(deal, PayMeCards)
        field = "players" if cards else "deadwood"
        entries = deal.players if cards else deal.deadwood
        errors = table_entry_errors(
            seats, field, len(entries), {"went_out": deal.went_out}
        )
        if errors:
            raise DealRejected(errors)
        hand = state.deal_number
        if cards:
            values = self._check_cards(state, deal, hand)
        else:
            values = deal.deadwood
            self._check_totals(deal, hand)
        facts = [
            Fact(
                "went_out",
                msg("{seat} went out", seat=SeatRef(deal.went_out)),
                deal.went_out,
                0,
            )
        ]
        facts += [
            Fact(
                "deadwood",
                msg("{seat}: deadwood {points}", seat=SeatRef(s), points=v),
                s,
                v,
            )
            for s, v in enumerate(values)
            if s != deal.went_out
        ]
        return DealScore(
            points=tuple(values),
            facts=tuple(facts),
            verified=cards,
            detail={"went_out": deal.went_out, "hand": hand, "deadwood": list(values)},
        )

    def _check_cards(
        self, state: MatchState, deal: PayMeCards, hand: int
    ) -> tuple[int, ...]:
        options: PayMeOptions = state.options
        dealt = hand_size(hand)
        errors: list[RuleError] = []
        placed: list[tuple[str, Sequence[Card]]] = []
        for seat, player in enumerate(deal.players):
            at = f"players.{seat}"
            if seat == deal.went_out and player.deadwood:
                errors.append(
                    RuleError(
                        f"{at}.deadwood",
                        "deadwood_after_going_out",
                        "the player who went out has melded every card (004 Pay "
                        "Me, l.332)",
                    )
                )
            held = len(player.deadwood)
            for m, meld in enumerate(player.melds or ()):
                errors += meld_errors(f"{at}.melds.{m}", meld, hand)
                placed.append((f"{at}.melds.{m}", meld))
                held += len(meld)
            if seat != deal.went_out and held > dealt:
                errors.append(
                    RuleError(
                        f"{at}.deadwood",
                        "too_many_cards",
                        msg(
                            "{count} cards: a hand holds the {dealt} dealt this hand "
                            "(004 Pay Me, l.313–316)",
                            count=held,
                            dealt=dealt,
                        ),
                    )
                )
            placed.append((f"{at}.deadwood", player.deadwood))
        deck = pay_me_deck(players_decks(len(deal.players)), options.jokers_per_deck)
        errors += deck_errors(deck, placed)
        if errors:
            raise DealRejected(errors)
        values = card_values(hand)
        return tuple(values.total(p.deadwood) for p in deal.players)

    @staticmethod
    def _check_totals(deal: PayMeTotals, hand: int) -> None:
        errors = []
        most = WILD_VALUE * hand_size(hand)
        for seat, value in enumerate(deal.deadwood):
            at = f"deadwood.{seat}"
            if seat == deal.went_out and value:
                errors.append(
                    RuleError(
                        at,
                        "points_for_going_out",
                        "the player who went out has no deadwood: 0 (004 Pay Me, "
                        "l.332)",
                    )
                )
            elif value % 5:
                errors.append(
                    RuleError(
                        at,
                        "not_a_multiple_of_5",
                        msg(
                            "{value} cannot be scored: every card counts 5, 10 or 15 "
                            "(004 Pay Me, l.342–344)",
                            value=value,
                        ),
                    )
                )
            elif value > most:
                errors.append(
                    RuleError(
                        at,
                        "too_many_points",
                        msg(
                            "{value} is more than the {dealt} cards dealt can "
                            "count ({most}; 004 Pay Me, l.313–316, l.342)",
                            value=value,
                            dealt=hand_size(hand),
                            most=most,
                        ),
                    )
                )
        if errors:
            raise DealRejected(errors)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        number = state.deal_number
        wild = hand_rank(number)
        return NextDeal(
            number=number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            notes=(
                msg(
                    "Deal {count} cards each; turn the top card up.",
                    count=hand_size(number),
                ),
                msg(
                    "Wild: jokers, 2s and {rank}s. At most half a meld wild; no two "
                    "wilds next to each other in a run.",
                    rank=wild,
                ),
            ),
            context=(
                ContextRow(
                    "hand",
                    "Hand",
                    "text",
                    msg("{number} of {hands}", number=number, hands=HANDS),
                ),
                ContextRow("cards_dealt", "Cards dealt", "number", hand_size(number)),
                ContextRow(
                    "wild_rank", "Wild", "text", msg("jokers, 2s, {rank}s", rank=wild)
                ),
            ),
        )

    def match_goal(self, options: PayMeOptions) -> MatchGoal:
        return MatchGoal(deals=HANDS)
