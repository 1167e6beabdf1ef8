"""Tuomas's Mah Jong: a winning hand entered as its sets, scored in two categories,
paid in chips with east paying and receiving double.

Source: book ``001_b57793035adc3f64.txt`` chapter 42 (l.2774–2941): tiles §42.1,
duration §42.2, chips §42.3, winds §42.4, combinations §42.6, the winning hand
§42.7, claims §42.8, kongs §42.9, the void deal §42.10, flowers §42.11, scoring
§42.12 (Category I §42.12.1, Category II §42.12.2, the procedure §42.12.3, the
example §42.12.4, l.2926–2940: 184 points). Four players, 144 tiles
(``games.engine.tiles``), poker chips (1000 each in a short game, 2000 in a long
one), played for money (``chips_are_money``).

Terms: **east** deals (and is the sheet's dealer); the winds sit as the mirror image
of a compass, south on east's right (§42.4), so with Kirjuri's seats numbered
clockwise (to the left) the seat ``east - k`` has the *k*-th wind. The **round
wind** is east for the first four deals and south for the last four of a long game
(§42.2). A **combination** is a chow, pung or kong (``games.engine.tile_hands``);
**concealed** means not melded (a kong melded face down too). A hand's **value** is
its base points times its doubles (§42.12.1: "× 2 the combination" doubles the
item, "× 2 the entire hand" the whole).

Scoring (§42.12.3): the winner's value is Category I + Category II; each loser pays
it to the winner; each pair of losers settles the difference of their Category I
values, the smaller paying the bigger; every payment to or from east is doubled.

Readings (``docs/games/mahjong.md``):

* a player's sets are entered as melded (face up), kongs melded face down, and the
  tiles still in the hand; the engine finds the combinations in those tiles and, if
  they split more than one way, scores the split worth most (the winner's choice);
* a set the winning discard completed is melded (§42.8: "the claimer melds the
  combination where he uses the discarded tile"), so it is entered as melded;
* a loser's hand scores its pungs, kongs and at most one pair (a winning hand has
  one), arranged to score most; a loser holds 13 tiles and one more per kong;
* a replacement tile is taken from the wall (§42.9, §42.11), so winning on one
  scores 10 and the 2 for the wall (option ``replacement_is_from_wall``);
* east passes to the right (south becomes east) after every deal, as the winds
  rotate so that "each player plays all winds" (§42.4);
* a void deal is one of the four (eight) deals and the winds rotate (option
  ``void_deal_counts``: off, the deal is played again with the same winds);
* the chips are a tally: a player may go below 0 (the book says nothing of running
  out); the most chips after the last deal win, tied players all win.

Invariants: every deal's payments sum to zero (the chips are conserved); every
value is a multiple of 2 (§42.3); a hand's value does not depend on the order its
sets were entered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import Annotated, Any, Literal

from pydantic import Field

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
from games.engine.game import ContextRow, Fact, MatchGoal, NextDeal, advanced
from games.engine.inputs import PER_SIDE, FrozenModel, SeatField, seat_role
from games.engine.tile_hands import (
    Combination,
    SetKind,
    combination,
    decompositions,
    partial_arrangements,
)
from games.engine.tiles import (
    WINDS,
    Tile,
    TileError,
    Wind,
    count_errors,
    parse_groups,
    parse_tiles,
)

PLAYERS = 4
SHORT_DEALS, LONG_DEALS = 4, 8  # §42.2
START = {"short": 1000, "long": 2000}  # §42.3
COMBINATIONS = 4  # §42.7
HAND_TILES = 14  # four combinations and a pair, kongs' fourth tiles aside
LOSER_TILES = 13  # §42.4: a hand is 13 tiles between turns
WON_BY = ("discard", "wall", "replacement")
TEXT = 200  # the longest entry of one field: a hand is 18 tiles at most

Seat = Annotated[SeatField, Field(le=PLAYERS - 1)]
TileText = Annotated[str, Field(max_length=TEXT)]
# "default" in the schema only: the entry form starts each position at 0.
Value = Annotated[int, Field(ge=0, le=1_000_000, json_schema_extra={"default": 0})]


class MahjongOptions(FrozenModel):
    length: Literal["short", "long"] = Field(
        "short",
        description="A short game is four deals, a long game eight; the round wind "
        "is south in the last four of a long game (§42.2).",
    )
    start: int | None = Field(
        None,
        ge=2,
        le=100_000,
        description="Chips each player starts with (default 1000 in a short game, "
        "2000 in a long one, §42.3).",
    )
    void_deal_counts: bool = Field(
        True,
        description="A void deal (§42.10) is one of the game's deals and the winds "
        "rotate; off: it is played again with the same winds.",
    )
    replacement_is_from_wall: bool = Field(
        True,
        description="Winning on a replacement tile scores the 2 for a tile from "
        "the wall as well as its 10 (§42.12.2).",
    )


class MahjongHand(FrozenModel):
    # One player's tiles at the end of a deal (no docstring: it would be the
    # schema's description, repeated on the form under every player).

    melded: TileText = Field(
        "",
        description="Sets melded face up, commas between sets: 1C 2C 3C, RD RD RD "
        "(the set the winning discard completed is melded too, §42.8).",
    )
    concealed_kongs: TileText = Field(
        "", description="Kongs melded face down, commas between them: 9K 9K 9K 9K."
    )
    hand: TileText = Field(
        "",
        description="The tiles still in the hand (not melded): 4C 5C 6C GD GD GD "
        "RD RD; 456C is 4C 5C 6C.",
    )
    flowers: TileText = Field("", description="Flowers melded: F1 F3 (§42.11).")


def _no_hands() -> tuple[MahjongHand, ...]:
    return tuple(MahjongHand() for _ in range(PLAYERS))


class MahjongTiles(FrozenModel):
    """A deal entered as every player's tiles; the engine scores them."""

    mode: Literal["tiles"] = "tiles"
    winner: Annotated[Seat, seat_role("winner")] | None = Field(
        None, description="Who went Mah Jong; nobody: a void deal (§42.10)."
    )
    won_by: Literal["discard", "wall", "replacement"] = Field(
        "discard",
        description="Where the winning tile came from: a discard, the wall, or a "
        "replacement tile for a flower or a kong (§42.12.2).",
    )
    hands: Annotated[
        tuple[MahjongHand, MahjongHand, MahjongHand, MahjongHand], PER_SIDE
    ] = Field(default_factory=_no_hands, description="Each player's tiles, by seat.")


class MahjongTotals(FrozenModel):
    """A deal entered as the values the table counted (not checked against tiles)."""

    mode: Literal["totals"]
    winner: Annotated[Seat, seat_role("winner")] | None = Field(
        None, description="Who went Mah Jong; nobody: a void deal (§42.10)."
    )
    values: Annotated[tuple[Value, Value, Value, Value], PER_SIDE] = Field(
        (0, 0, 0, 0),
        description="By seat: the winner's hand value, each loser's Category I "
        "value (§42.12.3).",
    )


@dataclass(frozen=True, kw_only=True)
class MahjongState(MatchState):
    """``ledger``: every player's chips; ``deals_counted``: deals of the game played
    (a void deal that does not count is not among them). ``dealer`` is east."""

    ledger: ChipLedger
    deals_counted: int = 0


# -- winds ---------------------------------------------------------------------------


def seat_wind(seat: int, east: int) -> Wind:
    """§42.4: south sits right to east; seats are numbered to the left."""
    return WINDS[(east - seat) % PLAYERS]


def round_wind(deals_counted: int) -> Wind:
    """§42.2: east in the first four deals, south in the last four of a long game."""
    return Wind.EAST if deals_counted < SHORT_DEALS else Wind.SOUTH


# -- the value of a hand (§42.12) -------------------------------------------------


@dataclass(frozen=True, slots=True)
class Valuation:
    """A hand's value: ``points`` (text, points) summed, times ``doubles`` (text,
    factor); ``category_one`` is the value of Category I alone."""

    points: tuple[tuple[str, int], ...]
    doubles: tuple[tuple[str, int], ...]
    category_one: int
    value: int  # sum of the points × every double

    @property
    def base(self) -> int:
        return sum(p for _, p in self.points)


def combination_points(c: Combination) -> int:
    """§42.12.1: a pung or kong is 2, a kong × 4, terminals or honours × 2,
    concealed × 2; a chow or a pair scores nothing as a combination."""
    if not c.is_pung_or_kong:
        return 0
    points = 2
    if c.kind is SetKind.KONG:
        points *= 4
    if c.tile.is_terminal or c.tile.is_honour:
        points *= 2
    if c.concealed:
        points *= 2
    return points


def flower_points(flower: Tile, own: Wind, prevailing: Wind) -> int:
    """§42.12.1: 4, × 2 for the player's own wind, × 2 for the round's."""
    return (
        4 * (2 if flower.wind is own else 1) * (2 if flower.wind is prevailing else 1)
    )


def pair_points(pair: Combination, own: Wind, prevailing: Wind) -> int:
    """§42.12.1: a dragon pair 2; own wind or the round's 2, both 4."""
    tile = pair.tile
    if tile.is_dragon:
        return 2
    wind = tile.wind if not tile.is_flower else None
    return 2 * ((wind is own) + (wind is prevailing)) if wind else 0


def category_one(
    combos: Sequence[Combination],
    flowers: Sequence[Tile],
    own: Wind,
    prevailing: Wind,
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """The points and the whole-hand doubles of §42.12.1."""
    points: list[tuple[str, int]] = []
    doubles: list[tuple[str, int]] = []
    for c in combos:
        if c.kind is SetKind.PAIR:
            value = pair_points(c, own, prevailing)
            if value:
                points.append((f"pair {c.code}", value))
            continue
        value = combination_points(c)
        if value:
            points.append((str(c), value))
        if c.is_pung_or_kong:
            tile = c.tile
            if tile.is_dragon:
                doubles.append((f"dragon {c.kind} {tile.code}", 2))
            if tile.wind is own and not tile.is_flower:
                doubles.append((f"{c.kind} of the own wind {tile.code}", 2))
            if tile.wind is prevailing and not tile.is_flower:
                doubles.append((f"{c.kind} of the round wind {tile.code}", 2))
    for flower in sorted(flowers):
        points.append((f"flower {flower.code}", flower_points(flower, own, prevailing)))
    return points, doubles


def category_two(
    combos: Sequence[Combination],
    own: Wind,
    prevailing: Wind,
    won_by: str,
    replacement_is_from_wall: bool,
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """The points and the whole-hand doubles of §42.12.2 (the winner only)."""
    points = [("winning hand", 20)]
    if won_by == "wall" or (won_by == "replacement" and replacement_is_from_wall):
        points.append(("winning tile from the wall", 2))
    if won_by == "replacement":
        points.append(("winning tile is a replacement tile", 10))
    tiles = [t for c in combos for t in c.tiles]
    suits = {t.suit for t in tiles if t.is_suit}
    honours = any(t.is_honour for t in tiles)
    doubles = []
    if not suits:
        doubles.append(("only honour tiles", 8))
    elif len(suits) == 1:
        doubles.append(
            ("only 1 suit plus honour tiles", 2) if honours else ("only 1 suit", 8)
        )
    sets = [c for c in combos if c.kind is not SetKind.PAIR]
    if not any(c.kind is SetKind.CHOW for c in sets):
        doubles.append(("no chows", 2))
    pairs = [c for c in combos if c.kind is SetKind.PAIR]
    if (
        all(c.kind is SetKind.CHOW for c in sets)
        and all(not pair_points(p, own, prevailing) for p in pairs)
        and len(suits) >= 2
    ):
        doubles.append(("only chows, a non-scoring pair, two suits or more", 2))
    return points, doubles


def value_hand(
    combos: Sequence[Combination],
    flowers: Sequence[Tile],
    own: Wind,
    prevailing: Wind,
    *,
    winner: bool,
    won_by: str = "discard",
    replacement_is_from_wall: bool = True,
) -> Valuation:
    """A hand's value (§42.12): Category I for everyone, Category II for the
    winner; the doubles of both multiply the sum of both (§42.12.4)."""
    points, doubles = category_one(combos, flowers, own, prevailing)
    first = sum(p for _, p in points) * prod(f for _, f in doubles)
    if winner:
        more, more_doubles = category_two(
            combos, own, prevailing, won_by, replacement_is_from_wall
        )
        points = more + points
        doubles = doubles + more_doubles
    value = sum(p for _, p in points) * prod(f for _, f in doubles)
    return Valuation(tuple(points), tuple(doubles), first, value)


# -- reading a hand ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReadHand:
    """A player's entry read into tiles: fixed combinations (melded sets and
    concealed kongs), the tiles still in the hand, the flowers."""

    fixed: tuple[Combination, ...]
    loose: tuple[Tile, ...]
    flowers: tuple[Tile, ...]

    @property
    def kongs(self) -> int:
        return sum(c.kind is SetKind.KONG for c in self.fixed)

    @property
    def tiles(self) -> int:
        return sum(len(c.tiles) for c in self.fixed) + len(self.loose)


def read_hand(hand: MahjongHand, path: str, errors: list[RuleError]) -> ReadHand:
    """Parse one player's entry; every fault goes to ``errors`` at its field."""
    fixed: list[Combination] = []
    for field_name, concealed in (("melded", False), ("concealed_kongs", True)):
        try:
            groups = parse_groups(getattr(hand, field_name))
        except TileError as err:
            errors.append(RuleError(f"{path}.{field_name}", "bad_tile", str(err)))
            continue
        for i, group in enumerate(groups):
            where = f"{path}.{field_name}.{i}"
            c = combination(group, concealed=concealed)
            if concealed and (c is None or c.kind is not SetKind.KONG):
                errors.append(
                    RuleError(
                        where,
                        "not_a_kong",
                        f"{_text(group)} is not a kong: four identical tiles (§42.9)",
                    )
                )
            elif c is None:
                errors.append(
                    RuleError(
                        where,
                        "not_a_combination",
                        f"{_text(group)} is no chow, pung, kong or pair (§42.6: a "
                        "chow is three in a row of one suit)",
                    )
                )
            else:
                fixed.append(c)
    loose: tuple[Tile, ...] = ()
    flowers: tuple[Tile, ...] = ()
    try:
        loose = parse_tiles(hand.hand)
    except TileError as err:
        errors.append(RuleError(f"{path}.hand", "bad_tile", str(err)))
    if any(t.is_flower for t in loose):
        errors.append(
            RuleError(
                f"{path}.hand",
                "flower_in_hand",
                "a flower is melded when drawn (§42.11): enter it under flowers",
            )
        )
    try:
        flowers = parse_tiles(hand.flowers)
    except TileError as err:
        errors.append(RuleError(f"{path}.flowers", "bad_tile", str(err)))
    if any(not t.is_flower for t in flowers):
        errors.append(
            RuleError(f"{path}.flowers", "not_a_flower", "only flowers go here")
        )
    return ReadHand(tuple(fixed), loose, flowers)


def _text(tiles: Sequence[Tile]) -> str:
    return " ".join(t.code for t in tiles) or "nothing"


def best_winning(
    read: ReadHand,
    own: Wind,
    prevailing: Wind,
    won_by: str,
    from_wall: bool,
) -> tuple[tuple[Combination, ...], Valuation] | None:
    """The winner's split worth most, or ``None`` if the tiles are no winning
    hand (four combinations and a pair, §42.7)."""
    pairs_fixed = sum(c.kind is SetKind.PAIR for c in read.fixed)
    sets_fixed = len(read.fixed) - pairs_fixed
    if pairs_fixed > 1 or sets_fixed > COMBINATIONS:
        return None
    best: tuple[tuple[Combination, ...], Valuation] | None = None
    for split in decompositions(read.loose, pairs=1 - pairs_fixed):
        combos = (*read.fixed, *split)
        if len(combos) != COMBINATIONS + 1:
            continue
        valuation = value_hand(
            combos,
            read.flowers,
            own,
            prevailing,
            winner=True,
            won_by=won_by,
            replacement_is_from_wall=from_wall,
        )
        if best is None or valuation.value > best[1].value:
            best = (tuple(sorted(combos)), valuation)
    return best


def best_losing(
    read: ReadHand, own: Wind, prevailing: Wind
) -> tuple[tuple[Combination, ...], Valuation]:
    """A loser's arrangement worth most in Category I (pungs, kongs, one pair)."""
    pair_fixed = any(c.kind is SetKind.PAIR for c in read.fixed)
    best: tuple[tuple[Combination, ...], Valuation] | None = None
    for extra in partial_arrangements(read.loose, with_pair=not pair_fixed):
        combos = (*read.fixed, *extra)
        valuation = value_hand(combos, read.flowers, own, prevailing, winner=False)
        if best is None or valuation.value > best[1].value:
            best = (tuple(sorted(combos)), valuation)
    assert best is not None  # the empty arrangement is always one
    return best


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
                errors += _tile_count_errors(s, read, s == winner)
            if any(c.kind is SetKind.PAIR and not c.concealed for c in read.fixed) and (
                s != winner or deal.won_by != "discard"
            ):
                # §42.8: only a claimed discard is melded with tiles of the hand,
                # and only Mah Jong may claim one for the pair.
                errors.append(
                    RuleError(
                        f"hands.{s}.melded",
                        "pair_melded",
                        "a pair is melded only by the winner, with the winning "
                        "discard (§42.8): enter it among the hand's tiles",
                    )
                )
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
        facts = [_value_fact(winner, won[0], won[1], winner=True)]
        for s, read in enumerate(reads):
            if s == winner:
                first.append(won[1].category_one)
                continue
            combos, valuation = best_losing(read, winds[s], prevailing)
            first.append(valuation.value)
            facts.append(_value_fact(s, combos, valuation, winner=False))
        return won[1].value, first, facts

    def advance(self, state: MahjongState, score: DealScore) -> MahjongState:
        detail: Mapping[str, Any] = score.detail
        options: MahjongOptions = state.options
        ledger = state.ledger
        winner = detail["winner"]
        if winner is not None:
            ledger = ledger.settle(
                deal_payments(
                    winner, detail["value"], detail["category_one"], detail["east"]
                )
            )
        counts = winner is not None or options.void_deal_counts
        counted = state.deals_counted + counts
        finished = counted >= self.deals(options)
        most = max(ledger.balances)
        winners = tuple(s for s, c in enumerate(ledger.balances) if c == most)
        return advanced(
            state,
            score.points,
            # East passes to the right (south becomes east) when the deal counts.
            dealer=(state.dealer - 1) % PLAYERS if counts else state.dealer,
            finished=finished,
            winners=winners if finished else (),
            ledger=ledger,
            deals_counted=counted,
        )

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
                "East is dealt 14 tiles and begins by discarding (§42.4).",
                "A payment to or from east is doubled (§42.12.3).",
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
                    f"{state.deals_counted + 1} of {self.deals(options)}",
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


def _tile_count_errors(seat: int, read: ReadHand, winner: bool) -> list[RuleError]:
    path = f"hands.{seat}"
    if winner:
        want = HAND_TILES + read.kongs
        if read.tiles != want:
            return [
                RuleError(
                    path,
                    "wrong_tile_count",
                    f"{read.tiles} tiles: a winning hand is {HAND_TILES} tiles and "
                    f"one more per kong, here {want} (§42.7)",
                )
            ]
        return []
    most = LOSER_TILES + read.kongs
    if read.tiles > most:
        return [
            RuleError(
                path,
                "too_many_tiles",
                f"{read.tiles} tiles: a losing hand is at most {LOSER_TILES} tiles "
                f"and one more per kong, here {most} (§42.4)",
            )
        ]
    return []


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
    facts = [Fact("value", f"seat {s}: {v}", s, v) for s, v in enumerate(deal.values)]
    return deal.values[winner], first, facts


def _value_fact(
    seat: int,
    combos: Sequence[Combination],
    valuation: Valuation,
    *,
    winner: bool,
) -> Fact:
    items = " + ".join(f"{text} {p}" for text, p in valuation.points) or "0"
    doubles = "".join(
        f" × 2 ({text})" if f == 2 else f" × {f} ({text})"
        for text, f in valuation.doubles
    )
    sets = " | ".join(c.code for c in combos)
    what = "hand" if winner else "Category I"
    return Fact(
        "value",
        f"seat {seat}: {what} {valuation.value} = ({items}){doubles} [{sets}]",
        seat,
        valuation.value,
    )
