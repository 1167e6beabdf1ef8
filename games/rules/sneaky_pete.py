"""Sneaky Pete: seven hands of contract rummy, penalty points for cards left in hand.

Source: ``003_9dd84d89b2055bb7.txt`` (the whole text: the deal, the seven hands'
meld requirements, Set / Run, Melding, Melding restriction, Runs, Jokers, Scoring,
Points, Winning).

Terms:

* **hand** — one deal of the game; a game is seven hands, each with its own
  **requirement**: 1 set + 1 run, 2 sets, 2 runs, 2 sets + 1 run, 1 set + 2 runs,
  3 sets, 3 runs (no discard). In the engine a hand is a deal.
* **set** — three (or more, after others add to it) cards of one rank; **run** —
  four (or more) cards in a row of one suit; the ace is low (A-2-3-4), high
  (J-Q-K-A) or both at once (A-2-…-K-A). The joker is wild.
* **melding** — laying down the hand's whole requirement at once; after that a player
  only adds cards to melds on the table.
* **going out** — getting rid of every card; the hand ends at once and every other
  player scores the **penalty points** of the cards still in their hand: joker 50,
  ace 20, 9 to king 10, 2 to 8 5.
* Every player is their own side (seats as sides ``(0, 1, 2, …)``); the most points
  after seven hands loses, so the fewest points win.

Invariants:

* exactly one player went out and holds no cards; every other player holds at least
  one card, so scores at least 5; every score is a multiple of 5;
* every card entered (hands and melds) fits in the decks the options give;
* a player's melds, when entered, are the hand's requirement exactly (or none at
  all: the player did not meld); the player who went out has melded;
* ``totals`` are penalty points; ``winners`` are the players with the lowest total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import Field

from games.engine.cards import Card
from games.engine.decks import DeckSpec, make_deck
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
from games.engine.inputs import (
    PER_SIDE,
    CardList,
    FrozenModel,
    SeatField,
)
from games.engine.melds import (
    CardValues,
    Fault,
    RunRule,
    SetRule,
    Wording,
    deck_errors,
    fault_errors,
    going_out_error,
    meld_faults,
    went_out_points_errors,
)
from games.engine.registry import register
from games.engine.text import Seat as SeatRef
from games.engine.text import Text, msg
from games.engine.wording import comma_list

HANDS = 7
CARDS_DEALT = 12
MIN_PLAYERS = 3
MAX_PLAYERS = 8
SET_LENGTH = 3  # "Set = three of a kind"
RUN_LENGTH = 4  # "Run = four in a row, same suit"

# Points: "Joker = 50, Ace = 20, 9-K = 10, 2-8 = 5".
PENALTIES = CardValues(
    "Sneaky Pete",
    {
        "Jo": 50,
        "A": 20,
        **dict.fromkeys(("9", "10", "J", "Q", "K"), 10),
        **dict.fromkeys(("2", "3", "4", "5", "6", "7", "8"), 5),
    },
)
CARD_POINTS = PENALTIES.by_rank
UNIT = PENALTIES.unit  # 5: every score is a multiple of it

# "Set = three of a kind"; "Run = four in a row, same suit", the ace low, high or
# both ends of one run; the joker is wild, with no limit per meld.
SET = SetRule(min_length=SET_LENGTH)
RUNS = {
    corner: RunRule(min_length=RUN_LENGTH, ace_both_ends=True, wrap=corner)
    for corner in (False, True)
}
SET_WORDING: Wording = {
    Fault.TOO_FEW_NATURALS: (
        "no_natural_card",
        msg("a meld needs at least one card that is not a joker"),
    ),
    Fault.TOO_SHORT: (
        "set_too_short",
        lambda length: msg(
            "a set is at least three of a kind, not {length} cards", length=length
        ),
    ),
    Fault.MIXED_RANKS: (
        "mixed_ranks",
        msg("a set is cards of one rank (jokers stand in for any of them)"),
    ),
}
RUN_WORDING: Wording = {
    Fault.TOO_FEW_NATURALS: SET_WORDING[Fault.TOO_FEW_NATURALS],
    Fault.TOO_SHORT: (
        "run_too_short",
        lambda length: msg(
            "a run is at least four in a row, not {length} cards", length=length
        ),
    ),
    Fault.MIXED_SUITS: ("mixed_suits", msg("a run is cards of one suit")),
    Fault.REPEATED_RANK: (
        "repeated_rank",
        msg("a run holds each rank once (the ace may end it at both ends)"),
    ),
    Fault.NOT_IN_A_ROW: (
        "not_in_a_row",
        msg(
            "these cards are not in a row: the gaps need more jokers than the run holds"
        ),
    ),
}


@dataclass(frozen=True, slots=True)
class Requirement:
    """What a player lays down to meld in one hand."""

    sets: int
    runs: int

    @property
    def text(self) -> str:
        """``2 sets and 1 run``: one template per shape, so a language words its
        own plurals."""
        sets, runs = self.sets, self.runs
        if sets and runs:
            if sets > 1 and runs > 1:
                return msg("{sets} sets and {runs} runs", sets=sets, runs=runs)
            if sets > 1:
                return msg("{sets} sets and {runs} run", sets=sets, runs=runs)
            if runs > 1:
                return msg("{sets} set and {runs} runs", sets=sets, runs=runs)
            return msg("{sets} set and {runs} run", sets=sets, runs=runs)
        if sets:
            if sets > 1:
                return msg("{sets} sets", sets=sets)
            return msg("{sets} set", sets=sets)
        if runs:
            if runs > 1:
                return msg("{runs} runs", runs=runs)
            return msg("{runs} run", runs=runs)
        return ""


# "Requirement to meld for each hand", hands 1 to 7.
REQUIREMENTS: tuple[Requirement, ...] = (
    Requirement(1, 1),
    Requirement(2, 0),
    Requirement(0, 2),
    Requirement(2, 1),
    Requirement(1, 2),
    Requirement(3, 0),
    Requirement(0, 3),
)


def requirement(hand: int) -> Requirement:
    """The requirement of hand ``hand`` (1–7)."""
    return REQUIREMENTS[hand - 1]


def card_points(card: Card) -> int:
    return PENALTIES.of(card)


def hand_points(cards: Sequence[Card]) -> int:
    """The penalty points of the cards left in a hand."""
    return PENALTIES.total(cards)


class SneakyPeteOptions(FrozenModel):
    """Variants; the defaults are the text's."""

    decks: Literal[2, 3] = Field(
        2, description="Decks shuffled together: 2, or 3 'if more people'."
    )
    jokers_per_deck: Literal[0, 1, 2] = Field(
        2,
        description="Jokers are wild and count 50 in hand; 'it's optional to play "
        "with jokers' (0 = none).",
    )
    round_the_corner: bool = Field(
        False,
        description="Runs may turn the corner through the ace (Q-K-A-2); off, the "
        "ace is only low (A-2-3-4) or high (J-Q-K-A), or both ends of one run.",
    )


@cache
def _deck(decks: int, jokers: int) -> DeckSpec:
    cards = 52 + jokers
    if not jokers:
        name = msg("{decks} × {cards} cards", decks=decks, cards=cards)
    elif jokers == 1:
        name = msg(
            "{decks} × {cards} cards ({jokers} joker each)",
            decks=decks,
            cards=cards,
            jokers=jokers,
        )
    else:
        name = msg(
            "{decks} × {cards} cards ({jokers} jokers each)",
            decks=decks,
            cards=cards,
            jokers=jokers,
        )
    return make_deck(name, packs=decks, jokers_per_pack=jokers)


Seat = Annotated[SeatField, Field(le=MAX_PLAYERS - 1)]


class SneakyPeteMeld(FrozenModel):
    """A set or a run in front of a player at the end of the hand."""

    kind: Literal["set", "run"] = Field(
        description="set (three or more of a rank) or run (four or more in a row of "
        "one suit)."
    )
    cards: CardList = Field(description="Its cards, with those others added to it.")


class SneakyPetePlayer(FrozenModel):
    """One player at the end of the hand."""

    hand: CardList = Field(
        (),
        description="The cards left in the hand (none for the player who went out).",
    )
    melds: tuple[SneakyPeteMeld, ...] | None = Field(
        None,
        description="Optional: the sets and runs in front of this player at the end "
        "of the hand, with the cards others added; an empty list means the player "
        "did not meld. Checked against the hand's requirement.",
    )


class SneakyPeteCards(FrozenModel):
    """A hand entered as the cards left in each player's hand."""

    mode: Literal["cards"] = "cards"
    went_out: Seat = Field(description="The seat of the player who went out.")
    players: Annotated[tuple[SneakyPetePlayer, ...], PER_SIDE] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Every player in seat order: the cards left in hand (and "
        "optionally the melds).",
    )


class SneakyPeteTotals(FrozenModel):
    """A hand entered as each player's penalty points only (not verified)."""

    mode: Literal["totals"]
    went_out: Seat = Field(description="The seat of the player who went out.")
    points: Annotated[tuple[Annotated[int, Field(ge=0)], ...], PER_SIDE] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Every player's penalty points, in seat order (0 for the player "
        "who went out).",
    )


@dataclass(frozen=True, kw_only=True)
class SneakyPeteState(MatchState):
    """``requirement``: what the next hand asks for (``None`` once seven are played)."""

    requirement: Requirement | None = REQUIREMENTS[0]


# -- melds ---------------------------------------------------------------------------


def meld_errors(
    path: str, meld: SneakyPeteMeld, round_the_corner: bool
) -> list[RuleError]:
    """Why ``meld`` is not a set or a run of its kind (nothing if it is one).

    A meld without a natural card is only that; a run's sequence is judged only
    when nothing else is wrong with it; a run too long is a run not in a row.
    """
    cards = meld.cards
    is_set = meld.kind == "set"
    faults = meld_faults(cards, SET if is_set else RUNS[round_the_corner])
    if not faults:
        return []
    if Fault.TOO_FEW_NATURALS in faults:
        faults = (Fault.TOO_FEW_NATURALS,)
    elif Fault.TOO_SHORT in faults:
        faults = tuple(f for f in faults if f is not Fault.NOT_IN_A_ROW)
    faults = tuple(f for f in faults if f is not Fault.TOO_LONG)
    wording = SET_WORDING if is_set else RUN_WORDING
    return fault_errors(f"{path}.cards", faults, wording, length=len(cards))


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
    deck = _deck(2, 2)
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    lower_totals_win = True
    deal_modes = {"cards": SneakyPeteCards, "totals": SneakyPeteTotals}
    State = SneakyPeteState

    # -- the table ----------------------------------------------------------------

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("went_out", "melded")

    def deck_for(self, options: SneakyPeteOptions) -> DeckSpec:
        return _deck(options.decks, options.jokers_per_deck)

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
