"""The score-book API: one view per resource and operation, each one call away from a
selector (reads) or a service (writes).

Who may do what is :mod:`scoring.permissions`: objects the user may not read answer
404 (selectors), writes they may not make 403 (checked here first, and again by the
services). Writes sent with an ``Idempotency-Key`` header are replayed, not repeated
(:mod:`scoring.idempotency`).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django_filters import rest_framework as filters
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
)
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.parsers import BoundedJSONParser
from scoring import permissions, selectors, services
from scoring.api import serializers as s
from scoring.api.pagination import StrictLimitOffsetPagination
from scoring.errors import DomainError, NotAllowed
from scoring.idempotency import IDEMPOTENCY_HEADER, idempotent
from scoring.models import (
    Club,
    Deal,
    DealStatus,
    Match,
    MatchStatus,
    Membership,
    Player,
)

_E = s.ErrorListSerializer
_READ_ERRORS = {400: _E, 401: _E, 403: _E, 404: _E}
_WRITE_ERRORS = {400: _E, 401: _E, 403: _E, 404: _E, 409: s.ConflictSerializer}
# 409 also answers an Idempotency-Key reused for another request.
_IDEMPOTENT = _WRITE_ERRORS
_KEY = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    {"type": "string", "maxLength": 255},
    OpenApiParameter.HEADER,
    description="Send the same key to retry safely: the first response is replayed.",
)


class JsonApi:
    """Mixin: request bodies are JSON (a deal's input is nested JSON anyway)."""

    parser_classes = [BoundedJSONParser]


def _body(serializer_class: type, request: Request) -> dict[str, Any]:
    body = serializer_class(data=request.data)
    body.is_valid(raise_exception=True)
    return body.validated_data


def _listed(out: type) -> Any:
    """Schema of a paginated list view's GET, with its error responses."""
    return extend_schema_view(
        get=extend_schema(responses={200: out(many=True), **_READ_ERRORS})
    )


def _fake(view: Any) -> bool:
    """True while drf-spectacular inspects the view (no URL kwargs then)."""
    return getattr(view, "swagger_fake_view", False)


def _ctx(request: Request, match: Match | None = None) -> dict[str, Any]:
    """Serializer context: the reader (and the club, for accounts: ClubPrivate)."""
    context: dict[str, Any] = {"request": request}
    if match is not None:
        context["club_id"] = match.club_id
    return context


def _require(allowed: bool, message: str) -> None:
    if not allowed:
        raise NotAllowed("permission_denied", message)


# -- clubs --------------------------------------------------------------------------


@_listed(s.ClubOut)
class ClubListApi(JsonApi, generics.ListAPIView):
    """The clubs you are a member of; create a club (you become its admin)."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [IsAuthenticated]
    serializer_class = s.ClubOut
    filterset_fields = ["slug"]

    def get_queryset(self):
        return selectors.clubs_for(self.request.user).order_by("name", "id")

    @extend_schema(
        request=s.ClubIn,
        responses={201: s.ClubOut, **_IDEMPOTENT},
        parameters=[_KEY],
    )
    def post(self, request: Request) -> Response:
        def run() -> Response:
            data = _body(s.ClubIn, request)
            club = services.club_create(
                name=data["name"], slug=data.get("slug", ""), by=request.user
            )
            return Response(s.ClubOut(club).data, status=status.HTTP_201_CREATED)

        return idempotent(request, run)


class ClubDetailApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: s.ClubOut, **_READ_ERRORS})
    def get(self, request: Request, club_id: int) -> Response:
        return Response(s.ClubOut(selectors.club_get(request.user, club_id)).data)

    @extend_schema(request=s.ClubUpdateIn, responses={200: s.ClubOut, **_WRITE_ERRORS})
    def patch(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        _require(permissions.may_manage_club(request.user, club), "club admins only")
        data = _body(s.ClubUpdateIn, request)
        club = services.club_update(club=club, name=data["name"], by=request.user)
        return Response(s.ClubOut(club).data)


class PlayerFilter(filters.FilterSet):
    name = filters.CharFilter(field_name="display_name", lookup_expr="icontains")

    class Meta:
        model = Player
        fields = ["name"]


@_listed(s.PlayerOut)
class PlayerListApi(JsonApi, generics.ListAPIView):
    """The players of a club; a club admin adds one (with a role)."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [IsAuthenticated]
    serializer_class = s.PlayerOut
    filterset_class = PlayerFilter

    def get_queryset(self):
        if _fake(self):
            return Player.objects.none()
        club = selectors.club_get(self.request.user, self.kwargs["club_id"])
        return selectors.club_players(club).select_related("user")

    @extend_schema(
        request=s.PlayerIn,
        responses={201: s.PlayerOut, **_IDEMPOTENT},
        parameters=[_KEY],
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        _require(permissions.may_manage_club(request.user, club), "club admins only")

        def run() -> Response:
            data = _body(s.PlayerIn, request)
            # The same answer whether the account exists or not (services).
            player = services.player_create(
                club=club,
                display_name=data["display_name"],
                username=data.get("username", ""),
                role=data["role"],
                allow_duplicate=data["allow_duplicate"],
                by=request.user,
            )
            out = s.PlayerOut(player, context=_ctx(request)).data
            return Response(out, status=status.HTTP_201_CREATED)

        return idempotent(request, run)


class PlayerDetailApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: s.PlayerOut, **_READ_ERRORS})
    def get(self, request: Request, club_id: int, player_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        return Response(s.PlayerOut(selectors.club_player_get(club, player_id)).data)

    @extend_schema(
        request=s.PlayerUpdateIn, responses={200: s.PlayerOut, **_WRITE_ERRORS}
    )
    def patch(self, request: Request, club_id: int, player_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        player = selectors.club_player_get(club, player_id)
        _require(permissions.may_manage_club(request.user, club), "club admins only")
        data = _body(s.PlayerUpdateIn, request)
        player = services.player_update(
            club=club, player=player, display_name=data["display_name"], by=request.user
        )
        return Response(s.PlayerOut(player).data)


@_listed(s.MembershipOut)
class MembershipListApi(JsonApi, generics.ListAPIView):
    """Memberships (player and role) of a club; a club admin adds an existing player."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [IsAuthenticated]
    serializer_class = s.MembershipOut
    filterset_fields = ["role"]

    def get_queryset(self):
        if _fake(self):
            return Membership.objects.none()
        club = selectors.club_get(self.request.user, self.kwargs["club_id"])
        return selectors.club_memberships(club).select_related("player__user")

    @extend_schema(
        request=s.MembershipIn,
        responses={201: s.MembershipOut, **_IDEMPOTENT},
        parameters=[_KEY],
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        _require(permissions.may_manage_club(request.user, club), "club admins only")

        def run() -> Response:
            data = _body(s.MembershipIn, request)
            player = (
                selectors.players_visible_to(request.user)
                .filter(pk=data["player"])
                .first()
            )
            if player is None:
                raise DomainError("unknown_player", "no such player", "player")
            membership = services.membership_add(
                club=club, player=player, role=data["role"], by=request.user
            )
            return Response(
                s.MembershipOut(membership).data, status=status.HTTP_201_CREATED
            )

        return idempotent(request, run)


class MembershipDetailApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: s.MembershipOut, **_READ_ERRORS})
    def get(self, request: Request, club_id: int, membership_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        membership = selectors.club_membership_get(club, membership_id)
        return Response(s.MembershipOut(membership).data)

    @extend_schema(
        request=s.MembershipUpdateIn,
        responses={200: s.MembershipOut, **_WRITE_ERRORS},
    )
    def patch(self, request: Request, club_id: int, membership_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        membership = selectors.club_membership_get(club, membership_id)
        _require(permissions.may_manage_club(request.user, club), "club admins only")
        data = _body(s.MembershipUpdateIn, request)
        membership = services.membership_set_role(
            membership=membership, role=data["role"], by=request.user
        )
        return Response(s.MembershipOut(membership).data)


# -- matches ------------------------------------------------------------------------


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


@_listed(s.MatchOut)
class MatchListApi(JsonApi, generics.ListAPIView):
    """Matches you may read: your clubs' and the public ones (anyone)."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [AllowAny]
    serializer_class = s.MatchOut
    filterset_class = MatchFilter

    def get_queryset(self):
        return selectors.matches_visible_to(self.request.user)


@_listed(s.MatchOut)
class ClubMatchListApi(JsonApi, generics.ListAPIView):
    """A club's matches; a club admin or scorer starts one."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [IsAuthenticated]
    serializer_class = s.MatchOut
    filterset_class = MatchFilter

    def get_queryset(self):
        if _fake(self):
            return Match.objects.none()
        club = selectors.club_get(self.request.user, self.kwargs["club_id"])
        return selectors.matches_visible_to(self.request.user).filter(club=club)

    @extend_schema(
        request=s.MatchIn, responses={201: s.MatchOut, **_IDEMPOTENT}, parameters=[_KEY]
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        _require(
            permissions.may_start_match(request.user, club),
            "club admins and scorers start matches",
        )

        def run() -> Response:
            data = _body(s.MatchIn, request)
            match = services.start_match(
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
                s.MatchOut(match, context=_ctx(request)).data,
                status=status.HTTP_201_CREATED,
            )

        return idempotent(request, run)


def _club_player(club: Club, player_id: int, path: str) -> Player:
    player = selectors.club_players(club).filter(pk=player_id).first()
    if player is None:
        raise DomainError("not_a_member", "no such player in this club", path)
    return player


class MatchDetailApi(JsonApi, APIView):
    """One match with its running totals and next-deal context."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.MatchOut, **_READ_ERRORS})
    def get(self, request: Request, match_id: int) -> Response:
        return Response(
            s.MatchOut(
                selectors.match_get(request.user, match_id), context=_ctx(request)
            ).data
        )

    @extend_schema(
        request=s.MatchUpdateIn, responses={200: s.MatchOut, **_WRITE_ERRORS}
    )
    def patch(self, request: Request, match_id: int) -> Response:
        match = _scored_match(request, match_id)
        data = _body(s.MatchUpdateIn, request)
        services.match_update(match=match, is_public=data["is_public"], by=request.user)
        return Response(
            s.MatchOut(
                selectors.match_get(request.user, match_id), context=_ctx(request)
            ).data
        )


def _scored_match(request: Request, match_id: int) -> Match:
    """The match (404 if unreadable) after checking that the user may score it."""
    if not request.user.is_authenticated:
        raise NotAllowed("not_authenticated", "sign in to score")
    match = selectors.match_get(request.user, match_id)
    _require(permissions.may_score(request.user, match), "you do not score this match")
    return match


class MatchSheetApi(JsonApi, APIView):
    """The score sheet: one row per deal with points and running totals."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.SheetOut, **_READ_ERRORS})
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get(request.user, match_id)
        sheet = selectors.match_sheet(match)
        return Response(s.SheetOut(sheet, context=_ctx(request, match)).data)


class MatchDealSchemaApi(JsonApi, APIView):
    """The JSON Schema of a deal's input for this match's game (to build forms)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.DealSchemaOut, **_READ_ERRORS})
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get(request.user, match_id)
        return Response(s.DealSchemaOut(selectors.deal_schema(match)).data)


class MatchFinishApi(JsonApi, APIView):
    """Close the book of a decided match."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None, responses={200: s.MatchOut, **_IDEMPOTENT}, parameters=[_KEY]
    )
    def post(self, request: Request, match_id: int) -> Response:
        match = _scored_match(request, match_id)

        def run() -> Response:
            services.finish_match(match=match, by=request.user)
            return Response(
                s.MatchOut(
                    selectors.match_get(request.user, match_id), context=_ctx(request)
                ).data
            )

        return idempotent(request, run)


class MatchAbandonApi(JsonApi, APIView):
    """Stop a match before it is decided."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.MatchAbandonIn,
        responses={200: s.MatchOut, **_IDEMPOTENT},
        parameters=[_KEY],
    )
    def post(self, request: Request, match_id: int) -> Response:
        match = _scored_match(request, match_id)

        def run() -> Response:
            data = _body(s.MatchAbandonIn, request)
            services.abandon_match(
                match=match, reason=data.get("reason", ""), by=request.user
            )
            return Response(
                s.MatchOut(
                    selectors.match_get(request.user, match_id), context=_ctx(request)
                ).data
            )

        return idempotent(request, run)


# -- deals --------------------------------------------------------------------------


class DealFilter(filters.FilterSet):
    status = filters.ChoiceFilter(choices=DealStatus.choices)


def _deal_written(request: Request, match: Match, deal) -> dict[str, Any]:
    # The match as the service wrote it (a deal's match is the instance the service
    # locked and saved; after a deal's refresh it is read again): no second read.
    match = deal.match
    written = {"deal": deal, "match": selectors.match_state(match)}
    return s.DealWriteOut(written, context=_ctx(request, match)).data


@_listed(s.DealOut)
class DealListApi(JsonApi, generics.ListAPIView):
    """The deals of a match in order (voided ones too); a scorer submits the next."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [AllowAny]
    serializer_class = s.DealOut
    filterset_class = DealFilter

    def get_queryset(self):
        if _fake(self):
            return Deal.objects.none()
        self.match = selectors.match_get(self.request.user, self.kwargs["match_id"])
        return selectors.match_deals(self.match)

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if hasattr(self, "match"):
            context["club_id"] = self.match.club_id
        return context

    @extend_schema(
        request=s.DealSubmitIn,
        responses={201: s.DealWriteOut, **_IDEMPOTENT},
        parameters=[_KEY],
    )
    def post(self, request: Request, match_id: int) -> Response:
        match = _scored_match_or_confirmer(request, match_id)

        def run() -> Response:
            data = _body(s.DealSubmitIn, request)
            deal = services.submit_deal(
                match=match, number=data["number"], input=data["input"], by=request.user
            )
            return Response(
                _deal_written(request, match, deal), status=status.HTTP_201_CREATED
            )

        return idempotent(request, run)


def _scored_match_or_confirmer(request: Request, match_id: int) -> Match:
    """Scorers submit; in a double-entry match a seated player may enter the second."""
    if not request.user.is_authenticated:
        raise NotAllowed("not_authenticated", "sign in to score")
    match = selectors.match_get(request.user, match_id)
    if match.double_entry and permissions.may_read_club(request.user, match.club_id):
        return match  # the service decides who may give the second entry
    _require(permissions.may_score(request.user, match), "you do not score this match")
    return match


class DealDetailApi(JsonApi, APIView):
    """One deal with its history (every entry, correction, void, confirmation)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.DealDetailOut, **_READ_ERRORS})
    def get(self, request: Request, match_id: int, number: int) -> Response:
        match = selectors.match_get(request.user, match_id)
        deal = selectors.deal_get(match, number)
        return Response(s.DealDetailOut(deal, context=_ctx(request, match)).data)


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
        responses={200: s.DealWriteOut, **_IDEMPOTENT},
        parameters=[_KEY],
    )
    def post(self, request: Request, match_id: int, number: int) -> Response:
        match = _scored_match(request, match_id)

        def run() -> Response:
            data = _body(s.DealCorrectIn, request)
            deal = services.correct_deal(
                match=match,
                number=number,
                input=data["input"],
                base_version=data["base_version"],
                reason=data["reason"],
                by=request.user,
            )
            return Response(_deal_written(request, match, deal))

        return idempotent(request, run)


class DealVoidApi(JsonApi, APIView):
    """Void a deal: it stays on the sheet, struck through, and counts nothing.

    Who, and what happens to a closed match: as for a correction.
    """

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.DealVoidIn,
        responses={200: s.DealWriteOut, **_IDEMPOTENT},
        parameters=[_KEY],
    )
    def post(self, request: Request, match_id: int, number: int) -> Response:
        match = _scored_match(request, match_id)

        def run() -> Response:
            data = _body(s.DealVoidIn, request)
            deal = services.void_deal(
                match=match,
                number=number,
                base_version=data["base_version"],
                reason=data["reason"],
                by=request.user,
            )
            return Response(_deal_written(request, match, deal))

        return idempotent(request, run)


class DealConfirmApi(JsonApi, APIView):
    """Double entry: confirm a pending deal (a player of another side)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.DealConfirmIn,
        responses={200: s.DealWriteOut, **_IDEMPOTENT},
        parameters=[_KEY],
    )
    def post(self, request: Request, match_id: int, number: int) -> Response:
        match = selectors.match_get(request.user, match_id)
        _require(
            permissions.may_read_club(request.user, match.club_id),
            "you are not a member of this club",
        )

        def run() -> Response:
            data = _body(s.DealConfirmIn, request)
            deal = services.confirm_deal(
                match=match,
                number=number,
                base_version=data["base_version"],
                by=request.user,
            )
            return Response(_deal_written(request, match, deal))

        return idempotent(request, run)


def api_not_found(request, exception=None):
    """404 handler: JSON errors under /api/, Django's page elsewhere.

    Path converters (``<int:match_id>``) reject ``/matches/abc/`` before any view
    runs; API clients still get the API's error shape.
    """
    from django.views.defaults import page_not_found

    from config.api import problem_response

    if request.path_info.startswith("/api/"):
        return problem_response(404, "not_found", "no such URL")
    return page_not_found(request, exception)
