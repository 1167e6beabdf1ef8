"""Tuomas's Mah Jong: a player's entry read into tiles and combinations, checked,
and arranged to score most (book §42.6–42.9, §42.11, §42.12.3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.engine import Fact, RuleError, Seat, msg
from games.engine.tile_hands import (
    Combination,
    SetKind,
    combination,
    decompositions,
    partial_arrangements,
)
from games.engine.tiles import Tile, TileError, Wind, parse_groups, parse_tiles
from games.rules.mahjong.inputs import (
    COMBINATIONS,
    HAND_TILES,
    LOSER_TILES,
    MahjongHand,
)
from games.rules.mahjong.values import Valuation, value_hand

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
            errors.append(RuleError(f"{path}.{field_name}", "bad_tile", err.message))
            continue
        for i, group in enumerate(groups):
            where = f"{path}.{field_name}.{i}"
            c = combination(group, concealed=concealed)
            if concealed and (c is None or c.kind is not SetKind.KONG):
                errors.append(
                    RuleError(
                        where,
                        "not_a_kong",
                        msg(
                            "{tiles} is not a kong: four identical tiles (§42.9)",
                            tiles=tiles_text(group),
                        ),
                    )
                )
            elif c is None:
                errors.append(
                    RuleError(
                        where,
                        "not_a_combination",
                        msg(
                            "{tiles} is no chow, pung, kong or pair (§42.6: a chow is "
                            "three in a row of one suit)",
                            tiles=tiles_text(group),
                        ),
                    )
                )
            else:
                fixed.append(c)
    loose: tuple[Tile, ...] = ()
    flowers: tuple[Tile, ...] = ()
    try:
        loose = parse_tiles(hand.hand)
    except TileError as err:
        errors.append(RuleError(f"{path}.hand", "bad_tile", err.message))
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
        errors.append(RuleError(f"{path}.flowers", "bad_tile", err.message))
    if any(not t.is_flower for t in flowers):
        errors.append(
            RuleError(f"{path}.flowers", "not_a_flower", "only flowers go here")
        )
    return ReadHand(tuple(fixed), loose, flowers)


def tiles_text(tiles: Sequence[Tile]) -> str:
    return " ".join(t.code for t in tiles) or msg("nothing")


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


def tile_count_errors(seat: int, read: ReadHand, winner: bool) -> list[RuleError]:
    path = f"hands.{seat}"
    if winner:
        want = HAND_TILES + read.kongs
        if read.tiles != want:
            return [
                RuleError(
                    path,
                    "wrong_tile_count",
                    msg(
                        "{tiles} tiles: a winning hand is {hand} tiles and one more "
                        "per kong, here {want} (§42.7)",
                        tiles=read.tiles,
                        hand=HAND_TILES,
                        want=want,
                    ),
                )
            ]
        return []
    most = LOSER_TILES + read.kongs
    if read.tiles > most:
        return [
            RuleError(
                path,
                "too_many_tiles",
                msg(
                    "{tiles} tiles: a losing hand is at most {hand} tiles and one "
                    "more per kong, here {most} (§42.4)",
                    tiles=read.tiles,
                    hand=LOSER_TILES,
                    most=most,
                ),
            )
        ]
    return []


def value_fact(
    seat: int,
    combos: Sequence[Combination],
    valuation: Valuation,
    *,
    winner: bool,
) -> Fact:
    # The working is notation ("= (winning hand 20 + …) × 2 (no chows) [1C 2C 3C]"),
    # appended to the sentence; its items' names are texts of their own (each
    # piece a template), so that they are translated inside it.
    formula: Any = ""
    if valuation.points:
        items: Any = ""
        for item, p in valuation.points:
            term = msg("{item} {points}", item=item, points=p)
            items = (
                msg("{first} + {second}", first=items, second=term) if items else term
            )
        doubles: Any = ""
        for item, f in valuation.doubles:
            double = msg(" × {factor} ({item})", factor=f, item=item)
            doubles = (
                msg("{first}{second}", first=doubles, second=double)
                if doubles
                else double
            )
        formula = msg(" = ({items}){doubles}", items=items, doubles=doubles)
    sets = f" [{' | '.join(c.code for c in combos)}]" if combos else ""
    params = {
        "seat": Seat(seat),
        "value": valuation.value,
        "formula": formula,
        "sets": sets,
    }
    if winner:
        text = msg("{seat}: hand {value}{formula}{sets}", **params)
    else:
        text = msg("{seat}: Category I {value}{formula}{sets}", **params)
    return Fact("value", text, seat, valuation.value)


def pair_errors(
    seat: int, read: ReadHand, winner: bool, won_by: str
) -> list[RuleError]:
    """§42.8: only a claimed discard is melded with tiles of the hand, and only a
    Mah Jong claim takes one for the pair."""
    melded = any(c.kind is SetKind.PAIR and not c.concealed for c in read.fixed)
    if not melded or (winner and won_by == "discard"):
        return []
    return [
        RuleError(
            f"hands.{seat}.melded",
            "pair_melded",
            "a pair is melded only by the winner, with the winning discard (§42.8): "
            "enter it among the hand's tiles",
        )
    ]
