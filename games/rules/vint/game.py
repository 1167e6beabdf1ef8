"""Vint's game: the deal's input, its checks and scoring, the rubber (the terms are
in :mod:`games.rules.vint`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from games.engine import (
    ContextRow,
    DealRejected,
    DealScore,
    Game,
    MatchGoal,
    MatchState,
    NextDeal,
    RuleError,
    register,
)
from games.engine.decks import STANDARD_52
from games.engine.inputs import (
    COUNT,
    PER_SIDE,
    FrozenModel,
    SideField,
    applies_when,
    contract_grid,
    derived_pair,
    seat_role,
)
from games.engine.text import Side as SideNumber
from games.engine.text import msg
from games.engine.tricks import (
    PARTNERS,
    AcesInHand,
    Rubber,
    TopSequence,
    aces_shown,
    check_holdings,
    check_split,
    game_winner,
    majority,
    side_tricks,
)
from games.rules.vint.facts import (
    ace_majority_fact,
    aces_in_hand_fact,
    all_pass_bonus_fact,
    all_pass_fact,
    contract_fact,
    contract_of,
    game_fact,
    many_tricks_fact,
    more_tricks,
    sequence_fact,
    trick_points_fact,
    trump_majority_fact,
)

SEATS = 4
TRICKS = 13
STRAINS = ("spades", "clubs", "diamonds", "hearts", "no_trump")
TRUMPS_TEN_UP = 5  # 10 J Q K A of the trump suit
ACES = 4
SECTION = "§18.3.2"
GAMES_TO_WIN = 2  # a rubber is two games won (§18.3.3)

Seat = Annotated[int, Field(ge=0, le=SEATS - 1)]
Side = Annotated[SideField, Field(le=1)]
Count = Annotated[int, Field(ge=0, le=TRICKS)]
# What the entry form shows: everything but the tick of an all-pass deal is played.
PLAYED = applies_when("all_pass", False)


class VintOptions(FrozenModel):
    """Variants clubs choose; the defaults are the book's."""

    game_target: int = Field(
        500, ge=10, le=10_000, description="Trick points that win a game (§18.2)."
    )
    game_bonus: int = Field(
        1000,
        ge=0,
        le=100_000,
        description="A side's first game is worth this, its second twice it "
        "(§18.3.3: 1000, then 2000).",
    )
    all_pass_bonus: int = Field(
        500,
        ge=0,
        le=100_000,
        description="To the rubber's winner for each all-pass deal (§18.3.3).",
    )


class VintDeal(FrozenModel):
    """One deal as entered: the contract, the tricks and the honours held — or an
    all-pass deal (redealt, only counted)."""

    # A form asks for the level and the strain with one tap on a grid.
    model_config = ConfigDict(json_schema_extra=contract_grid())

    all_pass: bool = Field(
        False,
        description="Everyone passed on the first round: the cards are redealt "
        "(§18.1); enter nothing else.",
    )
    strain: Literal["spades", "clubs", "diamonds", "hearts", "no_trump"] | None = Field(
        None, description="The trump suit, or no_trump.", json_schema_extra=PLAYED
    )
    level: Annotated[int, Field(ge=1, le=7)] | None = Field(
        None,
        description="The number part (1–7): level n promises 6 + n tricks.",
        json_schema_extra={COUNT: "buttons", **PLAYED},
    )
    declarer: Annotated[Seat, seat_role("declarer")] | None = Field(
        None,
        description="Seat of the declarer (the highest bidder).",
        json_schema_extra=PLAYED,
    )
    tricks: tuple[Count, ...] = Field(
        (),
        description="Tricks taken per side [side 0, side 1] or per seat "
        "[seat 0, 1, 2, 3].",
        json_schema_extra={**derived_pair(TRICKS), **PLAYED},
    )
    trumps: Annotated[tuple[Count, Count], PER_SIDE] | None = Field(
        None,
        description="Trump contracts: trumps 10, J, Q, K, A held per side (five in "
        "all).",
        json_schema_extra={
            **derived_pair(TRUMPS_TEN_UP),
            **applies_when("strain", "spades", "clubs", "diamonds", "hearts"),
        },
    )
    aces: Annotated[tuple[Count, Count], PER_SIDE] | None = Field(
        None,
        description="Aces held per side (four in all).",
        json_schema_extra={**derived_pair(ACES), **PLAYED},
    )
    aces_in_hand: tuple[AcesInHand, ...] = Field(
        (),
        description="A hand that held three or four aces.",
        json_schema_extra={"maxItems": 1, **PLAYED},
    )
    sequences: tuple[TopSequence, ...] = Field(
        (),
        description="Each top sequence held (A K Q or longer), with its seat.",
        json_schema_extra={"maxItems": 4, **PLAYED},
    )
    first_to_game: Side | None = Field(
        None,
        description="When both sides reach the game in this deal: the side whose "
        "tricks got there first.",
        json_schema_extra=PLAYED,
    )


@dataclass(frozen=True, kw_only=True)
class VintState(MatchState):
    """The rubber as plain numbers: ``toward`` each side's trick points toward the
    current game, ``games`` the winner of each game, ``all_passes`` the all-pass
    deals so far."""

    toward: tuple[int, ...] = (0, 0)
    games: tuple[int, ...] = ()
    all_passes: int = 0

    @property
    def rubber(self) -> Rubber:
        options: VintOptions = self.options
        return Rubber(
            game_target=options.game_target,
            games_to_win=GAMES_TO_WIN,
            toward=self.toward,
            games=self.games,
        )


# -- the facts of a deal --------------------------------------------------------
# A fact is immutable and depends on a handful of small numbers, so each is built
# once and reused: building the facts (and their texts) was half of a deal's cost.


@register
class Vint(Game):
    slug = "vint"
    name = "Vint"
    source = "001_b57793035adc3f64.txt §18"
    summary = (
        "Trick points × level × 10 to both sides, games of 500, a rubber of two "
        "games; slams, honours and majorities; all-pass deals to the rubber's winner."
    )
    Options = VintOptions
    deal_input = VintDeal
    deck = STANDARD_52
    tables = (PARTNERS,)
    State = VintState

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = (
        "contract_made",
        "contract_failed",
        "slam",
        "game_won",
        "all_pass",
        "all_pass_bonus",
    )

    def match_goal(self, options: VintOptions) -> MatchGoal:
        return MatchGoal(target=None)

    # -- checks -------------------------------------------------------------------

    def check(self, deal: VintDeal) -> tuple[int, ...] | None:
        """Every error of a deal; the tricks per side of a played one."""
        errors: list[RuleError] = []
        if deal.all_pass:
            extra = [
                name
                for name in ("strain", "level", "declarer", "trumps", "aces")
                if getattr(deal, name) is not None
            ]
            extra += [
                n for n in ("tricks", "aces_in_hand", "sequences") if getattr(deal, n)
            ]
            for name in extra:
                errors.append(
                    RuleError(
                        name,
                        "all_pass_has_no_play",
                        "an all-pass deal is redealt: enter nothing else (§18.1)",
                    )
                )
            if errors:
                raise DealRejected(errors)
            return None
        if deal.strain is None or deal.level is None or deal.declarer is None:
            for name, what in (
                ("strain", msg("enter the trump suit or no trump")),
                ("level", msg("enter the number part (1–7)")),
                ("declarer", msg("enter the declarer's seat")),
            ):
                if getattr(deal, name) is None:
                    errors.append(RuleError(name, f"{name}_required", what))
        if deal.aces is None:
            errors.append(
                RuleError("aces", "aces_required", "enter the aces held per side")
            )
        per_side = side_tricks(deal.tricks, errors)
        trump = None if deal.strain in (None, "no_trump") else deal.strain
        if deal.strain == "no_trump" and deal.trumps is not None:
            errors.append(
                RuleError(
                    "trumps", "trumps_in_no_trump", "no trump has no trumps (§18.3.2)"
                )
            )
        if trump is not None and deal.trumps is None:
            errors.append(
                RuleError(
                    "trumps",
                    "trumps_required",
                    msg(
                        "enter the trumps 10–A held per side: the majority scores "
                        "({section})",
                        section=SECTION,
                    ),
                )
            )
        if deal.trumps is not None:
            check_split(
                deal.trumps,
                TRUMPS_TEN_UP,
                errors,
                path="trumps",
                what="trumps 10–A",
                section=SECTION,
            )
        # Most deals show no hand of aces and no sequence: nothing to fit then.
        shows = bool(deal.aces_in_hand or deal.sequences)
        holdings_fit = not shows or check_holdings(
            deal.aces_in_hand, deal.sequences, errors, section=SECTION
        )
        aces_fit = deal.aces is not None and check_split(
            deal.aces, ACES, errors, path="aces", what="aces", section=SECTION
        )
        if shows and aces_fit and holdings_fit:
            shown = aces_shown(deal.aces_in_hand, deal.sequences, PARTNERS)
            for side in (0, 1):
                if shown[side] > deal.aces[side]:
                    errors.append(
                        RuleError(
                            f"aces.{side}",
                            "fewer_aces_than_shown",
                            msg(
                                "{side} held {held} aces, but its hands show "
                                "{shown} ({section})",
                                side=SideNumber(side),
                                held=deal.aces[side],
                                shown=shown[side],
                                section=SECTION,
                            ),
                        )
                    )
        if shows and holdings_fit and deal.trumps is not None and trump is not None:
            for i, run in enumerate(deal.sequences):
                side = PARTNERS[run.seat]
                if run.suit == trump and deal.trumps[side] < min(run.length, 5):
                    errors.append(
                        RuleError(
                            f"sequences.{i}.length",
                            "sequence_longer_than_trumps",
                            msg(
                                "{side} held {held} trumps 10–A but a trump "
                                "sequence of {length} ({section})",
                                side=SideNumber(side),
                                held=deal.trumps[side],
                                length=run.length,
                                section=SECTION,
                            ),
                        )
                    )
        if errors:
            raise DealRejected(errors)
        return per_side

    # -- scoring ------------------------------------------------------------------

    def verify_and_score(self, state: VintState, deal: VintDeal) -> DealScore:
        per_side = self.check(deal)
        options: VintOptions = state.options
        if per_side is None:
            return DealScore(
                points=(0, 0),
                facts=(all_pass_fact(options.all_pass_bonus),),
                detail={"all_pass": True, "games": []},
            )
        level = deal.level
        side = PARTNERS[deal.declarer]
        trump = None if deal.strain == "no_trump" else deal.strain
        contract = contract_of(level, deal.strain)
        taken = per_side[side]
        made = contract.made(taken)
        facts = [
            trick_points_fact(0, per_side[0], level),
            trick_points_fact(1, per_side[1], level),
            contract_fact(level, deal.strain, deal.declarer, taken),
        ]
        for s in (0, 1):
            if per_side[s] >= 12:
                facts.append(many_tricks_fact(s, per_side[s]))
        for run in deal.sequences:
            facts.append(sequence_fact(run.seat, run.suit, run.length, trump))
        for hand in deal.aces_in_hand:
            facts.append(aces_in_hand_fact(hand.seat, hand.aces))
        if trump is not None:
            holder = majority(deal.trumps)
            facts.append(trump_majority_fact(holder, deal.trumps[holder], level))
        tie = deal.aces[0] == deal.aces[1]
        holder = majority(deal.aces, tie=more_tricks(per_side))
        facts.append(
            ace_majority_fact(holder, deal.aces[holder], level, trump is None, tie)
        )
        toward = state.toward
        reached = (
            toward[0] + per_side[0] * level * 10,
            toward[1] + per_side[1] * level * 10,
        )
        games = []
        # Most deals win no game: the rubber's own rule (game_winner) only when a
        # side reaches the target; the next game is this side's games won + 1.
        if max(reached) >= options.game_target:
            if min(reached) >= options.game_target and deal.first_to_game is None:
                raise DealRejected(
                    [
                        RuleError(
                            "first_to_game",
                            "first_to_game_required",
                            "both sides reach the game in this deal: enter the side "
                            "whose tricks got there first (§17.2, §18.2)",
                        )
                    ]
                )
            game = game_winner(reached, options.game_target, deal.first_to_game)
            nth = state.games.count(game) + 1
            facts.append(game_fact(game, nth, options.game_bonus))
            games.append(game)
            if nth >= GAMES_TO_WIN and state.all_passes:
                facts.append(
                    all_pass_bonus_fact(game, state.all_passes, options.all_pass_bonus)
                )
        points = [0, 0]
        for fact in facts:
            if fact.points:
                points[fact.side] += fact.points
        return DealScore(
            points=(points[0], points[1]),
            facts=tuple(facts),
            detail={
                "all_pass": False,
                "strain": deal.strain,
                "level": level,
                "declarer": deal.declarer,
                "declarer_side": side,
                "tricks": list(per_side),
                "made": made,
                "games": games,
            },
        )

    def carry(
        self,
        state: VintState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The rubber after the deal (its end ends the match); after four passes
        the same dealer deals again (reading of §18.1) and nothing is scored."""
        detail = score.detail
        if detail["all_pass"]:
            return {
                "all_passes": state.all_passes + 1,
                "dealer": state.dealer,
                "finished": False,
            }
        level = detail["level"]
        tricks = detail["tricks"]
        first = detail["games"][0] if detail["games"] else None
        rubber, _ = state.rubber.score(
            (tricks[0] * level * 10, tricks[1] * level * 10), first=first
        )
        return {
            "toward": rubber.toward,
            "games": rubber.games,
            "finished": rubber.finished,
        }

    def match_winners(self, state: VintState) -> tuple[int, ...]:
        """The side with more points; equal totals are a draw."""
        return _more(state.totals)

    def next_deal(self, state: VintState) -> NextDeal | None:
        if state.finished:
            return None
        rubber = state.rubber
        won = tuple(rubber.games_won(side) for side in (0, 1))
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            may_bid=tuple(range(SEATS)),
            notes=(
                msg(
                    "All 52 cards are dealt; no exchange, no misere, no knocks. Level "
                    "n promises 6 + n tricks. If everyone passes, redeal and enter an "
                    "all-pass deal."
                ),
            ),
            context=(
                ContextRow("toward_game", "Toward the game", "per_side", rubber.toward),
                ContextRow("games_won", "Games won", "per_side", won),
                ContextRow(
                    "all_pass_deals", "All-pass deals", "number", state.all_passes
                ),
            ),
        )


def _more(totals: tuple[int, ...]) -> tuple[int, ...]:
    """The side with more points; equal totals are a draw."""
    if totals[0] == totals[1]:
        return ()
    return (0,) if totals[0] > totals[1] else (1,)
