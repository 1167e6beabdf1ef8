"""Sneaky Pete's game: the checks and scoring of a deal and the match (the terms are in
:mod:`games.rules.sneaky_pete`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine.cards import Card
from games.engine.decks import DeckSpec
from games.engine.errors import DealRejected, RuleError
from games.engine.game import (
    ContextRow,
    DealScore,
    Fact,
    Game,
    MatchGoal,
    MatchState,
    NextDeal,
    Table,
)
from games.engine.melds import (
    deck_errors,
    going_out_error,
    went_out_points_errors,
)
from games.engine.registry import register
from games.engine.text import Seat as SeatRef
from games.engine.text import Text, msg
from games.engine.wording import comma_list
from games.rules.sneaky_pete.inputs import (
    CARDS_DEALT,
    HANDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PENALTIES,
    Requirement,
    SneakyPeteCards,
    SneakyPeteOptions,
    SneakyPetePlayer,
    SneakyPeteState,
    SneakyPeteTotals,
    deck_for,
    hand_points,
    meld_errors,
    requirement,
)

# -- melds ---------------------------------------------------------------------------


# -- the game ------------------------------------------------------------------------


@register
class SneakyPete(Game):
    slug = "sneaky-pete"
    name = "Sneaky Pete"
    source = "003_9dd84d89b2055bb7.txt"
    summary = (
        "Seven hands of contract rummy for three or more, each with its meld "
        "requirement; cards left in hand are penalty points, the most points lose."
    )
    Options = SneakyPeteOptions
    deck = deck_for(2, 2)
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    lower_totals_win = True
    deal_modes = {"cards": SneakyPeteCards, "totals": SneakyPeteTotals}
    State = SneakyPeteState

    # -- the table ----------------------------------------------------------------

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("went_out", "melded")

    def deck_for(self, options: SneakyPeteOptions) -> DeckSpec:
        return deck_for(options.decks, options.jokers_per_deck)

    def default_table(self, options: SneakyPeteOptions) -> Table:
        return Table(tuple(range(4)))

    # -- one hand -----------------------------------------------------------------

    def verify_and_score(
        self, state: SneakyPeteState, deal: SneakyPeteCards | SneakyPeteTotals
    ) -> DealScore:
        players = len(state.table.seats)
        errors: list[RuleError] = []
        field = "players" if isinstance(deal, SneakyPeteCards) else "points"
        count = len(deal.players if field == "players" else deal.points)
        if count != players:
            errors.append(
                RuleError(
                    field,
                    "wrong_player_count",
                    msg(
                        "enter one entry per player: {players} at this table, "
                        "not {count}",
                        players=players,
                        count=count,
                    ),
                )
            )
        if deal.went_out >= players:
            errors.append(
                RuleError(
                    "went_out",
                    "bad_seat",
                    msg("no seat {seat} at this table", seat=deal.went_out),
                )
            )
        if errors:
            raise DealRejected(errors)
        if isinstance(deal, SneakyPeteTotals):
            return self._score_totals(state, deal)
        return self._score_cards(state, deal)

    def _score_totals(
        self, state: SneakyPeteState, deal: SneakyPeteTotals
    ) -> DealScore:
        errors = went_out_points_errors(deal.points, deal.went_out, "points", PENALTIES)
        if errors:
            raise DealRejected(errors)
        facts = [self._went_out_fact(deal.went_out)]
        facts.extend(
            Fact(
                "penalty_points",
                msg("{seat}: {points}", seat=SeatRef(seat), points=points),
                seat,
                points,
            )
            for seat, points in enumerate(deal.points)
            if seat != deal.went_out
        )
        return self._result(
            state,
            deal.points,
            deal.went_out,
            facts,
            (None,) * len(deal.points),
            False,
        )

    def _score_cards(self, state: SneakyPeteState, deal: SneakyPeteCards) -> DealScore:
        options: SneakyPeteOptions = state.options
        need = requirement(state.deal_number)
        errors: list[RuleError] = []
        placed: list[tuple[str, Sequence[Card]]] = []
        facts = [self._went_out_fact(deal.went_out)]
        points = []
        melded: list[bool | None] = []
        for seat, player in enumerate(deal.players):
            path = f"players.{seat}"
            hand = player.hand
            placed.append((f"{path}.hand", hand))
            out = seat == deal.went_out
            error = going_out_error(f"{path}.hand", seat, hand, deal.went_out)
            if error is not None:
                errors.append(error)
            points.append(0 if out else hand_points(hand))
            if not out:
                facts.append(self._hand_fact(seat, hand, points[-1]))
            melded.append(
                self._check_melds(
                    seat, player, out, state.deal_number, options, placed, errors
                )
            )
            if melded[-1] is True:
                facts.append(
                    Fact(
                        "melded",
                        msg(
                            "{seat} melded {requirement}",
                            seat=SeatRef(seat),
                            requirement=need.text,
                        ),
                        seat,
                    )
                )
            elif melded[-1] is False:
                facts.append(
                    Fact(
                        "not_melded",
                        msg("{seat} did not meld", seat=SeatRef(seat)),
                        seat,
                    )
                )
        errors.extend(deck_errors(self.deck_for(options), placed))
        if errors:
            raise DealRejected(errors)
        return self._result(
            state, tuple(points), deal.went_out, facts, tuple(melded), True
        )

    def _check_melds(
        self,
        seat: int,
        player: SneakyPetePlayer,
        out: bool,
        hand: int,
        options: SneakyPeteOptions,
        placed: list[tuple[str, Sequence[Card]]],
        errors: list[RuleError],
    ) -> bool | None:
        """Check a player's melds, if entered; whether the player melded."""
        path = f"players.{seat}"
        need = requirement(hand)
        melds = player.melds
        if melds is None:
            return None
        for j, meld in enumerate(melds):
            placed.append((f"{path}.melds.{j}.cards", meld.cards))
            errors.extend(
                meld_errors(f"{path}.melds.{j}", meld, options.round_the_corner)
            )
        if not melds:
            if out:
                errors.append(
                    RuleError(
                        f"{path}.melds",
                        "out_without_melding",
                        msg(
                            "a player goes out only after melding the hand's "
                            "requirement ({requirement})",
                            requirement=need.text,
                        ),
                    )
                )
            elif len(player.hand) < CARDS_DEALT:
                errors.append(
                    RuleError(
                        f"{path}.hand",
                        "too_few_cards_unmelded",
                        msg(
                            "a player who has not melded still holds at least the "
                            "{dealt} cards dealt (each turn draws one and "
                            "discards one), not {count}",
                            dealt=CARDS_DEALT,
                            count=len(player.hand),
                        ),
                    )
                )
            return False
        sets = sum(1 for m in melds if m.kind == "set")
        runs = len(melds) - sets
        if (sets, runs) != (need.sets, need.runs):
            entered = Requirement(sets, runs).text
            errors.append(
                RuleError(
                    f"{path}.melds",
                    "requirement_not_met",
                    msg(
                        "hand {hand} needs {requirement} to meld, entered {entered}; "
                        "a player melds the requirement exactly, then only adds to "
                        "melds",
                        hand=hand,
                        requirement=need.text,
                        entered=entered,
                    ),
                )
            )
        return True

    @staticmethod
    def _went_out_fact(seat: int) -> Fact:
        return Fact("went_out", msg("{seat} went out: 0", seat=SeatRef(seat)), seat, 0)

    @staticmethod
    def _hand_fact(seat: int, hand: Sequence[Card], points: int) -> Fact:
        count = len(hand)
        return Fact(
            "cards_left",
            msg(
                "{seat}: {count} cards left, {points}",
                seat=SeatRef(seat),
                count=count,
                points=points,
            )
            if count != 1
            else msg(
                "{seat}: {count} card left, {points}",
                seat=SeatRef(seat),
                count=count,
                points=points,
            ),
            seat,
            points,
        )

    def _result(
        self,
        state: SneakyPeteState,
        points: tuple[int, ...],
        went_out: int,
        facts: list[Fact],
        melded: tuple[bool | None, ...],
        verified: bool,
    ) -> DealScore:
        need = requirement(state.deal_number)
        return DealScore(
            points=tuple(points),
            facts=tuple(facts),
            verified=verified,
            detail={
                "hand": state.deal_number,
                "requirement": {"sets": need.sets, "runs": need.runs},
                "went_out": went_out,
                "points": list(points),
                "melded": list(melded),
            },
        )

    # -- folding ------------------------------------------------------------------

    def carry(
        self,
        state: MatchState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The next hand's requirement (the seven hands' sequence); "the player
        with the most points loses" is ``lower_totals_win``."""
        return {"requirement": None if finished else requirement(state.deal_number + 1)}

    def next_deal(self, state: SneakyPeteState) -> NextDeal | None:
        if state.finished:
            return None
        number = state.deal_number
        need = requirement(number)
        notes = [
            msg(
                "Hand {number} of {hands}: meld {requirement}.",
                number=number,
                hands=HANDS,
                requirement=need.text,
            ),
            msg(
                "Deal {count} cards each; turn the top card of the stock up.",
                count=CARDS_DEALT,
            ),
            msg("Set = three of a kind; run = four in a row of one suit."),
        ]
        if number == HANDS:
            notes.append(
                msg(
                    "No discard this hand: go out by melding every card (e.g. two "
                    "runs of four and one of five)."
                )
            )
        low = min(state.totals)
        if number > 1:
            leaders = [i for i, t in enumerate(state.totals) if t == low]
            notes.append(_fewest_note(leaders, low))
        return NextDeal(
            number=number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            notes=tuple(notes),
            context=(
                ContextRow(
                    "hand",
                    "Hand",
                    "text",
                    msg("{number} of {hands}", number=number, hands=HANDS),
                ),
                ContextRow(
                    "requirement",
                    "To meld",
                    "text",
                    msg("{requirement}, no discard", requirement=need.text)
                    if number == HANDS
                    else need.text,
                ),
            ),
        )

    def match_goal(self, options: SneakyPeteOptions) -> MatchGoal:
        return MatchGoal(deals=HANDS)


def _fewest_note(leaders: Sequence[int], low: int) -> Text:
    """``Fewest points so far: seat 0, seat 2 with 15.``"""
    if len(leaders) == 1:
        return msg(
            "Fewest points so far: {seat} with {points}.",
            seat=SeatRef(leaders[0]),
            points=low,
        )
    if len(leaders) == 2:
        return msg(
            "Fewest points so far: {first}, {second} with {points}.",
            first=SeatRef(leaders[0]),
            second=SeatRef(leaders[1]),
            points=low,
        )
    # Three or more level at the top: the seats as a list.
    return msg(
        "Fewest points so far: {seats} with {points}.",
        seats=comma_list([SeatRef(i) for i in leaders]),
        points=low,
    )
