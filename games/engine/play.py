"""Score a whole match from plain data: what the CLI and the stateless API call.

Payload::

    {"options": {...}, "table": {"seats": [0, 1, 0, 1], "first_dealer": 0},
     "deals": [{...}, {...}]}

``options`` and ``table`` may be left out (the rulebook defaults). With ``strict`` a
deal the rules reject makes the whole call fail, its errors' paths prefixed with
``deals.<index>``; without it, the deal is kept as flagged (as the score book does).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.errors import DealRejected, RuleError, SetupRejected, join_path
from games.engine.game import FoldedMatch, Table
from games.engine.registry import get_game


def table_from(raw: Any) -> Table | None:
    """A :class:`Table` from ``{"seats": [...], "first_dealer": n}`` (or ``None``)."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise SetupRejected([RuleError("table", "type", "table must be an object")])
    seats = raw.get("seats")
    dealer = raw.get("first_dealer", 0)
    if (
        not isinstance(seats, (list, tuple))
        or not seats
        or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats)
    ):
        raise SetupRejected(
            [RuleError("table.seats", "type", "seats must be a list of side numbers")]
        )
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise SetupRejected(
            [RuleError("table.first_dealer", "type", "first_dealer must be a seat")]
        )
    extra = set(raw) - {"seats", "first_dealer"}
    if extra:
        raise SetupRejected(
            [RuleError(f"table.{sorted(extra)[0]}", "extra_forbidden", "unknown field")]
        )
    return Table(tuple(seats), dealer)


def fold_payload(
    slug: str, payload: Mapping[str, Any], *, strict: bool = True
) -> FoldedMatch:
    game = get_game(slug)
    if not isinstance(payload, Mapping):
        raise DealRejected([RuleError("", "type", "a match is a JSON object")])
    deals = payload.get("deals", [])
    if not isinstance(deals, list):
        raise DealRejected([RuleError("deals", "type", "deals must be a list")])
    folded = game.fold(deals, payload.get("options"), table_from(payload.get("table")))
    if strict:
        errors = [
            RuleError(join_path("deals", i, e.path), e.code, e.message)
            for i, record in enumerate(folded.deals)
            for e in record.errors
        ]
        if errors:
            raise DealRejected(errors)
    return folded
