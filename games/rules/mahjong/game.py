"""Tuomas's Mah Jong: the game's declaration, the deal's payments (book §42.12.3)
and the match (§42.2–42.4, §42.10). The package docstring has the terms, the
invariants and the readings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine import (
    DealRejected,
    DealScore,
    Game,
    MatchState,
    RuleError,
    Table,
    register,
)
from games.engine.chips import (
    ChipLedger,
    ChipRules,
    Payments,
    each_pays,
    pairwise_differences,
)
from games.engine.game import (
    ContextRow,
    Fact,
    MatchGoal,
    NextDeal,
    best_sides,
)
from games.engine.text import Seat, msg
from games.engine.tiles import Wind, count_errors
from games.rules.mahjong.hands import (
    best_losing,
    best_winning,
    pair_errors,
    read_hand,
    tile_count_errors,
    value_fact,
)
from games.rules.mahjong.inputs import (
    LONG_DEALS,
    PLAYERS,
    SHORT_DEALS,
    START,
    MahjongOptions,
    MahjongTiles,
    MahjongTotals,
)
from games.rules.mahjong.values import round_wind, seat_wind


@dataclass(frozen=True, kw_only=True)
class MahjongState(MatchState):
    """``ledger``: every player's chips; ``deals_counted``: deals of the game played
    (a void deal that does not count is not among them). ``dealer`` is east."""

    ledger: ChipLedger
    deals_counted: int = 0


# -- payments (§42.12.3) -----------------------------------------------------------


def deal_payments(
    winner: int, value: int, category_one: Sequence[int], east: int
) -> Payments:
    """Each loser pays the winner ``value``; the losers settle their Category I
    differences pairwise; a payment to or from east is doubled."""
    losers = {s: category_one[s] for s in range(PLAYERS) if s != winner}
    return each_pays(
        PLAYERS, winner, value, doubled=(east,), reason="the winner's hand"
    ) + pairwise_differences(
        losers, PLAYERS, doubled=(east,), reason="losers' differences"
    )


# -- the game ------------------------------------------------------------------------


@register
class Mahjong(Game):
    slug = "mahjong"
    name = "Tuomas's Mah Jong"
    source = "001_b57793035adc3f64.txt §42 (l.2774–2941; scoring §42.12)"
    summary = (
        "Mah Jong for four, paid in chips: the winning hand entered as its sets, "
        "Category I and II with every double; losers pay the winner and settle "
        "among themselves, east pays and receives double."
    )
    Options = MahjongOptions
    tables = ((0, 1, 2, 3),)
    deal_modes = {"tiles": MahjongTiles, "totals": MahjongTotals}
    State = MahjongState
    chips_are_money = True

    def parse_deal(self, raw: Any) -> Any:
        # The tiles are the usual entry: a deal that names no mode is one.
        if isinstance(raw, Mapping) and "mode" not in raw:
            raw = {**raw, "mode": "tiles"}
        return super().parse_deal(raw)

    def initial_state(self, options: MahjongOptions, table: Table) -> MahjongState:
        start = options.start or START[options.length]
        ledger = ChipLedger.start(PLAYERS, ChipRules(start=start))
        return MahjongState(
            table=table,
            options=options,
            totals=ledger.balances,
            dealer=table.first_dealer,
            ledger=ledger,
        )

    def verify_and_score(
        self, state: MahjongState, deal: MahjongTiles | MahjongTotals
    ) -> DealScore:
        east = state.dealer
        prevailing = round_wind(state.deals_counted)
        winds = [seat_wind(s, east) for s in range(PLAYERS)]
        common = {
            "winner": deal.winner,
            "east": east,
            "round_wind": prevailing.value,
            "winds": [w.value for w in winds],
        }
        if deal.winner is None:
            facts = (Fact("void", "a void deal: no scoring (§42.10)"),)
            return DealScore(
                points=(0,) * PLAYERS,
                facts=facts,
                verified=isinstance(deal, MahjongTiles),
                detail={**common, "value": 0, "category_one": [0] * PLAYERS},
            )
        if isinstance(deal, MahjongTotals):
            value, first, facts = _totals(deal)
            verified = False
        else:
            value, first, facts = self._score_tiles(state, deal, winds, prevailing)
            verified = True
        net = deal_payments(deal.winner, value, first, east).net()
        return DealScore(
            points=net,
            facts=tuple(facts),
            verified=verified,
            detail={**common, "value": value, "category_one": list(first)},
        )

    def _score_tiles(
        self,
        state: MahjongState,
        deal: MahjongTiles,
        winds: list[Wind],
        prevailing: Wind,
    ) -> tuple[int, list[int], list[Fact]]:
        errors: list[RuleError] = []
        reads, unread = [], set()
        for s, hand in enumerate(deal.hands):
            before = len(errors)
            reads.append(read_hand(hand, f"hands.{s}", errors))
            if len(errors) > before:
                unread.add(s)  # its tiles are not all known: not counted
        placed = []
        for s, read in enumerate(reads):
            for c in read.fixed:
                field_name = "concealed_kongs" if c.concealed else "melded"
                placed.append((f"hands.{s}.{field_name}", c.tiles))
            placed.append((f"hands.{s}.hand", read.loose))
            placed.append((f"hands.{s}.flowers", read.flowers))
        errors += count_errors(placed)
        winner = deal.winner
        assert winner is not None
        for s, read in enumerate(reads):
            if s not in unread:
                errors += tile_count_errors(s, read, s == winner)
            errors += pair_errors(s, read, s == winner, deal.won_by)
        if errors:
            raise DealRejected(errors)
        options: MahjongOptions = state.options
        won = best_winning(
            reads[winner],
            winds[winner],
            prevailing,
            deal.won_by,
            options.replacement_is_from_wall,
        )
        if won is None:
            raise DealRejected(
                [
                    RuleError(
                        f"hands.{winner}",
                        "not_a_winning_hand",
                        "these tiles are not four combinations and a pair (§42.7)",
                    )
                ]
            )
        first = []
        facts = [value_fact(winner, won[0], won[1], winner=True)]
        for s, read in enumerate(reads):
            if s == winner:
                first.append(won[1].category_one)
                continue
            combos, valuation = best_losing(read, winds[s], prevailing)
            first.append(valuation.value)
            facts.append(value_fact(s, combos, valuation, winner=False))
        return won[1].value, first, facts

    def match_over(
        self, state: MahjongState, score: DealScore, totals: tuple[int, ...]
    ) -> bool:
        """The goal's deals are the deals that count: a void deal only where the
        options say so."""
        counted = state.deals_counted + self._counts(state, score)
        return counted >= self.deals(state.options)

    def carry(
        self,
        state: MahjongState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The deal's payments settled, the deals counted, and the next east."""
        detail: Mapping[str, Any] = score.detail
        ledger = state.ledger
        winner = detail["winner"]
        if winner is not None:
            ledger = ledger.settle(
                deal_payments(
                    winner, detail["value"], detail["category_one"], detail["east"]
                )
            )
        counts = self._counts(state, score)
        return {
            # East passes to the right (south becomes east) when the deal counts.
            "dealer": (state.dealer - 1) % PLAYERS if counts else state.dealer,
            "ledger": ledger,
            "deals_counted": state.deals_counted + counts,
        }

    @staticmethod
    def _counts(state: MahjongState, score: DealScore) -> bool:
        options: MahjongOptions = state.options
        return score.detail["winner"] is not None or options.void_deal_counts

    def match_winners(self, state: MahjongState) -> tuple[int, ...]:
        """The most chips win, ties sharing."""
        return best_sides(state.ledger.balances)

    def deals(self, options: MahjongOptions) -> int:
        return LONG_DEALS if options.length == "long" else SHORT_DEALS

    def next_deal(self, state: MahjongState) -> NextDeal | None:
        if state.finished:
            return None
        east = state.dealer
        options: MahjongOptions = state.options
        winds = tuple(seat_wind(s, east).title for s in range(PLAYERS))
        return NextDeal(
            number=state.deal_number,
            dealer=east,
            starting_seat=east,
            notes=(
                msg("East is dealt 14 tiles and begins by discarding (§42.4)."),
                msg("A payment to or from east is doubled (§42.12.3)."),
            ),
            context=(
                ContextRow("chips", "Chips", "per_side", state.ledger.balances),
                ContextRow("seat_winds", "Winds", "per_side", winds),
                ContextRow(
                    "round_wind",
                    "Round wind",
                    "text",
                    round_wind(state.deals_counted).title,
                ),
                ContextRow(
                    "deal",
                    "Deal",
                    "text",
                    msg(
                        "{deal} of {deals}",
                        deal=state.deals_counted + 1,
                        deals=self.deals(options),
                    ),
                ),
            ),
        )

    def match_goal(self, options: MahjongOptions) -> MatchGoal:
        return MatchGoal(deals=self.deals(options))

    def deal_winners(
        self, points: Sequence[int], detail: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        """The player who went Mah Jong (a loser may gain more chips from the
        losers' differences than the winner does); nobody in a void deal."""
        if detail is None:
            return super().deal_winners(points)
        winner = detail.get("winner")
        return () if winner is None else (winner,)


def _totals(deal: MahjongTotals) -> tuple[int, list[int], list[Fact]]:
    errors = [
        RuleError(f"values.{s}", "odd_value", "every score is a multiple of 2 (§42.3)")
        for s, v in enumerate(deal.values)
        if v % 2
    ]
    winner = deal.winner
    assert winner is not None
    if deal.values[winner] < 20:
        errors.append(
            RuleError(
                f"values.{winner}",
                "winning_value_too_low",
                "a winning hand is worth at least 20 (§42.12.2)",
            )
        )
    if errors:
        raise DealRejected(errors)
    first = [0 if s == winner else v for s, v in enumerate(deal.values)]
    facts = [
        Fact("value", msg("{seat}: {value}", seat=Seat(s), value=v), s, v)
        for s, v in enumerate(deal.values)
    ]
    return deal.values[winner], first, facts
