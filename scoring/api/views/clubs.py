"""API of clubs, their players and memberships."""

from __future__ import annotations

from django.utils.translation import gettext
from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated
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
from scoring.errors import DomainError
from scoring.idempotency import idempotent
from scoring.models import Membership, Player


@listed(s.ClubOut)
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
        responses={201: s.ClubOut, **IDEMPOTENT},
        parameters=[KEY],
    )
    def post(self, request: Request) -> Response:
        def run() -> Response:
            data = request_body(s.ClubIn, request)
            club = services.club_create(
                name=data["name"], slug=data.get("slug", ""), by=request.user
            )
            return Response(s.ClubOut(club).data, status=status.HTTP_201_CREATED)

        return idempotent(request, run)


class ClubDetailApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: s.ClubOut, **READ_ERRORS})
    def get(self, request: Request, club_id: int) -> Response:
        return Response(s.ClubOut(selectors.club_get(request.user, club_id)).data)

    @extend_schema(request=s.ClubUpdateIn, responses={200: s.ClubOut, **WRITE_ERRORS})
    def patch(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        require(
            permissions.may_manage_club(request.user, club), gettext("club admins only")
        )
        data = request_body(s.ClubUpdateIn, request)
        club = services.club_update(club=club, name=data["name"], by=request.user)
        return Response(s.ClubOut(club).data)


class PlayerFilter(filters.FilterSet):
    name = filters.CharFilter(field_name="display_name", lookup_expr="icontains")

    class Meta:
        model = Player
        fields = ["name"]


@listed(s.PlayerOut)
class PlayerListApi(JsonApi, generics.ListAPIView):
    """The players of a club; a club admin adds one (with a role)."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [IsAuthenticated]
    serializer_class = s.PlayerOut
    filterset_class = PlayerFilter

    def get_queryset(self):
        if fake(self):
            return Player.objects.none()
        club = selectors.club_get(self.request.user, self.kwargs["club_id"])
        return selectors.club_player_list(club).select_related("user")

    @extend_schema(
        request=s.PlayerIn,
        responses={201: s.PlayerOut, **IDEMPOTENT},
        parameters=[KEY],
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        require(
            permissions.may_manage_club(request.user, club), gettext("club admins only")
        )

        def run() -> Response:
            data = request_body(s.PlayerIn, request)
            # The same answer whether the account exists or not (services).
            player = services.player_create(
                club=club,
                display_name=data["display_name"],
                username=data.get("username", ""),
                role=data["role"],
                allow_duplicate=data["allow_duplicate"],
                by=request.user,
            )
            out = s.PlayerOut(player, context=ctx(request)).data
            return Response(out, status=status.HTTP_201_CREATED)

        return idempotent(request, run)


class PlayerDetailApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: s.PlayerOut, **READ_ERRORS})
    def get(self, request: Request, club_id: int, player_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        return Response(s.PlayerOut(selectors.club_player_get(club, player_id)).data)

    @extend_schema(
        request=s.PlayerUpdateIn, responses={200: s.PlayerOut, **WRITE_ERRORS}
    )
    def patch(self, request: Request, club_id: int, player_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        player = selectors.club_player_get(club, player_id)
        require(
            permissions.may_manage_club(request.user, club), gettext("club admins only")
        )
        data = request_body(s.PlayerUpdateIn, request)
        player = services.player_update(
            club=club, player=player, display_name=data["display_name"], by=request.user
        )
        return Response(s.PlayerOut(player).data)


@listed(s.MembershipOut)
class MembershipListApi(JsonApi, generics.ListAPIView):
    """Memberships (player and role) of a club; a club admin adds an existing player."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [IsAuthenticated]
    serializer_class = s.MembershipOut
    filterset_fields = ["role"]

    def get_queryset(self):
        if fake(self):
            return Membership.objects.none()
        club = selectors.club_get(self.request.user, self.kwargs["club_id"])
        return selectors.club_membership_list(club).select_related("player__user")

    @extend_schema(
        request=s.MembershipIn,
        responses={201: s.MembershipOut, **IDEMPOTENT},
        parameters=[KEY],
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        require(
            permissions.may_manage_club(request.user, club), gettext("club admins only")
        )

        def run() -> Response:
            data = request_body(s.MembershipIn, request)
            player = (
                selectors.players_visible_to(request.user)
                .filter(pk=data["player"])
                .first()
            )
            if player is None:
                raise DomainError("unknown_player", gettext("no such player"), "player")
            membership = services.membership_add(
                club=club, player=player, role=data["role"], by=request.user
            )
            return Response(
                s.MembershipOut(membership).data, status=status.HTTP_201_CREATED
            )

        return idempotent(request, run)


class MembershipDetailApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: s.MembershipOut, **READ_ERRORS})
    def get(self, request: Request, club_id: int, membership_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        membership = selectors.club_membership_get(club, membership_id)
        return Response(s.MembershipOut(membership).data)

    @extend_schema(
        request=s.MembershipUpdateIn,
        responses={200: s.MembershipOut, **WRITE_ERRORS},
    )
    def patch(self, request: Request, club_id: int, membership_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        membership = selectors.club_membership_get(club, membership_id)
        require(
            permissions.may_manage_club(request.user, club), gettext("club admins only")
        )
        data = request_body(s.MembershipUpdateIn, request)
        membership = services.membership_set_role(
            membership=membership, role=data["role"], by=request.user
        )
        return Response(s.MembershipOut(membership).data)
