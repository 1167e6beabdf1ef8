"""Contract Petanque: three players, an auction after the first balls, ten rounds.

Source: book ``001_b57793035adc3f64.txt`` chapter 64 (l.3736–3785): the beginning
§64.1 (l.3746–3748), the auction §64.2 (l.3750–3768), the end game §64.3
(l.3770–3772), the scoring and the end §64.4 (l.3774–3784).

Terms: each player has two balls. After the jack and one ball each, the players
*bid* the points they will score: a *number bid* 1–5, *double* (an opponent's bid),
*redouble* (one's own doubled bid), *flee* (when one opponent doubled the other's
bid: the fleer sides with the bidder), or *pass*. The last number bidder is the
*declarer*, the others the *defenders*. After the second balls the three closest
balls score *ball points* 3, 2 and 1. The declarer *fulfils* the contract with at
least the bid in ball points: he wins the bid in *game points*, otherwise he loses
it; doubled ×2, redoubled ×4; a defender who fled wins or loses what the declarer
does. The other defenders score nothing.

A scorer enters per round: the declarer, the final bid, whether it was doubled or
redoubled, who fled (if anyone), and the declarer's ball points. Checked: a flee
needs a double and a defender who did not double (so a doubled contract has a
defender to have doubled it); in the last round a player more than 20 points
behind may only pass (§64.4) — he cannot flee, double or redouble, and is
declarer only on his forced opening bid of 1.

The match is ten rounds (option ``rounds``); most game points win, ties share.
Money: per point by the average method (book §1.2, more than two players).

Invariants: a round scores ±bid × (1, 2 or 4) for the declarer, the same for a
fleer, and 0 for the other defenders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field

from games.engine import (
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
from games.engine.game import ContextRow
from games.engine.goals import target_or_deals_rows
from games.engine.inputs import FrozenModel, SeatField, seat_role
from games.engine.text import Seat as SeatText
from games.engine.text import Text, msg

PLAYERS = 3
MULTIPLIER = {"plain": 1, "doubled": 2, "redoubled": 4}
BEHIND = 20  # "more than twenty points behind the others" (§64.4)

Seat = Annotated[SeatField, Field(le=PLAYERS - 1)]


class ContractPetanqueOptions(FrozenModel):
    rounds: int = Field(10, ge=1, le=100, description="Rounds in a match (§64.4: ten).")
    behind: Literal["each", "leader"] = Field(
        "each",
        description="Who is 'more than twenty points behind the others' in the last "
        "round (§64.4): each — more than 20 below each other player (the book's "
        "singular 'one of the players'); leader — more than 20 below the leader.",
    )


class ContractPetanqueRound(FrozenModel):
    declarer: Annotated[Seat, seat_role("declarer")] = Field(
        description="The last number bidder."
    )
    bid: int = Field(ge=1, le=5, description="The final number bid, 1–5 (§64.2).")
    contract: Literal["plain", "doubled", "redoubled"] = Field(
        "plain",
        description="Whether an opponent doubled it, and the declarer redoubled.",
    )
    fled: Annotated[Seat, seat_role("fled")] | None = Field(
        None,
        description="The defender who fled (sided with the declarer), if anyone.",
    )
    ball_points: int = Field(
        ge=0,
        le=5,
        description="The declarer's ball points: 3, 2 and 1 for the closest three "
        "balls (§64.4).",
    )


def far_behind(
    totals: Sequence[int], rule: Literal["each", "leader"]
) -> tuple[int, ...]:
    """The players more than 20 points behind the others (§64.4)."""
    out = []
    for seat, total in enumerate(totals):
        others = [t for s, t in enumerate(totals) if s != seat]
        bar = min(others) if rule == "each" else max(others)
        if bar - total > BEHIND:
            out.append(seat)
    return tuple(out)


@register
class ContractPetanque(Game):
    deal_word = "round"
    slug = "contract-petanque"
    name = "Contract Petanque"
    source = "001_b57793035adc3f64.txt §64 (l.3736–3785)"
    summary = (
        "Three players bid for the round's ball points after the first balls; "
        "doubles, redoubles, fleeing; ten rounds."
    )
    Options = ContractPetanqueOptions
    deal_input = ContractPetanqueRound
    tables = ((0, 1, 2),)

    def last_round(self, state: MatchState) -> bool:
        return state.deal_number == state.options.rounds

    def verify_and_score(
        self, state: MatchState, deal: ContractPetanqueRound
    ) -> DealScore:
        options: ContractPetanqueOptions = state.options
        errors = []
        defenders = [s for s in range(PLAYERS) if s != deal.declarer]
        if deal.fled is not None:
            if deal.fled == deal.declarer:
                errors.append(
                    RuleError(
                        "fled",
                        "declarer_cannot_flee",
                        "the declarer cannot flee his own contract: only a "
                        "defender flees (§64.2)",
                    )
                )
            elif deal.contract == "plain":
                errors.append(
                    RuleError(
                        "fled",
                        "flee_needs_double",
                        "a defender flees only a contract the other defender "
                        "doubled (§64.2)",
                    )
                )
        behind = (
            far_behind(state.totals, options.behind) if self.last_round(state) else ()
        )
        if behind:
            errors += self.behind_errors(deal, defenders, behind)
        if errors:
            raise DealRejected(errors)
        made = deal.ball_points >= deal.bid
        value = deal.bid * MULTIPLIER[deal.contract] * (1 if made else -1)
        points = [0] * PLAYERS
        points[deal.declarer] = value
        if deal.fled is not None:
            points[deal.fled] = value
        facts = [
            Fact(
                "contract",
                _contract_text(
                    deal.contract,
                    made,
                    seat=SeatText(deal.declarer),
                    bid=deal.bid,
                    ball_points=deal.ball_points,
                ),
                deal.declarer,
                value,
            )
        ]
        if deal.fled is not None:
            facts.append(
                Fact(
                    "fled",
                    msg(
                        "{seat} fled: {value:+d}", seat=SeatText(deal.fled), value=value
                    ),
                    deal.fled,
                    value,
                )
            )
        return DealScore(
            points=tuple(points),
            facts=tuple(facts),
            detail={
                "declarer": deal.declarer,
                "fled": deal.fled,
                "made": made,
                "defenders": defenders,
            },
        )

    def behind_errors(
        self,
        deal: ContractPetanqueRound,
        defenders: list[int],
        behind: tuple[int, ...],
    ) -> list[RuleError]:
        """§64.4: in the last round a player far behind may only pass (or make the
        forced opening bid of 1)."""
        errors = []
        declarer = SeatText(deal.declarer)
        if deal.declarer in behind:
            if deal.bid != 1:
                errors.append(
                    RuleError(
                        "bid",
                        "behind_only_passes",
                        msg(
                            "{seat} is more than 20 points behind in the last round, "
                            "he may only pass (§64.4); he is declarer only on his "
                            "opening bid of 1",
                            seat=declarer,
                        ),
                    )
                )
            if deal.contract == "redoubled":
                errors.append(
                    RuleError(
                        "contract",
                        "behind_only_passes",
                        msg(
                            "{seat} is more than 20 points behind in the last round, "
                            "he may only pass (§64.4): no redouble",
                            seat=declarer,
                        ),
                    )
                )
        if deal.fled is not None and deal.fled in behind:
            errors.append(
                RuleError(
                    "fled",
                    "behind_only_passes",
                    msg(
                        "{seat} is more than 20 points behind in the last round, he "
                        "may only pass (§64.4)",
                        seat=SeatText(deal.fled),
                    ),
                )
            )
        doublers = [d for d in defenders if d not in behind and d != deal.fled]
        if deal.contract != "plain" and not doublers:
            errors.append(
                RuleError(
                    "contract",
                    "behind_only_passes",
                    "no defender could double: more than 20 points behind in the "
                    "last round, he may only pass (§64.4)",
                )
            )
        return errors

    def deal_winners(
        self, points: Sequence[int], detail: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        """A made contract is won by the declarer (and a fleer); a failed one by
        the defenders who did not flee."""
        if not detail or "made" not in detail:
            return super().deal_winners(points, detail)
        side = {detail["declarer"]} | (
            {detail["fled"]} if detail["fled"] is not None else set()
        )
        if detail["made"]:
            return tuple(sorted(side))
        return tuple(s for s in range(len(points)) if s not in side)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        options: ContractPetanqueOptions = state.options
        rows = list(
            target_or_deals_rows(
                state, target=None, deals=options.rounds, unit=("round", msg("Round"))
            )
        )
        may_bid = None
        if self.last_round(state):
            behind = far_behind(state.totals, options.behind)
            may_bid = tuple(s for s in range(PLAYERS) if s not in behind)
            rows += [
                ContextRow("only_pass", "May only pass", "seat", s) for s in behind
            ]
        return NextDeal(
            number=state.deal_number,
            may_bid=may_bid,
            notes=(
                msg(
                    "Jack 6–10 m away, one ball each, then the auction: the farthest "
                    "ball bids first (§64.1–64.2)."
                ),
                msg("Ball points 3, 2, 1 for the closest three balls (§64.4)."),
            ),
            context=tuple(rows),
        )

    def match_goal(self, options: ContractPetanqueOptions) -> MatchGoal:
        return MatchGoal(deals=options.rounds)


def _contract_text(contract: str, made: bool, **params: Any) -> Text:
    """The contract's fact: who bid what, doubled or not, made or failed."""
    if contract == "doubled":
        if made:
            return msg(
                "{seat} bid {bid} doubled and made it with {ball_points} ball points",
                **params,
            )
        return msg(
            "{seat} bid {bid} doubled and failed it with {ball_points} ball points",
            **params,
        )
    if contract == "redoubled":
        if made:
            return msg(
                "{seat} bid {bid} redoubled and made it with {ball_points} ball points",
                **params,
            )
        return msg(
            "{seat} bid {bid} redoubled and failed it with {ball_points} ball points",
            **params,
        )
    if made:
        return msg(
            "{seat} bid {bid} and made it with {ball_points} ball points", **params
        )
    return msg(
        "{seat} bid {bid} and failed it with {ball_points} ball points", **params
    )
