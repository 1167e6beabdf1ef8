"""Invitations and table links in the API (mounted under /api/v1/):

* ``GET clubs/{club}/invitations/`` — the club's invitations, newest first (club
  admins; members 403, others 404);
* ``POST clubs/{club}/invitations/`` — a new one: ``role``, optional ``player``,
  ``max_uses`` (1–100), ``days`` (1–90), ``note``;
* ``POST clubs/{club}/invitations/{id}/revoke`` — withdraw it (a mark; idempotent);
* ``POST invitations/accept`` — the signed-in account accepts ``token`` (with
  ``display_name`` when it has no player yet);
* ``GET invitations/pending`` — the open invitations addressed to the signed-in
  account (a club admin sent them by username), with their tokens to accept;
* ``POST invitations/{id}/decline`` — the invitee declines one (others 404);
* ``GET matches/{match}/table-link`` — the match's table link (its scorers);
* ``POST matches/{match}/table-link/revoke`` — withdraw it (club admins, overseers).

Bad bodies are 400s whose ``path`` names the field.
"""

from __future__ import annotations

from typing import Any

from django.urls import path, reverse
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import StrictCharField, StrictIntegerField
from scoring import permissions, selectors, services
from scoring.api.pagination import StrictLimitOffsetPagination
from scoring.api.serializers import ErrorListSerializer
from scoring.api.views._base import JsonApi, fake, request_body, require
from scoring.errors import DomainError, NotFound
from scoring.models import Invitation, Role

_E = ErrorListSerializer
_ERRORS = {400: _E, 401: _E, 403: _E, 404: _E}


class InvitationOut(serializers.Serializer):
    id = StrictIntegerField()
    club = StrictIntegerField(source="club_id")
    role = StrictCharField()
    player = StrictIntegerField(source="player_id", allow_null=True)
    token = StrictCharField()
    url = serializers.SerializerMethodField()
    max_uses = StrictIntegerField()
    uses = StrictIntegerField()
    state = serializers.SerializerMethodField()
    expires_at = serializers.DateTimeField()
    note = StrictCharField()
    created_at = serializers.DateTimeField()
    revoked_at = serializers.DateTimeField(allow_null=True)

    def get_url(self, obj: Invitation) -> str:
        relative = reverse("scoring:invitation-accept", kwargs={"token": obj.token})
        request = self.context.get("request")
        return request.build_absolute_uri(relative) if request else relative

    def get_state(self, obj: Invitation) -> str:
        return obj.state(obj.uses)


class InvitationIn(serializers.Serializer):
    role = serializers.ChoiceField(choices=Role.choices, default=Role.MEMBER)
    player = StrictIntegerField(required=False, allow_null=True, min_value=1)
    max_uses = StrictIntegerField(default=1, min_value=1, max_value=100)
    days = StrictIntegerField(default=7, min_value=1, max_value=90)
    note = StrictCharField(
        default="", allow_blank=True, max_length=120, trim_whitespace=True
    )


class AcceptIn(serializers.Serializer):
    token = StrictCharField(max_length=64)
    display_name = StrictCharField(default="", allow_blank=True, max_length=80)


class AcceptOut(serializers.Serializer):
    club = StrictIntegerField(source="invitation.club_id")
    player = StrictIntegerField(source="player_id")
    role = StrictCharField()


class TableLinkOut(serializers.Serializer):
    match = StrictIntegerField()
    token = StrictCharField()
    url = StrictCharField()


class RevokeIn(serializers.Serializer):
    reason = StrictCharField(default="", allow_blank=True, max_length=200)


def _admin_club(request: Request, club_id: int):
    club = selectors.club_get(request.user, club_id)
    require(
        permissions.may_manage_club(request.user, club), gettext("club admins only")
    )
    return club


class InvitationListApi(JsonApi, generics.ListAPIView):
    """The club's invitations; a club admin makes one."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [IsAuthenticated]
    serializer_class = InvitationOut

    def get_queryset(self):
        if fake(self):
            return Invitation.objects.none()
        club = _admin_club(self.request, self.kwargs["club_id"])
        return selectors.invitation_list(club)

    @extend_schema(responses={200: InvitationOut(many=True), **_ERRORS})
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=InvitationIn, responses={201: InvitationOut, **_ERRORS})
    def post(self, request: Request, club_id: int) -> Response:
        club = _admin_club(request, club_id)
        data = request_body(InvitationIn, request)
        player = None
        if data.get("player") is not None:
            try:
                player = selectors.club_player_get(club, data["player"])
            except NotFound:
                raise DomainError(
                    "not_found", gettext("no such player in this club"), "player"
                ) from None
        invitation = services.invitation_create(
            club=club,
            role=data["role"],
            player=player,
            max_uses=data["max_uses"],
            days=data["days"],
            note=data["note"],
            by=request.user,
        )
        invitation = selectors.invitation_get(club, invitation.pk)
        return Response(
            InvitationOut(invitation, context={"request": request}).data,
            status=status.HTTP_201_CREATED,
        )


class InvitationRevokeApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: InvitationOut, **_ERRORS})
    def post(self, request: Request, club_id: int, invitation_id: int) -> Response:
        club = _admin_club(request, club_id)
        invitation = selectors.invitation_get(club, invitation_id)
        services.invitation_revoke(invitation=invitation, by=request.user)
        invitation = selectors.invitation_get(club, invitation_id)
        return Response(InvitationOut(invitation, context={"request": request}).data)


class InvitationAcceptApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=AcceptIn, responses={200: AcceptOut, **_ERRORS, 409: _E})
    def post(self, request: Request) -> Response:
        data = request_body(AcceptIn, request)
        accepted = services.invitation_accept(
            token=data["token"], display_name=data["display_name"], by=request.user
        )
        accepted.role = (
            permissions.role_in(request.user, accepted.invitation.club_id) or ""
        )
        return Response(AcceptOut(accepted).data)


class PendingOut(serializers.Serializer):
    id = StrictIntegerField()
    club = StrictIntegerField(source="club_id")
    club_name = serializers.CharField(source="club.name")
    role = serializers.CharField()
    token = serializers.CharField()
    expires_at = serializers.DateTimeField()


class InvitationPendingApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: PendingOut(many=True), **_ERRORS})
    def get(self, request: Request) -> Response:
        pending = selectors.invitation_pending_list(request.user)
        return Response(PendingOut(pending, many=True).data)


class InvitationDeclineApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: PendingOut, **_ERRORS})
    def post(self, request: Request, invitation_id: int) -> Response:
        invitation = next(
            (
                i
                for i in selectors.invitation_pending_list(request.user)
                if i.pk == invitation_id
            ),
            None,
        )
        if invitation is None:
            raise NotFound("not_found", gettext("no such invitation"))
        services.invitation_decline(invitation=invitation, by=request.user)
        return Response(PendingOut(invitation).data)


def _link(request: Request, match) -> dict[str, Any]:
    token = selectors.table_link_get(match)
    url = request.build_absolute_uri(reverse("scoring:table", kwargs={"token": token}))
    return {"match": match.pk, "token": token, "url": url}


class TableLinkApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: TableLinkOut, **_ERRORS})
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get(request.user, match_id)
        require(
            permissions.may_score(request.user, match),
            gettext("the match's scorers only"),
        )
        return Response(TableLinkOut(_link(request, match)).data)


class TableLinkRevokeApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=RevokeIn, responses={200: TableLinkOut, **_ERRORS})
    def post(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get(request.user, match_id)
        data = request_body(RevokeIn, request)
        services.table_link_revoke(match=match, reason=data["reason"], by=request.user)
        return Response(TableLinkOut(_link(request, match)).data)


urlpatterns = [
    path(
        "clubs/<int:club_id>/invitations/",
        InvitationListApi.as_view(),
        name="club-invitation-list",
    ),
    path(
        "clubs/<int:club_id>/invitations/<int:invitation_id>/revoke",
        InvitationRevokeApi.as_view(),
        name="club-invitation-revoke",
    ),
    path("invitations/accept", InvitationAcceptApi.as_view(), name="invitation-accept"),
    path(
        "invitations/pending",
        InvitationPendingApi.as_view(),
        name="invitation-pending-list",
    ),
    path(
        "invitations/<int:invitation_id>/decline",
        InvitationDeclineApi.as_view(),
        name="invitation-decline",
    ),
    path(
        "matches/<int:match_id>/table-link",
        TableLinkApi.as_view(),
        name="match-table-link",
    ),
    path(
        "matches/<int:match_id>/table-link/revoke",
        TableLinkRevokeApi.as_view(),
        name="match-table-link-revoke",
    ),
]
