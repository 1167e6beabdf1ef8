"""The money API: sessions, settlement sheets, transfers marked paid.

Mounted under ``/api/v1/`` (namespace ``api``). Members of a club read its sessions
and sheets (anything else answers 404); its admins create sessions, settle and mark
transfers paid (403 for other members). Amounts are integer minor units of the
sheet's ``currency`` with a ``*_display`` string beside them. Bad input is a 400
``{"errors": [{path, code, message}]}`` naming the field; nothing is stored.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import (
    MoneyField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    validated_body,
)
from config.bounds import STAKE
from games.api.serializers import ErrorListSerializer
from money import selectors as money_selectors
from money import services as money_services
from money.models import LedgerEntry, SourceKind, TeamModeChoice
from scoring import permissions, selectors
from scoring.api.serializers import CurrencyField
from scoring.api.views import JsonApi
from scoring.errors import NotAllowed, NotFound
from scoring.models import Match
from tournaments import permissions as tournament_permissions
from tournaments import selectors as tournament_selectors

_E = ErrorListSerializer
_READ = {401: _E, 403: _E, 404: _E}
_WRITE = {400: _E, 401: _E, 403: _E, 404: _E, 409: _E}


class SettlementConflictOut(serializers.Serializer):
    errors = serializers.JSONField()
    open_transfers = serializers.JSONField(required=False)


# -- serializers -------------------------------------------------------------------


class SettlementBalanceOut(serializers.Serializer):
    account = StrictCharField()
    name = StrictCharField()
    settled = StrictIntegerField()
    paid = StrictIntegerField()
    open = StrictIntegerField()
    settled_display = StrictCharField()
    open_display = StrictCharField()


class SettlementTransferOut(serializers.Serializer):
    payer = StrictCharField()
    payer_name = StrictCharField()
    payee = StrictCharField()
    payee_name = StrictCharField()
    amount = StrictIntegerField()
    amount_display = StrictCharField()


class SettlementPaymentOut(SettlementTransferOut):
    id = StrictIntegerField()
    marked_by = StrictCharField(allow_null=True)
    marked_at = serializers.DateTimeField()
    undone = StrictBooleanField()


class LedgerEntryOut(serializers.Serializer):
    id = StrictIntegerField()
    kind = StrictCharField()
    line = StrictCharField()
    debit = StrictCharField()
    credit = StrictCharField()
    amount = StrictIntegerField()
    amount_display = StrictCharField()
    match = StrictIntegerField(allow_null=True)
    deal = StrictIntegerField(allow_null=True)
    reverses = StrictIntegerField(allow_null=True)
    memo = StrictCharField(allow_blank=True)
    created_at = serializers.DateTimeField()


class SettlementSourceOut(serializers.Serializer):
    kind = StrictCharField()
    id = StrictIntegerField()
    session = StrictIntegerField(allow_null=True)


class SettlementSheetOut(serializers.Serializer):
    """A settlement sheet: balances, the fewest open transfers, the trail."""

    title = StrictCharField()
    source = SettlementSourceOut()
    club = StrictIntegerField(allow_null=True)
    currency = StrictCharField(allow_blank=True)
    status = StrictCharField()
    errors = serializers.JSONField()
    computed_at = serializers.DateTimeField(allow_null=True)
    balances = SettlementBalanceOut(many=True)
    total = StrictIntegerField(help_text="always 0: the ledger balances")
    transfers = SettlementTransferOut(many=True)
    proven_minimal = StrictBooleanField()
    method = StrictCharField()
    payments = SettlementPaymentOut(many=True)
    trail = serializers.JSONField()
    entries = LedgerEntryOut(many=True)


class MoneySessionOut(serializers.Serializer):
    id = StrictIntegerField()
    club = StrictIntegerField(source="club_id")
    name = StrictCharField()
    currency = StrictCharField()
    point_value = serializers.DecimalField(
        max_digits=12, decimal_places=4, allow_null=True
    )
    team_mode = StrictCharField()
    matches = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()

    def get_matches(self, obj) -> list[int]:
        return list(obj.links.values_list("match_id", flat=True))


class MoneySessionIn(serializers.Serializer):
    name = StrictCharField(max_length=120)
    currency = CurrencyField()
    point_value = MoneyField(
        STAKE,
        required=False,
        allow_blank=True,
        allow_null=True,
        label=_("Value of a point"),
    )
    team_mode = serializers.ChoiceField(
        TeamModeChoice.choices, default=TeamModeChoice.PER_MEMBER
    )


class MoneySessionMatchIn(serializers.Serializer):
    match = StrictIntegerField(min_value=1, max_value=2**62)


class MoneyTermsIn(serializers.Serializer):
    team_mode = serializers.ChoiceField(
        TeamModeChoice.choices, default=TeamModeChoice.PER_MEMBER
    )
    flat_stake = MoneyField(
        STAKE,
        required=False,
        allow_blank=True,
        allow_null=True,
        label=_("Flat stake per match won"),
    )


class MoneyTermsOut(serializers.Serializer):
    match = StrictIntegerField(source="match_id")
    team_mode = StrictCharField()
    flat_stake = serializers.DecimalField(
        max_digits=12, decimal_places=4, allow_null=True
    )


class SettlementPaymentIn(serializers.Serializer):
    payer = StrictCharField(max_length=32, help_text="p<player id> or pot…")
    payee = StrictCharField(max_length=32)
    amount = StrictIntegerField(min_value=1, max_value=2**62)


def _body(cls: type, request: Request) -> dict[str, Any]:
    return validated_body(cls, request)


def _manager(request: Request, club_id: int) -> None:
    if not permissions.may_manage_club(request.user, club_id):
        raise NotAllowed(
            "permission_denied", gettext("only a club admin manages money")
        )


def _match(request: Request, match_id: int) -> Match:
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not permissions.may_read_club(request.user, match.club_id):
        raise NotFound("not_found", gettext("no such match"))
    return match


# -- views ---------------------------------------------------------------------------


class MatchSettlementApi(APIView):
    """The settlement sheet of one match (GET); settle it now (POST, club admin)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: SettlementSheetOut, **_READ})
    def get(self, request: Request, match_id: int) -> Response:
        return Response(
            SettlementSheetOut(
                money_selectors.match_sheet_get(request.user, match_id)
            ).data
        )

    @extend_schema(request=None, responses={200: SettlementSheetOut, **_WRITE})
    def post(self, request: Request, match_id: int) -> Response:
        match = _match(request, match_id)
        _manager(request, match.club_id)
        money_services.match_settle(match=match, by=request.user)
        return Response(
            SettlementSheetOut(
                money_selectors.match_sheet_get(request.user, match_id)
            ).data
        )


class MatchTermsApi(APIView):
    """How a match settles: team mode, flat stake per match won (club admin)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=MoneyTermsIn, responses={200: MoneyTermsOut, **_WRITE})
    def put(self, request: Request, match_id: int) -> Response:
        match = _match(request, match_id)
        _manager(request, match.club_id)
        data = _body(MoneyTermsIn, request)
        terms = money_services.match_terms_set(
            match=match,
            team_mode=data["team_mode"],
            flat_stake=data.get("flat_stake"),
            by=request.user,
        )
        return Response(MoneyTermsOut(terms).data)


class SessionListApi(APIView):
    """A club's sessions (members); a new session (club admin)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: MoneySessionOut(many=True), **_READ})
    def get(self, request: Request, club_id: int) -> Response:
        sessions = money_selectors.session_list(request.user, club_id)[:200]
        return Response(MoneySessionOut(sessions, many=True).data)

    @extend_schema(request=MoneySessionIn, responses={201: MoneySessionOut, **_WRITE})
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(request.user, club_id)
        _manager(request, club.pk)
        data = _body(MoneySessionIn, request)
        session = money_services.session_create(
            club=club,
            name=data["name"],
            currency=data["currency"],
            point_value=data.get("point_value"),
            team_mode=data["team_mode"],
            by=request.user,
        )
        return Response(MoneySessionOut(session).data, status=status.HTTP_201_CREATED)


class SessionDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: MoneySessionOut, **_READ})
    def get(self, request: Request, session_id: int) -> Response:
        return Response(
            MoneySessionOut(money_selectors.session_get(request.user, session_id)).data
        )


class SessionMatchesApi(APIView):
    """Put a match of the club into the session; the session is re-settled."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=MoneySessionMatchIn, responses={201: MoneySessionOut, **_WRITE}
    )
    def post(self, request: Request, session_id: int) -> Response:
        session = money_selectors.session_get(request.user, session_id)
        _manager(request, session.club_id)
        data = _body(MoneySessionMatchIn, request)
        match = _match(request, data["match"])
        money_services.session_add_match(session=session, match=match, by=request.user)
        return Response(MoneySessionOut(session).data, status=status.HTTP_201_CREATED)


class SessionSettlementApi(APIView):
    """The session's settlement sheet (GET); settle it now (POST, club admin)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: SettlementSheetOut, **_READ})
    def get(self, request: Request, session_id: int) -> Response:
        data = money_selectors.session_sheet_get(request.user, session_id)
        return Response(SettlementSheetOut(data).data)

    @extend_schema(request=None, responses={200: SettlementSheetOut, **_WRITE})
    def post(self, request: Request, session_id: int) -> Response:
        session = money_selectors.session_get(request.user, session_id)
        _manager(request, session.club_id)
        money_services.session_settle(session=session, by=request.user)
        data = money_selectors.session_sheet_get(request.user, session_id)
        return Response(SettlementSheetOut(data).data)


class TournamentSettlementApi(APIView):
    """A tournament's prize sheet: entry fees, house fee, prizes (after the final
    standings are confirmed)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: SettlementSheetOut, **_READ})
    def get(self, request: Request, tournament_id: int) -> Response:
        data = money_selectors.tournament_sheet_get(request.user, tournament_id)
        return Response(SettlementSheetOut(data).data)


class PaymentListApi(APIView):
    """Mark one open transfer of a sheet as paid (club admin): who and when are
    recorded; the sheet then shows only what is still open."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=SettlementPaymentIn,
        responses={201: SettlementPaymentOut, **_WRITE, 409: SettlementConflictOut},
    )
    def post(self, request: Request, kind: str, source_id: int) -> Response:
        if kind not in SourceKind.values:
            raise NotFound("not_found", gettext("no such sheet"))
        record = money_selectors.sheet_record_get(request.user, kind, source_id)
        _manager(request, record.club_id)
        data = _body(SettlementPaymentIn, request)
        entry = money_services.transfer_mark_paid(
            record=record,
            payer=data["payer"],
            payee=data["payee"],
            amount=data["amount"],
            by=request.user,
        )
        sheet = money_selectors.sheet_build(
            record, title="", source={"kind": kind, "id": source_id, "session": None}
        )
        out = next(p for p in sheet["payments"] if p["id"] == entry.pk)
        return Response(SettlementPaymentOut(out).data, status=status.HTTP_201_CREATED)


class PaymentUndoApi(APIView):
    """Undo a payment marked by mistake (a reversal entry; nothing is deleted)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None, **_WRITE})
    def post(self, request: Request, entry_id: int) -> Response:
        entry = LedgerEntry.objects.filter(pk=entry_id).first()
        if entry is None or not permissions.may_read_club(request.user, entry.club_id):
            raise NotFound("not_found", gettext("no such payment"))
        _manager(request, entry.club_id)
        money_services.transfer_unmark_paid(entry=entry, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- a tournament's payout structure (its URL under the tournament's) -------------


class PrizeTermsIn(serializers.Serializer):
    structure = serializers.DictField(
        help_text='{"kind": "percentages", "percentages": ["50", "30", "20"]}, '
        '{"kind": "fixed", "amounts": ["100.00"]} or '
        '{"kind": "field_size", "brackets": [{"min": 1, "max": 8, '
        '"percentages": ["60", "40"]}]}'
    )
    house_fee = serializers.DictField(
        required=False,
        allow_null=True,
        help_text='{"percent": "10"} or {"amount": "5.00"}',
    )


class PrizeTermsOut(serializers.Serializer):
    tournament = StrictIntegerField(source="tournament_id")
    structure = serializers.DictField()
    house_fee = serializers.DictField(allow_null=True)
    updated_at = serializers.DateTimeField()


class PrizeTermsApi(JsonApi, APIView):
    """The payout structure of a tournament (PUT; a club admin of its club)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=PrizeTermsIn, responses={200: PrizeTermsOut, **_WRITE})
    def put(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_selectors.tournament_get(request.user, tournament_id)
        if not tournament_permissions.may_direct(request.user, tournament):
            raise NotAllowed(
                "permission_denied", gettext("only a director may do this")
            )
        data = _body(PrizeTermsIn, request)
        terms = money_services.tournament_prize_terms_set(
            tournament=tournament,
            structure=data["structure"],
            house_fee=data.get("house_fee"),
            by=request.user,
        )
        return Response(PrizeTermsOut(terms).data)
