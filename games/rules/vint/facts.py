"""Vint's facts: the lines of a deal's explanation, each with its points and its
section of ``001_b57793035adc3f64.txt §18``."""

from __future__ import annotations

from functools import cache, lru_cache

from games.engine import (
    Fact,
)
from games.engine.text import Seat as SeatNumber
from games.engine.text import Side as SideNumber
from games.engine.text import msg
from games.engine.tricks import (
    PARTNERS,
    Contract,
    game_bonus,
)
from games.engine.tricks.strains import STRAIN_WORDS, contract_words

SLAMS = {6: 5000, 7: 10000}  # §18.3.1: no bonus for a made contract under six
# A contract is immutable and there are 35 of them: build each once.
contract_of = cache(Contract)


def more_tricks(per_side: tuple[int, ...]) -> int:
    """The side that won more tricks (13 is odd: there always is one)."""
    return 0 if per_side[0] > per_side[1] else 1


@lru_cache(maxsize=1 << 12)  # bounded: option values are in the keys
def trick_points_fact(side: int, tricks: int, level: int) -> Fact:
    return Fact(
        "trick_points",
        msg(
            "{side}: {tricks} tricks × {level} × 10 trick points",
            side=SideNumber(side),
            tricks=tricks,
            level=level,
        ),
        side,
        tricks * level * 10,
    )


@lru_cache(maxsize=1 << 12)
def contract_fact(level: int, strain: str, declarer: int, taken: int) -> Fact:
    side = PARTNERS[declarer]
    contract = contract_of(level, strain)
    params = {
        "contract": contract_words(level, strain),
        "declarer": SeatNumber(declarer),
    }
    if not contract.made(taken):
        missing = contract.missing(taken)
        return Fact(
            "contract_failed",
            msg(
                "{contract} by {declarer} failed: {missing} missing × 1000 × {level}",
                missing=missing,
                level=level,
                **params,
            ),
            side,
            -missing * 1000 * level,
        )
    slam = SLAMS.get(level, 0)
    if slam:
        return Fact(
            "slam",
            msg("{contract} by {declarer} made: {slam}", slam=slam, **params),
            side,
            slam,
        )
    return Fact(
        "contract_made",
        msg("{contract} by {declarer} made (no bonus under six)", **params),
        side,
        0,
    )


@lru_cache(maxsize=1 << 12)
def many_tricks_fact(side: int, tricks: int) -> Fact:
    """12 tricks 1000, 13 tricks 1000 more, promised or not (§18.3.1)."""
    bonus = 1000 if tricks == 12 else 2000
    return Fact(
        "twelve_tricks",
        msg("{side} took {tricks} tricks", side=SideNumber(side), tricks=tricks),
        side,
        bonus,
    )


@lru_cache(maxsize=1 << 12)
def sequence_fact(seat: int, suit: str, length: int, trump: str | None) -> Fact:
    points = 500 if length == 3 else 1000
    if suit == trump:
        points *= 2
    return Fact(
        "sequence",
        msg(
            "{seat}: sequence of {length} from the ace in {suit} (trumps)",
            seat=SeatNumber(seat),
            length=length,
            suit=STRAIN_WORDS[suit],
        )
        if suit == trump
        else msg(
            "{seat}: sequence of {length} from the ace in {suit}",
            seat=SeatNumber(seat),
            length=length,
            suit=STRAIN_WORDS[suit],
        ),
        PARTNERS[seat],
        points,
    )


@lru_cache(maxsize=1 << 12)
def aces_in_hand_fact(seat: int, aces: int) -> Fact:
    return Fact(
        "aces_in_hand",
        msg("{seat}: {aces} aces in one hand", seat=SeatNumber(seat), aces=aces),
        PARTNERS[seat],
        500 if aces == 3 else 1000,
    )


@lru_cache(maxsize=1 << 12)
def trump_majority_fact(holder: int, count: int, level: int) -> Fact:
    return Fact(
        "trump_majority",
        msg(
            "{side}: more trumps 10–A ({count}), 100 × {level} × {count}",
            side=SideNumber(holder),
            count=count,
            level=level,
        ),
        holder,
        100 * level * count,
    )


@lru_cache(maxsize=1 << 12)
def ace_majority_fact(
    holder: int, count: int, level: int, no_trump: bool, tie: bool
) -> Fact:
    unit = 250 if no_trump else 100
    params = {"side": SideNumber(holder), "count": count, "unit": unit, "level": level}
    return Fact(
        "ace_majority",
        msg(
            "{side}: more aces ({count}), {unit} × {level} × {count} (2–2: more "
            "tricks)",
            **params,
        )
        if tie
        else msg("{side}: more aces ({count}), {unit} × {level} × {count}", **params),
        holder,
        unit * level * count,
    )


@lru_cache(maxsize=1 << 12)
def game_fact(side: int, nth: int, unit: int) -> Fact:
    return Fact(
        "game_won",
        msg("{side} wins its game {nth}", side=SideNumber(side), nth=nth),
        side,
        game_bonus(nth, unit),
    )


@lru_cache(maxsize=1 << 12)
def all_pass_bonus_fact(side: int, deals: int, bonus: int) -> Fact:
    return Fact(
        "all_pass_bonus",
        msg(
            "{side} wins the rubber: {deals} all-pass deals × {bonus}",
            side=SideNumber(side),
            deals=deals,
            bonus=bonus,
        ),
        side,
        deals * bonus,
    )


@lru_cache(maxsize=1 << 12)
def all_pass_fact(bonus: int) -> Fact:
    return Fact(
        "all_pass",
        msg(
            "all passed: redealt; the rubber's winner gets {bonus} for it (§18.3.3)",
            bonus=bonus,
        ),
    )
