"""The tournaments API: one view per operation, each one call away from a selector or
a service. Tournaments the user may not read answer 404; writes need a director
(403 otherwise). Table scorers enter deals through the score book's API
(``/api/v1/matches/{table.match}/deals/``), which checks they score that match.
Bodies are JSON only, as in the score book's API (a form-encoded body of many
fields would hit Django's field limit before any validation)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.utils.translation import gettext
from django_filters import rest_framework as filters
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import validated_body
from config.translation import localized
from games.api.serializers import ErrorListSerializer
from scoring import selectors as scoring_selectors
from scoring.api import serializers as scoring_s
from scoring.api.pagination import StrictLimitOffsetPagination
from scoring.api.views import JsonApi
from scoring.errors import Conflict, DomainError, NotAllowed, NotFound
from scoring.idempotency import IDEMPOTENCY_HEADER, idempotent
from tournaments import permissions, selectors, services
from tournaments.api import serializers as s
from tournaments.formats.base import FormatError
from tournaments.formats.registry import get_format
from tournaments.models import Entry, Round, Stage, Table, Tournament
from tournaments.texts import explanation_shown, reason_shown

_E = ErrorListSerializer
_READ = {404: _E}
_WRITE = {400: _E, 401: _E, 403: _E, 404: _E, 409: _E}
_KEY = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    {"type": "string", "maxLength": 255},
    OpenApiParameter.HEADER,
    description="Send the same key to retry safely: the first response is replayed.",
)


def _body(serializer_class: type, request: Request) -> dict[str, Any]:
    return validated_body(serializer_class, request)


def _directed(request: Request, tournament_id: int) -> Tournament:
    tournament = selectors.tournament_get(request.user, tournament_id)
    if not permissions.may_direct(request.user, tournament):
        raise NotAllowed("permission_denied", gettext("only a director may do this"))
    return tournament


def _table_out(table: Table) -> dict[str, Any]:
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


def _round_out(
    round_: Round, tables_in: Iterable[Table] | None = None
) -> dict[str, Any]:
    """``tables_in``: the round's tables already loaded (a list of rounds)."""
    tables = []
    for table in (
        tables_in if tables_in is not None else selectors.round_table_list(round_)
    ):
        tables.append(_table_out(table))
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


class TournamentListApi(JsonApi, APIView):
    """Tournaments you may read (published ones, and your clubs'); create one."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.TournamentOut(many=True)})
    def get(self, request: Request) -> Response:
        tournaments = selectors.tournaments_visible_to(request.user).order_by("-id")
        return Response(s.TournamentOut(tournaments[:200], many=True).data)

    @extend_schema(
        request=s.TournamentIn, responses={201: s.TournamentDetailOut, **_WRITE}
    )
    def post(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise NotAllowed(
                "not_authenticated", gettext("sign in to create a tournament")
            )
        data = _body(s.TournamentIn, request)
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

    @extend_schema(responses={200: s.TournamentDetailOut, **_READ})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = selectors.tournament_get(request.user, tournament_id)
        return Response(s.TournamentDetailOut(tournament).data)

    @extend_schema(
        request=s.TournamentUpdateIn, responses={200: s.TournamentDetailOut, **_WRITE}
    )
    def patch(self, request: Request, tournament_id: int) -> Response:
        tournament = _directed(request, tournament_id)
        data = _body(s.TournamentUpdateIn, request)
        tournament = services.tournament_update(
            tournament=tournament, by=request.user, **data
        )
        return Response(s.TournamentDetailOut(tournament).data)


class TournamentCloseApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: s.TournamentDetailOut, **_WRITE})
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = _directed(request, tournament_id)
        tournament = services.tournament_close(tournament=tournament, by=request.user)
        return Response(s.TournamentDetailOut(tournament).data)


_PAGE = [
    OpenApiParameter("limit", int, description="items a page (50; at most 500)"),
    OpenApiParameter("offset", int, description="items to skip"),
]


def _fake(view: Any) -> bool:
    """True while drf-spectacular inspects the view (no URL kwargs then)."""
    return getattr(view, "swagger_fake_view", False)


class EntryListApi(JsonApi, APIView):
    """The entries by seed, a page at a time (``limit``, ``offset``); a director
    adds entries. (Paged by hand: a paginated view's POST would be documented as a
    page too, and it answers the entries added.)"""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.EntryPageOut, **_READ}, parameters=_PAGE)
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
        request=s.EntriesIn, responses={201: s.EntryOut(many=True), **_WRITE}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        """Add entries, one a line: ``Ann``, ``Ann & Bob``, ``Team: Ann & Bob``."""
        tournament = _directed(request, tournament_id)
        data = _body(s.EntriesIn, request)
        entries = services.entries_add(
            tournament=tournament, names=data["names"], by=request.user
        )
        return Response(
            s.EntryOut(entries, many=True).data, status=status.HTTP_201_CREATED
        )


class EntryWithdrawApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=s.WithdrawIn, responses={200: s.EntryOut, **_WRITE})
    def post(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        tournament = _directed(request, tournament_id)
        entry = Entry.objects.filter(tournament=tournament, pk=entry_id).first()
        if entry is None:
            raise NotFound("not_found", gettext("no such entry"))
        data = _body(s.WithdrawIn, request)
        entry = services.entry_withdraw(
            entry=entry, reason=data.get("reason", ""), by=request.user
        )
        return Response(s.EntryOut(entry).data)


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
        if _fake(self):
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

    @extend_schema(responses={200: s.RoundListOut(many=True), **_READ})
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class RoundTableListApi(JsonApi, generics.ListAPIView):
    """A round's tables by number, a page at a time (``limit``, ``offset``): sides
    (entry ids), match and the reasons of the pairing."""

    pagination_class = StrictLimitOffsetPagination
    permission_classes = [AllowAny]
    serializer_class = s.TableOut

    def get_queryset(self) -> QuerySet[Table]:
        if _fake(self):
            return Table.objects.none()
        tournament = selectors.tournament_get(
            self.request.user, self.kwargs["tournament_id"]
        )
        round_ = _round(tournament, self.kwargs["round_id"])
        return (
            Table.objects.filter(round=round_)
            .prefetch_related("sides")
            .order_by("number")
        )

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        tables = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response([_table_out(t) for t in tables])

    @extend_schema(responses={200: s.TableOut(many=True), **_READ})
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class RoundGenerateApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: s.RoundOut, **_WRITE})
    def post(self, request: Request, tournament_id: int, stage_id: int) -> Response:
        """Generate the stage's next round (explained pairings in ``explanation``)."""
        tournament = _directed(request, tournament_id)
        stage = Stage.objects.filter(tournament=tournament, pk=stage_id).first()
        if stage is None:
            raise NotFound("not_found", gettext("no such stage"))
        round_ = services.round_generate(stage=stage, by=request.user)
        return Response(_round_out(round_), status=status.HTTP_201_CREATED)


class StageListApi(JsonApi, APIView):
    """The tournament's stages; a director adds a later stage (e.g. play-offs that
    take the top N of each group of a groups stage)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.StageOut(many=True), **_READ})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = selectors.tournament_get(request.user, tournament_id)
        return Response(s.StageOut(tournament.stages.all(), many=True).data)

    @extend_schema(request=s.StageIn, responses={201: s.StageOut, **_WRITE})
    def post(self, request: Request, tournament_id: int) -> Response:
        if not request.user.is_authenticated:
            raise NotAllowed(
                "not_authenticated", gettext("sign in to manage a tournament")
            )
        tournament = _directed(request, tournament_id)
        data = _body(s.StageIn, request)
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

    @extend_schema(responses={200: s.BracketOut, 404: _E, 409: _E})
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


def _round(tournament: Tournament, round_id: int) -> Round:
    round_ = Round.objects.filter(stage__tournament=tournament, pk=round_id).first()
    if round_ is None:
        raise NotFound("not_found", gettext("no such round"))
    return round_


class RoundSwapApi(JsonApi, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=s.SwapsIn, responses={200: s.RoundOut, **_WRITE})
    def post(self, request: Request, tournament_id: int, round_id: int) -> Response:
        """Swap the seats of pairs of entries in a generated round."""
        tournament = _directed(request, tournament_id)
        round_ = _round(tournament, round_id)
        data = _body(s.SwapsIn, request)
        swaps = [tuple(pair) for pair in data["swaps"]]
        round_ = services.round_adjust(round=round_, swaps=swaps, by=request.user)
        return Response(_round_out(round_))


class _RoundActionApi(JsonApi, APIView):
    """A round's life-cycle step: one service each (the subclasses below)."""

    permission_classes = [IsAuthenticated]

    @staticmethod
    def service(*, round: Round, by: AbstractBaseUser) -> Round:
        raise NotImplementedError

    @extend_schema(request=None, responses={200: s.RoundOut, **_WRITE})
    def post(self, request: Request, tournament_id: int, round_id: int) -> Response:
        tournament = _directed(request, tournament_id)
        round_ = _round(tournament, round_id)
        return Response(_round_out(self.service(round=round_, by=request.user)))


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

    @extend_schema(responses={200: s.RoundClockOut, **_READ})
    def get(self, request: Request, tournament_id: int, round_id: int) -> Response:
        tournament = selectors.tournament_get(request.user, tournament_id)
        round_ = _round(tournament, round_id)
        return Response(s.RoundClockOut(selectors.round_clock_get(round_)).data)

    @extend_schema(request=s.RoundClockIn, responses={200: s.RoundOut, **_WRITE})
    def post(self, request: Request, tournament_id: int, round_id: int) -> Response:
        """Set (``null``: clear) the round's time limit; ``restart`` starts the clock
        again from now. Directors only, while the tournament is open."""
        if not request.user.is_authenticated:
            raise NotAllowed(
                "not_authenticated", gettext("sign in to set the round's clock")
            )
        tournament = _directed(request, tournament_id)
        round_ = _round(tournament, round_id)
        data = _body(s.RoundClockIn, request)
        round_ = services.round_clock_set(
            round=round_,
            minutes=data["time_limit_minutes"],
            restart=data["restart"],
            by=request.user,
        )
        return Response(_round_out(round_))


class StageBoardsApi(JsonApi, APIView):
    """A duplicate stage's boards compared between its tables (book §39.7): who sat
    where, each play's game points and each team's swing per board. Anyone who may
    read the tournament; a board played at one table only is shown to directors
    alone (the other table has still to play those cards)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.BoardsOut, **_READ})
    def get(self, request: Request, tournament_id: int, stage_id: int) -> Response:
        tournament = selectors.tournament_get(request.user, tournament_id)
        stage = Stage.objects.filter(tournament=tournament, pk=stage_id).first()
        if stage is None or not get_format(stage.format).has_boards:
            raise NotFound("not_found", gettext("no such duplicate stage"))
        boards = selectors.stage_board_list(
            stage, reveal_unreplayed=permissions.may_direct(request.user, tournament)
        )
        return Response(s.BoardsOut(boards).data)


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
            **_WRITE,
            409: scoring_s.ConflictSerializer,
        },
        parameters=[_KEY],
    )
    def post(self, request: Request, tournament_id: int, table_id: int) -> Response:
        tournament = _directed(request, tournament_id)
        table = Table.objects.filter(
            round__stage__tournament=tournament, pk=table_id
        ).first()
        if table is None:
            raise NotFound("not_found", gettext("no such table"))

        def run() -> Response:
            data = _body(s.TableCorrectionIn, request)
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


class StandingsApi(JsonApi, APIView):
    """The latest standings snapshot: per stage, metrics and ranked rows;
    ``pending`` while a recompute is due. The rows come a page at a time
    (``limit``, ``offset``; the same page of every stage; ``count``: the longest
    stage's rows): limit/offset rather than a cursor, as the order is the ranks in
    the snapshot, not a column a cursor could follow."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: s.StandingsPageOut, **_READ},
        parameters=_PAGE,
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
