"""Historical Skruuvi's scoring and match (§17.1–17.5); see the package docstring."""

from __future__ import annotations

from typing import Any

from games.engine import (
    ContextRow,
    DealRejected,
    DealScore,
    Fact,
    MatchGoal,
    NextDeal,
    RuleError,
    Seat,
    Side,
    msg,
    register,
)
from games.engine.skruuvi.contracts import doubling
from games.engine.skruuvi.deal import (
    BASIC,
    KOTKA,
    PASS_MISERE,
    SEATS,
    TRICKS,
)
from games.engine.skruuvi.family import SkruuviRules
from games.engine.tricks import (
    PARTNERS,
    SUITS,
    aces_shown,
    check_holdings,
    check_split,
    doubling_multiplier,
    game_winner,
    majority,
)
from games.rules.historical_skruuvi.facts import (
    aces_fact,
    aces_in_hand_fact,
    contract_fact,
    game_fact,
    holding,
    main_book,
    pass_misere_fact,
    sequence_fact,
    trick_points_fact,
    value_cards_fact,
)
from games.rules.historical_skruuvi.inputs import (
    FOUR_PLAYED_AS,
    GAMES_TO_WIN,
    HISTORICAL,
    LOWEST,
    SECTION,
    VALUE_UNITS,
    HistoricalSkruuviDeal,
    HistoricalSkruuviOptions,
    HistoricalSkruuviState,
)


@register
class HistoricalSkruuvi(SkruuviRules):
    slug = "historical-skruuvi"
    name = "Historical Skruuvi"
    source = "001_b57793035adc3f64.txt §17"
    summary = (
        "Trick points × level to both sides, games of 60, a rubber then four "
        "kotkas; contracts of four to seven, honours, misere aces × 100."
    )
    Options = HistoricalSkruuviOptions
    deal_input = HistoricalSkruuviDeal
    State = HistoricalSkruuviState
    scale = HISTORICAL

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = (
        "contract_made",
        "contract_failed",
        "pass_misere",
        "knocked",
        "kontra",
        "game_won",
        "main_book",
    )

    def match_goal(self, options: Any) -> MatchGoal:
        return MatchGoal()

    def kind(self, state: HistoricalSkruuviState) -> str:
        return KOTKA if state.in_kotkas else BASIC

    # -- checks -------------------------------------------------------------------

    def check(
        self, state: HistoricalSkruuviState, deal: HistoricalSkruuviDeal, kind: str
    ) -> tuple[HistoricalSkruuviDeal, Any, Any]:
        """Every error of the deal; the deal (an unknocked four's tricks filled
        in), the tricks per side and the aces."""
        errors: list[RuleError] = []
        unplayed_four = (
            deal.contract not in ("misere", PASS_MISERE)
            and deal.level is not None
            and deal.level <= LOWEST
            and deal.declarer is not None
            and not deal.knocks
            and kind == BASIC
        )
        if unplayed_four:
            side = deal.declarer % 2
            played_as = FOUR_PLAYED_AS if side == 0 else FOUR_PLAYED_AS[::-1]
            if not deal.tricks:
                deal = deal.model_copy(update={"tricks": played_as})
            elif (
                len(deal.tricks) in (2, 4)
                and (
                    (deal.tricks[0] + deal.tricks[2], deal.tricks[1] + deal.tricks[3])
                    if len(deal.tricks) == 4
                    else tuple(deal.tricks)
                )
                != played_as
            ):
                errors.append(
                    RuleError(
                        "tricks",
                        "four_not_played",
                        "an unknocked contract of four is not played: it scores as "
                        "10 tricks to the declarers and 3 to the opponents; leave "
                        "the tricks out (§17.3)",
                    )
                )
            # 17.3: "as if the declarer team first won ten tricks": if both sides
            # reach 60 in it, the declarers got there first.
            if deal.first_to_game is None:
                deal = deal.model_copy(update={"first_to_game": side})
            elif deal.first_to_game != side:
                errors.append(
                    RuleError(
                        "first_to_game",
                        "four_declarers_first",
                        "an unknocked four is scored as if the declarers won their "
                        "ten tricks first: they reach 60 first (§17.3)",
                    )
                )
        per_side, aces, more = self.check_team_deal(state, deal, kind)
        errors += more
        shape = holding(deal.contract)
        held = (deal.value_cards, deal.aces_in_hand, deal.sequences)
        if shape is None:
            for name, value in zip(
                ("value_cards", "aces_in_hand", "sequences"), held, strict=True
            ):
                if value:
                    errors.append(
                        RuleError(
                            name,
                            "honours_outside_trump_and_no_trump",
                            msg(
                                "cards in hand score only in trump and no trump "
                                "contracts ({section})",
                                section=SECTION,
                            ),
                        )
                    )
        else:
            self._check_honours(deal, shape, errors)
        if errors:
            raise DealRejected(errors)
        return deal, per_side, aces

    def _check_honours(
        self, deal: HistoricalSkruuviDeal, shape: str, errors: list[RuleError]
    ) -> None:
        if deal.value_cards is None:
            errors.append(
                RuleError(
                    "value_cards",
                    "value_cards_required",
                    msg(
                        "enter the value cards held per side: they score ({section})",
                        section=SECTION,
                    ),
                )
            )
        suits = SUITS if shape == "no_trump" else (deal.contract,)
        fits = check_holdings(
            deal.aces_in_hand, deal.sequences, errors, section=SECTION, suits=suits
        )
        if deal.value_cards is None:
            return
        if not check_split(
            deal.value_cards,
            VALUE_UNITS[shape],
            errors,
            path="value_cards",
            what="value cards",
            section=SECTION,
        ):
            return
        if not fits:
            return
        need = list(aces_shown(deal.aces_in_hand, deal.sequences, PARTNERS))
        if shape == "trump":
            for run in deal.sequences:
                need[PARTNERS[run.seat]] += min(run.length, 5)
        for side in (0, 1):
            if need[side] > deal.value_cards[side]:
                errors.append(
                    RuleError(
                        f"value_cards.{side}",
                        "fewer_value_cards_than_shown",
                        msg(
                            "{side} held {held} value cards, but its aces and "
                            "sequences show {shown} ({section})",
                            side=Side(side),
                            held=deal.value_cards[side],
                            shown=need[side],
                            section=SECTION,
                        ),
                    )
                )

    # -- scoring ------------------------------------------------------------------

    def verify_and_score(
        self, state: HistoricalSkruuviState, deal: HistoricalSkruuviDeal
    ) -> DealScore:
        kind = self.kind(state)
        deal, per_side, aces = self.check(state, deal, kind)
        mult = doubling_multiplier(doubling(deal.knocks)) * state.stake
        facts: list[Fact] = []
        points = [0, 0]

        def put(fact: Fact) -> None:
            points[fact.side] += fact.points
            facts.append(fact)

        if deal.knocks:
            knock = deal.knocks[0]
            facts.append(
                Fact(
                    "knocked" if knock.kontra_by is None else "kontra",
                    msg("knocked by {by}: × 2", by=Seat(knock.by))
                    if knock.kontra_by is None
                    else msg(
                        "knocked by {by}, kontra-knocked by {kontra_by}: × 4",
                        by=Seat(knock.by),
                        kontra_by=Seat(knock.kontra_by),
                    ),
                )
            )
        if state.stake > 1:
            facts.append(
                Fact(
                    "replay",
                    msg("replayed match: scores × {stake}", stake=state.stake),
                )
            )
        trick_points = (0, 0)
        detail: dict[str, Any] = {
            "kind": kind,
            "contract": deal.contract,
            "tricks": list(per_side),
            "multiplier": mult,
        }
        if deal.contract == PASS_MISERE:
            # 17.4.6: Modern Skruuvi's pass misere (a point per trick the opponents
            # took, and the aces) × 100; no trick points.
            for s in (0, 1):
                put(pass_misere_fact(s, per_side[1 - s], mult))
            self._aces(aces, mult, put)
            detail.update(level=None, declarer=None)
        else:
            trick_points = self._score_contract(deal, per_side, aces, mult, put)
            detail.update(
                level=max(deal.level, LOWEST),
                bid_level=deal.level,
                declarer=deal.declarer,
                declarer_side=deal.declarer % 2,
                trick_points=list(trick_points),
            )
        self._score_games(state, deal, trick_points, put, detail)
        if detail["match_over"]:
            self._match_end(state, points, facts, detail)
        return DealScore(
            points=(points[0], points[1]), facts=tuple(facts), detail=detail
        )

    def _score_contract(
        self,
        deal: HistoricalSkruuviDeal,
        per_side: tuple[int, int],
        aces: Any,
        mult: int,
        add: Any,
    ) -> tuple[int, int]:
        level = max(deal.level, LOWEST)
        misere = deal.contract == "misere"
        # 17.1: tricks won (in misere avoided) × level, to both sides, not doubled.
        achieved = (TRICKS - per_side[0], TRICKS - per_side[1]) if misere else per_side
        add(trick_points_fact(0, achieved[0], level, misere))
        add(trick_points_fact(1, achieved[1], level, misere))
        add(
            contract_fact(
                deal.level,
                deal.contract,
                deal.declarer,
                achieved[deal.declarer % 2],
                mult,
            )
        )
        if misere:
            self._aces(aces, mult, add)
        else:
            self._honours(deal, level, per_side, mult, add)
        return (achieved[0] * level, achieved[1] * level)

    @staticmethod
    def _aces(aces: Any, mult: int, add: Any) -> None:
        """Modern Skruuvi's aces (the trick number of each ace in the other side's
        tricks) × 100, knocks applying (17.4.3, 17.4.4)."""
        for s in (0, 1):
            add(aces_fact(s, aces.won_by(PARTNERS, 1 - s), mult))

    @staticmethod
    def _honours(
        deal: HistoricalSkruuviDeal,
        level: int,
        per_side: tuple[int, int],
        mult: int,
        add: Any,
    ) -> None:
        side = deal.declarer % 2
        no_trump = deal.contract == "no_trump"
        units = deal.value_cards
        holder = majority(units, tie=side)
        # 17.4.2: to the opponents when the declarers took fewer tricks.
        away = holder == side and per_side[side] < per_side[1 - side]
        add(value_cards_fact(holder, units[holder], level, no_trump, away, mult))
        for hand in deal.aces_in_hand:
            add(aces_in_hand_fact(hand.seat, hand.aces, no_trump, mult))
        for run in deal.sequences:
            add(sequence_fact(run.seat, run.suit, run.length, mult))

    def _score_games(
        self,
        state: HistoricalSkruuviState,
        deal: HistoricalSkruuviDeal,
        trick_points: tuple[int, int],
        add: Any,
        detail: dict[str, Any],
    ) -> None:
        options: HistoricalSkruuviOptions = state.options
        in_kotkas = detail["kind"] == KOTKA
        target = options.game_target
        # A game: 60 toward it in the rubber, 60 in the one deal in a kotka (17.2)
        # — games.engine.tricks.MatchOfGames's rule, which advance() applies to the
        # state; here only what the deal scores is needed, so the match is not built.
        reached = (
            trick_points
            if in_kotkas
            else (state.toward[0] + trick_points[0], state.toward[1] + trick_points[1])
        )
        game = None
        if max(reached) >= target:
            if min(reached) >= target and deal.first_to_game is None:
                raise DealRejected(
                    [
                        RuleError(
                            "first_to_game",
                            "first_to_game_required",
                            "both sides reach 60 in this deal: enter the side whose "
                            "tricks got there first (§17.2)",
                        )
                    ]
                )
            game = game_winner(reached, target, deal.first_to_game)
        detail["game"] = game
        if game is not None:
            nth = state.games.count(game) + state.kotka_games.count(game) + 1
            add(game_fact(game, nth, in_kotkas, options.game_bonus * state.stake))
        if in_kotkas:
            over = state.kotkas_played + 1 >= options.kotkas
        else:
            over = (
                game is not None
                and state.games.count(game) + 1 >= GAMES_TO_WIN
                and options.kotkas == 0
            )
        detail["match_over"] = over

    @staticmethod
    def _match_end(
        state: HistoricalSkruuviState,
        points: list[int],
        facts: list[Fact],
        detail: dict[str, Any],
    ) -> None:
        """17.5: under 10 apart the match is replayed at double scores; otherwise
        the difference ÷ 100 goes to the main book."""
        totals = [t + p for t, p in zip(state.totals, points, strict=True)]
        difference = totals[0] - totals[1]
        replay = abs(difference) < 10 and state.options.replay_close
        detail["replay"] = replay
        if replay:
            facts.append(
                Fact(
                    "replay_at_double",
                    msg(
                        "the match ends {difference} apart (under 10): it is "
                        "replayed at × {stake} (§17.5)",
                        difference=abs(difference),
                        stake=state.stake * 2,
                    ),
                )
            )
            return
        winner = None if difference == 0 else (0 if difference > 0 else 1)
        book = main_book(difference)
        detail["main_book"] = book
        apart = {"difference": abs(difference), "book": book}
        facts.append(
            Fact(
                "main_book",
                msg("match over, {difference} apart: {book} to the main book", **apart)
                if winner is None
                else msg(
                    "match over, {difference} apart: {book} to the main book for "
                    "{winner}",
                    winner=Side(winner),
                    **apart,
                ),
                winner,
                book,
            )
        )

    def match_over(
        self, state: HistoricalSkruuviState, score: DealScore, totals: tuple[int, ...]
    ) -> bool:
        """Over when the rubbers decide the match, unless it is to be replayed."""
        return bool(score.detail["match_over"]) and not score.detail["replay"]

    def carry(
        self,
        state: HistoricalSkruuviState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The rubbers: the points toward a game, the games won, the kotkas;
        a match to be replayed starts its rubbers again at double the stake."""
        detail = score.detail
        trick_points = detail.get("trick_points", (0, 0))
        after, _ = state.match.score(trick_points, first=detail["game"])
        changes: dict[str, Any] = {
            "toward": after.rubber.toward,
            "games": after.rubber.games,
            "kotkas_played": after.extra_played,
            "kotka_games": after.extra_games,
            "team_deals": state.team_deals + 1,
        }
        if detail["match_over"] and detail["replay"]:
            changes.update(
                toward=(0, 0),
                games=(),
                kotkas_played=0,
                kotka_games=(),
                stake=state.stake * 2,
                replays=state.replays + 1,
            )
        return changes

    def next_deal(self, state: HistoricalSkruuviState) -> NextDeal | None:
        if state.finished:
            return None
        options: HistoricalSkruuviOptions = state.options
        match = state.match
        first = (state.dealer + 1) % SEATS
        if match.in_extra_deals:
            number = {"number": match.extra_played + 1, "kotkas": options.kotkas}
            phase = msg("kotka {number} of {kotkas}", **number)
            note = msg(
                "Kotka {number} of {kotkas}: 13 cards each, bids at least six; a game "
                "only for 60 trick points in this deal.",
                **number,
            )
        else:
            phase = msg("rubber, game {number}", number=len(match.rubber.games) + 1)
            note = msg(
                "Basic deal: 12 cards each, four face down; a bid below four is "
                "raised to four; an unknocked four is not played (10 + 3 tricks)."
            )
        won = tuple(match.games_won(side) for side in (0, 1))
        rows = [
            ContextRow("phase", "Phase", "text", phase),
            ContextRow(
                "toward_game", "Toward the game", "per_side", match.rubber.toward
            ),
            ContextRow("games_won", "Games won", "per_side", won),
        ]
        if state.stake > 1:
            rows.append(ContextRow("stake", "Replay stake", "number", state.stake))
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=first,
            may_bid=tuple(range(SEATS)),
            notes=(
                note,
                msg(
                    "{first:C} (left of the dealer) bids first; if everyone passes "
                    "the deal is a pass misere.",
                    first=Seat(first),
                ),
            ),
            context=tuple(rows),
        )
