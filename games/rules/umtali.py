"""Umtali: two-player rummy where every card melded on a side scores, marriages 20.

Source: web page file ``004_b5230d226dbeb56f.txt`` (Umtali, lines 85–134; melding
l.109–113, single-card melds l.115–119, jacks l.121–123, going out and the scoring
l.125–131). Two players, one 52-card deck, ten cards each, four hands.

Terms:

* **set** — three or four cards of a rank, not jacks; **sequence** — three or more
  consecutive number cards (ace low, ace to ten) of a suit; **marriage** — the king
  and queen of a suit;
* **single-card meld** — a card extending a meld, laid on the extender's own side
  (every jack is melded so); **pair** — two of a rank, only when going out (one per
  player);
* at the end "each player … scores the value of all of the cards on their side":
  10s and face cards 5, all other cards 1; a marriage 20 (not 5 + 5). The opponent's
  unmelded cards go to the side of the player who went out, as single cards.

Entry: per side, the melds on it (``cards``: each checked as a set, a sequence, a
marriage, a single card or one pair; the whole against the deck), or each side's
points (``totals``).

Readings (``docs/games/umtali.md``): a sequence is of "number cards" (ace to ten);
a pair is of a rank other than jacks, and a side holds at most one; whether a single
card really extended a meld is the players' to watch.

Invariants: a side scores 1 or 5 a card and 20 a marriage; a hand scores at most
116 cards' worth plus 10 a marriage (156) in all; no card is entered twice.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from games.engine.cards import Card
from games.engine.decks import STANDARD_52
from games.engine.game import ContextRow, Fact, MatchGoal, NextDeal
from games.engine.inputs import PER_SIDE, CardList, FrozenModel
from games.engine.melds import (
    NO_WILDS,
    CardValues,
    RunRule,
    SetRule,
    deck_errors,
    meld_faults,
)
from games.engine.table_entry import table_entry_errors
from games.engine.text import Seat, msg

HANDS = 4
SECTION = "004 Umtali"
# l.129: "Face cards and 10s score five points, and all other cards score one point."
CARD_VALUES = CardValues(
    "Umtali",
    {**{r: 1 for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9")}}
    | dict.fromkeys(("10", "J", "Q", "K"), 5),
)
MARRIAGE = 20
MOST_POINTS = 116 + 4 * (MARRIAGE - 10)
SET = SetRule(min_length=3, max_length=4, wilds=NO_WILDS)
SEQUENCE = RunRule(min_length=3, ace_high=False, wilds=NO_WILDS)
FACES = frozenset({"J", "Q", "K"})

Kind = Literal["set", "sequence", "marriage", "single", "pair"]


def meld_kind(cards: Sequence[Card]) -> Kind | None:
    """What ``cards`` are as an Umtali meld (``None``: nothing)."""
    ranks = {c.rank for c in cards}
    if len(cards) == 1:
        return "single"
    if "J" in ranks:  # l.123: jacks only as single-card melds
        return None
    if len(cards) == 2:
        if ranks == {"K", "Q"} and cards[0].suit == cards[1].suit:
            return "marriage"
        return "pair" if len(ranks) == 1 else None
    if not meld_faults(cards, SET):
        return "set"
    if not ranks & FACES and not meld_faults(cards, SEQUENCE):
        return "sequence"
    return None


def meld_points(cards: Sequence[Card]) -> int:
    if meld_kind(cards) == "marriage":
        return MARRIAGE
    return CARD_VALUES.total(cards)


class UmtaliOptions(FrozenModel):
    pass


class UmtaliSide(FrozenModel):
    melds: tuple[CardList, ...] = Field(
        (),
        description="The melds on this player's side at the end of the hand: sets, "
        "sequences, marriages, single cards (with the opponent's leftovers, if this "
        "player went out) and at most one pair.",
    )


class UmtaliCards(FrozenModel):
    mode: Literal["cards"] = "cards"
    sides: Annotated[tuple[UmtaliSide, ...], PER_SIDE] = Field(
        min_length=2, max_length=2, description="Each player's side of the table."
    )


class UmtaliTotals(FrozenModel):
    mode: Literal["totals"]
    points: Annotated[
        tuple[Annotated[int, Field(ge=0, le=MOST_POINTS)], ...], PER_SIDE
    ] = Field(min_length=2, max_length=2, description="Each side's points.")


@register
class Umtali(Game):
    slug = "umtali"
    name = "Umtali"
    source = "004_b5230d226dbeb56f.txt (Umtali, l.85–134; scoring l.127–131)"
    summary = (
        "Two-player rummy of four hands: every card melded on a side scores (10s and "
        "faces 5, others 1), marriages 20; the highest total wins."
    )
    Options = UmtaliOptions
    deck = STANDARD_52
    tables = ((0, 1),)
    deal_modes = {"cards": UmtaliCards, "totals": UmtaliTotals}

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("marriages",)

    def default_table(self, options: UmtaliOptions) -> Table:
        return Table((0, 1))

    def verify_and_score(
        self, state: MatchState, deal: UmtaliCards | UmtaliTotals
    ) -> DealScore:
        cards = isinstance(deal, UmtaliCards)
        field = "sides" if cards else "points"
        count = len(deal.sides if cards else deal.points)
        errors = table_entry_errors(len(state.table.seats), field, count, {})
        if errors:
            raise DealRejected(errors)
        if cards:
            points, marriages = self._check_cards(deal)
        else:
            points, marriages = deal.points, None
            if sum(points) > MOST_POINTS:
                raise DealRejected(
                    [
                        RuleError(
                            "points",
                            "too_many_points",
                            msg(
                                "{total} in all: the 52 cards count 116, each of "
                                "the four marriages 10 more (004 Umtali, l.129–131)",
                                total=sum(points),
                            ),
                        )
                    ]
                )
        facts = [
            Fact("side", msg("{seat}: {points}", seat=Seat(s), points=p), s, p)
            for s, p in enumerate(points)
        ]
        if marriages:
            facts += [
                Fact(
                    "marriages",
                    msg("{seat}: {count} marriage(s)", seat=Seat(s), count=n),
                    s,
                    n,
                )
                for s, n in enumerate(marriages)
                if n
            ]
        return DealScore(points=tuple(points), facts=tuple(facts), verified=cards)

    @staticmethod
    def _check_cards(deal: UmtaliCards) -> tuple[tuple[int, ...], tuple[int, ...]]:
        errors: list[RuleError] = []
        placed: list[tuple[str, Sequence[Card]]] = []
        marriages = []
        for seat, side in enumerate(deal.sides):
            kinds = []
            for i, meld in enumerate(side.melds):
                at = f"sides.{seat}.melds.{i}"
                placed.append((at, meld))
                kind = meld_kind(meld)
                kinds.append(kind)
                if kind is None:
                    errors.append(
                        RuleError(
                            at,
                            "not_a_meld",
                            "not a set (3–4 of a rank, no jacks), a sequence (3+ "
                            "number cards of a suit, ace low), a marriage (K-Q of a "
                            "suit), a single card or a pair (not jacks) "
                            "(004 Umtali, l.109–125)",
                        )
                    )
            if kinds.count("pair") > 1:
                errors.append(
                    RuleError(
                        f"sides.{seat}.melds",
                        "more_than_one_pair",
                        "a player melds one pair, when going out "
                        "(004 Umtali, l.125, l.127)",
                    )
                )
            marriages.append(kinds.count("marriage"))
        errors += deck_errors(STANDARD_52, placed)
        if errors:
            raise DealRejected(errors)
        points = tuple(sum(meld_points(m) for m in side.melds) for side in deal.sides)
        return points, tuple(marriages)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        number = state.deal_number
        return NextDeal(
            number=number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            notes=(msg("Deal ten cards each; the non-dealer plays first."),),
            context=(
                ContextRow(
                    "hand",
                    "Hand",
                    "text",
                    msg("{number} of {hands}", number=number, hands=HANDS),
                ),
            ),
        )

    def match_goal(self, options: UmtaliOptions) -> MatchGoal:
        return MatchGoal(deals=HANDS)
