"""Fireplace Poker: rummy with poker hands; rob the opponent's melds; chips are
minus points, the first to shed them all wins.

Source: book ``001_b57793035adc3f64.txt`` chapter 22 (l.1596–1699): setup §22.3, the
turn §22.4 (steal §22.4.1, meld §22.4.2, discard §22.4.3, score §22.4.4), the end
§22.5, special situations §22.6, the four-player variant §22.7. Two players (or two
teams of two sitting alternately), five 52-card decks, 31 chips each side.

Terms: a *meld* is five cards on the table, a poker hand (ch 21,
:mod:`games.engine.poker`) of at least a pair of jacks with no two identical cards;
*robbing* a meld is stealing one of its cards into your new meld, which must be
higher than every meld it robs; a robbed meld is discarded. A *turn* is one deal
here. After the meld, the player whose turn it is removes one chip for each meld
their side has more than the other; the first side without chips wins.

A turn is entered either as the meld made and the melds robbed (``cards``: verified
against the rules, the melds on the table and the five decks), or as each side's
meld count after it (``totals``: the chips follow from the counts). A pass (the
draw deck is out, §22.6.2) is a ``cards`` turn with no meld; the game ends after a
pass by every player in a row, and then the fewer chips win, more melds breaking a
tie. When a player cannot make a legal meld the opponent makes it for them
(§22.6.1, ``assisted``): then the identical-cards and pair-of-jacks rules do not
bind, but a robbing meld must still be higher than what it robs.

Totals are each side's chips (fewer is better: ``lower_totals_win``).

Invariants: chips only go down, one side at a time, by the meld surplus of the
side whose turn it is, never below 0; a card appears on the table at most five
times; every meld on the table was a legal meld when made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
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
from games.engine.cards import Card, parse_cards
from games.engine.decks import check_deck, make_deck
from games.engine.game import ContextRow, Fact, NextDeal
from games.engine.inputs import PER_SIDE, CardList, FrozenModel
from games.engine.poker import HandCategory, PokerHand, hand_key
from games.engine.text import Seat, msg, msgn

START_CHIPS = 31  # §22.3
MELD = 5
FIVE_DECKS = make_deck(msg("5 × 52 cards"), packs=5)
# §22.4.2: "a pair of jacks or higher" — the lowest such hand: J J 4 3 2.
PAIR_OF_JACKS = PokerHand(HandCategory.PAIR, (11, 11, 4, 3, 2)).key


class FireplacePokerOptions(FrozenModel):
    chips: int = Field(
        START_CHIPS, ge=1, le=1_000, description="Chips each side starts with (§22.3)."
    )


class FireplaceTurn(FrozenModel):
    """A turn entered as the meld made and the opponent's melds robbed."""

    mode: Literal["cards"] = "cards"
    meld: CardList = Field(
        description="The five cards melded (none: a pass when the draw deck is out)."
    )
    robbed: tuple[Annotated[int, Field(ge=1, le=1_000)], ...] = Field(
        default=(),
        max_length=5,
        description="The numbers of the opponent's melds a card was stolen from "
        "(as the sheet numbers them).",
    )
    assisted: bool = Field(
        False,
        description="The opponent made the meld, as the player could not (§22.6.1).",
    )


class FireplaceCounts(FrozenModel):
    """A turn entered as each side's number of melds after it."""

    mode: Literal["totals"]
    melds: Annotated[tuple[Annotated[int, Field(ge=0, le=1_000)], ...], PER_SIDE] = (
        Field(
            min_length=2, max_length=2, description="Each side's melds after the turn."
        )
    )


@dataclass(frozen=True, kw_only=True)
class FireplaceState(MatchState):
    """``melds``: each side's melds on the table, as card codes, or ``None`` once a
    turn was entered by counts only; ``counts``: each side's number of melds;
    ``passes``: passes in a row."""

    melds: tuple[tuple[str, ...], ...] | None = ((), ())
    counts: tuple[int, ...] = (0, 0)
    passes: int = 0


@register
class FireplacePoker(Game):
    slug = "fireplace-poker"
    name = "Fireplace Poker"
    source = "001_b57793035adc3f64.txt §22 (l.1596–1699)"
    summary = (
        "Two (or two teams of two) meld poker hands from five decks and rob each "
        "other's melds; each turn's meld surplus sheds chips, the first out wins."
    )
    Options = FireplacePokerOptions
    deck = FIVE_DECKS
    tables = ((0, 1), (0, 1, 0, 1))
    deal_modes = {"cards": FireplaceTurn, "totals": FireplaceCounts}
    State = FireplaceState
    lower_totals_win = True

    def initial_state(self, options: FireplacePokerOptions, table: Table) -> MatchState:
        return FireplaceState(
            table=table,
            options=options,
            totals=(options.chips, options.chips),
            dealer=table.first_dealer,
        )

    def verify_and_score(
        self, state: FireplaceState, deal: FireplaceTurn | FireplaceCounts
    ) -> DealScore:
        side = state.table.seats[state.dealer]
        other = 1 - side
        if isinstance(deal, FireplaceCounts):
            counts, melds, facts = _counts_turn(state, side, deal)
        elif not deal.meld:
            if deal.robbed:
                raise DealRejected(
                    [RuleError("robbed", "robbed_without_meld", "no meld, no robbing")]
                )
            counts, melds = state.counts, state.melds
            facts = [
                Fact(
                    "pass",
                    msg("{seat} passes (§22.6.2)", seat=Seat(state.dealer)),
                    side,
                )
            ]
        else:
            counts, melds, facts = _meld_turn(state, side, deal)
        surplus = counts[side] - counts[other]
        removed = min(max(surplus, 0), state.totals[side])
        points = tuple(-removed if s == side else 0 for s in range(2))
        if removed:
            facts.append(
                Fact(
                    "chips",
                    msg(
                        "{melds}: {chips} off",
                        melds=msgn(
                            "{count} meld more than the other side",
                            "{count} melds more than the other side",
                            count=surplus,
                        ),
                        chips=msgn("{count} chip", "{count} chips", count=removed),
                    ),
                    side,
                    removed,
                )
            )
        return DealScore(
            points=points,
            facts=tuple(facts),
            verified=isinstance(deal, FireplaceTurn),
            detail={
                "counts": list(counts),
                "melds": None if melds is None else [list(m) for m in melds],
                "passed": counts[side] == state.counts[side]
                and counts[other] == state.counts[other]
                and (isinstance(deal, FireplaceCounts) or not deal.meld),
            },
        )

    def match_over(
        self, state: FireplaceState, score: DealScore, totals: tuple[int, ...]
    ) -> bool:
        """A side with no points left wins; a round of passes ends it too
        (§22.6.2, §22.7)."""
        passes = state.passes + 1 if score.detail["passed"] else 0
        return 0 in totals or passes >= len(state.table.seats)

    def carry(
        self,
        state: FireplaceState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The melds on the table, their counts, and the passes in a row."""
        detail: dict[str, Any] = score.detail
        melds = detail["melds"]
        return {
            "melds": None if melds is None else tuple(tuple(m) for m in melds),
            "counts": tuple(detail["counts"]),
            "passes": state.passes + 1 if detail["passed"] else 0,
        }

    def match_winners(self, state: FireplaceState) -> tuple[int, ...]:
        """The sides at no points; after a round of passes, the fewest points,
        then the most melds."""
        totals = state.totals
        winners = tuple(s for s in range(2) if totals[s] == 0)
        if winners:
            return winners
        least = min(totals)
        level = [s for s in range(2) if totals[s] == least]
        most = max(state.counts[s] for s in level)
        return tuple(s for s in level if state.counts[s] == most)

    def next_deal(self, state: FireplaceState) -> NextDeal | None:
        if state.finished:
            return None
        rows = [ContextRow("melds", "Melds", "per_side", state.counts)]
        if state.melds is not None:
            rows.append(
                ContextRow(
                    "table",
                    "Melds on the table",
                    "per_side",
                    tuple(
                        " · ".join(f"{i}: {m}" for i, m in enumerate(side, 1)) or "—"
                        for side in state.melds
                    ),
                )
            )
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.dealer,
            notes=(
                msg(
                    "Steal 0–5 cards (one a meld), meld a poker hand ≥ a pair of jacks "
                    "higher than every meld robbed (§22.4)."
                ),
            ),
            context=tuple(rows),
        )


def _meld_turn(
    state: FireplaceState, side: int, deal: FireplaceTurn
) -> tuple[tuple[int, ...], tuple[tuple[str, ...], ...] | None, list[Fact]]:
    other = 1 - side
    cards = deal.meld
    errors: list[RuleError] = []
    if len(cards) != MELD:
        errors.append(
            RuleError(
                "meld",
                "not_five_cards",
                msg("{cards} cards: a meld is five", cards=len(cards)),
            )
        )
    if not deal.assisted and len(set(cards)) != len(cards):
        errors.append(
            RuleError(
                "meld",
                "identical_cards",
                "no two identical cards in a meld (§22.4.2)",
            )
        )
    if len(set(deal.robbed)) != len(deal.robbed):
        errors.append(
            RuleError("robbed", "robbed_twice", "one card from each meld (§22.4.1)")
        )
    if state.melds is None and deal.robbed:
        errors.append(
            RuleError(
                "robbed",
                "melds_unknown",
                "the melds on the table are not known (a turn was entered by counts):"
                " enter this turn by counts too",
            )
        )
    theirs = [] if state.melds is None else list(state.melds[other])
    robbed_melds = []
    for i, number in enumerate(deal.robbed):
        if state.melds is not None and number > len(theirs):
            errors.append(
                RuleError(
                    f"robbed.{i}",
                    "no_such_meld",
                    msg(
                        "the opponent has {melds} melds, no meld {number}",
                        melds=len(theirs),
                        number=number,
                    ),
                )
            )
        elif state.melds is not None:
            robbed_melds.append((i, parse_cards(theirs[number - 1])))
    if errors:
        raise DealRejected(errors)
    key = hand_key(cards)
    if not deal.assisted and key < PAIR_OF_JACKS:
        errors.append(
            RuleError(
                "meld",
                "below_jacks",
                msg(
                    "{hand}: a meld is a pair of jacks or higher (§22.4.2)",
                    hand=PokerHand.from_key(key).describe(),
                ),
            )
        )
    for i, meld in robbed_melds:
        if key <= hand_key(meld):
            errors.append(
                RuleError(
                    f"robbed.{i}",
                    "not_higher",
                    msg(
                        "the meld must be higher than meld {number} ({hand}) (§22.4.2)",
                        number=deal.robbed[i],
                        hand=PokerHand.from_key(hand_key(meld)).describe(),
                    ),
                )
            )
    if robbed_melds and not _steals_fit(cards, [m for _, m in robbed_melds]):
        errors.append(
            RuleError(
                "robbed",
                "not_stolen",
                "the meld holds no card of each meld robbed, one card a meld (§22.4.1)",
            )
        )
    table_after = _table_after(state, side, cards, deal.robbed)
    errors += check_deck(
        FIVE_DECKS,
        [
            (f"table.{s}.{i}", parse_cards(m))
            for s in range(2)
            for i, m in enumerate(table_after[s])
        ],
    )
    if errors:
        raise DealRejected(errors)
    facts = [
        Fact(
            "meld",
            msg(
                "meld {hand}, robbing {robbed}",
                hand=PokerHand.from_key(key).describe(),
                robbed=len(deal.robbed),
            )
            if deal.robbed
            else msg("meld {hand}", hand=PokerHand.from_key(key).describe()),
            side,
        )
    ]
    if state.melds is None:
        # A turn entered by counts earlier left the table unknown: this meld adds
        # one to the counts kept so far (it cannot rob, checked above), and the
        # table stays unknown — a table of this meld alone would drop the rest.
        counts = tuple(c + (s == side) for s, c in enumerate(state.counts))
        return counts, None, facts
    counts = tuple(len(m) for m in table_after)
    return counts, table_after, facts


def _steals_fit(meld: Sequence[Card], robbed: Sequence[Sequence[Card]]) -> bool:
    """Whether each robbed meld can give a different card of ``meld``."""
    for chosen in permutations(range(len(meld)), len(robbed)):
        if all(meld[c] in robbed[r] for r, c in enumerate(chosen)):
            return True
    return False


def _table_after(
    state: FireplaceState, side: int, cards: Sequence[Card], robbed: Sequence[int]
) -> tuple[tuple[str, ...], ...]:
    melds = state.melds or ((), ())
    gone = set(robbed)
    mine = (*melds[side], " ".join(c.code for c in cards))
    theirs = tuple(m for i, m in enumerate(melds[1 - side], 1) if i not in gone)
    return (mine, theirs) if side == 0 else (theirs, mine)


def _counts_turn(
    state: FireplaceState, side: int, deal: FireplaceCounts
) -> tuple[tuple[int, ...], None, list[Fact]]:
    """Counts only: the side whose turn it is made at most one meld and robbed at
    most five; the other side cannot gain a meld."""
    other = 1 - side
    errors = []
    mine, theirs = deal.melds[side], deal.melds[other]
    if mine not in (state.counts[side], state.counts[side] + 1):
        errors.append(
            RuleError(
                f"melds.{side}",
                "bad_meld_count",
                msg(
                    "one meld a turn: {now} or {more}, not {entered} (§22.4.2)",
                    now=state.counts[side],
                    more=state.counts[side] + 1,
                    entered=mine,
                ),
            )
        )
    robbed = state.counts[other] - theirs
    if not 0 <= robbed <= MELD or (robbed and mine == state.counts[side]):
        errors.append(
            RuleError(
                f"melds.{other}",
                "bad_meld_count",
                msg(
                    "the opponent had {melds} melds: a meld robs 0–5 of them, not "
                    "{robbed} (§22.4.1)",
                    melds=state.counts[other],
                    robbed=robbed,
                ),
            )
        )
    if errors:
        raise DealRejected(errors)
    return tuple(deal.melds), None, []
