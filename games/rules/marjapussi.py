"""Marjapussi: announcements, the last trick and more pips; exactly 12 wins.

Source: ``001_b57793035adc3f64.txt §7`` (l.712–771; the scoring §7.3, l.744–771;
7.2 says who may announce and that each suit is announced once a deal).

Four players, partners opposite (seats as sides ``(0, 1, 0, 1)``), 36 cards (6 to
ace), 9 tricks. The scorer enters, after all cards are played (§7.3 "The points are
counted after all cards have been played"):

* ``trumps`` and ``trumps_by`` — the suit announced trumps and the side that did;
* ``little_ones`` — per side, the suits of its little ones (other marriages, §7.2);
* ``last_trick`` — the side that won the last trick;
* ``pips`` per side (they add up to 120), or ``cards`` per side (the cards of the
  tricks it won, checked against the 36-card deck; the pips are counted from them);
* ``no_tricks`` — a side that won no trick (read from ``cards`` if they are given).

Terms (§7.3): trumps announced 2 points, each little one 1, the last trick 1, more
pips 1 (:data:`~games.engine.tricks.MARJAPUSSI_PIPS`: A 11, 10 10, K 4, Q 3, J 2; a
deck holds 120). The play is to 12: a side must reach **exactly** 12; a side that
goes over drops to 7; a side that won no trick in a deal goes to **Porvoo** — it
loses all its points from the previous deals.

Readings (written down in ``docs/games/marjapussi.md`` too):

* 60–60 pips: neither side "has more pips", so nobody scores that point (the text
  gives the point only to "the team that has more").
* Going over 12 sets the total to 7 (not 7 more, not 12 minus the excess).
* Porvoo and the same deal: a side without tricks cannot announce (an announcement
  follows a won trick, §7.2), holds no pips and did not win the last trick, so its
  deal is 0 and its total becomes 0; the other side scores the deal as usual (and
  can win with it).
* Both sides at exactly 12 after one deal (option ``both_twelve``): ``draw`` (the
  default: both reached exactly twelve, both meet "to win, a team must get exactly
  twelve points"), ``last_trick`` (the side that won the last trick wins), or
  ``play_on`` (nobody has won; play continues).

Invariants: pips add up to 120; each suit announced at most once, one trump
announcement, little ones only once trumps are; a deal pays at most 7 points
(2 + 3 + 1 + 1); a total stays within 0–12; the match ends when a side stands at
exactly 12, and that side (or both, in a draw) is the winner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

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
from games.engine.cards import Card, Suit
from games.engine.decks import PIQUET_36
from games.engine.inputs import (
    PER_SIDE,
    CardList,
    FrozenModel,
    SideField,
    applies_when,
    derived_pair,
)
from games.engine.text import Side as SideNumber
from games.engine.text import msg
from games.engine.tricks import (
    MARJAPUSSI_LITTLE_ONE,
    MARJAPUSSI_PIPS,
    MARJAPUSSI_TRUMPS,
    PARTNERS,
    Announcement,
    announcement_points,
    check_announcements,
    check_card_points,
    check_won_cards,
)

TARGET = 12  # §7.3: "To win, a team must get exactly twelve points."
DROP_TO = 7  # §7.3: "If the team gets more, they go down to seven points."
PIPS = MARJAPUSSI_PIPS.deck_total(PIQUET_36)  # 120
LAST_TRICK = 1
MORE_PIPS = 1
CARDS_PER_TRICK = 4
Side = Annotated[SideField, Field(le=1)]
Pips = Annotated[int, Field(ge=0, le=PIPS)]


class MarjapussiOptions(FrozenModel):
    """Variants clubs choose; the defaults are the book's (or the reading chosen)."""

    both_twelve: Literal["draw", "last_trick", "play_on"] = Field(
        "draw",
        description="Both sides at exactly 12 after one deal: both win (draw), the "
        "side that won the last trick wins, or play on (§7.3 does not say).",
    )


class MarjapussiDeal(FrozenModel):
    """One deal as entered, after all cards are played."""

    trumps: Suit | None = Field(None, description="The suit announced trumps (§7.2).")
    trumps_by: Side | None = Field(
        None,
        description="The side that announced trumps.",
        json_schema_extra=applies_when("trumps", *Suit),
    )
    little_ones: Annotated[tuple[tuple[Suit, ...], tuple[Suit, ...]], PER_SIDE] = Field(
        ((), ()),
        description="Per side, the suits of the little ones it announced (§7.2).",
    )
    last_trick: Side = Field(description="The side that won the last trick.")
    pips: Annotated[tuple[Pips, Pips], PER_SIDE] | None = Field(
        None,
        description="Pips per side (A 11, 10 10, K 4, Q 3, J 2; 120 in all).",
        # A form asks for side 0's pips; side 1 won the rest of the 120.
        json_schema_extra=derived_pair(PIPS, count="stepper"),
    )
    cards: Annotated[tuple[CardList, CardList], PER_SIDE] | None = Field(
        None,
        description="Instead of pips: the cards of the tricks each side won.",
    )
    no_tricks: Side | None = Field(
        None, description="A side that won no trick: it goes to Porvoo (§7.3)."
    )

    @field_validator("cards")
    @classmethod
    def _no_cards_is_not_entered(cls, cards):
        # The entry page sends every card box, empty or not; no card in any of
        # them means the scorer entered pips, not that both sides won nothing.
        if cards is not None and not any(cards):
            return None
        return cards


def _cards_pips(
    cards: tuple[tuple[Card, ...], ...], errors: list[RuleError]
) -> tuple[int, ...] | None:
    """Each side's pips from the cards it won, once they are the 36 cards of the
    deck in whole tricks; ``None`` (with the errors) if they are not."""
    if not check_won_cards(
        cards, PIQUET_36, errors, per_trick=CARDS_PER_TRICK, section="§7.1"
    ):
        return None
    return tuple(MARJAPUSSI_PIPS.of(won) for won in cards)


def _pips(deal: MarjapussiDeal, errors: list[RuleError]) -> tuple[int, ...] | None:
    """The pips per side, entered or counted from the cards, checked."""
    counted = _cards_pips(deal.cards, errors) if deal.cards is not None else None
    if deal.pips is None:
        if deal.cards is None:
            errors.append(
                RuleError("pips", "pips_required", "enter the pips or the cards won")
            )
        return counted
    # The family's check counts the deck's pips each time: ask it only when the
    # pips do not already add up to the deck's 120.
    if sum(deal.pips) != PIPS and not check_card_points(
        deal.pips, MARJAPUSSI_PIPS, PIQUET_36, errors, path="pips"
    ):
        return None
    if counted is not None and counted != deal.pips:
        errors.append(
            RuleError(
                "pips",
                "pips_do_not_match_cards",
                msg(
                    "the cards won hold {counted} pips, not {entered}",
                    counted=str(list(counted)),
                    entered=str(list(deal.pips)),
                ),
            )
        )
        return None
    return deal.pips


def _trickless(deal: MarjapussiDeal, errors: list[RuleError]) -> int | None:
    """The side that won no trick (entered, or read from the cards)."""
    empty = [s for s, won in enumerate(deal.cards) if not won] if deal.cards else []
    if (
        deal.cards is not None
        and deal.no_tricks is not None
        and empty != [deal.no_tricks]
    ):
        errors.append(
            RuleError(
                "no_tricks",
                "no_tricks_does_not_match_cards",
                msg(
                    "{side} won no trick, but the cards say otherwise",
                    side=SideNumber(deal.no_tricks),
                ),
            )
        )
    side = deal.no_tricks if deal.no_tricks is not None else (empty or [None])[0]
    if side is not None and deal.last_trick == side:
        errors.append(
            RuleError(
                "last_trick",
                "last_trick_without_tricks",
                msg(
                    "{side} won no trick, so not the last one (§7.3)",
                    side=SideNumber(side),
                ),
            )
        )
    return side


def _announcements(
    deal: MarjapussiDeal, trickless: int | None, errors: list[RuleError]
) -> list[Announcement]:
    """The announcements in order (trumps first, then the little ones), checked by
    the family's :func:`~games.engine.tricks.check_announcements`; its errors are
    put at the fields the scorer filled (``trumps``, ``little_ones.<side>.<i>``)."""
    made: list[Announcement] = []
    paths: list[str] = []
    if (deal.trumps is None) != (deal.trumps_by is None):
        if deal.trumps_by is None:
            error = RuleError(
                "trumps_by", "trumps_incomplete", "enter the trumps' side too (§7.2)"
            )
        else:
            error = RuleError(
                "trumps", "trumps_incomplete", "enter the trumps' suit too (§7.2)"
            )
        errors.append(error)
    elif deal.trumps is not None:
        made.append(Announcement(deal.trumps, deal.trumps_by))
        paths.append("trumps")
    for side, suits in enumerate(deal.little_ones):
        for i, suit in enumerate(suits):
            made.append(Announcement(suit, side, trumps=False))
            paths.append(f"little_ones.{side}.{i}")
    found: list[RuleError] = []
    check_announcements(
        made,
        found,
        side_tricks=[int(side != trickless) for side in (0, 1)],
        one_trump=True,
        path="announcements",
        section="§7.2",
    )
    errors.extend(
        RuleError(paths[int(e.path.rsplit(".", 1)[-1])], e.code, e.message)
        for e in found
    )
    return made


@dataclass(frozen=True, kw_only=True)
class MarjapussiState(MatchState):
    """Totals only; the exact-twelve rule and Porvoo are applied in ``advance``."""


@register
class Marjapussi(Game):
    slug = "marjapussi"
    name = "Marjapussi"
    source = "001_b57793035adc3f64.txt §7"
    summary = (
        "Trumps 2, little ones 1, last trick 1, more pips 1; exactly 12 wins, over "
        "12 drops to 7, no tricks goes to Porvoo."
    )
    Options = MarjapussiOptions
    deal_input = MarjapussiDeal
    deck = PIQUET_36
    tables = (PARTNERS,)
    State = MarjapussiState

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("trumps", "little_one", "more_pips", "porvoo", "over_twelve")

    def verify_and_score(self, state: MatchState, deal: MarjapussiDeal) -> DealScore:
        errors: list[RuleError] = []
        pips = _pips(deal, errors)
        trickless = _trickless(deal, errors)
        made = _announcements(deal, trickless, errors)
        if deal.cards is None and pips and trickless is not None and pips[trickless]:
            errors.append(
                RuleError(
                    f"pips.{trickless}",
                    "pips_without_tricks",
                    msg(
                        "{side} won no trick, so it has no pips",
                        side=SideNumber(trickless),
                    ),
                )
            )
        if errors or pips is None:
            raise DealRejected(errors)
        points = list(
            announcement_points(
                made, MARJAPUSSI_TRUMPS, little_one=MARJAPUSSI_LITTLE_ONE
            )
        )
        facts = [
            Fact(
                "trumps" if a.trumps else "little_one",
                msg(
                    "{side}: trumps {suit}", side=SideNumber(a.side), suit=a.suit.symbol
                )
                if a.trumps
                else msg(
                    "{side}: little one {suit}",
                    side=SideNumber(a.side),
                    suit=a.suit.symbol,
                ),
                a.side,
                MARJAPUSSI_TRUMPS[a.suit] if a.trumps else MARJAPUSSI_LITTLE_ONE,
            )
            for a in made
        ]
        points[deal.last_trick] += LAST_TRICK
        facts.append(Fact("last_trick", "the last trick", deal.last_trick, LAST_TRICK))
        if pips[0] != pips[1]:
            more = 0 if pips[0] > pips[1] else 1
            points[more] += MORE_PIPS
            facts.append(
                Fact(
                    "more_pips",
                    msg("more pips ({pips0}–{pips1})", pips0=pips[0], pips1=pips[1]),
                    more,
                    MORE_PIPS,
                )
            )
        if trickless is not None:
            facts.append(
                Fact(
                    "porvoo",
                    msg("{side} won no trick: Porvoo", side=SideNumber(trickless)),
                    trickless,
                )
            )
        # Going over 12 happens when the deal is folded (advance); the sheet says
        # why the total fell, on the deal that made it fall (no points of its own).
        for side, (total, gained) in enumerate(zip(state.totals, points, strict=True)):
            if side != trickless and total + gained > TARGET:
                facts.append(
                    Fact(
                        "over_twelve",
                        msg(
                            "{side} went over 12 ({total}): down to 7 (§7.3)",
                            side=SideNumber(side),
                            total=total + gained,
                        ),
                        side,
                    )
                )
        return DealScore(
            points=tuple(points),
            facts=tuple(facts),
            detail={
                "pips": list(pips),
                "no_tricks": trickless,
                "last_trick": deal.last_trick,
            },
        )

    def totals_after(self, state: MatchState, score: DealScore) -> tuple[int, ...]:
        """A side that took no tricks loses all its points (§7.3); a total past
        the target drops back."""
        porvoo = score.detail.get("no_tricks")
        totals = []
        for side, (total, points) in enumerate(
            zip(state.totals, score.points, strict=True)
        ):
            total += points
            if side == porvoo:
                total = 0  # §7.3: loses all the points from the previous hands
            elif total > TARGET:
                total = DROP_TO
            totals.append(total)
        return tuple(totals)

    def match_over(
        self, state: MatchState, score: DealScore, totals: tuple[int, ...]
    ) -> bool:
        return bool(_at_twelve(state, score, totals))

    def carry(
        self,
        state: MatchState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The side at exactly the target wins (both there: the options say)."""
        return {"winners": _at_twelve(state, score, totals)} if finished else {}

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        to_go = tuple(TARGET - t for t in state.totals)
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            context=(ContextRow("to_twelve", "To exactly 12", "per_side", to_go),),
        )

    def match_goal(self, options: MarjapussiOptions) -> MatchGoal:
        return MatchGoal(target=TARGET)


def _at_twelve(
    state: MatchState, score: DealScore, totals: tuple[int, ...]
) -> tuple[int, ...]:
    """The sides at exactly the target after a deal; where both are, the
    options' rule: the last trick's side wins, or they play on."""
    at_twelve = tuple(s for s, t in enumerate(totals) if t == TARGET)
    if len(at_twelve) > 1:
        rule = state.options.both_twelve
        if rule == "last_trick":
            at_twelve = (score.detail["last_trick"],)
        elif rule == "play_on":
            at_twelve = ()
    return at_twelve
