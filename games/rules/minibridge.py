"""Tuomas's Minibridge: three players, a declarer with the dummy; ten deals.

Source: ``001_b57793035adc3f64.txt §11`` (book lines 922–1028; the contracts are
11.3, lines 950–990; the scoring 11.5, lines 1004–1023; 11.2, who declares, and
11.4, the play, the score does not need).

Built on :mod:`games.engine.tricks`: the deal's tricks are checked by
:func:`~games.engine.tricks.side_tricks` (the declarer with the dummy against the
two opponents, 13 tricks), the contract is a :class:`~games.engine.tricks.Contract`
promising its number of tricks, and its points come from a
:class:`~games.engine.tricks.ContractTable` whose columns change with the deal
number ("In the beginning" for deals 1–5, "In the end" from deal 6).

Terms:

* **seat** 0–2 clockwise, one player each; each player is a side of their own
  (seats as sides ``(0, 1, 2)``), so the totals are the players' points.
* **declarer** — the player who plays with the **dummy**, the fourth hand (11.2);
  the other two are the **opponents**.
* **contract** — the tricks the declarer promises (7, 9, 10, 11, 12) and the
  **trumps** (a suit or no trump); only the fifteen contracts of 11.3 exist.
* **outcome** — the tricks of the declarer and the dummy together (11.5).
* **column** — "In the beginning" (deals 1–5) or "In the end" (deals 6–10).

Readings (also in ``docs/games/minibridge.md``):

* A deal nobody declares is redealt (11.2): it is not a deal of the ten and is not
  entered.
* Who declared is entered, not checked: the high-card points that decide it (11.2)
  are never shown, so the scorer cannot verify them.
* The dealer passes to the left (book §1.4); the dealer announces first (11.2), so
  the sheet names the dealer as the first to announce.
* "Most points after ten deals" (11.5): players tied for most all win.
* Money: three players individually, so book §1.2's average method; the match is
  not cut short for money (§1.2 says Minibridge is played for its deals because
  the scoring changes in the latter half).

Invariants: the outcome and the opponents' tricks add up to 13; only the declarer
scores a deal (11.5: "the declarer is the only player who gets or loses points");
a made contract scores the column's value plus 3 per overtrick, a failed one 5
(deals 1–5) or 10 (deals 6–10) per missing trick; the match ends after deal 10
with the players of the highest total as winners.
"""

from __future__ import annotations

from typing import Annotated, Literal

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
from games.engine.decks import STANDARD_52
from games.engine.inputs import FrozenModel, SeatField, derived_pair
from games.engine.text import Seat, msg
from games.engine.tricks import (
    Contract,
    ContractTable,
    deal_tricks,
    seat_role,
    side_tricks,
)
from games.engine.tricks.strains import STRAIN_WORDS

PLAYERS = 3
TRICKS = deal_tricks(52, 4)  # 11.1: four hands of 13, one of them the dummy
DEALS = 10  # 11.5: "after ten deals"
LATE = 6  # 11.5: "In the first five deals … in subsequent deals"
DECLARER_AND_OPPONENTS = (0, 1)  # the entry's sides: [declarer + dummy, opponents]
OVERTRICK = 3  # 11.5: "additional 3 points for each won but not promised trick"

Trumps = Literal["no_trump", "hearts", "spades", "clubs", "diamonds"]
ALL_TRUMPS: tuple[str, ...] = ("no_trump", "hearts", "spades", "clubs", "diamonds")

# 11.3: the fifteen contracts, by the tricks promised.
CONTRACTS: dict[int, tuple[str, ...]] = {
    7: ALL_TRUMPS,
    9: ("no_trump",),
    10: ("hearts", "spades"),
    11: ("clubs", "diamonds"),
    12: ALL_TRUMPS,
}

# 11.5: the points of a made contract, and what a missing trick costs, by column.
POINTS = ContractTable(
    (
        (1, {7: 10, 9: 40, 10: 40, 11: 40, 12: 100}),
        (LATE, {7: 10, 9: 60, 10: 60, 11: 60, 12: 150}),
    )
)
PER_MISSING_TRICK = ContractTable(((1, {"missing": 5}), (LATE, {"missing": 10})))
# CONTRACTS as a sentence names them (tests/games/test_minibridge.py checks it).
LEGAL_CONTRACTS = msg(
    "7 no trump/hearts/spades/clubs/diamonds, 9 no trump, 10 hearts/spades, "
    "11 clubs/diamonds, 12 no trump/hearts/spades/clubs/diamonds"
)
COLUMN_NAMES = ("In the beginning", "In the end")


class MinibridgeOptions(FrozenModel):
    """The book gives no variants: ten deals, the columns as in 11.5."""


class MinibridgeDeal(FrozenModel):
    """One deal as entered: the declarer, the contract, and the tricks."""

    declarer: Annotated[SeatField, Field(le=PLAYERS - 1), seat_role("declarer")] = (
        Field(description="The declarer's seat (plays with the dummy).")
    )
    contract: Annotated[int, Field(ge=7, le=12)] = Field(
        description="Tricks the declarer promised: 7, 9, 10, 11 or 12 (11.3)."
    )
    trumps: Trumps = Field(description="The trump suit, or no trump (11.3).")
    tricks: tuple[
        Annotated[int, Field(ge=0, le=TRICKS)], Annotated[int, Field(ge=0, le=TRICKS)]
    ] = Field(
        description="Tricks won by [the declarer and the dummy, the opponents].",
        # A form asks for the declarer's tricks; the opponents took the rest of 13.
        json_schema_extra=derived_pair(
            TRICKS, labels=(msg("Declarer and dummy"), msg("Opponents"))
        ),
    )


def contract_error(contract: int, trumps: str) -> RuleError | None:
    """``not_a_contract`` unless (tricks, trumps) is one of the fifteen of 11.3."""
    if trumps in CONTRACTS.get(contract, ()):
        return None
    return RuleError(
        "trumps" if contract in CONTRACTS else "contract",
        "not_a_contract",
        msg(
            "{contract} tricks with {trumps} is not a contract; the contracts are "
            "{legal} (§11.3)",
            contract=contract,
            trumps=STRAIN_WORDS[trumps],
            legal=LEGAL_CONTRACTS,
        ),
    )


def contract_points(contract: Contract, outcome: int, deal_number: int) -> int:
    """The declarer's points (11.5): made — the column's value + 3 per overtrick;
    failed — 5 (deals 1–5) or 10 (later) per missing trick, as a minus."""
    if contract.made(outcome):
        base = POINTS.value(contract.promised, deal_number)
        return base + OVERTRICK * contract.overtricks(outcome)
    each = PER_MISSING_TRICK.value("missing", deal_number)
    return -each * contract.missing(outcome)


@register
class Minibridge(Game):
    slug = "minibridge"
    name = "Tuomas's Minibridge"
    source = "001_b57793035adc3f64.txt §11"
    summary = (
        "Three players and a dummy: the declarer scores the contract; "
        "ten deals, the points rise after five."
    )
    Options = MinibridgeOptions
    deal_input = MinibridgeDeal
    deck = STANDARD_52
    tables = (tuple(range(PLAYERS)),)

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("contract_made", "contract_failed")

    def verify_and_score(self, state: MatchState, deal: MinibridgeDeal) -> DealScore:
        errors: list[RuleError] = []
        per_side = side_tricks(
            deal.tricks, errors, sides=DECLARER_AND_OPPONENTS, tricks=TRICKS
        )
        wrong = contract_error(deal.contract, deal.trumps)
        if wrong is not None:
            errors.append(wrong)
        if errors or per_side is None:
            raise DealRejected(errors)
        contract = Contract(deal.contract, deal.trumps, book=0)
        outcome = per_side[0]
        number = state.deal_number
        scored = contract_points(contract, outcome, number)
        declarer = deal.declarer
        points = tuple(scored if seat == declarer else 0 for seat in range(PLAYERS))
        late = number >= LATE
        params = {
            "declarer": Seat(declarer),
            "promised": contract.promised,
            "scored": scored,
        }
        # One sentence a column (COLUMN_NAMES), so that a translation names each.
        if contract.made(outcome):
            params.update(trumps=STRAIN_WORDS[deal.trumps], tricks=outcome)
            text = (
                msg(
                    "{declarer} made {promised} {trumps} with {tricks} tricks (In the "
                    "end): {scored}",
                    **params,
                )
                if late
                else msg(
                    "{declarer} made {promised} {trumps} with {tricks} tricks (In the "
                    "beginning): {scored}",
                    **params,
                )
            )
            code = "contract_made"
        else:
            params["missing"] = contract.missing(outcome)
            text = (
                msg(
                    "{declarer} was {missing} short of {promised} (In the end): "
                    "{scored}",
                    **params,
                )
                if late
                else msg(
                    "{declarer} was {missing} short of {promised} (In the "
                    "beginning): {scored}",
                    **params,
                )
            )
            code = "contract_failed"
        return DealScore(
            points=points,
            facts=(Fact(code, text, declarer, scored),),
            detail={
                "declarer": declarer,
                "contract": deal.contract,
                "trumps": deal.trumps,
                "tricks": list(per_side),
            },
        )

    def match_goal(self, options: MinibridgeOptions) -> MatchGoal:
        return MatchGoal(deals=DEALS)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        number = state.deal_number
        late = number >= LATE
        made = POINTS.column(number)
        column = {
            "made7": made[7],
            "made9": made[9],
            "made12": made[12],
            "overtrick": OVERTRICK,
            "missing": PER_MISSING_TRICK.value("missing", number),
        }
        rows = (
            ContextRow(
                "column",
                "Column",
                "text",
                msg(
                    "In the end: made 7 → {made7}, 9–11 → {made9}, 12 → {made12}, "
                    "+{overtrick} an overtrick, −{missing} a missing trick",
                    **column,
                )
                if late
                else msg(
                    "In the beginning: made 7 → {made7}, 9–11 → {made9}, 12 → "
                    "{made12}, +{overtrick} an overtrick, −{missing} a missing trick",
                    **column,
                ),
            ),
            ContextRow("first_to_announce", "Announces first", "seat", state.dealer),
            ContextRow("deals_left", "Deals left", "number", DEALS - number + 1),
        )
        return NextDeal(
            number=number,
            dealer=state.dealer,
            starting_seat=state.dealer,
            context=rows,
        )
