"""Sakaali's game: the checks and scoring of a deal and the match of boards (the terms
are in :mod:`games.rules.sakaali`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine.cards import Card
from games.engine.decks import STANDARD_52
from games.engine.errors import DealRejected, RuleError
from games.engine.game import (
    DealScore,
    Fact,
    Game,
    MatchGoal,
    NextDeal,
)
from games.engine.melds import (
    deck_errors,
)
from games.engine.registry import register
from games.engine.text import Seat, Side, msg
from games.rules.sakaali.inputs import (
    ALL_IN_SETS,
    HAND,
    REACHABLE_CARD_POINTS,
    TEAM_HAND,
    WIN_BONUS,
    SakaaliCards,
    SakaaliOptions,
    SakaaliState,
    SakaaliTotals,
    TeamHand,
    team_hand,
)


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
