"""The table link in the API: the phones at a table, with no account, read their
match and enter and confirm its deals (mounted under /api/v1/):

* ``GET table/{token}/`` — the match (as ``GET matches/{match}/``);
* ``GET table/{token}/sheet`` — its score sheet (pending deals and their versions);
* ``GET table/{token}/deal-schema`` — the JSON Schema of a deal's input;
* ``POST table/{token}/deals/`` — enter the next deal (``Idempotency-Key`` as for
  every submit: a table's phones share their table's keys);
* ``POST table/{token}/deals/{number}/confirm`` — double entry: confirm a deal;
* ``POST table/{token}/deals/{number}/correct`` — correct a deal (with the version
  read from the sheet and a reason): a phone keeps its version of a deal another
  phone entered first while both were offline (issue 31);
* ``POST table/{token}/queue`` — the phone's report of the deals waiting on it
  (issue 31), which the room screen and the director's page show.

The token is the one in the table's page address (``/t/{token}/``), and ``?seat=``
says who the phone is, as on the pages (an app keeps it: the API reads no cookie).
A write needs it: nothing is stored through a link without the seat that did it
(403 ``seat_required``). The guest reaches that match and nothing else: every
other endpoint sees an anonymous caller. Writes go through the same services as the
pages, so a deal's revision records ``via="table_link"`` and the seat. A token never
issued answers 404; a withdrawn link (``link_revoked``) or one whose match or round
is over (``link_expired``) 410 Gone, each an RFC 9457 problem.
"""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import selectors, services
from scoring.api import serializers as s
from scoring.api.views._base import IDEMPOTENT, KEY, READ_ERRORS, JsonApi, request_body
from scoring.api.views.deals import deal_written
from scoring.idempotency import idempotent
from scoring.models import Match
from scoring.table_links import TableGuest

_SEAT = OpenApiParameter(
    "seat",
    int,
    OpenApiParameter.QUERY,
    description="The seat (position) of the phone's player. Every write needs "
    "one: the deal's history names the seat, and a confirmation must come from "
    "another side than the entry.",
)
_TOKEN = OpenApiParameter(
    "token",
    str,
    OpenApiParameter.PATH,
    description="The table link's token (the last part of its address /t/{token}/).",
)
_PARAMETERS = [_TOKEN, _SEAT]
# A withdrawn or expired link: 410 Gone, in the same problem shape as the others.
_READ = {**READ_ERRORS, 410: READ_ERRORS[404]}
_WRITE = {**IDEMPOTENT, 410: READ_ERRORS[404]}


def _guest(request: Request, token: str) -> tuple[Match, TableGuest]:
    """The table link's match and guest. A link that is no longer valid raises
    :class:`~scoring.selectors.LinkGone`: a 410 problem (``link_revoked``,
    ``link_expired``), as the pages answer."""
    return selectors.table_guest_get(token, request.query_params.get("seat"))


class _TableApi(JsonApi, APIView):
    """The link is the only credential: no account is read (a signed-in phone acts
    as the table too, and no session cookie makes a write — no CSRF to check)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]


class TableMatchApi(_TableApi):
    """The table link's match with its running totals and next-deal context."""

    @extend_schema(responses={200: s.MatchOut, **_READ}, parameters=_PARAMETERS)
    def get(self, request: Request, token: str) -> Response:
        match, _ = _guest(request, token)
        return Response(s.MatchOut(match, context={"request": request}).data)


class TableSheetApi(_TableApi):
    """The table link's score sheet: one row per deal, with each deal's status and
    version (what a confirmation sends back)."""

    @extend_schema(responses={200: s.SheetOut, **_READ}, parameters=_PARAMETERS)
    def get(self, request: Request, token: str) -> Response:
        match, _ = _guest(request, token)
        sheet = selectors.match_sheet_get(match)
        context = {"request": request, "club_id": match.club_id}
        return Response(s.SheetOut(sheet, context=context).data)


class TableDealSchemaApi(_TableApi):
    """The JSON Schema of a deal's input for the table link's match."""

    @extend_schema(responses={200: s.DealSchemaOut, **_READ}, parameters=_PARAMETERS)
    def get(self, request: Request, token: str) -> Response:
        match, _ = _guest(request, token)
        return Response(s.DealSchemaOut(selectors.deal_schema_get(match)).data)


class TableDealSubmitApi(_TableApi):
    """Enter the next deal of the table link's match (in a double-entry match, the
    first entry or the other side's second)."""

    @extend_schema(
        request=s.DealSubmitIn,
        responses={201: s.DealWriteOut, **_WRITE},
        parameters=[*_PARAMETERS, KEY],
    )
    def post(self, request: Request, token: str) -> Response:
        match, guest = _guest(request, token)

        def run() -> Response:
            data = request_body(s.DealSubmitIn, request)
            deal = services.deal_submit(
                match=match, number=data["number"], input=data["input"], by=guest
            )
            return Response(
                deal_written(request, match, deal), status=status.HTTP_201_CREATED
            )

        return idempotent(request, run, table=guest)


class TableDealConfirmApi(_TableApi):
    """Double entry: confirm a pending deal as a seat (``?seat=``) of another side
    than the one that entered it."""

    @extend_schema(
        request=s.DealConfirmIn,
        responses={200: s.DealWriteOut, **_WRITE},
        parameters=[*_PARAMETERS, KEY],
    )
    def post(self, request: Request, token: str, number: int) -> Response:
        match, guest = _guest(request, token)

        def run() -> Response:
            data = request_body(s.DealConfirmIn, request)
            deal = services.deal_confirm(
                match=match, number=number, base_version=data["base_version"], by=guest
            )
            return Response(deal_written(request, match, deal))

        return idempotent(request, run, table=guest)


class TableDealCorrectApi(_TableApi):
    """Correct a deal of the table link's match as the seat ``?seat=`` (its
    version as read from the sheet, and a reason): the history keeps both
    versions and names the link and the seat. Within what the link allows for
    entering deals (its match, open, its table not closed); never a void."""

    @extend_schema(
        request=s.DealCorrectIn,
        responses={200: s.DealWriteOut, **_WRITE},
        parameters=[*_PARAMETERS, KEY],
    )
    def post(self, request: Request, token: str, number: int) -> Response:
        match, guest = _guest(request, token)

        def run() -> Response:
            data = request_body(s.DealCorrectIn, request)
            deal = services.deal_correct(
                match=match,
                number=number,
                input=data["input"],
                base_version=data["base_version"],
                reason=data["reason"],
                by=guest,
            )
            return Response(deal_written(request, match, deal))

        return idempotent(request, run, table=guest)


class TableQueueApi(_TableApi):
    """The phone's report of the deals waiting on it (issue 31), as the seat
    ``?seat=``: the room screen and the director's page mark the table while deals
    wait; ``waiting`` 0 clears the mark. A withdrawn or expired link stores
    nothing (410)."""

    @extend_schema(
        request=s.TableQueueIn,
        responses={200: s.TableQueueOut, **_WRITE},
        parameters=_PARAMETERS,
    )
    def post(self, request: Request, token: str) -> Response:
        match, guest = _guest(request, token)
        data = request_body(s.TableQueueIn, request)
        row = services.table_queue_record(
            match=match, waiting=data["waiting"], since=data.get("since"), by=guest
        )
        return Response(s.TableQueueOut(row).data)


class TableMatchFinishApi(_TableApi):
    """Finish the table link's match as the seat ``?seat=``: a game with no fixed
    end (a chip game played until the players stop), its totals the result and its
    chips settled; a match its rules have decided finishes by itself."""

    @extend_schema(
        request=None,
        responses={200: s.MatchOut, **IDEMPOTENT},
        parameters=[*_PARAMETERS, KEY],
    )
    def post(self, request: Request, token: str) -> Response:
        match, guest = _guest(request, token)

        def run() -> Response:
            finished = services.match_finish(match=match, by=guest)
            return Response(s.MatchOut(finished, context={"request": request}).data)

        return idempotent(request, run, table=guest)


urlpatterns = [
    path("table/<str:token>/", TableMatchApi.as_view(), name="table-match"),
    path("table/<str:token>/sheet", TableSheetApi.as_view(), name="table-sheet"),
    path(
        "table/<str:token>/deal-schema",
        TableDealSchemaApi.as_view(),
        name="table-deal-schema",
    ),
    path(
        "table/<str:token>/deals/",
        TableDealSubmitApi.as_view(),
        name="table-deal-list",
    ),
    path(
        "table/<str:token>/finish",
        TableMatchFinishApi.as_view(),
        name="table-finish",
    ),
    path(
        "table/<str:token>/deals/<int:number>/confirm",
        TableDealConfirmApi.as_view(),
        name="table-deal-confirm",
    ),
    path(
        "table/<str:token>/deals/<int:number>/correct",
        TableDealCorrectApi.as_view(),
        name="table-deal-correct",
    ),
    path("table/<str:token>/queue", TableQueueApi.as_view(), name="table-queue"),
]
