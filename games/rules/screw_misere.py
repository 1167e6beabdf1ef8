"""Screw Misere: minus points for tricks and for aces by trick number; 100 loses.

Source: ``001_b57793035adc3f64.txt §19`` (book lines 1486–1519; the scoring is 19.3,
lines 1504–1513; 19.1 the table, 19.2 the card passing and the play, 19.4 how the
tricks are laid out so the aces' tricks can be read).

Built on :mod:`games.engine.tricks`, like the Skruuvis' misere: the tricks per side
(or per seat) are checked by :func:`~games.engine.tricks.side_tricks`, where the
four aces fell by :func:`~games.engine.tricks.check_deal_aces`, and a side's minus
points are :func:`~games.engine.tricks.misere_minus` — the same aces by trick number
Modern Skruuvi and Klubiskruuvi score in misere (§15.8).

Terms:

* **side** 0 and 1, partners opposite (seats as sides ``(0, 1, 0, 1)``).
* **minus points** — what a side collects; the totals are minus points, so the
  lowest total is best (``lower_totals_win``). A deal's **normal** minus for a side
  is one per trick it won plus *k* for each ace that fell in the deal's *k*-th
  trick, if that trick was the side's (19.3).
* **protection** — "a team cannot lose the game in a deal where they get fewer
  minus points than the opponents (or an equal number)": a side that would reach
  the target by such a deal scores 0, and the opponents score the difference of
  the two normal sums (19.3).
* **choice** — when both sides would reach the target with normal scoring, the
  side with fewer minus points in the deal chooses normal scoring (then the
  smaller total wins) or protection (19.3).

Readings (also in ``docs/games/screw-misere.md``):

* A deal where both sides take the same minus points and both would reach the
  target: each side is protected ("or an equal number"), so each scores 0 and the
  difference is 0 — the deal changes nothing. No side "got fewer", so nobody
  chooses.
* Normal scoring chosen and the totals equal: both sides win (a drawn game; the
  book gives no tie-break).
* The choice is entered only when it is open; entered otherwise it is refused
  (``choice_not_open``), and missing when open it is asked for
  (``choice_required``).
* Money: two sides, so the difference of the totals × the stake (book §1.2); the
  lower total is the better one.

Invariants: the tricks add up to 13; each of the four aces is entered once, each
ace trick has one winner, and no side won more ace tricks than tricks; a side's
normal minus is its tricks plus the trick numbers of the aces it won (so the two
sides' normal minus add up to 13 + the four aces' trick numbers); a side ends a
deal at or over the target only if it took more minus points in it than the
opponents, or chose normal scoring; the match ends the moment a side has the
target, and the side (or sides) with the lowest total win.
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
from games.engine.inputs import FrozenModel, derived_pair
from games.engine.text import Side, msg
from games.engine.tricks import (
    PARTNERS,
    AcePlace,
    check_deal_aces,
    deal_tricks,
    misere_minus,
    side_tricks,
)

TRICKS = deal_tricks(52, 4)  # 19.1: 13 cards to each of four players
TrickCount = Annotated[int, Field(ge=0, le=TRICKS)]
NORMAL, PROTECTED = "normal", "protected"


class ScrewMisereOptions(FrozenModel):
    """The book's one number; clubs that play shorter or longer set it."""

    target: int = Field(
        100, ge=1, description="Minus points that lose the game (19.3)."
    )


class ScrewMisereDeal(FrozenModel):
    """One deal as entered: the tricks, where the aces fell, and the choice."""

    tricks: tuple[TrickCount, ...] = Field(
        description="Tricks taken per side [side 0, side 1] or per seat "
        "[seat 0, 1, 2, 3].",
        # A form asks for side 0's tricks; side 1 took the rest of the 13.
        json_schema_extra=derived_pair(TRICKS),
    )
    aces: Annotated[
        tuple[AcePlace, ...], Field(json_schema_extra={"minItems": 4, "maxItems": 4})
    ] = Field(description="Where each of the four aces fell: trick and seat (19.3).")
    choice: Literal["normal", "protected"] | None = Field(
        None,
        description="Only when both sides would reach the target with normal "
        "scoring: the side with fewer minus points in the deal chooses normal "
        "scoring or protection (19.3).",
    )


def score_minus(
    totals: tuple[int, ...], normal: tuple[int, ...], target: int, choice: str | None
) -> tuple[tuple[int, int], str, int | None]:
    """The deal's minus points per side from the ``normal`` sums (19.3), how they
    were reached (``normal``, ``protected``), and the protected side (``None``
    when nobody was, ``-1`` when both were)."""
    reach = [t + n >= target for t, n in zip(totals, normal, strict=True)]
    difference = abs(normal[0] - normal[1])
    fewer = 0 if normal[0] < normal[1] else 1 if normal[1] < normal[0] else None
    if reach[0] and reach[1]:
        if fewer is None:
            return (0, 0), PROTECTED, -1
        if choice == NORMAL:
            return (normal[0], normal[1]), NORMAL, None
        return _protect(fewer, difference), PROTECTED, fewer
    for side in (0, 1):
        if reach[side] and normal[side] <= normal[1 - side]:
            if fewer is None:
                return (0, 0), PROTECTED, -1
            return _protect(side, difference), PROTECTED, side
    return (normal[0], normal[1]), NORMAL, None


def _protect(side: int, difference: int) -> tuple[int, int]:
    return (0, difference) if side == 0 else (difference, 0)


def choice_open(totals: tuple[int, ...], normal: tuple[int, ...], target: int) -> bool:
    """Whether the deal's better side chooses: both would reach the target with
    normal scoring, and one side took fewer minus points in the deal (19.3)."""
    both = all(t + n >= target for t, n in zip(totals, normal, strict=True))
    return both and normal[0] != normal[1]


@register
class ScrewMisere(Game):
    slug = "screw-misere"
    name = "Screw Misere"
    source = "001_b57793035adc3f64.txt §19"
    summary = (
        "Misere for two teams: minus per trick and per ace by trick number; "
        "100 loses, but never in a deal you won."
    )
    Options = ScrewMisereOptions
    deal_input = ScrewMisereDeal
    deck = STANDARD_52
    tables = (PARTNERS,)
    lower_totals_win = True

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("minus", "protected", "normal_chosen")

    def verify_and_score(self, state: MatchState, deal: ScrewMisereDeal) -> DealScore:
        errors: list[RuleError] = []
        per_side = side_tricks(deal.tricks, errors, tricks=TRICKS)
        aces = check_deal_aces(deal.aces, errors, entry=deal.tricks, per_side=per_side)
        if errors or per_side is None or aces is None:
            raise DealRejected(errors)
        normal = misere_minus(per_side, aces)
        target = state.options.target
        is_open = choice_open(state.totals, normal, target)
        if is_open and deal.choice is None:
            chooser = 0 if normal[0] < normal[1] else 1
            raise DealRejected(
                [
                    RuleError(
                        "choice",
                        "choice_required",
                        msg(
                            "both sides reach {target} with normal scoring: "
                            "{chooser} (fewer minus points this deal) chooses normal "
                            "scoring or protection (§19.3)",
                            target=target,
                            chooser=Side(chooser),
                        ),
                    )
                ]
            )
        if not is_open and deal.choice is not None:
            raise DealRejected(
                [
                    RuleError(
                        "choice",
                        "choice_not_open",
                        msg(
                            "a side chooses the scoring only when both sides would "
                            "reach {target} with normal scoring and one took fewer "
                            "minus points in the deal (§19.3)",
                            target=target,
                        ),
                    )
                ]
            )
        points, how, protected = score_minus(state.totals, normal, target, deal.choice)
        facts = [
            Fact(
                "minus",
                msg(
                    "{side}: {tricks} tricks + {aces} for aces = {minus}",
                    side=Side(side),
                    tricks=per_side[side],
                    aces=normal[side] - per_side[side],
                    minus=normal[side],
                ),
                side,
                normal[side],
            )
            for side in (0, 1)
        ]
        if how == PROTECTED:
            if protected == -1:
                text = msg(
                    "both sides took {minus} and would reach {target}: neither can "
                    "lose this deal, both score 0",
                    minus=normal[0],
                    target=target,
                )
            else:
                text = msg(
                    "{protected} would reach {target} in a deal it won: it scores 0, "
                    "{other} the difference {difference}",
                    protected=Side(protected),
                    target=target,
                    other=Side(1 - protected),
                    difference=points[1 - protected],
                )
            facts.append(
                Fact("protected", text, protected if protected != -1 else None)
            )
        elif deal.choice == NORMAL:
            facts.append(
                Fact("normal_chosen", "normal scoring chosen: the smaller total wins")
            )
        return DealScore(
            points=points,
            facts=tuple(facts),
            detail={
                "tricks": list(per_side),
                "normal": list(normal),
                "scoring": how,
            },
        )

    def match_goal(self, options: ScrewMisereOptions) -> MatchGoal:
        return MatchGoal(target=options.target)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        target = state.options.target
        dealer = state.dealer
        return NextDeal(
            number=state.deal_number,
            dealer=dealer,
            starting_seat=state.table.next_seat(dealer),
            context=(
                ContextRow(
                    "minus_to_lose",
                    "Minus points until the game is lost",
                    "per_side",
                    tuple(max(target - t, 0) for t in state.totals),
                ),
                ContextRow(
                    "card_passing",
                    "Passing",
                    "text",
                    msg(
                        "the two players left of the dealer each give a card to "
                        "their partner, then the other two (§19.2); no trumps"
                    ),
                ),
            ),
        )
