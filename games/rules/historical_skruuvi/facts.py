"""The facts a Historical Skruuvi deal shows on the sheet, one builder per item of
§17.4, and the main book's conversion (§17.5).

Each fact is immutable and depends on a few small numbers, so it is built once and
reused (building facts and their texts was most of a deal's cost)."""

from __future__ import annotations

from functools import lru_cache

from games.engine import Fact, Seat, Side, msg
from games.engine.skruuvi.deal import PASS_MISERE
from games.engine.tricks import (
    PARTNERS,
    Contract,
    game_bonus,
)
from games.engine.tricks.strains import STRAIN_WORDS, contract_words
from games.rules.historical_skruuvi.inputs import (
    ACE_FACTOR,
    HISTORICAL,
    LOWEST,
    OVERTRICK,
)


@lru_cache(maxsize=1 << 12)
def trick_points_fact(side: int, achieved: int, level: int, misere: bool) -> Fact:
    params = {"side": Side(side), "achieved": achieved, "level": level}
    return Fact(
        "trick_points",
        msg("{side}: {achieved} tricks avoided × {level}", **params)
        if misere
        else msg("{side}: {achieved} tricks won × {level}", **params),
        side,
        achieved * level,
    )


@lru_cache(maxsize=1 << 12)
def contract_fact(bid: int, kind: str, declarer: int, done: int, mult: int) -> Fact:
    """17.4.1: made, + 200 an overtrick above four; or the missing tricks, minus to
    the declarers; × the knocks and the stake."""
    level = max(bid, LOWEST)
    contract = Contract(level, kind)
    side = declarer % 2
    params = {
        "contract": contract_words(level, kind),
        "bid": bid,
        "lowest": LOWEST,
        "declarer": Seat(declarer),
    }
    raised = level != bid
    if contract.made(done):
        over = 0 if level == LOWEST else contract.overtricks(done)
        # The reckoning is numbers and signs: "(1000 + 2 × 200) × 2".
        reckoning = f"{HISTORICAL.made[level]}"
        if over:
            reckoning = f"{reckoning} + {over} × {OVERTRICK}"
            if mult != 1:
                reckoning = f"({reckoning})"
        params["reckoning"] = f"{reckoning}{times(mult)}"
        points = HISTORICAL.made[level] + OVERTRICK * over
        text = (
            msg(
                "{contract} (bid {bid}, raised to {lowest}) by {declarer} made: "
                "{reckoning}",
                **params,
            )
            if raised
            else msg("{contract} by {declarer} made: {reckoning}", **params)
        )
        return Fact("contract_made", text, side, points * mult)
    missing = contract.missing(done)
    cost = HISTORICAL.first_missing[level] + HISTORICAL.later_missing[level] * (
        missing - 1
    )
    params.update(missing=missing, cost=cost, times=times(mult))
    text = (
        msg(
            "{contract} (bid {bid}, raised to {lowest}) by {declarer} failed: "
            "{missing} missing, −{cost}{times}",
            **params,
        )
        if raised
        else msg(
            "{contract} by {declarer} failed: {missing} missing, −{cost}{times}",
            **params,
        )
    )
    return Fact("contract_failed", text, side, -cost * mult)


@lru_cache(maxsize=1 << 12)
def aces_fact(side: int, raw: int, mult: int) -> Fact:
    """Modern Skruuvi's aces (the trick number of each ace in the other side's
    tricks) × 100, knocks applying (17.4.3, 17.4.4)."""
    return Fact(
        "aces",
        msg(
            "{side}: aces in the opponents' tricks {raw} × {factor}{times}",
            side=Side(side),
            raw=raw,
            factor=ACE_FACTOR,
            times=times(mult),
        ),
        side,
        raw * ACE_FACTOR * mult,
    )


@lru_cache(maxsize=1 << 12)
def pass_misere_fact(side: int, their_tricks: int, mult: int) -> Fact:
    """17.4.6: Modern Skruuvi's pass misere — a point per trick the opponents
    took — × 100; no trick points."""
    return Fact(
        "pass_misere",
        msg(
            "pass misere: {opponents} took {tricks} tricks, × {factor}{times}",
            opponents=Side(1 - side),
            tricks=their_tricks,
            factor=ACE_FACTOR,
            times=times(mult),
        ),
        side,
        their_tricks * ACE_FACTOR * mult,
    )


@lru_cache(maxsize=1 << 12)
def value_cards_fact(
    holder: int, count: int, level: int, no_trump: bool, away: bool, mult: int
) -> Fact:
    amount = level * (2 * count + 1) * 10 if no_trump else level * count * 10
    formula = (
        f"{level} × (2 × {count} + 1) × 10" if no_trump else f"{level} × {count} × 10"
    )
    params = {
        "side": Side(holder),
        "count": count,
        "formula": formula,
        "times": times(mult),
    }
    if away:
        holder = 1 - holder
        text = msg(
            "{side}: more value cards ({count}), {formula}, to the opponents: the "
            "declarers took fewer tricks{times}",
            **params,
        )
    else:
        text = msg("{side}: more value cards ({count}), {formula}{times}", **params)
    return Fact("value_cards", text, holder, amount * mult)


@lru_cache(maxsize=1 << 12)
def aces_in_hand_fact(seat: int, aces: int, no_trump: bool, mult: int) -> Fact:
    base = {3: 200, 4: 400}[aces] * (2 if no_trump else 1)
    return Fact(
        "aces_in_hand",
        msg(
            "{seat}: {aces} aces in one hand, {base}{times}",
            seat=Seat(seat),
            aces=aces,
            base=base,
            times=times(mult),
        ),
        PARTNERS[seat],
        base * mult,
    )


@lru_cache(maxsize=1 << 12)
def sequence_fact(seat: int, suit: str, length: int, mult: int) -> Fact:
    base = 200 * (length - 2)
    return Fact(
        "sequence",
        msg(
            "{seat}: sequence of {length} from the ace in {suit}, {base}{times}",
            seat=Seat(seat),
            length=length,
            suit=STRAIN_WORDS[suit],
            base=base,
            times=times(mult),
        ),
        PARTNERS[seat],
        base * mult,
    )


@lru_cache(maxsize=1 << 12)
def game_fact(side: int, nth: int, in_kotkas: bool, unit: int) -> Fact:
    return Fact(
        "game_won",
        msg("{side} wins its game {nth} (60 in one kotka)", side=Side(side), nth=nth)
        if in_kotkas
        else msg("{side} wins its game {nth}", side=Side(side), nth=nth),
        side,
        game_bonus(nth, unit),
    )


def main_book(difference: int) -> int:
    """The difference ÷ 100, 50 rounding up (17.5)."""
    return (abs(difference) + 50) // 100


def times(mult: int) -> str:
    """ " × 2" for a knocked deal, nothing when nothing multiplies."""
    return f" × {mult}" if mult != 1 else ""


def holding(contract: str) -> str | None:
    return (
        None
        if contract in ("misere", PASS_MISERE)
        else "no_trump"
        if contract == "no_trump"
        else "trump"
    )
