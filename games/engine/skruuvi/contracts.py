"""The Skruuvi family's contract arithmetic: the points table, knocks, a deal's
contract and what the declarer side achieved (``001_b57793035adc3f64.txt §15–16``;
the terms are in :mod:`games.engine.skruuvi.family`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from games.engine.skruuvi.deal import TRICKS, Knock, SkruuviDeal
from games.engine.text import Text
from games.engine.tricks import Contract
from games.engine.tricks.strains import contract_words


@dataclass(frozen=True, slots=True)
class Scale:
    """A points table for deals played by the two teams; dicts are keyed by level."""

    made: Mapping[int, int]  # trump contracts
    made_misere: Mapping[int, int]
    made_no_trump: Mapping[int, int]
    first_missing: Mapping[int, int]
    later_missing: Mapping[int, int]
    # (level, tricks achieved) -> bonus for a made contract (Klubiskruuvi 16.5).
    bonus: Mapping[tuple[int, int], int] = field(default_factory=dict)
    # Misere aces score when the contract failed (Klubiskruuvi), not only when made.
    aces_when_failed: bool = False
    # Knocks multiply misere aces (Klubiskruuvi; the declarer side's only if made).
    knocks_multiply_aces: bool = False


def doubling(knocks: Sequence[Knock]) -> int:
    """0 unknocked, 1 knocked (×2), 2 kontra-knocked (×4) (15.6)."""
    if not knocks:
        return 0
    return 2 if knocks[0].kontra_by is not None else 1


def contract_name(level: int, contract: str) -> Text:
    return contract_words(level, contract)


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def team_contract(deal: SkruuviDeal) -> Contract:
    """The contract of a deal by the teams, a bid below five raised to five (15.4)."""
    return _contract(max(deal.level or 5, 5), deal.contract, doubling(deal.knocks))


# A contract is immutable and there are few of them: build each once.
_contract = cache(Contract)


def achieved_tricks(deal: SkruuviDeal, per_side: Sequence[int]) -> int:
    """The declarer side's tricks taken (in misere: avoided)."""
    taken = per_side[deal.declarer % 2]
    return TRICKS - taken if deal.contract == "misere" else taken


def declarer_achieved(deal: SkruuviDeal, per_side: tuple[int, int]) -> bool:
    """Whether the contract of a deal by the teams was made (not pass misere)."""
    return team_contract(deal).made(achieved_tricks(deal, per_side))


def winners_of(totals: tuple[int, ...]) -> tuple[int, ...]:
    """The side with more points; equal totals are a draw (no winner)."""
    best = max(totals)
    top = tuple(i for i, t in enumerate(totals) if t == best)
    return top if len(top) == 1 else ()
