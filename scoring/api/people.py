"""The club's people in the API (mounted under /api/v1/ with the score book's
routes): one view per operation, each one call to :mod:`scoring.services.players`.

* ``POST clubs/{club}/people/`` — a new player or guest; a near-duplicate name is a
  400 ``near_duplicate`` on ``display_name`` listing the similar players, unless
  ``allow_duplicate`` is true;
* ``POST clubs/{club}/people/add-account/`` — invite an existing account by its
  ``username``: **202** with a ``message``, the same whether the username exists or
  not; the person joins when they accept the invitation (``invitations/pending``);
* ``POST clubs/{club}/people/{player}/rename/`` — name and short name;
* ``POST clubs/{club}/people/{player}/retire/`` — ``{"retired": true|false}``;
* ``POST clubs/{club}/people/merge/`` — ``{"keep": id, "merge": id}``;
* ``GET players/{player}/history/`` — a player's record by game;
* ``POST clubs/{club}/time-zone/`` — ``{"time_zone": "Europe/Helsinki"}``;
* ``GET clubs/{club}/ratings/{game}/`` (``?season=2026``) — the ranking list.

Club admins only for writes (403 otherwise); ids outside the viewer's clubs 404.
Bad bodies are 400s whose ``path`` names the field.
"""

from __future__ import annotations

from django.urls import path
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import StrictBooleanField, StrictCharField, StrictIntegerField
from scoring import selectors, services
from scoring.api.serializers import ErrorListSerializer, PlayerOut
from scoring.api.views._base import JsonApi, request_body
from scoring.errors import DomainError
from scoring.localtime import season_of
from scoring.models import Role
from scoring.services.invitations import SENT_ANSWER

_E = ErrorListSerializer
_ERRORS = {400: _E, 401: _E, 403: _E, 404: _E}


class PersonOut(PlayerOut):
    short_name = StrictCharField()


class AddIn(serializers.Serializer):
    display_name = StrictCharField(max_length=80)
    role = serializers.ChoiceField(choices=Role.choices, default=Role.MEMBER)
    guest = StrictBooleanField(default=False)
    allow_duplicate = StrictBooleanField(default=False)


class AccountIn(serializers.Serializer):
    username = StrictCharField(max_length=150)
    role = serializers.ChoiceField(choices=Role.choices, default=Role.MEMBER)


class RenameIn(serializers.Serializer):
    display_name = StrictCharField(max_length=80)
    short_name = StrictCharField(max_length=12, required=False, allow_blank=True)


class RetireIn(serializers.Serializer):
    retired = StrictBooleanField(default=True)


class MergeIn(serializers.Serializer):
    keep = StrictIntegerField(min_value=1, max_value=2**31 - 1)
    merge = StrictIntegerField(min_value=1, max_value=2**31 - 1)


class MergeOut(serializers.Serializer):
    id = StrictIntegerField()
    kept = StrictIntegerField(source="kept_id")
    merged_id = StrictIntegerField()
    merged_name = StrictCharField()
    moved = serializers.DictField(child=StrictIntegerField())


class RecordOut(serializers.Serializer):
    game = StrictCharField()
    played = StrictIntegerField()
    won = StrictIntegerField()
    lost = StrictIntegerField()
    drawn = StrictIntegerField()


class TimeZoneIn(serializers.Serializer):
    time_zone = StrictCharField(max_length=64)


class TimeZoneOut(serializers.Serializer):
    id = StrictIntegerField()
    time_zone = StrictCharField()


class RatingOut(serializers.Serializer):
    player = StrictIntegerField(source="player_id")
    display_name = StrictCharField(source="player.display_name")
    rating = serializers.FloatField(source="ordinal")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    matches = StrictIntegerField()


class _Api(JsonApi, APIView):
    permission_classes = [IsAuthenticated]


class PersonAddApi(_Api):
    @extend_schema(request=AddIn, responses={201: PersonOut, **_ERRORS})
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        data = request_body(AddIn, request)
        player = services.player_add(club=club, by=request.user, **data)
        return Response(PersonOut(player).data, status=status.HTTP_201_CREATED)


class InvitedOut(serializers.Serializer):
    message = serializers.CharField()


class PersonAddAccountApi(_Api):
    @extend_schema(request=AccountIn, responses={202: InvitedOut, **_ERRORS})
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        data = request_body(AccountIn, request)
        # The same answer whether anything was sent (services.invitation_send).
        services.invitation_send(club=club, by=request.user, **data)
        return Response(
            {"message": str(SENT_ANSWER) % {"name": club.name}},
            status=status.HTTP_202_ACCEPTED,
        )


class PersonRenameApi(_Api):
    @extend_schema(request=RenameIn, responses={200: PersonOut, **_ERRORS})
    def post(self, request: Request, club_id: int, player_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        player = selectors.club_player_get(club, player_id)
        data = request_body(RenameIn, request)
        player = services.player_rename(
            club=club, player=player, by=request.user, **data
        )
        return Response(PersonOut(player).data)


class PersonRetireApi(_Api):
    @extend_schema(request=RetireIn, responses={200: PersonOut, **_ERRORS})
    def post(self, request: Request, club_id: int, player_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        player = selectors.club_player_get(club, player_id)
        data = request_body(RetireIn, request)
        services.player_retire(club=club, player=player, by=request.user, **data)
        return Response(PersonOut(player).data)


class PersonMergeApi(_Api):
    @extend_schema(request=MergeIn, responses={200: MergeOut, **_ERRORS})
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        data = request_body(MergeIn, request)
        keep = selectors.club_player_get(club, data["keep"])
        merge = selectors.club_player_get(club, data["merge"])
        record = services.player_merge(
            club=club, keep=keep, merge=merge, by=request.user
        )
        return Response(MergeOut(record).data)


class PlayerHistoryApi(_Api):
    @extend_schema(responses={200: RecordOut(many=True), **_ERRORS})
    def get(self, request: Request, player_id: int) -> Response:
        player = selectors.player_get(request.user, player_id)
        history = selectors.player_history_get(request.user, player)
        rows = [{"game": g, **vars(r)} for g, r in history.by_game.items()]
        return Response(RecordOut(rows, many=True).data)


class ClubTimeZoneApi(_Api):
    @extend_schema(request=TimeZoneIn, responses={200: TimeZoneOut, **_ERRORS})
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        data = request_body(TimeZoneIn, request)
        club = services.club_set_time_zone(club=club, by=request.user, **data)
        return Response(TimeZoneOut(club).data)


class RankingApi(_Api):
    @extend_schema(
        parameters=[
            OpenApiParameter("season", int, description="a year (club time)"),
        ],
        responses={200: RatingOut(many=True), **_ERRORS},
    )
    def get(self, request: Request, club_id: int, game: str) -> Response:
        club = selectors.club_get(request.user, club_id)
        season_text = request.query_params.get("season", "")
        season = season_of(season_text)
        if season_text and season is None:
            raise DomainError("invalid", gettext("a year, e.g. 2026"), "season")
        rows = selectors.ranking_get(club, game, season=season)
        return Response(RatingOut(rows, many=True).data)


urlpatterns = [
    path(
        "clubs/<int:club_id>/ratings/<slug:game>/",
        RankingApi.as_view(),
        name="club-ranking",
    ),
    path(
        "clubs/<int:club_id>/time-zone/",
        ClubTimeZoneApi.as_view(),
        name="club-time-zone",
    ),
    path("clubs/<int:club_id>/people/", PersonAddApi.as_view(), name="people-add"),
    path(
        "clubs/<int:club_id>/people/add-account/",
        PersonAddAccountApi.as_view(),
        name="people-add-account",
    ),
    path(
        "clubs/<int:club_id>/people/merge/",
        PersonMergeApi.as_view(),
        name="people-merge",
    ),
    path(
        "clubs/<int:club_id>/people/<int:player_id>/rename/",
        PersonRenameApi.as_view(),
        name="people-rename",
    ),
    path(
        "clubs/<int:club_id>/people/<int:player_id>/retire/",
        PersonRetireApi.as_view(),
        name="people-retire",
    ),
    path(
        "players/<int:player_id>/history/",
        PlayerHistoryApi.as_view(),
        name="player-history",
    ),
]
