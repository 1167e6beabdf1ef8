"""The tournaments API of tournaments, their entries, stages, brackets, boards
and standings."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.translation import localized
from scoring import selectors as scoring_selectors
from scoring.api.pagination import StrictLimitOffsetPagination
from scoring.api.views import JsonApi
from scoring.errors import Conflict, DomainError, NotAllowed, NotFound
from tournaments import permissions, selectors, services
from tournaments.api import serializers as s
from tournaments.api.views._base import (
    ERROR,
    PAGE_PARAMETERS,
    READ_ERRORS,
    WRITE_ERRORS,
    directed_tournament,
    request_body,
)
from tournaments.formats.base import FormatError
from tournaments.formats.registry import get_format
from tournaments.models import (
    Entry,
    Stage,
)


class TournamentListApi(JsonApi, APIView):
    """Tournaments you may read (published ones, and your clubs'); create one."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.TournamentOut(many=True)})
    def get(self, request: Request) -> Response:
        tournaments = selectors.tournaments_visible_to(request.user).order_by("-id")
        return Response(s.TournamentOut(tournaments[:200], many=True).data)

    @extend_schema(
        request=s.TournamentIn, responses={201: s.TournamentDetailOut, **WRITE_ERRORS}
    )
    def post(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise NotAllowed(
                "not_authenticated", gettext("sign in to create a tournament")
            )
        data = request_body(s.TournamentIn, request)
        club = scoring_selectors.club_get(request.user, data["club"])
        tournament = services.tournament_create(
            club=club,
            name=data["name"],
            game=data["game"],
            options=data.get("options"),
            format=data["format"],
            stage_settings=data.get("stage_settings"),
            tiebreaks=data.get("tiebreaks"),
            points=data.get("points"),
            visibility=data["visibility"],
            entry_fee=data.get("entry_fee"),
            entry_fee_currency=data.get("entry_fee_currency", ""),
            by=request.user,
        )
        return Response(
            s.TournamentDetailOut(tournament).data, status=status.HTTP_201_CREATED
        )


class TournamentDetailApi(JsonApi, APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.TournamentDetailOut, **READ_ERRORS})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = selectors.tournament_get(request.user, tournament_id)
        return Response(s.TournamentDetailOut(tournament).data)

    @extend_schema(
        request=s.TournamentUpdateIn,
        responses={200: s.TournamentDetailOut, **WRITE_ERRORS},
    )
    def patch(self, request: Request, tournament_id: int) -> Response:
        tournament = directed_tournament(request, tournament_id)
        data = request_body(s.TournamentUpdateIn, request)
        tournament = services.tournament_update(
            tournament=tournament, by=request.user, **data
        )
        return Response(s.TournamentDetailOut(tournament).data)


class TournamentCloseApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: s.TournamentDetailOut, **WRITE_ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = directed_tournament(request, tournament_id)
        tournament = services.tournament_close(tournament=tournament, by=request.user)
        return Response(s.TournamentDetailOut(tournament).data)


class EntryListApi(JsonApi, APIView):
    """The entries by seed, a page at a time (``limit``, ``offset``); a director
    adds entries. (Paged by hand: a paginated view's POST would be documented as a
    page too, and it answers the entries added.)"""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: s.EntryPageOut, **READ_ERRORS}, parameters=PAGE_PARAMETERS
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = selectors.tournament_get(request.user, tournament_id)
        paginator = StrictLimitOffsetPagination()
        entries = paginator.paginate_queryset(
            tournament.entries.prefetch_related("lineup").order_by("seed", "pk"),
            request,
            view=self,
        )
        return paginator.get_paginated_response(s.EntryOut(entries, many=True).data)

    @extend_schema(
        request=s.EntriesIn, responses={201: s.EntryOut(many=True), **WRITE_ERRORS}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        """Add entries, one a line: ``Ann``, ``Ann & Bob``, ``Team: Ann & Bob``."""
        tournament = directed_tournament(request, tournament_id)
        data = request_body(s.EntriesIn, request)
        entries = services.entries_add(
            tournament=tournament, names=data["names"], by=request.user
        )
        return Response(
            s.EntryOut(entries, many=True).data, status=status.HTTP_201_CREATED
        )


class EntryWithdrawApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=s.WithdrawIn, responses={200: s.EntryOut, **WRITE_ERRORS})
    def post(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        tournament = directed_tournament(request, tournament_id)
        entry = Entry.objects.filter(tournament=tournament, pk=entry_id).first()
        if entry is None:
            raise NotFound("not_found", gettext("no such entry"))
        data = request_body(s.WithdrawIn, request)
        entry = services.entry_withdraw(
            entry=entry, reason=data.get("reason", ""), by=request.user
        )
        return Response(s.EntryOut(entry).data)


class StageListApi(JsonApi, APIView):
    """The tournament's stages; a director adds a later stage (e.g. play-offs that
    take the top N of each group of a groups stage)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.StageOut(many=True), **READ_ERRORS})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = selectors.tournament_get(request.user, tournament_id)
        return Response(s.StageOut(tournament.stages.all(), many=True).data)

    @extend_schema(request=s.StageIn, responses={201: s.StageOut, **WRITE_ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        if not request.user.is_authenticated:
            raise NotAllowed(
                "not_authenticated", gettext("sign in to manage a tournament")
            )
        tournament = directed_tournament(request, tournament_id)
        data = request_body(s.StageIn, request)
        source = None
        if data.get("source_stage") is not None:
            source = Stage.objects.filter(
                tournament=tournament, pk=data["source_stage"]
            ).first()
            if source is None:
                raise DomainError("not_found", gettext("no such stage"), "source_stage")
        stage = services.stage_add(
            tournament=tournament,
            format=data["format"],
            settings=data.get("settings"),
            name=data.get("name", ""),
            source_stage=source,
            source_top_n=data.get("source_top_n"),
            by=request.user,
        )
        return Response(s.StageOut(stage).data, status=status.HTTP_201_CREATED)


class BracketApi(JsonApi, APIView):
    """A knockout stage's bracket: every match, its entrants, winner and series
    score (best of N), and the champion once known."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.BracketOut, 404: ERROR, 409: ERROR})
    def get(self, request: Request, tournament_id: int, stage_id: int) -> Response:
        tournament = selectors.tournament_get(request.user, tournament_id)
        stage = Stage.objects.filter(tournament=tournament, pk=stage_id).first()
        if stage is None or not get_format(stage.format).has_bracket:
            raise NotFound("not_found", gettext("no such knockout stage"))
        stage.tournament = tournament
        try:
            data = selectors.stage_bracket_data_get(stage)
        except FormatError as error:
            # Not drawn yet, or stored results the director must fix first.
            raise Conflict(error.code, localized(error.message), error.path) from None
        return Response(s.BracketOut(data).data)


class StageBoardsApi(JsonApi, APIView):
    """A duplicate stage's boards compared between its tables (book §39.7): who sat
    where, each play's game points and each team's swing per board. Anyone who may
    read the tournament; a board played at one table only is shown to directors
    alone (the other table has still to play those cards)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.BoardsOut, **READ_ERRORS})
    def get(self, request: Request, tournament_id: int, stage_id: int) -> Response:
        tournament = selectors.tournament_get(request.user, tournament_id)
        stage = Stage.objects.filter(tournament=tournament, pk=stage_id).first()
        if stage is None or not get_format(stage.format).has_boards:
            raise NotFound("not_found", gettext("no such duplicate stage"))
        boards = selectors.stage_board_list(
            stage, reveal_unreplayed=permissions.may_direct(request.user, tournament)
        )
        return Response(s.BoardsOut(boards).data)


class StandingsApi(JsonApi, APIView):
    """The latest standings snapshot: per stage, metrics and ranked rows;
    ``pending`` while a recompute is due. The rows come a page at a time
    (``limit``, ``offset``; the same page of every stage; ``count``: the longest
    stage's rows): limit/offset rather than a cursor, as the order is the ranks in
    the snapshot, not a column a cursor could follow."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: s.StandingsPageOut, **READ_ERRORS},
        parameters=PAGE_PARAMETERS,
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = selectors.tournament_get(request.user, tournament_id)
        view = selectors.standings_view_get(tournament)
        longest = max((len(st.get("rows") or ()) for st in view["stages"]), default=0)
        paginator = StrictLimitOffsetPagination()
        paginator.paginate_queryset(range(longest), request, view=self)
        start, stop = paginator.offset, paginator.offset + paginator.limit
        stages = [
            {
                **st,
                "count": len(st.get("rows") or ()),
                "rows": (st.get("rows") or [])[start:stop],
            }
            for st in view["stages"]
        ]
        return Response(
            s.StandingsPageOut(
                {
                    **view,
                    "stages": stages,
                    "count": longest,
                    "next": paginator.get_next_link(),
                    "previous": paginator.get_previous_link(),
                }
            ).data
        )
