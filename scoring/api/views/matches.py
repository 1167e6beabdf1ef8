"""API of matches: lists, start, detail, sheet, deal schema, finish, abandon,
reopen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.utils.translation import gettext
from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema, extend_schema_field
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
    WRITE_ERRORS,
    JsonApi,
    ctx,
    fake,
    listed,
    request_body,
    require,
)
from scoring.errors import DomainError, NotAllowed
from scoring.idempotency import idempotent
from scoring.models import Club, Match, MatchStatus, Player


@extend_schema_field({"type": "string", "enum": ["true", "false"]})
class StrictBooleanFilter(filters.TypedChoiceFilter):
    pass


def _strict_boolean(field_name: str) -> filters.TypedChoiceFilter:
    """``true``/``false`` only (django-filter's BooleanFilter ignores other values)."""
    return StrictBooleanFilter(
        field_name=field_name,
        choices=[("true", "true"), ("false", "false")],
        coerce=lambda value: value == "true",
    )


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": 2**31 - 1})
class IdFilter(filters.NumberFilter):
    field_class = forms.IntegerField

    def __init__(self, *args, **kwargs):
        super().__init__(*args, min_value=1, max_value=2**31 - 1, **kwargs)


class MatchFilter(filters.FilterSet):
    status = filters.ChoiceFilter(choices=MatchStatus.choices)
    is_public = _strict_boolean("is_public")
    needs_attention = _strict_boolean("needs_attention")
    game = filters.CharFilter(field_name="game_id")
    club = IdFilter(field_name="club_id")

    class Meta:
        model = Match
        fields = ["status", "game", "club", "is_public", "needs_attention"]


@listed(s.MatchOut)
class MatchListApi(JsonApi, generics.ListAPIView):
    """Matches you may read: your clubs' and the public ones (anyone)."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [AllowAny]
    serializer_class = s.MatchOut
    filterset_class = MatchFilter

    def get_queryset(self):
        return selectors.matches_visible_to(self.request.user)


@listed(s.MatchOut)
class ClubMatchListApi(JsonApi, generics.ListAPIView):
    """A club's matches; a club admin or scorer starts one."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [IsAuthenticated]
    serializer_class = s.MatchOut
    filterset_class = MatchFilter

    def get_queryset(self):
        if fake(self):
            return Match.objects.none()
        club = selectors.club_get(self.request.user, self.kwargs["club_id"])
        return selectors.matches_visible_to(self.request.user).filter(club=club)

    @extend_schema(
        request=s.MatchIn, responses={201: s.MatchOut, **IDEMPOTENT}, parameters=[KEY]
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        require(
            permissions.may_start_match(request.user, club),
            gettext("club admins and scorers start matches"),
        )

        def run() -> Response:
            data = request_body(s.MatchIn, request)
            match = services.match_start(
                club=club,
                game=data["game"],
                seats=[
                    (
                        _club_player(club, seat["player"], f"seats.{i}.player"),
                        seat["side"],
                    )
                    for i, seat in enumerate(data["seats"])
                ],
                first_dealer=data["first_dealer"],
                options=data["options"],
                point_value=data.get("point_value"),
                currency=data.get("currency", ""),
                is_public=data["is_public"],
                double_entry=data["double_entry"],
                scorers=[
                    _club_player(club, pk, f"scorers.{i}")
                    for i, pk in enumerate(data["scorers"])
                ],
                by=request.user,
            )
            match = selectors.match_get(request.user, match.pk)
            return Response(
                s.MatchOut(match, context=ctx(request)).data,
                status=status.HTTP_201_CREATED,
            )

        return idempotent(request, run)


def _club_player(club: Club, player_id: int, path: str) -> Player:
    player = selectors.club_player_list(club).filter(pk=player_id).first()
    if player is None:
        raise DomainError("not_a_member", gettext("no such player in this club"), path)
    return player


class MatchDetailApi(JsonApi, APIView):
    """One match with its running totals and next-deal context."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.MatchOut, **READ_ERRORS})
    def get(self, request: Request, match_id: int) -> Response:
        return Response(
            s.MatchOut(
                selectors.match_get(request.user, match_id), context=ctx(request)
            ).data
        )

    @extend_schema(request=s.MatchUpdateIn, responses={200: s.MatchOut, **WRITE_ERRORS})
    def patch(self, request: Request, match_id: int) -> Response:
        match = scored_match(request, match_id)
        data = request_body(s.MatchUpdateIn, request)
        services.match_update(match=match, is_public=data["is_public"], by=request.user)
        return Response(
            s.MatchOut(
                selectors.match_get(request.user, match_id), context=ctx(request)
            ).data
        )


def scored_match(request: Request, match_id: int) -> Match:
    """The match (404 if unreadable) after checking that the user may score it."""
    if not request.user.is_authenticated:
        raise NotAllowed("not_authenticated", gettext("sign in to score"))
    match = selectors.match_get(request.user, match_id)
    require(
        permissions.may_score(request.user, match),
        gettext("you do not score this match"),
    )
    return match


class MatchSheetApi(JsonApi, APIView):
    """The score sheet: one row per deal with points and running totals."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.SheetOut, **READ_ERRORS})
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get(request.user, match_id)
        sheet = selectors.match_sheet_get(match)
        return Response(s.SheetOut(sheet, context=ctx(request, match)).data)


class MatchDealSchemaApi(JsonApi, APIView):
    """The JSON Schema of a deal's input for this match's game (to build forms)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.DealSchemaOut, **READ_ERRORS})
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get(request.user, match_id)
        return Response(s.DealSchemaOut(selectors.deal_schema_get(match)).data)


class MatchFinishApi(JsonApi, APIView):
    """Close the book of a decided match."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None, responses={200: s.MatchOut, **IDEMPOTENT}, parameters=[KEY]
    )
    def post(self, request: Request, match_id: int) -> Response:
        match = scored_match(request, match_id)

        def run() -> Response:
            services.match_finish(match=match, by=request.user)
            return Response(
                s.MatchOut(
                    selectors.match_get(request.user, match_id), context=ctx(request)
                ).data
            )

        return idempotent(request, run)


def _with_reason(
    request: Request, match_id: int, body: type, service: Callable[..., Any]
) -> Response:
    """A scorer's action on the whole match that takes a reason (abandon, reopen),
    idempotent by its key; the match as it stands after it."""
    match = scored_match(request, match_id)

    def run() -> Response:
        data = request_body(body, request)
        service(match=match, reason=data.get("reason", ""), by=request.user)
        return Response(
            s.MatchOut(
                selectors.match_get(request.user, match_id), context=ctx(request)
            ).data
        )

    return idempotent(request, run)


class MatchAbandonApi(JsonApi, APIView):
    """Stop a match before it is decided."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.MatchAbandonIn,
        responses={200: s.MatchOut, **IDEMPOTENT},
        parameters=[KEY],
    )
    def post(self, request: Request, match_id: int) -> Response:
        return _with_reason(request, match_id, s.MatchAbandonIn, services.match_abandon)


class MatchReopenApi(JsonApi, APIView):
    """Open a finished or abandoned match again (a club admin or the tournament's
    director); the match's history keeps who and why."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.MatchReopenIn,
        responses={200: s.MatchOut, **IDEMPOTENT},
        parameters=[KEY],
    )
    def post(self, request: Request, match_id: int) -> Response:
        return _with_reason(request, match_id, s.MatchReopenIn, services.match_reopen)


class MatchTableQueueApi(JsonApi, APIView):
    """The phone's report of the deals waiting on it for this match (issue 31): how
    many, and since when. The room screen and the director's page mark the table
    while deals wait; ``waiting`` 0 clears the mark. Its scorers only (403)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=s.TableQueueIn, responses={200: s.TableQueueOut})
    def post(self, request: Request, match_id: int) -> Response:
        match = scored_match(request, match_id)
        data = request_body(s.TableQueueIn, request)
        row = services.table_queue_record(
            match=match,
            waiting=data["waiting"],
            since=data.get("since"),
            by=request.user,
        )
        return Response(s.TableQueueOut(row).data)
