"""Sakaali: each team's final ten cards, scored for sets, pairs and singles.

Source: ``001_b57793035adc3f64.txt §39`` (39.2 setup, 39.3 the game, 39.4 scoring,
39.7 Sakaali for eight players).

Terms:

* **seat** 0–3 clockwise; partners sit opposite (table ``(0, 1, 0, 1)``), so the
  side (team) of a seat is ``seat % 2``.
* **hand** — the five cards a player keeps after discarding eight; a team's two hands
  make its **ten-card hand** (39.4).
* **card points** (minus card points) — what a ten-card hand loses: cards in a
  **set** (three or four of a kind) 0, a **pair** 25, a **single** its value
  (ace 1, two 2 … king 13) + 20.
* **bonus** — what the deal's winner gets on top of the difference: 20, plus 20 for
  every tied deal just before (a tie carries the bonus on: 40, 60 …; option
  ``tie_bonus_carries``). A winner with all ten cards in sets gets 30 more.
* **game** — to 100 game points (option ``target``); ``best_of: 3`` plays a match of
  such games, first to two.
* **board** — duplicate play (39.7): a deal whose hands are kept and replayed at the
  other table. With option ``boards`` (the board ids, in order) the match is exactly
  those deals — one stanza of Sakaali for eight — and each deal's result names its
  board, so the same board can be compared across tables.

Invariants:

* a deal gives points to at most one side: the winner gets the difference of card
  points + the bonus (+ 30); a tie gives nobody anything;
* card entry: every card is one of the 52, entered once over both teams; a hand is 5
  cards, a team 10 (two hands of five, or the ten together);
* totals entry (``card_points`` per team, unverified) accepts only values some ten
  cards can lose (1–20 cannot be lost, for instance);
* ``bonus`` in the state is the bonus of the next deal; it is 20 after any deal with
  a winner;
* in best of three the totals are the current game's: the deal that wins a game keeps
  the final score, the next deal starts the new game from 0–0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from games.engine.cards import Card
from games.engine.decks import STANDARD_52
from games.engine.errors import DealRejected, RuleError
from games.engine.game import (
    DealScore,
    Fact,
    Game,
    MatchGoal,
    MatchState,
    NextDeal,
)
from games.engine.inputs import (
    PER_PARTNER,
    PER_SIDE,
    CardList,
    FrozenModel,
    input_error,
)
from games.engine.melds import (
    NO_WILDS,
    RANK_ORDER_VALUES,
    SetRule,
    deck_errors,
)
from games.engine.rank_words import RANK_PLURALS, RANK_SINGULARS
from games.engine.registry import register
from games.engine.text import Seat, Side, msg

HAND = 5
TEAM_HAND = 10
PAIR = 25
SINGLE_EXTRA = 20
WIN_BONUS = 20
ALL_IN_SETS = 30
# 39.4: "ace=1, two=2, ..., king=13"; a set is three or four of a kind.
VALUES = RANK_ORDER_VALUES.by_rank
SET = SetRule(min_length=3, wilds=NO_WILDS)
# Reading order of a team's groups on the sheet: by value, ace first.
BY_VALUE = tuple(sorted(VALUES, key=VALUES.__getitem__))
MAX_BOARDS = 52

BoardId = Annotated[
    str,
    Field(
        min_length=1,
        max_length=16,
        pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$",
        description="A board (deck) id such as D3, the same at every table.",
        examples=["D1"],
    ),
]
CardPoints = Annotated[int, Field(ge=0, description="A team's minus card points.")]


def _name(rank: str, plural: bool = False) -> str:
    if plural:
        return RANK_PLURALS[rank]
    return RANK_SINGULARS.get(rank, rank)


def _reachable_card_points() -> frozenset[int]:
    """Every total a ten-card hand from one 52-card deck can lose.

    A hand is a count 0–4 per rank summing to 10; a rank held once loses its value
    + 20, twice 25, three or four times 0. Dynamic programming over the ranks.
    """
    cost = {rank: (0, VALUES[rank] + SINGLE_EXTRA, PAIR, 0, 0) for rank in VALUES}
    reach: dict[int, set[int]] = {0: {0}}  # cards used -> card points possible
    for rank in VALUES:
        nxt: dict[int, set[int]] = {}
        for used, totals in reach.items():
            for count in range(5):
                if used + count > TEAM_HAND:
                    break
                bucket = nxt.setdefault(used + count, set())
                bucket.update(t + cost[rank][count] for t in totals)
        reach = nxt
    return frozenset(reach[TEAM_HAND])


REACHABLE_CARD_POINTS = _reachable_card_points()


class SakaaliOptions(FrozenModel):
    """Variants; the defaults are the book's four-player game to 100."""

    target: int = Field(100, ge=1, description="Game points that win a game (39.4).")
    best_of: Literal[1, 3] = Field(
        1,
        description="1: one game; 3: a best-of-three match of games (39.4, 'if a "
        "longer game is desired').",
    )
    tie_bonus_carries: bool = Field(
        True,
        description="A tied deal's 20-point winning bonus goes to the next deal "
        "(39.4); false scores every deal on its own.",
    )
    boards: tuple[BoardId, ...] = Field(
        (),
        max_length=MAX_BOARDS,
        description="Duplicate play (39.7): the board ids of this table's deals, in "
        "order. The match is exactly these deals; target and best_of do not apply.",
    )

    @field_validator("boards")
    @classmethod
    def _distinct(cls, boards: tuple[str, ...]) -> tuple[str, ...]:
        seen: set[str] = set()
        for board in boards:
            if board in seen:
                raise input_error(
                    "duplicate_board", "board {board} is listed twice", board=board
                )
            seen.add(board)
        return boards


class SakaaliTeam(FrozenModel):
    """One team's final cards: the partners' two hands, or the ten together."""

    hands: Annotated[tuple[CardList, CardList], PER_PARTNER] | None = Field(
        None,
        description="Each partner's five cards, partners in seat order (side 0: "
        "seats 0 and 2; side 1: seats 1 and 3).",
    )
    cards: CardList | None = Field(
        None,
        description="The team's ten cards together (instead of the two hands).",
    )


class SakaaliCards(FrozenModel):
    """A deal entered as both teams' final ten cards."""

    mode: Literal["cards"] = "cards"
    teams: Annotated[tuple[SakaaliTeam, SakaaliTeam], PER_SIDE] = Field(
        description="Side 0 (seats 0 and 2) and side 1 (seats 1 and 3)."
    )
    board: BoardId | None = Field(
        None, description="Duplicate play: the board played (checked if given)."
    )


class SakaaliTotals(FrozenModel):
    """A deal entered as each team's card points only (not verified)."""

    mode: Literal["totals"]
    card_points: Annotated[tuple[CardPoints, CardPoints], PER_SIDE] = Field(
        description="Minus card points of side 0 and side 1."
    )
    board: BoardId | None = Field(
        None, description="Duplicate play: the board played (checked if given)."
    )


@dataclass(frozen=True, kw_only=True)
class SakaaliState(MatchState):
    """``bonus``: what the next deal's winner gets besides the difference.
    ``games_won`` per side and ``new_game`` (the next deal starts a game from 0–0)
    serve best of three."""

    bonus: int = WIN_BONUS
    games_won: tuple[int, int] = (0, 0)
    new_game: bool = False


@dataclass(frozen=True)
class TeamHand:
    """A ten-card hand taken apart: its card points and the facts behind them."""

    card_points: int
    all_in_sets: bool
    facts: tuple[Fact, ...]


def team_hand(cards: Sequence[Card], side: int | None = None) -> TeamHand:
    """Group ``cards`` by rank and count what they lose (39.4)."""
    counts = Counter(card.rank for card in cards)
    facts = []
    total = 0
    for rank in BY_VALUE:
        count = counts.get(rank, 0)
        if not count:
            continue
        # The cards of one rank from one deck: SET holds them exactly when there
        # are enough of them (what read_meld would find, without reading them).
        if count >= SET.min_length:
            ranks = _name(rank, True)
            text = (
                msg("three {ranks}: {points}", ranks=ranks, points=0)
                if count == 3
                else msg("four {ranks}: {points}", ranks=ranks, points=0)
            )
            facts.append(Fact("set", text, side, 0))
        elif count == 2:
            total += PAIR
            facts.append(
                Fact(
                    "pair",
                    msg(
                        "pair of {ranks}: {points}",
                        ranks=_name(rank, True),
                        points=PAIR,
                    ),
                    side,
                    PAIR,
                )
            )
        else:
            lost = VALUES[rank] + SINGLE_EXTRA
            total += lost
            facts.append(
                Fact(
                    "single",
                    msg("single {rank}: {lost}", rank=_name(rank), lost=lost),
                    side,
                    lost,
                )
            )
    return TeamHand(total, total == 0, tuple(facts))


@register
class Sakaali(Game):
    slug = "sakaali"
    name = "Sakaali"
    source = "001_b57793035adc3f64.txt §39"
    summary = (
        "Partners keep five cards each; a team's ten cards lose points for pairs and "
        "singles; the deal's winner scores the difference + 20; 100 wins."
    )
    Options = SakaaliOptions
    deck = STANDARD_52
    tables = ((0, 1, 0, 1),)
    duplicate_boards = True  # §39.7: Sakaali for eight, boards replayed
    deal_modes = {"cards": SakaaliCards, "totals": SakaaliTotals}
    State = SakaaliState

    # -- one deal -----------------------------------------------------------------

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("deal_won", "all_in_sets", "tie")

    def verify_and_score(
        self, state: SakaaliState, deal: SakaaliCards | SakaaliTotals
    ) -> DealScore:
        errors: list[RuleError] = []
        board = self._board(state, deal, errors)
        if isinstance(deal, SakaaliTotals):
            points, hands = self._card_points_entered(deal, errors), None
        else:
            hands = self._hands(deal, errors)
            points = None if hands is None else tuple(h.card_points for h in hands)
        if errors:
            raise DealRejected(errors)
        return self._result(state, points, hands, board)

    def _board(
        self,
        state: SakaaliState,
        deal: SakaaliCards | SakaaliTotals,
        errors: list[RuleError],
    ) -> str | None:
        """The board this deal is: the options' next one, checked against the entry."""
        boards = state.options.boards
        if not boards:
            return deal.board
        expected = boards[state.deal_number - 1]
        if deal.board is not None and deal.board != expected:
            errors.append(
                RuleError(
                    "board",
                    "wrong_board",
                    msg(
                        "deal {number} of this table is board {expected}, not {board}",
                        number=state.deal_number,
                        expected=expected,
                        board=deal.board,
                    ),
                )
            )
        return expected

    @staticmethod
    def _card_points_entered(
        deal: SakaaliTotals, errors: list[RuleError]
    ) -> tuple[int, int]:
        for side, value in enumerate(deal.card_points):
            if value not in REACHABLE_CARD_POINTS:
                errors.append(
                    RuleError(
                        f"card_points.{side}",
                        "unreachable_card_points",
                        msg(
                            "no ten cards lose exactly {value} card points (sets 0, "
                            "pairs 25, singles value + 20)",
                            value=value,
                        ),
                    )
                )
        return deal.card_points

    @staticmethod
    def _hands(
        deal: SakaaliCards, errors: list[RuleError]
    ) -> tuple[TeamHand, TeamHand] | None:
        """Both teams' ten-card hands, checked for shape and against the deck."""
        placed: list[tuple[str, Sequence[Card]]] = []
        tens: list[Sequence[Card] | None] = []
        for side, team in enumerate(deal.teams):
            path = f"teams.{side}"
            if team.hands is not None and team.cards is not None:
                errors.append(
                    RuleError(
                        path,
                        "hands_and_cards",
                        "enter the two hands or the ten cards, not both",
                    )
                )
                tens.append(None)
                continue
            if team.hands is not None:
                ten: list[Card] = []
                good = True
                for i, hand in enumerate(team.hands):
                    placed.append((f"{path}.hands.{i}", hand))
                    ten.extend(hand)
                    if len(hand) != HAND:
                        good = False
                        errors.append(
                            RuleError(
                                f"{path}.hands.{i}",
                                "hand_size",
                                msg(
                                    "a player keeps {keeps} cards, not {cards}",
                                    keeps=HAND,
                                    cards=len(hand),
                                ),
                            )
                        )
                tens.append(ten if good else None)
            elif team.cards is not None:
                placed.append((f"{path}.cards", team.cards))
                if len(team.cards) != TEAM_HAND:
                    errors.append(
                        RuleError(
                            f"{path}.cards",
                            "team_hand_size",
                            msg(
                                "a team keeps {keeps} cards, not {cards}",
                                keeps=TEAM_HAND,
                                cards=len(team.cards),
                            ),
                        )
                    )
                    tens.append(None)
                else:
                    tens.append(team.cards)
            else:
                errors.append(
                    RuleError(
                        path,
                        "team_cards_required",
                        "enter the team's two hands (5 cards each) or its ten cards",
                    )
                )
                tens.append(None)
        errors.extend(deck_errors(STANDARD_52, placed))
        if errors:
            return None
        return team_hand(tens[0], 0), team_hand(tens[1], 1)

    def _result(
        self,
        state: SakaaliState,
        card_points: tuple[int, int],
        hands: tuple[TeamHand, TeamHand] | None,
        board: str | None,
    ) -> DealScore:
        options: SakaaliOptions = state.options
        facts: list[Fact] = []
        if hands is not None:
            for hand in hands:
                facts.extend(hand.facts)
        for side, lost in enumerate(card_points):
            facts.append(
                Fact(
                    "card_points",
                    msg("{side} card points: {lost}", side=Side(side), lost=lost),
                    side,
                    lost,
                )
            )
        a, b = card_points
        winner: int | None = None
        points = (0, 0)
        difference = abs(a - b)
        sets_bonus = 0
        if a == b:
            last_board = bool(options.boards) and state.deal_number >= len(
                options.boards
            )
            if last_board:
                text = msg(
                    "tie at {points}: no points; no board follows, the bonus lapses",
                    points=a,
                )
            elif options.tie_bonus_carries:
                text = msg(
                    "tie at {points}: no points; the winner of the next deal gets "
                    "{bonus} bonus",
                    points=a,
                    bonus=state.bonus + WIN_BONUS,
                )
            else:
                text = msg("tie at {points}: no points", points=a)
            facts.append(Fact("tie", text, None, 0))
        else:
            winner = 0 if a < b else 1
            sets_bonus = ALL_IN_SETS if card_points[winner] == 0 else 0
            won = difference + state.bonus + sets_bonus
            points = (won, 0) if winner == 0 else (0, won)
            reckoning = {
                "winner": Side(winner),
                "more": max(a, b),
                "less": min(a, b),
                "difference": difference,
                "bonus": state.bonus,
                "won": won,
            }
            facts.append(
                Fact(
                    "deal_won",
                    msg(
                        "{winner} wins the deal: {more} − {less} = {difference}, + "
                        "{bonus} bonus, + {sets} all in sets = {won}",
                        sets=ALL_IN_SETS,
                        **reckoning,
                    )
                    if sets_bonus
                    else msg(
                        "{winner} wins the deal: {more} − {less} = {difference}, + "
                        "{bonus} bonus = {won}",
                        **reckoning,
                    ),
                    winner,
                    won,
                )
            )
            if sets_bonus:
                facts.append(
                    Fact(
                        "all_in_sets",
                        msg(
                            "{winner} has all ten cards in sets: + {sets}",
                            winner=Side(winner),
                            sets=ALL_IN_SETS,
                        ),
                        winner,
                        ALL_IN_SETS,
                    )
                )
        return DealScore(
            points=points,
            facts=tuple(facts),
            verified=hands is not None,
            detail={
                "board": board,
                "card_points": [a, b],
                "winner": winner,
                "difference": difference,
                "bonus": state.bonus if winner is not None else 0,
                "all_in_sets": sets_bonus > 0,
                "game": sum(state.games_won) + 1,
            },
        )

    # -- folding ------------------------------------------------------------------

    def totals_after(self, state: SakaaliState, score: DealScore) -> tuple[int, ...]:
        """A new game (after one was won) starts the totals again."""
        p0, p1 = score.points
        base = (0, 0) if state.new_game else state.totals
        return (base[0] + p0, base[1] + p1)

    def match_over(
        self, state: SakaaliState, score: DealScore, totals: tuple[int, ...]
    ) -> bool:
        """A stanza of boards ends after its last board; a match of games once a
        side has won the most of its best-of."""
        options: SakaaliOptions = state.options
        if options.boards:
            return state.deal_number >= len(options.boards)
        return _games_after(state, score, totals)[2]

    def carry(
        self,
        state: SakaaliState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The bonus the next game is played for, and in a match of games the
        games won and whether the next deal starts a new game. A stanza decides
        nothing by 100: more game points win it (the base's winners)."""
        options: SakaaliOptions = state.options
        p0, p1 = score.points
        if p0 or p1:
            bonus = WIN_BONUS
        elif options.tie_bonus_carries:
            bonus = state.bonus + WIN_BONUS
        else:
            bonus = WIN_BONUS
        if options.boards:
            return {"bonus": bonus}
        games_won, new_game, _, winners = _games_after(state, score, totals)
        return {
            "bonus": bonus,
            "games_won": games_won,
            "new_game": new_game,
            "winners": winners,
        }

    def match_goal(self, options: SakaaliOptions) -> MatchGoal:
        """Duplicate play is exactly its boards; otherwise the target wins a game."""
        if options.boards:
            return MatchGoal(deals=len(options.boards))
        return MatchGoal(target=options.target)

    def leaders(self, state: SakaaliState) -> tuple[int, ...]:
        options: SakaaliOptions = state.options
        if options.best_of > 1 and not options.boards:
            a, b = state.games_won
            if a != b:
                return (0,) if a > b else (1,)
            if state.new_game:
                return ()
        return super().leaders(state)

    def next_deal(self, state: SakaaliState) -> NextDeal | None:
        if state.finished:
            return None
        options: SakaaliOptions = state.options
        first = state.table.next_seat(state.dealer)
        notes = []
        if options.boards:
            board = options.boards[state.deal_number - 1]
            notes.append(
                msg(
                    "Board {board} (deal {number} of {deals}): play the hands of "
                    "this board; keep each hand for the other table.",
                    board=board,
                    number=state.deal_number,
                    deals=len(options.boards),
                )
            )
        else:
            totals = (0, 0) if state.new_game else state.totals
            if options.best_of > 1:
                game = sum(state.games_won) + 1
                notes.append(
                    msg(
                        "Game {game} of best of {best_of}; games {won0}–{won1}.",
                        game=game,
                        best_of=options.best_of,
                        won0=state.games_won[0],
                        won1=state.games_won[1],
                    )
                )
            if state.new_game:
                notes.append(msg("A new game starts at 0–0."))
            notes.append(
                msg(
                    "{target} wins: {side0} needs {needs0}, {side1} {needs1}.",
                    target=options.target,
                    side0=Side(0),
                    needs0=max(options.target - totals[0], 0),
                    side1=Side(1),
                    needs1=max(options.target - totals[1], 0),
                )
            )
        notes.append(
            msg(
                "Each player is dealt 13 cards and plays 8, starting with {first}; "
                "the partners' last five cards make the team's ten.",
                first=Seat(first),
            )
        )
        if state.bonus > WIN_BONUS:
            notes.append(
                msg(
                    "Tied deal(s) before: the winner of this deal gets {bonus} bonus.",
                    bonus=state.bonus,
                )
            )
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=first,
            notes=tuple(notes),
        )


def _games_after(
    state: SakaaliState, score: DealScore, totals: tuple[int, ...]
) -> tuple[tuple[int, int], bool, bool, tuple[int, ...]]:
    """In a match of games: the games won after a deal, whether the next deal
    starts a new game, whether the match is over, and its winners."""
    options: SakaaliOptions = state.options
    p0, p1 = score.points
    games_won = state.games_won
    leader = 0 if p0 else 1
    if (p0 or p1) and totals[leader] >= options.target:
        won = list(games_won)
        won[leader] += 1
        games_won = (won[0], won[1])
        if games_won[leader] > options.best_of // 2:
            return games_won, False, True, (leader,)
        return games_won, True, False, ()
    return games_won, False, False, ()
