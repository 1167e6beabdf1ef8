"""Narnian Whist: three players, a rotating attacker with a dummy; six deals.

Source: ``001_b57793035adc3f64.txt §5`` (book lines 375–421; the scoring is 5.3,
lines 403–409; 5.1 the deal and the dummy; 5.2 the play, which the score does not
need).

Built on :mod:`games.engine.tricks`: the deal is the attacker's and the defenders'
tricks, checked by :func:`~games.engine.tricks.side_tricks` against the deal's
tricks, ⌊deck ÷ 4⌋ for a Top Trumps deck of any size (option ``deck_size``).

Terms:

* **seat** 0–2 clockwise, one player each; each player is a side of their own
  (seats as sides ``(0, 1, 2)``), so the totals are the players' points.
* **attacker** — the player who plays with the **dummy** (the fourth hand, face up)
  against the two **defenders** (5.1). Each player attacks once in deals 1–3 and
  once in deals 4–6 (5.3).
* **deal's tricks** — the deck dealt evenly to four hands, the extra cards to the
  attacker, who discards them (5.1): ⌊deck ÷ 4⌋ tricks.

Readings (also in ``docs/games/narnian-whist.md``):

* 5.3 scores the attacker one point for each trick he or the dummy won; the
  defenders score nothing, not even as the team 5.1 calls them. So a deal's points
  go to one player only, and a player's points are all points "collected as the
  attacker". Each player is a side of their own: the sides' totals are the
  per-player points (no team total, so no ``seat_points`` or individual scoring
  on top of it).
* The book does not say who attacks when, only that everyone attacks once in the
  first three deals and once in the last three: the scorer enters the attacker,
  and a player who already attacked in this half is refused
  (``attacked_already``). The sheet suggests the next one: the first player
  clockwise from the last attacker who has not attacked in this half (seat
  ``first_dealer`` first).
* "Two of the players exchange seats" after deal 3 (5.3). Any two swapped among
  three reverse the clockwise order, so from deal 4 the player who leads ("the
  player to the attacker's left", 5.2) is the one who was on the attacker's right.
  Seats here keep naming the players; the sheet shows the swap before deal 4 and
  the leader with the reversed order.
* The deck: "any Top Trumps deck will do" (5.1), so its size is the option
  ``deck_size``; the default 30 is the common Top Trumps pack (7 tricks, 2 cards
  to the attacker's discard). Not stated in the book.
* "The player wins who collected most points" (5.3): players tied for most all
  win (the book gives no tie-break).
* Who deals is not said; the sheet names no dealer.
* Money: three players individually, so book §1.2's average method (the
  difference from the average × the stake).

Invariants: the attacker's and defenders' tricks add up to ⌊deck ÷ 4⌋; a deal's
points are the attacker's tricks, to the attacker only; after deal 3 every player
has attacked once and after deal 6 twice; the match ends after deal 6 with the
players of the highest total as winners.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from games.engine import (
    ContextRow,
    DealRejected,
    DealScore,
    Fact,
    Game,
    MatchGoal,
    MatchState,
    NextDeal,
    RuleError,
    register,
)
from games.engine.inputs import FrozenModel, SeatField
from games.engine.text import Seat, msg
from games.engine.tricks import seat_role, side_tricks

PLAYERS = 3
HANDS = 4  # three players and the dummy (5.1)
HALF = 3  # deals before the seat swap (5.3)
DEALS = 2 * HALF  # "the game lasts for six deals"
ATTACKER_AND_DEFENDERS = (0, 1)  # the entry's sides: [attacker + dummy, defenders]


class NarnianWhistOptions(FrozenModel):
    """Variants clubs choose; the defaults are Kirjuri's reading of the book."""

    deck_size: int = Field(
        30,
        ge=HANDS,
        le=400,
        description="Cards in the Top Trumps deck (5.1: any deck); the deal has "
        "deck ÷ 4 tricks, rounded down.",
    )


class NarnianWhistDeal(FrozenModel):
    """One deal as entered: who attacked, and the tricks."""

    attacker: Annotated[SeatField, Field(le=PLAYERS - 1), seat_role("attacker")] = (
        Field(description="The attacker's seat.")
    )
    tricks: tuple[
        Annotated[int, Field(ge=0, le=400)], Annotated[int, Field(ge=0, le=400)]
    ] = Field(
        description="Tricks won by [the attacker and the dummy, the two defenders]."
    )


def tricks_of(options: NarnianWhistOptions) -> int:
    """The deal's tricks: the deck dealt evenly to four hands (5.1)."""
    return options.deck_size // HANDS


@dataclass(frozen=True, kw_only=True)
class NarnianWhistState(MatchState):
    """``attackers``: the attacker of every deal so far, in order."""

    attackers: tuple[int, ...] = ()

    @property
    def half(self) -> tuple[int, ...]:
        """The attackers of this half (deals 1–3 or 4–6) so far."""
        return self.attackers[HALF:] if len(self.attackers) >= HALF else self.attackers

    @property
    def swapped(self) -> bool:
        """Whether the seat swap after deal 3 has happened (before deal 4 on)."""
        return len(self.attackers) >= HALF

    def left_of(self, seat: int) -> int:
        """The player on ``seat``'s left: clockwise before the swap, the other way
        after it (5.3: two of three players exchanging seats reverses the order)."""
        return (seat + (-1 if self.swapped else 1)) % PLAYERS

    def suggested_attacker(self) -> int:
        """The first player to the left of the last attacker who has not attacked
        in this half; seat ``first_dealer`` in deal 1."""
        if not self.attackers:
            return self.table.first_dealer
        seat = self.left_of(self.attackers[-1])
        while seat in self.half:
            seat = self.left_of(seat)
        return seat


@register
class NarnianWhist(Game):
    slug = "narnian-whist"
    name = "Narnian Whist"
    source = "001_b57793035adc3f64.txt §5"
    summary = (
        "Three players, Top Trumps: the attacker scores his and the dummy's tricks."
    )
    Options = NarnianWhistOptions
    deal_input = NarnianWhistDeal
    State = NarnianWhistState
    tables = (tuple(range(PLAYERS)),)

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("attacker_tricks",)

    def verify_and_score(
        self, state: NarnianWhistState, deal: NarnianWhistDeal
    ) -> DealScore:
        errors: list[RuleError] = []
        tricks = tricks_of(state.options)
        per_side = side_tricks(
            deal.tricks, errors, sides=ATTACKER_AND_DEFENDERS, tricks=tricks
        )
        attacker = deal.attacker
        if attacker in state.half:
            errors.append(
                RuleError(
                    "attacker",
                    "attacked_already",
                    msg(
                        "{attacker} has attacked already in deals {deals}; everyone "
                        "attacks once before the seat swap and once after it (§5.3)",
                        attacker=Seat(attacker),
                        deals="4–6" if state.swapped else "1–3",
                    ),
                )
            )
        if errors or per_side is None:
            raise DealRejected(errors)
        won = per_side[0]
        points = tuple(won if seat == attacker else 0 for seat in range(PLAYERS))
        return DealScore(
            points=points,
            facts=(
                Fact(
                    "attacker_tricks",
                    msg(
                        "{attacker} attacked and took {won} of {tricks} tricks with "
                        "the dummy",
                        attacker=Seat(attacker),
                        won=won,
                        tricks=tricks,
                    ),
                    attacker,
                    won,
                ),
            ),
            detail={"attacker": attacker, "tricks": list(per_side)},
        )

    def carry(
        self,
        state: NarnianWhistState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The deal's attacker joins the list of the match's attackers."""
        return {"attackers": (*state.attackers, score.detail["attacker"])}

    def match_goal(self, options: NarnianWhistOptions) -> MatchGoal:
        return MatchGoal(deals=DEALS)

    def next_deal(self, state: NarnianWhistState) -> NextDeal | None:
        if state.finished:
            return None
        attacker = state.suggested_attacker()
        attacks = tuple(state.attackers.count(seat) for seat in range(PLAYERS))
        rows = [
            ContextRow("attacker", "Attacker (suggested)", "seat", attacker),
            ContextRow(
                "attacks_left",
                "Attacks left",
                "per_side",
                tuple(2 - n for n in attacks),
            ),
            ContextRow(
                "tricks", "Tricks this deal", "number", tricks_of(state.options)
            ),
        ]
        notes: tuple[str, ...] = ()
        if len(state.attackers) == HALF:
            notes = (msg("Two players exchange seats before this deal (§5.3)."),)
            rows.append(
                ContextRow(
                    "seat_swap",
                    "Seat swap",
                    "text",
                    msg("two players exchange seats now"),
                )
            )
        return NextDeal(
            number=state.deal_number,
            dealer=None,
            starting_seat=state.left_of(attacker),
            notes=notes,
            context=tuple(rows),
        )
