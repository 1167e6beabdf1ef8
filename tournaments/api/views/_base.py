"""What the tournaments API's views share: the error shapes of the schema, the
body read as JSON, the directed tournament, a table and a round as answered."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request

from config.api import validated_body
from games.api.serializers import ErrorListSerializer
from scoring.errors import NotAllowed, NotFound
from scoring.idempotency import IDEMPOTENCY_HEADER
from tournaments import permissions, selectors
from tournaments.api import serializers as s
from tournaments.models import (
    Round,
    Table,
    Tournament,
)
from tournaments.texts import explanation_shown, reason_shown

ERROR = ErrorListSerializer


READ_ERRORS = {404: ERROR}


WRITE_ERRORS = {400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR, 409: ERROR}


IDEMPOTENCY_KEY = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    {"type": "string", "maxLength": 255},
    OpenApiParameter.HEADER,
    description="Send the same key to retry safely: the first response is replayed.",
)


def request_body(serializer_class: type, request: Request) -> dict[str, Any]:
    return validated_body(serializer_class, request)


def directed_tournament(request: Request, tournament_id: int) -> Tournament:
    tournament = selectors.tournament_get(request.user, tournament_id)
    if not permissions.may_direct(request.user, tournament):
        raise NotAllowed("permission_denied", gettext("only a director may do this"))
    return tournament


def table_out(table: Table) -> dict[str, Any]:
    """A table with its sides (entry ids, its ``sides`` prefetched) and reasons."""
    sides: dict[int, list[int]] = {}
    for seat in table.sides.all():
        sides.setdefault(seat.side, []).append(seat.entry_id)
    return {
        "id": table.pk,
        "number": table.number,
        "sides": [sides[k] for k in sorted(sides)],
        "match": table.match_id,
        "reasons": [reason_shown(r) for r in table.reasons or ()],
    }


def round_out(
    round_: Round, tables_in: Iterable[Table] | None = None
) -> dict[str, Any]:
    """``tables_in``: the round's tables already loaded (a list of rounds)."""
    tables = []
    for table in (
        tables_in if tables_in is not None else selectors.round_table_list(round_)
    ):
        tables.append(table_out(table))
    return s.RoundOut(
        {
            "id": round_.pk,
            "stage": round_.stage_id,
            "number": round_.number,
            "status": round_.status,
            "explanation": explanation_shown(round_.explanation),
            "tables": tables,
            "clock": selectors.round_clock_get(round_),
        }
    ).data


PAGE_PARAMETERS = [
    OpenApiParameter("limit", int, description="items a page (50; at most 500)"),
    OpenApiParameter("offset", int, description="items to skip"),
]


def schema_only(view: Any) -> bool:
    """True while drf-spectacular inspects the view (no URL kwargs then)."""
    return getattr(view, "swagger_fake_view", False)


def tournament_round(tournament: Tournament, round_id: int) -> Round:
    round_ = Round.objects.filter(stage__tournament=tournament, pk=round_id).first()
    if round_ is None:
        raise NotFound("not_found", gettext("no such round"))
    return round_
