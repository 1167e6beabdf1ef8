"""Tuomas's Mah Jong: the winds and the value of a hand (book §42.12).

Category I (§42.12.1) for every player; Category II (§42.12.2) for the winner; the
whole-hand doubles of both multiply the sum of both (the example of §42.12.4).
Every value is a multiple of 2 (§42.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from games.engine.text import Text, msg
from games.engine.tile_hands import Combination, SetKind
from games.engine.tiles import WINDS, Tile, Wind
from games.rules.mahjong.inputs import PLAYERS, SHORT_DEALS

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

    points: tuple[tuple[Text, int], ...]
    doubles: tuple[tuple[Text, int], ...]
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
) -> tuple[list[tuple[Text, int]], list[tuple[Text, int]]]:
    """The points and the whole-hand doubles of §42.12.1."""
    points: list[tuple[Text, int]] = []
    doubles: list[tuple[Text, int]] = []
    for c in combos:
        if c.kind is SetKind.PAIR:
            value = pair_points(c, own, prevailing)
            if value:
                points.append((msg("pair {tiles}", tiles=c.code), value))
            continue
        value = combination_points(c)
        if value:
            points.append((c.label, value))
        if c.is_pung_or_kong:
            tile = c.tile
            kong = c.kind is SetKind.KONG
            if tile.is_dragon:
                doubles.append((_double(kong, "dragon", tile.code), 2))
            if tile.wind is own and not tile.is_flower:
                doubles.append((_double(kong, "own", tile.code), 2))
            if tile.wind is prevailing and not tile.is_flower:
                doubles.append((_double(kong, "round", tile.code), 2))
    for flower in sorted(flowers):
        points.append(
            (
                msg("flower {tile}", tile=flower.code),
                flower_points(flower, own, prevailing),
            )
        )
    return points, doubles


def _double(kong: bool, why: str, tile: str) -> Text:
    """The name of a pung's or kong's double, one template each."""
    if why == "dragon":
        if kong:
            return msg("dragon kong {tile}", tile=tile)
        return msg("dragon pung {tile}", tile=tile)
    if why == "own":
        if kong:
            return msg("kong of the own wind {tile}", tile=tile)
        return msg("pung of the own wind {tile}", tile=tile)
    if kong:
        return msg("kong of the round wind {tile}", tile=tile)
    return msg("pung of the round wind {tile}", tile=tile)


def category_two(
    combos: Sequence[Combination],
    own: Wind,
    prevailing: Wind,
    won_by: str,
    replacement_is_from_wall: bool,
) -> tuple[list[tuple[Text, int]], list[tuple[Text, int]]]:
    """The points and the whole-hand doubles of §42.12.2 (the winner only)."""
    points = [(msg("winning hand"), 20)]
    if won_by == "wall" or (won_by == "replacement" and replacement_is_from_wall):
        points.append((msg("winning tile from the wall"), 2))
    if won_by == "replacement":
        points.append((msg("winning tile is a replacement tile"), 10))
    tiles = [t for c in combos for t in c.tiles]
    suits = {t.suit for t in tiles if t.is_suit}
    honours = any(t.is_honour for t in tiles)
    doubles = []
    if not suits:
        doubles.append((msg("only honour tiles"), 8))
    elif len(suits) == 1:
        doubles.append(
            (msg("only 1 suit plus honour tiles"), 2)
            if honours
            else (msg("only 1 suit"), 8)
        )
    sets = [c for c in combos if c.kind is not SetKind.PAIR]
    if not any(c.kind is SetKind.CHOW for c in sets):
        doubles.append((msg("no chows"), 2))
    pairs = [c for c in combos if c.kind is SetKind.PAIR]
    if (
        all(c.kind is SetKind.CHOW for c in sets)
        and all(not pair_points(p, own, prevailing) for p in pairs)
        and len(suits) >= 2
    ):
        doubles.append((msg("only chows, a non-scoring pair, two suits or more"), 2))
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
