"""The tournaments API of rounds: listing them and their tables, generating the
next (at once or as a job), swapping, starting, locking, the clock, and a
table's correction."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext
from django_filters import rest_framework as filters
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import selectors as scoring_selectors
from scoring.api import serializers as scoring_s
from scoring.api.pagination import StrictLimitOffsetPagination
from scoring.api.views import JsonApi
from scoring.errors import NotAllowed, NotFound
from scoring.idempotency import idempotent
from tournaments import selectors, services
from tournaments.api import serializers as s
from tournaments.api.views._base import (
    ERROR,
    IDEMPOTENCY_KEY,
    READ_ERRORS,
    WRITE_ERRORS,
    directed_tournament,
    request_body,
    round_out,
    schema_only,
    table_out,
    tournament_round,
)
from tournaments.models import (
    GenerationStatus,
    Round,
    RoundGeneration,
    Stage,
    Table,
)
from tournaments.texts import explanation_shown


class RoundFilter(filters.FilterSet):
    """``?stage=`` (a stage's id) and ``?number=`` (the round's number)."""

    stage = filters.NumberFilter(field_name="stage_id")
    number = filters.NumberFilter(field_name="number")

    class Meta:
        model = Round
        fields = ["stage", "number"]


class RoundListApi(JsonApi, generics.ListAPIView):
    """The rounds in order, a page at a time (``limit``, ``offset``), each with its
    notes, byes, clock and how many tables it has; ``?number=`` and ``?stage=``
    pick rounds. A round's tables: ``/rounds/{id}/tables/``."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [AllowAny]
    serializer_class = s.RoundListOut
    filterset_class = RoundFilter

    def get_queryset(self) -> QuerySet[Round]:
        if schema_only(self):
            return Round.objects.none()
        tournament = selectors.tournament_get(
            self.request.user, self.kwargs["tournament_id"]
        )
        return selectors.round_summary_list(tournament)

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        rounds = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(
            [
                s.RoundListOut(
                    {
                        "id": r.pk,
                        "stage": r.stage_id,
                        "number": r.number,
                        "status": r.status,
                        "explanation": explanation_shown(
                            {"messages": r.messages, "byes": r.byes, "i18n": r.i18n}
                        ),
                        "table_count": r.table_count,
                        "clock": selectors.round_clock_get(r),
                    }
                ).data
                for r in rounds
            ]
        )

    @extend_schema(responses={200: s.RoundListOut(many=True), **READ_ERRORS})
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class RoundTableListApi(JsonApi, generics.ListAPIView):
    """A round's tables by number, a page at a time (``limit``, ``offset``): sides
    (entry ids), match and the reasons of the pairing."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [AllowAny]
    serializer_class = s.TableOut

    def get_queryset(self) -> QuerySet[Table]:
        if schema_only(self):
            return Table.objects.none()
        tournament = selectors.tournament_get(
            self.request.user, self.kwargs["tournament_id"]
        )
        round_ = tournament_round(tournament, self.kwargs["round_id"])
        return (
            Table.objects.filter(round=round_)
            .prefetch_related("sides")
            .order_by("number")
        )

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        tables = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response([table_out(t) for t in tables])

    @extend_schema(responses={200: s.TableOut(many=True), **READ_ERRORS})
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class RoundGenerateApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None, responses={201: s.RoundOut, **WRITE_ERRORS}, deprecated=True
    )
    def post(self, request: Request, tournament_id: int, stage_id: int) -> Response:
        """Generate the stage's next round within this request (explained pairings
        in ``explanation``). A big field's search can outlast the server's request
        timeout: ask for a job instead (``POST …/stages/{stage_id}/generations/``,
        202), and follow it."""
        tournament = directed_tournament(request, tournament_id)
        stage = Stage.objects.filter(tournament=tournament, pk=stage_id).first()
        if stage is None:
            raise NotFound("not_found", gettext("no such stage"))
        round_ = services.round_generate(stage=stage, by=request.user)
        return Response(round_out(round_), status=status.HTTP_201_CREATED)


def _generation_out(
    request: Request, job: RoundGeneration, tournament_id: int
) -> dict[str, Any]:
    url = reverse(
        "api:tournament-generation-detail",
        kwargs={"tournament_id": tournament_id, "generation_id": job.pk},
    )
    failed = job.status == GenerationStatus.FAILED
    return s.RoundGenerationOut(
        {
            "id": job.pk,
            "url": request.build_absolute_uri(url),
            "stage_id": job.stage_id,
            "number": job.number,
            "status": job.status,
            "round_id": job.round_id,
            "error": (
                {"code": job.error_code, "message": job.error_message}
                if failed
                else None
            ),
            "requested_at": job.requested_at,
            "started_at": job.started_at,
            "finished_at": job.finished_at,
        }
    ).data


class RoundGenerationListApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={202: s.RoundGenerationOut, **WRITE_ERRORS},
        parameters=[
            OpenApiParameter(
                "Location",
                str,
                OpenApiParameter.HEADER,
                response=[202],
                description="The job's address (as ``url``).",
            )
        ],
    )
    def post(self, request: Request, tournament_id: int, stage_id: int) -> Response:
        """Ask for the stage's next round: 202 with the job (``Location``: its
        address), which a worker runs; GET it until ``status`` is ``done`` (then
        ``round`` is the stored round's id) or ``failed`` (``error``). A stage has
        at most one job at a time: asking again while one is queued or running
        answers that job. Refused at once (no job): a closed tournament, or the
        stage's last round not yet locked (409 ``round_open``)."""
        tournament = directed_tournament(request, tournament_id)
        stage = Stage.objects.filter(tournament=tournament, pk=stage_id).first()
        if stage is None:
            raise NotFound("not_found", gettext("no such stage"))
        job = services.round_generation_request(stage=stage, by=request.user)
        job.refresh_from_db()
        out = _generation_out(request, job, tournament.pk)
        return Response(
            out, status=status.HTTP_202_ACCEPTED, headers={"Location": out["url"]}
        )


class RoundGenerationDetailApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: s.RoundGenerationOut, 401: ERROR, 403: ERROR, 404: ERROR}
    )
    def get(self, request: Request, tournament_id: int, generation_id: int) -> Response:
        """A round generation job: its status, its round once done, its error once
        failed. For the tournament's directors."""
        tournament = directed_tournament(request, tournament_id)
        job = RoundGeneration.objects.filter(
            stage__tournament=tournament, pk=generation_id
        ).first()
        if job is None:
            raise NotFound("not_found", gettext("no such round generation"))
        return Response(_generation_out(request, job, tournament.pk))


class RoundSwapApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=s.SwapsIn, responses={200: s.RoundOut, **WRITE_ERRORS})
    def post(self, request: Request, tournament_id: int, round_id: int) -> Response:
        """Swap the seats of pairs of entries in a generated round."""
        tournament = directed_tournament(request, tournament_id)
        round_ = tournament_round(tournament, round_id)
        data = request_body(s.SwapsIn, request)
        swaps = [tuple(pair) for pair in data["swaps"]]
        round_ = services.round_adjust(round=round_, swaps=swaps, by=request.user)
        return Response(round_out(round_))


class _RoundActionApi(JsonApi, APIView):
    """A round's life-cycle step: one service each (the subclasses below)."""

    permission_classes = [IsAuthenticated]

    @staticmethod
    def service(*, round: Round, by: AbstractBaseUser) -> Round:
        raise NotImplementedError

    @extend_schema(request=None, responses={200: s.RoundOut, **WRITE_ERRORS})
    def post(self, request: Request, tournament_id: int, round_id: int) -> Response:
        tournament = directed_tournament(request, tournament_id)
        round_ = tournament_round(tournament, round_id)
        return Response(round_out(self.service(round=round_, by=request.user)))


class RoundStartApi(_RoundActionApi):
    """Start a generated round: one score-book match per table."""

    service = staticmethod(services.round_start)


class RoundLockApi(_RoundActionApi):
    """Lock a started round whose matches are all over."""

    service = staticmethod(services.round_lock)


class RoundUnlockApi(_RoundActionApi):
    """Unlock the stage's latest round."""

    service = staticmethod(services.round_unlock)


class RoundClockApi(JsonApi, APIView):
    """The round's clock, as the room screen shows it (anyone who may read the
    tournament); a director sets its time limit or restarts it."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.RoundClockOut, **READ_ERRORS})
    def get(self, request: Request, tournament_id: int, round_id: int) -> Response:
        tournament = selectors.tournament_get(request.user, tournament_id)
        round_ = tournament_round(tournament, round_id)
        return Response(s.RoundClockOut(selectors.round_clock_get(round_)).data)

    @extend_schema(request=s.RoundClockIn, responses={200: s.RoundOut, **WRITE_ERRORS})
    def post(self, request: Request, tournament_id: int, round_id: int) -> Response:
        """Set (``null``: clear) the round's time limit; ``restart`` starts the clock
        again from now. Directors only, while the tournament is open."""
        if not request.user.is_authenticated:
            raise NotAllowed(
                "not_authenticated", gettext("sign in to set the round's clock")
            )
        tournament = directed_tournament(request, tournament_id)
        round_ = tournament_round(tournament, round_id)
        data = request_body(s.RoundClockIn, request)
        round_ = services.round_clock_set(
            round=round_,
            minutes=data["time_limit_minutes"],
            restart=data["restart"],
            by=request.user,
        )
        return Response(round_out(round_))


class TableCorrectionApi(JsonApi, APIView):
    """Correct a deal of a table, or void it with ``"void": true`` (directors):
    through the score book's correction or void, also when the table's match is
    finished. The round must not be locked (409).
    Error paths of the deal point into ``input``, as in the score book's API."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.TableCorrectionIn,
        responses={
            200: scoring_s.DealWriteOut,
            **WRITE_ERRORS,
            409: scoring_s.ConflictSerializer,
        },
        parameters=[IDEMPOTENCY_KEY],
    )
    def post(self, request: Request, tournament_id: int, table_id: int) -> Response:
        tournament = directed_tournament(request, tournament_id)
        table = Table.objects.filter(
            round__stage__tournament=tournament, pk=table_id
        ).first()
        if table is None:
            raise NotFound("not_found", gettext("no such table"))

        def run() -> Response:
            data = request_body(s.TableCorrectionIn, request)
            if data["void"]:
                deal = services.table_deal_void(
                    table=table,
                    number=data["number"],
                    base_version=data["base_version"],
                    reason=data["reason"],
                    by=request.user,
                )
            else:
                deal = services.table_deal_correct(
                    table=table,
                    number=data["number"],
                    input=data["input"],
                    base_version=data["base_version"],
                    reason=data["reason"],
                    by=request.user,
                )
            match = deal.match
            match.refresh_from_db()
            return Response(
                scoring_s.DealWriteOut(
                    {"deal": deal, "match": scoring_selectors.match_state_get(match)},
                    context={"request": request, "club_id": match.club_id},
                ).data
            )

        return idempotent(request, run)
