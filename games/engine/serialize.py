"""Plain JSON for the engine's results (for the API, the CLI and the database)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum
from typing import Any

from pydantic import BaseModel

from games.engine.cards import Card
from games.engine.game import DealRecord, FoldedMatch, MatchState


def to_jsonable(value: Any) -> Any:
    """Dataclasses, pydantic models, cards, enums and containers → JSON values."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: to_jsonable(getattr(value, f.name))
            for f in dataclasses.fields(value)
        }
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [to_jsonable(v) for v in value]
    return value


def state_to_json(state: MatchState) -> dict[str, Any]:
    data = to_jsonable(state)
    data.pop("options", None)  # the match stores its options already
    data.pop("table", None)
    return data


def record_to_json(record: DealRecord) -> dict[str, Any]:
    return {
        "number": record.number,
        "flagged": record.flagged,
        "errors": [e.as_dict() for e in record.errors],
        "score": to_jsonable(record.score),
        "totals": list(record.totals),
        "seat_totals": list(record.seat_totals),
    }


def folded_to_json(folded: FoldedMatch) -> dict[str, Any]:
    """The folded match as the API and the CLI show it."""
    return {
        "game": folded.game,
        "deals": [record_to_json(r) for r in folded.deals],
        "totals": list(folded.totals),
        "seat_totals": list(folded.seat_totals),
        "individual_totals": list(folded.individual_totals),
        "leaders": list(folded.leaders),
        "finished": folded.finished,
        "winners": list(folded.winners),
        "needs_attention": folded.needs_attention,
        "next_deal": to_jsonable(folded.next_deal),
        "state": state_to_json(folded.state),
    }
