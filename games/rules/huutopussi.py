"""Math students' Huutopussi: a point contract, card points and trump announcements;
first to 500 wins; win/loss only.

Source: ``001_b57793035adc3f64.txt §12`` (book lines 1029–1089; the auction 12.2,
lines 1041–1045; the card exchange and the raised contract 12.3; announcements
12.4; the scoring 12.5, lines 1069–1089). Chapter 13 (strategy) scores nothing.
Money: book §1.2 (lines 237–239), "played for win/loss only".

Built on :mod:`games.engine.tricks`, with Marjapussi (§7): the card points are
:data:`~games.engine.tricks.HUUTOPUSSI_CARD_POINTS` (checked by
:func:`~games.engine.tricks.check_card_points`, or counted from the cards won,
checked by :func:`~games.engine.tricks.check_won_cards`), the trump announcements
:class:`~games.engine.tricks.Announcement` with
:data:`~games.engine.tricks.HUUTOPUSSI_TRUMPS`, each suit once
(:func:`~games.engine.tricks.check_announcements`).

Terms:

* **side** 0 and 1, partners opposite (seats as sides ``(0, 1, 0, 1)``).
* **final bid** — the highest bid of the auction, 50–440 in fives (12.2); the
  **contract** is the final bid, or the declarer's raise of it after the card
  exchange (12.3), at most 440.
* **card points** — ace and ten 10, king, queen and jack 5 in the tricks won, the
  last trick 20 more: 160 a deal (12.5). A **trump announcement** adds ♠ 40,
  ♣ 60, ♦ 80, ♥ 100 card points to the side that made it; each suit is announced
  at most once a deal (12.4).
* **game points** — the score: the declarers get the contract if their card
  points (with announcements) reach it, otherwise lose it; the opponents get their
  card points (12.5).
* **läpäri** — all the tricks: the side that got none loses the original final
  bid (12.5).

Readings (also in ``docs/games/huutopussi.md``):

* Announcements are card points (12.5 lists them as "card points"), so they count
  toward the contract and are what the opponents score with their cards; that is
  why the highest bid is 440 = 160 + 40 + 60 + 80 + 100.
* A declarer side that takes no trick fails its contract *and* loses the final
  bid (both sentences of 12.5 apply); the book's one example of a läpäri against
  the opponents with a failed contract (over 160) is the same rule from the other
  side.
* The −500 rule (12.5): when the declarer's side has −500 or less, the declarer
  must be the dealer with a final bid of 50 — the opening bid nobody raised.
  Raising the contract after the exchange is not bidding, so it stays allowed.
* Both sides at 500 or more after the same deal: more game points wins; equal
  totals are a shared win (the book gives no tie-break).
* Who dealt is the sheet's dealer (passing left, book §1.4).

Invariants: the card points without announcements add up to 160; a side that won
no trick has no card points and made no announcement; each suit is announced at
most once; the declarers score ± the contract, the opponents their card points,
and a side with no trick loses the final bid on top; the match ends the moment a
side has 500 or more, the side with more game points winning.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

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
from games.engine.cards import Suit
from games.engine.decks import PIQUET_36
from games.engine.inputs import (
    PER_SIDE,
    CardList,
    FrozenModel,
    SeatField,
    SideField,
    derived_pair,
)
from games.engine.text import Side as SideNumber
from games.engine.text import msg
from games.engine.tricks import (
    HUUTOPUSSI_CARD_POINTS,
    HUUTOPUSSI_TRUMPS,
    PARTNERS,
    Announcement,
    announcement_points,
    check_announcements,
    check_card_points,
    check_won_cards,
    seat_role,
)

LOWEST_BID = 50  # 12.2: "The dealer starts bids by bidding at least 50."
HIGHEST_BID = 440  # 12.2: "the highest possible bid is 440"
STEP = 5  # 12.2: "The bids must be multiples of five"
DEAL_CARD_POINTS = HUUTOPUSSI_CARD_POINTS.deal_total(PIQUET_36)  # 140 + 20 = 160
BARRED = -500  # 12.5: "-500 game points or less … not allowed to bid"
TARGET = 500  # 12.5: "The team that first gets at least 500 game points wins"

Bid = Annotated[int, Field(ge=LOWEST_BID, le=HIGHEST_BID)]
Side = Annotated[SideField, Field(le=1)]
CardPoints = Annotated[int, Field(ge=0, le=DEAL_CARD_POINTS)]


class HuutopussiOptions(FrozenModel):
    """The book's target; clubs that play shorter or longer set it."""

    target: int = Field(
        TARGET, ge=1, description="Game points that win the game (12.5)."
    )


class HuutopussiDeal(FrozenModel):
    """One deal as entered: the auction's result, the card points (or the cards
    won) and the trump announcements."""

    declarer: Annotated[SeatField, Field(le=3), seat_role("declarer")] = Field(
        description="The declarer's seat (the highest bidder)."
    )
    bid: Bid = Field(description="The final bid of the auction, 50–440 in fives.")
    contract: Bid | None = Field(
        None,
        description="The contract if the declarer raised the final bid after the "
        "card exchange (12.3); empty if not raised.",
    )
    card_points: Annotated[tuple[CardPoints, CardPoints], PER_SIDE] | None = Field(
        None,
        description="Card points per side, the last trick's 20 included, without "
        "announcements: 160 in all.",
        # A form asks for side 0's points; side 1 won the rest of the 160.
        json_schema_extra=derived_pair(DEAL_CARD_POINTS, count="stepper"),
    )
    cards: Annotated[tuple[CardList, CardList], PER_SIDE] | None = Field(
        None, description="Instead of card points: the cards of the tricks won."
    )
    last_trick: Side | None = Field(
        None, description="With the cards: the side that won the last trick."
    )
    trumps: Annotated[tuple[tuple[Suit, ...], tuple[Suit, ...]], PER_SIDE] = Field(
        ((), ()),
        description="Per side, the suits it announced trumps (♠ 40, ♣ 60, ♦ 80, "
        "♥ 100); each suit at most once a deal.",
    )
    no_tricks: Side | None = Field(
        None, description="A side that took no trick (läpäri against it)."
    )

    @field_validator("cards")
    @classmethod
    def _no_cards_is_not_entered(cls, cards):
        # The entry page sends every card box; none filled means card points.
        if cards is not None and not any(cards):
            return None
        return cards


def _multiple_of_five(
    value: int,
    path: str,
    what: Literal["final bid", "contract", "card points"],
    errors: list,
) -> None:
    if value % STEP:
        # One sentence for each thing entered, so that a translation words each.
        if what == "final bid":
            text = msg(
                "the final bid {value} is not a multiple of five (§12.2)", value=value
            )
        elif what == "contract":
            text = msg(
                "the contract {value} is not a multiple of five (§12.2)", value=value
            )
        else:
            text = msg(
                "the card points {value} is not a multiple of five (§12.2)",
                value=value,
            )
        errors.append(RuleError(path, "not_a_multiple_of_5", text))


def _auction(state: MatchState, deal: HuutopussiDeal, errors: list[RuleError]) -> int:
    """The contract, after checking the bid, the raise and the −500 rule."""
    _multiple_of_five(deal.bid, "bid", "final bid", errors)
    contract = deal.bid if deal.contract is None else deal.contract
    if deal.contract is not None:
        _multiple_of_five(deal.contract, "contract", "contract", errors)
        if deal.contract < deal.bid:
            errors.append(
                RuleError(
                    "contract",
                    "contract_below_bid",
                    msg(
                        "the contract {contract} is below the final bid {bid}: the "
                        "declarer may only raise it (§12.3)",
                        contract=deal.contract,
                        bid=deal.bid,
                    ),
                )
            )
    side = PARTNERS[deal.declarer]
    if state.totals[side] <= BARRED and not (
        deal.declarer == state.dealer and deal.bid == LOWEST_BID
    ):
        errors.append(
            RuleError(
                "declarer",
                "may_not_bid",
                msg(
                    "{side} has {points} game points: at −500 or less it may not "
                    "bid, except the dealer's opening bid of 50 (§12.5)",
                    side=SideNumber(side),
                    points=state.totals[side],
                ),
            )
        )
    return contract


def _card_points(
    deal: HuutopussiDeal, errors: list[RuleError]
) -> tuple[tuple[int, ...] | None, int | None]:
    """Card points per side (entered or counted from the cards) and the side that
    took no trick, checked."""
    counted = None
    empty: list[int] = []
    if deal.cards is not None and check_won_cards(
        deal.cards, PIQUET_36, errors, section="§12.1"
    ):
        empty = [s for s, won in enumerate(deal.cards) if not won]
        if deal.last_trick is None:
            errors.append(
                RuleError(
                    "last_trick",
                    "last_trick_required",
                    "with the cards, enter the side that won the last trick",
                )
            )
        elif deal.last_trick in empty:
            errors.append(
                RuleError(
                    "last_trick",
                    "last_trick_without_tricks",
                    msg(
                        "{side} won no trick, so not the last one",
                        side=SideNumber(deal.last_trick),
                    ),
                )
            )
        else:
            counted = HUUTOPUSSI_CARD_POINTS.sides(deal.cards, deal.last_trick)
    points = deal.card_points
    if points is None:
        if deal.cards is None:
            errors.append(
                RuleError(
                    "card_points",
                    "card_points_required",
                    "enter the card points or the cards won",
                )
            )
        points = counted
    else:
        fine = sum(points) == DEAL_CARD_POINTS or check_card_points(
            points, HUUTOPUSSI_CARD_POINTS, PIQUET_36, errors, path="card_points"
        )
        for side, value in enumerate(points):
            _multiple_of_five(value, f"card_points.{side}", "card points", errors)
        if not fine:
            points = None
        elif counted is not None and counted != points:
            errors.append(
                RuleError(
                    "card_points",
                    "card_points_do_not_match_cards",
                    msg(
                        "the cards won hold {counted}, not {entered}",
                        counted=str(list(counted)),
                        entered=str(list(points)),
                    ),
                )
            )
    trickless = deal.no_tricks
    if deal.cards is not None and trickless is not None and empty != [trickless]:
        errors.append(
            RuleError(
                "no_tricks",
                "no_tricks_does_not_match_cards",
                msg(
                    "{side} took no trick, but the cards say otherwise",
                    side=SideNumber(trickless),
                ),
            )
        )
    if trickless is None and empty:
        trickless = empty[0]
    if trickless is not None and points is not None and points[trickless]:
        errors.append(
            RuleError(
                f"card_points.{trickless}",
                "card_points_without_tricks",
                msg(
                    "{side} took no trick, so it has no card points",
                    side=SideNumber(trickless),
                ),
            )
        )
    return points, trickless


def _announcements(
    deal: HuutopussiDeal, trickless: int | None, errors: list[RuleError]
) -> list[Announcement]:
    made = [
        Announcement(suit, side)
        for side, suits in enumerate(deal.trumps)
        for suit in suits
    ]
    paths = [
        f"trumps.{side}.{i}"
        for side, suits in enumerate(deal.trumps)
        for i in range(len(suits))
    ]
    found: list[RuleError] = []
    check_announcements(
        made,
        found,
        side_tricks=[int(side != trickless) for side in (0, 1)],
        path="announcements",
        section="§12.4",
    )
    errors.extend(
        RuleError(paths[int(e.path.rsplit(".", 1)[-1])], e.code, e.message)
        for e in found
    )
    return made


@register
class Huutopussi(Game):
    slug = "huutopussi"
    name = "Math students' Huutopussi"
    source = "001_b57793035adc3f64.txt §12"
    summary = (
        "Bid 50–440 for card points and trump announcements; first to 500 wins "
        "(win/loss only)."
    )
    Options = HuutopussiOptions
    deal_input = HuutopussiDeal
    deck = PIQUET_36
    tables = (PARTNERS,)
    stakes_per_point = False  # §1.2: "played for win/loss only"

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("contract_made", "contract_failed", "lapari")

    def verify_and_score(self, state: MatchState, deal: HuutopussiDeal) -> DealScore:
        errors: list[RuleError] = []
        contract = _auction(state, deal, errors)
        points, trickless = _card_points(deal, errors)
        made = _announcements(deal, trickless, errors)
        if errors or points is None:
            raise DealRejected(errors)
        announced = announcement_points(made, HUUTOPUSSI_TRUMPS)
        collected = [c + a for c, a in zip(points, announced, strict=True)]
        side = PARTNERS[deal.declarer]
        other = 1 - side
        scored = [0, 0]
        success = collected[side] >= contract
        scored[side] = contract if success else -contract
        scored[other] = collected[other]
        facts = [
            Fact(
                "contract_made" if success else "contract_failed",
                msg(
                    "{side} made {contract} with {points} card points",
                    side=SideNumber(side),
                    contract=contract,
                    points=collected[side],
                )
                if success
                else msg(
                    "{side} failed {contract} with {points} card points",
                    side=SideNumber(side),
                    contract=contract,
                    points=collected[side],
                ),
                side,
                scored[side],
            ),
            Fact(
                "opponents_card_points",
                msg(
                    "{side}: {points} card points",
                    side=SideNumber(other),
                    points=collected[other],
                ),
                other,
                collected[other],
            ),
        ]
        if trickless is not None:
            scored[trickless] -= deal.bid
            facts.append(
                Fact(
                    "lapari",
                    msg(
                        "läpäri: {side} took no trick and loses the final bid {bid}",
                        side=SideNumber(trickless),
                        bid=deal.bid,
                    ),
                    trickless,
                    -deal.bid,
                )
            )
        return DealScore(
            points=tuple(scored),
            facts=tuple(facts),
            detail={
                "declarer": deal.declarer,
                "bid": deal.bid,
                "contract": contract,
                "card_points": list(collected),
            },
        )

    def match_goal(self, options: HuutopussiOptions) -> MatchGoal:
        return MatchGoal(target=options.target)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        dealer = state.dealer
        barred = [s for s in (0, 1) if state.totals[s] <= BARRED]
        may_bid = tuple(
            seat for seat in range(4) if PARTNERS[seat] not in barred or seat == dealer
        )
        rows = [
            ContextRow(
                "points_to_win",
                "Game points still needed",
                "per_side",
                tuple(max(state.options.target - t, 0) for t in state.totals),
            ),
            ContextRow("opening_bid", "Opens the bidding (50 or more)", "seat", dealer),
        ]
        if barred:
            rows.append(
                ContextRow(
                    "barred_from_bidding",
                    "May not bid (−500 or less)",
                    "text",
                    msg(
                        "{side} (the dealer may still open at 50)",
                        side=SideNumber(barred[0]),
                    )
                    if len(barred) == 1
                    else msg(
                        "{side0} and {side1} (the dealer may still open at 50)",
                        side0=SideNumber(barred[0]),
                        side1=SideNumber(barred[1]),
                    ),
                )
            )
        return NextDeal(
            number=state.deal_number,
            dealer=dealer,
            starting_seat=dealer,
            may_bid=may_bid,
            context=tuple(rows),
        )
