"""Kiertopokeri: announce a poker hand, true or not; a doubt puts the liar or the
doubter out; the last player left wins.

Source: book ``001_b57793035adc3f64.txt`` chapter 23 (l.1700–1739): the play and
the announcements §23.1, the end §23.2 (l.1732–1734), shuffling §23.3. Four or more
players, one 52-card deck.

Terms: an *announcement* names a poker hand (ch 21) in the book's words (§23.1): for
a pair, three or four of a kind the combination and one more card; for two pair and
a full house every rank; for a flush or a high card hand the type and two cards; for
a straight or a straight flush the type and one card. A *doubt* turns the hand face
up: if it was announced truthfully the doubter drops out, otherwise the announcer.
Each drop starts the game over with one player less; the last one left wins.

A deal here is one doubt — the step that puts a player out. The scorer enters either
who dropped out (``totals``), or the doubt itself (``cards``): the announcer, the
doubter, the announcement and the five cards shown, and the engine says who drops
out. Points (:mod:`games.engine.placing`): a point to every player still in after
each drop, so at the end the first out holds 0 and the winner n − 1. Played for
win/loss (``stakes_per_point = False``).

Invariants: one player drops per deal; the points of a game add up to
0 + 1 + … + (n − 1); the match is over when one player is left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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
from games.engine.cards import RANKS
from games.engine.decks import STANDARD_52, check_deck
from games.engine.game import ContextRow, Fact, NextDeal
from games.engine.inputs import CardList, FrozenModel, SeatField, seat_role
from games.engine.places import elimination_points, still_in
from games.engine.poker import VALUES, HandCategory, PokerHand, poker_hand
from games.engine.text import Seat as SeatText
from games.engine.text import Text, msg

MIN_PLAYERS, MAX_PLAYERS = 4, 10

Seat = Annotated[SeatField, Field(le=MAX_PLAYERS - 1)]

# §23.1: how many cards an announcement names after the type — the leading distinct
# values of the hand's comparison (pair: the pair and the best other card; two pair:
# both pairs and the fifth card; a straight: its top card …).
NAMED_CARDS: dict[HandCategory, int] = {
    HandCategory.HIGH_CARD: 2,
    HandCategory.PAIR: 2,
    HandCategory.TWO_PAIR: 3,
    HandCategory.THREE_OF_A_KIND: 2,
    HandCategory.STRAIGHT: 1,
    HandCategory.FLUSH: 2,
    HandCategory.FULL_HOUSE: 2,
    HandCategory.FOUR_OF_A_KIND: 2,
    HandCategory.STRAIGHT_FLUSH: 1,
}
_TYPES = {c.label: c for c in NAMED_CARDS}
_RANK_WORDS = {r.upper(): VALUES[r] for r in RANKS} | {"T": 10}
_RANK_NAMES = {v: r for r, v in VALUES.items()}


@dataclass(frozen=True, slots=True)
class Announcement:
    category: HandCategory
    values: tuple[int, ...]

    def matches(self, hand: PokerHand) -> bool:
        """True when ``hand`` is exactly what was announced."""
        return parse_announcement(announcement_of(hand)) == self


def announcement_of(hand: PokerHand) -> str:
    """The true announcement of ``hand`` in the words :func:`parse_announcement`
    reads: ``"pair Q J"``."""
    distinct: list[int] = []
    for v in hand.values:
        if v not in distinct:
            distinct.append(v)
    named = distinct[: NAMED_CARDS[hand.category]]
    return " ".join([hand.category.label, *(_RANK_NAMES[v] for v in named)])


def parse_announcement(text: str, *, path: str = "announced") -> Announcement:
    """``"pair Q J"``, ``"two pair Q 10 5"``, ``"flush Q 10"``, ``"straight 9"``."""
    words = text.strip().lower().replace(",", " ").split()
    for label in sorted(_TYPES, key=len, reverse=True):
        head = label.split()
        if words[: len(head)] == head:
            category = _TYPES[label]
            ranks = [w.upper() for w in words[len(head) :]]
            n = NAMED_CARDS[category]
            if len(ranks) == n and all(r in _RANK_WORDS for r in ranks):
                return Announcement(category, tuple(_RANK_WORDS[r] for r in ranks))
            raise DealRejected(
                [
                    RuleError(
                        path,
                        "bad_announcement",
                        _announced_with(label, n, _example(category)),
                    )
                ]
            )
    raise DealRejected(
        [
            RuleError(
                path,
                "bad_announcement",
                msg(
                    "{text}: start with the type of hand ({types}), then the cards "
                    "(§23.1)",
                    text=repr(text),
                    types=", ".join(_TYPES),
                ),
            )
        ]
    )


def _announced_with(label: str, n: int, example: str) -> Text:
    """How an announcement of the type ``label`` names its ``n`` card ranks."""
    if n == 1:
        return msg(
            "a {label} is announced with {n} card rank, e.g. {example} (§23.1)",
            label=label,
            n=n,
            example=example,
        )
    return msg(
        "a {label} is announced with {n} card ranks, e.g. {example} (§23.1)",
        label=label,
        n=n,
        example=example,
    )


def _example(category: HandCategory) -> str:
    ranks = ["Q", "J", "5"][: NAMED_CARDS[category]]
    return f"'{category.label} {' '.join(ranks)}'"


class KiertopokeriOptions(FrozenModel):
    pass


class KiertopokeriDoubt(FrozenModel):
    """A doubt entered as it happened: the engine says who drops out."""

    mode: Literal["cards"] = "cards"
    announcer: Annotated[Seat, seat_role("announcer")] = Field(
        description="Who announced the hand."
    )
    doubter: Annotated[Seat, seat_role("doubter")] = Field(
        description="Who said 'I doubt it' (the next player still in)."
    )
    announced: str = Field(
        max_length=40,
        description="The announcement: the type, then the cards, e.g. 'pair Q J', "
        "'two pair Q 10 5', 'full house Q 10', 'flush Q 10', 'straight 9'.",
    )
    shown: CardList = Field(description="The five cards turned face up.")


class KiertopokeriOut(FrozenModel):
    """Only who dropped out."""

    mode: Literal["totals"]
    out: Annotated[Seat, seat_role("out")] = Field(description="Who dropped out.")


@dataclass(frozen=True, kw_only=True)
class KiertopokeriState(MatchState):
    """``out``: the players out, in the order they dropped; ``starts``: who starts
    the next game, when the doubt said it (§23.1)."""

    out: tuple[int, ...] = ()
    starts: int | None = None


@register
class Kiertopokeri(Game):
    slug = "kiertopokeri"
    name = "Kiertopokeri"
    source = "001_b57793035adc3f64.txt §23 (l.1700–1739)"
    summary = (
        "Four or more pass on poker hands announced true or false; a doubt puts "
        "the liar or the doubter out; the last one left wins."
    )
    Options = KiertopokeriOptions
    deck = STANDARD_52
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    deal_modes = {"cards": KiertopokeriDoubt, "totals": KiertopokeriOut}
    State = KiertopokeriState
    stakes_per_point = False

    def default_table(self, options: KiertopokeriOptions) -> Table:
        return Table(tuple(range(4)))

    def verify_and_score(
        self, state: KiertopokeriState, deal: KiertopokeriDoubt | KiertopokeriOut
    ) -> DealScore:
        seats = len(state.table.seats)
        playing = still_in(seats, state.out)
        if len(playing) < 2:
            raise DealRejected(
                [RuleError("", "match_over", "one player is left: the game is won")]
            )
        if isinstance(deal, KiertopokeriOut):
            _check_in(state, {"out": deal.out})
            out, facts, starts = deal.out, [], None
        else:
            out, facts, starts = _doubt(state, deal)
        facts.append(Fact("out", msg("{seat} drops out", seat=SeatText(out)), out))
        return DealScore(
            points=elimination_points(seats, state.out, out),
            facts=tuple(facts),
            verified=isinstance(deal, KiertopokeriDoubt),
            detail={"out": out, "starts": starts},
        )

    def carry(
        self,
        state: KiertopokeriState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """Who is out, and who starts; the last player left wins."""
        detail: dict[str, Any] = score.detail
        out = (*state.out, detail["out"])
        left = still_in(len(state.table.seats), out)
        done = len(left) == 1
        return {
            "out": out,
            "starts": detail["starts"],
            "finished": done,
            "winners": left if done else (),
        }

    def deal_winners(
        self, points: Sequence[int], detail: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        """Nobody wins a single drop; the game is won by the last one left."""
        return ()

    def next_deal(self, state: KiertopokeriState) -> NextDeal | None:
        if state.finished:
            return None
        seats = len(state.table.seats)
        rows = [
            ContextRow(
                "still_in",
                "Still in",
                "per_side",
                tuple(
                    msg("out") if s in state.out else msg("in") for s in range(seats)
                ),
            )
        ]
        if state.starts is not None:
            rows.append(
                ContextRow("starts", "Starts the next game", "seat", state.starts)
            )
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            notes=(
                msg(
                    "Announce: pair/three/four of a kind + one card; two pair and full "
                    "house every rank; flush and high card two cards; straights one "
                    "card."
                ),
            ),
            context=tuple(rows),
        )


def _check_in(state: KiertopokeriState, named: Mapping[str, int]) -> None:
    seats = len(state.table.seats)
    errors = [
        RuleError(
            field,
            "bad_seat" if seat >= seats else "player_out",
            msg("no {seat} at this table", seat=SeatText(seat))
            if seat >= seats
            else msg("{seat} is already out (§23.1)", seat=SeatText(seat)),
        )
        for field, seat in named.items()
        if seat >= seats or seat in state.out
    ]
    if errors:
        raise DealRejected(errors)


def _next_in(state: KiertopokeriState, seat: int) -> int:
    nxt = state.table.next_seat(seat)
    while nxt in state.out:
        nxt = state.table.next_seat(nxt)
    return nxt


def _doubt(
    state: KiertopokeriState, deal: KiertopokeriDoubt
) -> tuple[int, list[Fact], int]:
    _check_in(state, {"announcer": deal.announcer, "doubter": deal.doubter})
    errors = []
    if deal.doubter != _next_in(state, deal.announcer):
        errors.append(
            RuleError(
                "doubter",
                "not_next_player",
                msg(
                    "the doubter is the next player still in after {announcer}: "
                    "{next} (§23.1)",
                    announcer=SeatText(deal.announcer),
                    next=SeatText(_next_in(state, deal.announcer)),
                ),
            )
        )
    if len(deal.shown) != 5:
        errors.append(
            RuleError(
                "shown",
                "not_five_cards",
                msg(
                    "{cards} cards: a poker hand is five (§23.1)", cards=len(deal.shown)
                ),
            )
        )
    errors += check_deck(STANDARD_52, [("shown", deal.shown)])
    try:
        announcement = parse_announcement(deal.announced)
    except DealRejected as rejected:
        errors += rejected.errors
        announcement = None
    if errors or announcement is None:
        raise DealRejected(errors)
    hand = poker_hand(deal.shown)
    true = announcement.matches(hand)
    out = deal.doubter if true else deal.announcer
    # §23.1: a true hand puts the doubter out and the next player starts; a false
    # one puts the announcer out and the doubter starts.
    starts = _next_in(state, deal.doubter) if true else deal.doubter
    if starts == out or starts in state.out:  # only when two are left: the winner
        starts = None
    facts = [
        Fact(
            "shown",
            msg("the hand is {hand}: the announcement was true", hand=hand.describe())
            if true
            else msg(
                "the hand is {hand}: the announcement was false", hand=hand.describe()
            ),
        )
    ]
    return out, facts, starts
