"""API of deals: list and entry, detail, correction, void, confirmation."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import permissions, selectors, services
from scoring.api import serializers as s
from scoring.api.pagination import StrictLimitOffsetPagination
from scoring.api.views._base import (
    IDEMPOTENT,
    KEY,
    READ_ERRORS,
    JsonApi,
    ctx,
    fake,
    listed,
    request_body,
    require,
)
from scoring.api.views.matches import scored_match
from scoring.errors import NotAllowed
from scoring.idempotency import idempotent
from scoring.models import Deal, DealStatus, Match


class DealFilter(filters.FilterSet):
    status = filters.ChoiceFilter(choices=DealStatus.choices)


def deal_written(request: Request, match: Match, deal) -> dict[str, Any]:
    # The match as the service wrote it (a deal's match is the instance the service
    # locked and saved; after a deal's refresh it is read again): no second read.
    match = deal.match
    written = {"deal": deal, "match": selectors.match_state_get(match)}
    return s.DealWriteOut(written, context=ctx(request, match)).data


@listed(s.DealOut)
class DealListApi(JsonApi, generics.ListAPIView):
    """The deals of a match in order (voided ones too); a scorer submits the next."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [AllowAny]
    serializer_class = s.DealOut
    filterset_class = DealFilter

    def get_queryset(self):
        if fake(self):
            return Deal.objects.none()
        self.match = selectors.match_get(self.request.user, self.kwargs["match_id"])
        return selectors.match_deal_list(self.match)

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if hasattr(self, "match"):
            context["club_id"] = self.match.club_id
        return context

    @extend_schema(
        request=s.DealSubmitIn,
        responses={201: s.DealWriteOut, **IDEMPOTENT},
        parameters=[KEY],
    )
    def post(self, request: Request, match_id: int) -> Response:
        match = _scored_match_or_confirmer(request, match_id)

        def run() -> Response:
            data = request_body(s.DealSubmitIn, request)
            deal = services.deal_submit(
                match=match, number=data["number"], input=data["input"], by=request.user
            )
            return Response(
                deal_written(request, match, deal), status=status.HTTP_201_CREATED
            )

        return idempotent(request, run)


def _scored_match_or_confirmer(request: Request, match_id: int) -> Match:
    """Scorers submit; in a double-entry match a seated player may enter the second."""
    if not request.user.is_authenticated:
        raise NotAllowed("not_authenticated", gettext("sign in to score"))
    match = selectors.match_get(request.user, match_id)
    # In a double-entry match a member may give the second entry (the service
    # decides who); otherwise only the match's scorers submit.
    if not (
        match.double_entry and permissions.may_read_club(request.user, match.club_id)
    ):
        require(
            permissions.may_score(request.user, match),
            gettext("you do not score this match"),
        )
    # Whoever passes is a member of the club: the answer need not ask again.
    s.reader_is_member(request, match.club_id)
    return match


class DealDetailApi(JsonApi, APIView):
    """One deal with its history (every entry, correction, void, confirmation)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.DealDetailOut, **READ_ERRORS})
    def get(self, request: Request, match_id: int, number: int) -> Response:
        match = selectors.match_get(request.user, match_id)
        deal = selectors.deal_get(match, number)
        return Response(s.DealDetailOut(deal, context=ctx(request, match)).data)


class DealCorrectApi(JsonApi, APIView):
    """Correct a deal's input (with the version you saw and a reason); re-folds.

    Its scorers while the match is in progress. A finished or abandoned match: club
    admins and overseers (a tournament's directors) only, 409 ``match_closed`` for
    the table's scorers. It stays closed with the corrected result, unless a finished
    match is no longer decided or a later deal is flagged: then it is in progress
    again (``match.status`` in the answer).
    """

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.DealCorrectIn,
        responses={200: s.DealWriteOut, **IDEMPOTENT},
        parameters=[KEY],
    )
    def post(self, request: Request, match_id: int, number: int) -> Response:
        match = scored_match(request, match_id)

        def run() -> Response:
            data = request_body(s.DealCorrectIn, request)
            deal = services.deal_correct(
                match=match,
                number=number,
                input=data["input"],
                base_version=data["base_version"],
                reason=data["reason"],
                by=request.user,
            )
            return Response(deal_written(request, match, deal))

        return idempotent(request, run)


class DealVoidApi(JsonApi, APIView):
    """Void a deal: it stays on the sheet, struck through, and counts nothing.

    Who, and what happens to a closed match: as for a correction.
    """

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.DealVoidIn,
        responses={200: s.DealWriteOut, **IDEMPOTENT},
        parameters=[KEY],
    )
    def post(self, request: Request, match_id: int, number: int) -> Response:
        match = scored_match(request, match_id)

        def run() -> Response:
            data = request_body(s.DealVoidIn, request)
            deal = services.deal_void(
                match=match,
                number=number,
                base_version=data["base_version"],
                reason=data["reason"],
                by=request.user,
            )
            return Response(deal_written(request, match, deal))

        return idempotent(request, run)


class DealConfirmApi(JsonApi, APIView):
    """Double entry: confirm a pending deal (a player of another side)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.DealConfirmIn,
        responses={200: s.DealWriteOut, **IDEMPOTENT},
        parameters=[KEY],
    )
    def post(self, request: Request, match_id: int, number: int) -> Response:
        match = selectors.match_get(request.user, match_id)
        require(
            permissions.may_read_club(request.user, match.club_id),
            gettext("you are not a member of this club"),
        )

        def run() -> Response:
            data = request_body(s.DealConfirmIn, request)
            deal = services.deal_confirm(
                match=match,
                number=number,
                base_version=data["base_version"],
                by=request.user,
            )
            return Response(deal_written(request, match, deal))

        return idempotent(request, run)
