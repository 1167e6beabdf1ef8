"""Burraco: two partnerships, 108 cards, sets and runs, burrachi and the pozzetto.

Source: web page file ``004_b5230d226dbeb56f.txt`` (Burraco, l.533–618; melds
l.559–563, wild cards l.565–573, burrachi l.575–579, pozzetto l.581–585, closing
l.587–598, scoring l.600–618). Four players in two partnerships (seats 0 and 2
against 1 and 3); 2 × 54 cards with the jokers.

Terms (the page's): a *meld* is a *set* (3+ cards of a rank) or a *run* (3+ in a row
in one suit, the ace high or low, never both ends); *wild cards* are the jokers and
the 2s, at most one in a meld, and "a 2 can also be used as its natural value" in a
run of its suit (then it is not wild: 2-3-4♥-★ holds one wild); a *burraco* is a
meld of seven or more, *clean* without a wild, *dirty* with one; the *pozzetto* is
the side's second hand of eleven cards, taken by the first player of the side to
run out of cards; *closing* ends the hand.

Scoring (l.600–618): each partnership scores the cards in its melds (joker 30, 2 20,
ace 15, K–8 10, 7–3 5) minus the cards left in its hands; clean burraco 200 each,
dirty 100 each, closing 100; a partnership that did not take its pozzetto −100 (an
unseen pozzetto is scored as the player's hand: entered among the hand's cards).
The match runs until a partnership exceeds 2000; the higher score wins.

Entry: per partnership its melds (each a list of cards), the cards left in each
partner's hand, whether it took its pozzetto; and the seat that closed (none when
the stock ran down or the hand stalled). Melds are read by
:mod:`games.engine.melds.kinds` and, for the 2 standing as itself,
:func:`games.engine.melds.natural_wilds.read_run_with_natural`.

Readings (``docs/games/burraco.md``): the 2 in a meld counts 20 whether wild or
natural (the page values cards, not their use); where a wild stands in a run is not
checked (the low-end rule is etiquette at the table, not a score); "exceeds 2000" is
read strictly (over the target), level totals over it play on; the final discard
(not a wild) is not entered, so it is not checked.

Invariants: a side's score is the sum of its items (melds, burrachi, closing, hands,
pozzetto); no card is entered more often than the 108 hold; every meld is a legal
set or run; a side holds one set per rank; a closing side took its pozzetto, has a
burraco and the closer holds no card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import Field

from games.engine import DealRejected, DealScore, Game, MatchState, RuleError, register

# The Canasta family's reader of card lists (one look-up per card, in C); reused,
# not copied — it belongs in games/engine (see the report).
from games.engine.card_reader import read_card_lists as card_lists
from games.engine.cards import JOKER_RANK, Card
from games.engine.decks import DOUBLE_54
from games.engine.game import Fact, MatchGoal, NextDeal, Table
from games.engine.inputs import PER_PARTNER, PER_SIDE, CardList, FrozenModel, SeatField
from games.engine.melds import (
    CardValues,
    Fault,
    Meld,
    MeldKind,
    RunRule,
    SetRule,
    Wilds,
    deck_errors,
    fault_errors,
    read_meld,
)
from games.engine.melds.kinds import ACE_HIGH_SLOT, SLOT
from games.engine.melds.natural_wilds import read_run_with_natural
from games.engine.text import msg

SECTION = "004 Burraco"
FOUR_PLAYERS = (0, 1, 0, 1)
TWO_PLAYERS = (0, 1)  # Kirjuri's: the page says "best played by four"
# l.604–608: jokers 30, 2s 20, aces 15, K–8 10, 7–3 5.
CARD_VALUES = CardValues(
    "Burraco: joker 30, 2 20, ace 15, K–8 10, 7–3 5",
    {
        JOKER_RANK: 30,
        "2": 20,
        "A": 15,
        **dict.fromkeys(("K", "Q", "J", "10", "9", "8"), 10),
        **dict.fromkeys(("7", "6", "5", "4", "3"), 5),
    },
)
CLEAN_BURRACO, DIRTY_BURRACO, CLOSING, NO_POZZETTO = 200, 100, 100, -100
BURRACO_LENGTH = 7  # l.577: "Any meld of seven or more cards is called a burraco"
TARGET = 2000

# l.567: jokers and 2s wild, one wild a meld; l.563: no set of jokers or 2s (a set
# needs a natural); l.561: the ace high or low, not at both ends of one run.
WILDS = Wilds(ranks=frozenset({JOKER_RANK, "2"}), max_per_meld=1)
SET_RULE = SetRule(min_length=3, wilds=WILDS)
RUN_RULE = RunRule(min_length=3, ace_low=True, ace_high=True, wilds=WILDS)

WORDING = {
    Fault.TOO_SHORT: ("too_short", msg("a meld holds at least three cards (l.559)")),
    Fault.TOO_LONG: ("too_long", msg("a run holds at most 13 cards (l.561)")),
    Fault.TOO_MANY_WILDS: (
        "too_many_wilds",
        msg("a meld holds at most one wild card, a joker or a 2 (l.567)"),
    ),
    Fault.TOO_FEW_NATURALS: (
        "no_natural",
        msg("there is no set of jokers or 2s (l.563)"),
    ),
    Fault.MIXED_RANKS: ("mixed_ranks", msg("a set is of one rank (l.559)")),
    Fault.MIXED_SUITS: ("mixed_suits", msg("a run is of one suit (l.559)")),
    Fault.REPEATED_RANK: (
        "repeated_rank",
        msg("a run holds each rank once and at most one ace (l.561)"),
    ),
    Fault.NOT_IN_A_ROW: ("not_in_a_row", msg("a run's cards are consecutive (l.559)")),
    Fault.WILD_STANDS_FOR: ("wild_stands_for", msg("the wild cannot stand there")),
}


class BurracoOptions(FrozenModel):
    target: int = Field(
        TARGET,
        ge=1,
        le=100_000,
        description="The match ends when a partnership exceeds this (l.618: 2000).",
    )


class BurracoSide(FrozenModel):
    """One partnership's cards at the end of a hand."""

    melds: tuple[CardList, ...] = Field(
        (), description="The side's melds on the table, each a set or a run."
    )
    hands: Annotated[tuple[CardList, ...], PER_PARTNER] = Field(
        description="The cards left in each partner's hand, in seat order (an "
        "unseen pozzetto counts as its taker's hand: enter its cards there)."
    )
    pozzetto: bool = Field(
        True, description="The side took its pozzetto (not taken: −100)."
    )


class BurracoCards(FrozenModel):
    """A hand entered card by card (checked against the deck and the meld rules)."""

    mode: Literal["cards"] = "cards"
    teams: Annotated[tuple[BurracoSide, BurracoSide], PER_SIDE]
    closed: SeatField | None = Field(
        None,
        description="The seat that closed (none: the stock ran down or the hand "
        "stalled, and no side scores the closing).",
    )


class BurracoTotals(FrozenModel):
    """A hand entered as each partnership's score (not checked card by card)."""

    mode: Literal["totals"]
    points: Annotated[
        tuple[Annotated[int, Field(ge=-10_000, le=10_000)], ...], PER_SIDE
    ] = Field(min_length=2, max_length=2, description="Each partnership's score.")


class SideRecord(NamedTuple):
    """:class:`BurracoSide`'s fields, as :func:`read_cards_entry` gives them."""

    melds: tuple[tuple[Card, ...], ...]
    hands: tuple[tuple[Card, ...], ...]
    pozzetto: bool


class CardsRecord(NamedTuple):
    """:class:`BurracoCards`' fields, as :func:`read_cards_entry` gives them."""

    teams: tuple[SideRecord, SideRecord]
    closed: int | None
    mode: str = "cards"


_SIDE_KEYS = frozenset(BurracoSide.model_fields)
_DEAL_KEYS = frozenset(BurracoCards.model_fields)
_LISTS = (list, tuple)


def read_cards_entry(raw: Any) -> CardsRecord | None:
    """A well-formed card entry read without pydantic's per-card callbacks (the
    Canasta family's card-list reader); ``None`` for anything unusual, which pydantic
    then parses and reports with every path. What this accepts, pydantic accepts."""
    if type(raw) is not dict or not raw.keys() <= _DEAL_KEYS:
        return None
    teams = raw.get("teams")
    closed = raw.get("closed")
    if raw.get("mode", "cards") != "cards" or type(teams) not in _LISTS:
        return None
    if len(teams) != 2 or not (
        closed is None or (type(closed) is int and 0 <= closed <= 3)
    ):
        return None
    sides = []
    for side in teams:
        if type(side) is not dict or not side.keys() <= _SIDE_KEYS:
            return None
        melds, hands = side.get("melds", ()), side.get("hands")
        pozzetto = side.get("pozzetto", True)
        if type(melds) not in _LISTS or type(hands) not in _LISTS:
            return None
        if type(pozzetto) is not bool or not hands:
            return None
        lists = card_lists((*melds, *hands))
        if lists is None:
            return None
        sides.append(SideRecord(lists[: len(melds)], lists[len(melds) :], pozzetto))
    return CardsRecord((sides[0], sides[1]), closed)


def read_burraco_meld(cards: Sequence[Card]) -> tuple[Meld | None, tuple[Fault, ...]]:
    """A meld as a set if its naturals share a rank and it is one, else as a run
    (with a 2 of the run's suit standing as itself where it can: 2♥ 2♥ 3♥ is a run);
    the meld, or the faults of the kind its naturals point to."""
    fast = _natural_meld(cards)
    if fast is not None:
        return fast, ()
    ranks = {c.rank for c in cards if c.rank not in WILDS.ranks}
    if len(ranks) <= 1:
        as_set = read_meld(cards, SET_RULE)
        if as_set.meld is not None:
            return as_set.meld, ()
        as_run = read_run_with_natural(cards, RUN_RULE)
        if as_run.meld is not None:
            return as_run.meld, ()
        return None, as_set.faults
    reading = read_run_with_natural(cards, RUN_RULE)
    return reading.meld, reading.faults


def _natural_meld(cards: Sequence[Card]) -> Meld | None:
    """The common meld, read at once: no joker and no 2, a set of one rank or a run
    of one suit in a row (ace high or low); ``None`` for anything else, which the
    engine's readers then judge (the same answer, and the faults)."""
    if len(cards) < SET_RULE.min_length:
        return None
    first = cards[0]
    rank, suit = first.rank, first.suit
    if rank in WILDS.ranks:
        return None
    same_rank = same_suit = True
    for card in cards:
        if card.rank != rank:
            same_rank = False
        if card.suit != suit:
            same_suit = False
    if same_rank:
        return Meld(MeldKind.SET, tuple(cards), rank, None, 0)
    if not same_suit:
        return None
    slots = [_SLOTS.get(c.rank, 0) for c in cards]
    if 0 in slots or len(set(slots)) != len(slots):
        return None  # a 2 or a joker, or a repeated rank
    low, high = min(slots), max(slots)
    if high - low + 1 == len(slots):
        return Meld(MeldKind.RUN, tuple(cards), None, suit, 0)
    return None  # an ace low needs the 2 (A-2-3), left to the engine's reader


# Slots of the naturals of a run without a 2, the ace high (a run with a 2, or an
# ace low, is left to read_run_with_natural).
_SLOTS = {r: i for r, i in SLOT.items() if r != "2"} | {"A": ACE_HIGH_SLOT}


def score_side(
    side: int,
    entry: BurracoSide | SideRecord,
    seats: tuple[int, ...],
    closed_here: bool,
    closed: int | None,
    errors: list[RuleError],
    facts: list[Fact],
) -> dict[str, int]:
    """Verify and score one partnership (l.600–616); errors and facts appended."""
    base = f"teams.{side}"
    melds: list[Meld] = []
    sets: dict[str, int] = {}
    for i, cards in enumerate(entry.melds):
        meld, faults = read_burraco_meld(cards)
        path = f"{base}.melds.{i}"
        if meld is None:
            errors += fault_errors(path, faults, WORDING, length=len(cards))
            continue
        if meld.kind == MeldKind.SET:
            assert meld.rank is not None
            if meld.rank in sets:
                errors.append(
                    RuleError(
                        path,
                        "one_set_per_rank",
                        msg(
                            "the side already has a set of {rank} ({other}): one "
                            "set per rank (l.563)",
                            rank=meld.rank,
                            other=f"melds.{sets[meld.rank]}",
                        ),
                    )
                )
                continue
            sets[meld.rank] = i
        melds.append(meld)

    meld_points = sum(CARD_VALUES.total(m.cards) for m in melds)
    clean = sum(1 for m in melds if len(m.cards) >= BURRACO_LENGTH and not m.wilds)
    dirty = sum(1 for m in melds if len(m.cards) >= BURRACO_LENGTH and m.wilds)
    burrachi = clean * CLEAN_BURRACO + dirty * DIRTY_BURRACO
    if clean:
        facts.append(
            Fact(
                "clean_burraco",
                msg("{count} clean burraco", count=clean),
                side,
                clean * 200,
            )
        )
    if dirty:
        facts.append(
            Fact(
                "dirty_burraco",
                msg("{count} dirty burraco", count=dirty),
                side,
                dirty * 100,
            )
        )

    if len(entry.hands) != len(seats):
        errors.append(
            RuleError(
                f"{base}.hands",
                "hands_per_player",
                msg(
                    "enter one hand per player of the side: {players}, not {count}",
                    players=len(seats),
                    count=len(entry.hands),
                ),
            )
        )
    hands = sum(CARD_VALUES.total(hand) for hand in entry.hands)

    closing = 0
    if closed_here:
        closing = CLOSING
        facts.append(
            Fact("closed", msg("closed: {points}", points=CLOSING), side, CLOSING)
        )
        if not entry.pozzetto:
            errors.append(
                RuleError(
                    "closed",
                    "closed_without_pozzetto",
                    "a side closes only after taking its pozzetto (l.591)",
                )
            )
        if not clean + dirty:
            errors.append(
                RuleError(
                    "closed",
                    "closed_without_burraco",
                    "a side closes only with at least one burraco (l.592)",
                )
            )
        if closed in seats and len(entry.hands) == len(seats):
            hand = entry.hands[seats.index(closed)]
            if hand:
                errors.append(
                    RuleError(
                        f"{base}.hands.{seats.index(closed)}",
                        "cards_after_closing",
                        "the player who closed holds no cards (l.593)",
                    )
                )
    pozzetto = 0 if entry.pozzetto else NO_POZZETTO
    if pozzetto:
        facts.append(Fact("no_pozzetto", "pozzetto not taken: −100", side, pozzetto))
    return {
        "melds": meld_points,
        "burrachi": burrachi,
        "closing": closing,
        "hands": -hands,
        "pozzetto": pozzetto,
        "total": meld_points + burrachi + closing - hands + pozzetto,
    }


@register
class Burraco(Game):
    slug = "burraco"
    name = "Burraco"
    source = "004_b5230d226dbeb56f.txt (Burraco, l.533–618; scoring l.600–618)"
    summary = (
        "Two partnerships with 108 cards: sets and runs (one wild each, a 2 natural in "
        "its run), burrachi clean 200 / dirty 100, closing 100, pozzetto; over 2000."
    )
    Options = BurracoOptions
    deck = DOUBLE_54
    tables = (FOUR_PLAYERS, TWO_PLAYERS)
    deal_modes = {"cards": BurracoCards, "totals": BurracoTotals}

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("clean_burraco", "dirty_burraco", "closed", "no_pozzetto")

    def verify_and_score(
        self, state: MatchState, deal: BurracoCards | CardsRecord | BurracoTotals
    ) -> DealScore:
        if isinstance(deal, BurracoTotals):
            return self._score_totals(deal)
        errors: list[RuleError] = []
        facts: list[Fact] = []
        table = state.table
        closed = deal.closed
        if closed is not None and closed >= len(table.seats):
            errors.append(
                RuleError(
                    "closed",
                    "no_such_seat",
                    msg(
                        "closed names seat {seat}, but this table has seats 0–{last}",
                        seat=closed,
                        last=len(table.seats) - 1,
                    ),
                )
            )
            closed = None
        closed_side = None if closed is None else table.seats[closed]
        sides = [
            score_side(
                s,
                entry,
                table.seats_of(s),
                closed_side == s,
                closed,
                errors,
                facts,
            )
            for s, entry in enumerate(deal.teams)
        ]
        piles: list[tuple[str, Sequence[Card]]] = []
        for s, entry in enumerate(deal.teams):
            piles += [(f"teams.{s}.melds.{i}", m) for i, m in enumerate(entry.melds)]
            piles += [(f"teams.{s}.hands.{i}", h) for i, h in enumerate(entry.hands)]
        errors += deck_errors(DOUBLE_54, piles)
        if errors:
            raise DealRejected(errors)
        points = tuple(side["total"] for side in sides)
        return DealScore(points, tuple(facts), True, {"sides": sides})

    def parse_deal(self, raw: Any) -> Any:
        entry = read_cards_entry(raw)
        return entry if entry is not None else super().parse_deal(raw)

    @staticmethod
    def _score_totals(deal: BurracoTotals) -> DealScore:
        errors = [
            RuleError(
                f"points.{i}",
                "not_multiple_of_5",
                "every Burraco score is a multiple of 5 (l.604–616)",
            )
            for i, p in enumerate(deal.points)
            if p % 5
        ]
        if errors:
            raise DealRejected(errors)
        return DealScore(points=tuple(deal.points), verified=False)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            notes=(msg("Deal 11 cards each and two pozzetti of 11 (l.549)."),),
        )

    def match_goal(self, options: Any) -> MatchGoal:
        # l.618: play on "until one partnership exceeds" the target; the higher
        # wins; level totals play another hand (a reading).
        return MatchGoal(target=options.target, beyond_target=True, until_decided=True)

    def default_table(self, options: Any) -> Table:
        return Table(FOUR_PLAYERS)
