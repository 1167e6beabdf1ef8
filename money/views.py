"""Settlement sheet pages: printable (the print stylesheet), CSV, mark paid.

Who: members of the club read; its admins settle and mark transfers paid. Thin: one
selector or service per view.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from config.api import DomainError
from config.numbers import typed_decimal
from config.spreadsheet import SpreadsheetCsv, csv_response
from money import selectors as money_selectors
from money import services as money_services
from scoring import permissions
from scoring.errors import NotFound
from scoring.localtime import club_zone
from scoring.models import Club
from tournaments import permissions as tournament_permissions
from tournaments import selectors as tournament_selectors

_SHEETS = {
    "match": money_selectors.match_sheet_get,
    "session": money_selectors.session_sheet_get,
    "tournament": money_selectors.tournament_sheet_get,
}


def _sheet(request: HttpRequest, kind: str, source_id: int) -> dict:
    if kind not in _SHEETS:
        raise Http404
    try:
        return _SHEETS[kind](request.user, source_id)
    except NotFound:
        raise Http404 from None


@login_required
@require_GET
def settlement_sheet(request: HttpRequest, kind: str, source_id: int) -> HttpResponse:
    sheet = _sheet(request, kind, source_id)
    club_id = sheet["club"]
    may_manage = club_id is not None and permissions.may_manage_club(
        request.user, club_id
    )
    payable = kind != "match" or not sheet["source"]["session"]
    return render(
        request,
        "money/sheet.html",
        {
            "sheet": sheet,
            # Loaded once for the times on the page (the sheet carries the id;
            # each payment's time would otherwise look the club up again).
            "club": Club.objects.filter(pk=club_id).first() if club_id else None,
            "kind": kind,
            "source_id": source_id,
            "may_manage": may_manage and payable,
            "evening": _evening(request, source_id) if kind == "session" else None,
        },
    )


def _evening(request: HttpRequest, session_id: int) -> dict:
    """A session's sheet is the treasurer's evening: its matches and, for the
    club's admins, the matches it can still take (see money.evening_views)."""
    session = money_selectors.session_get(request.user, session_id)
    may_manage = permissions.may_manage_club(request.user, session.club_id)
    return {
        "session": session,
        "matches": [
            (m, money_selectors.match_lineup_get(m))
            for m in money_selectors.session_match_list(session)
        ],
        "day": money_selectors.session_day_get(session),
        "candidates": [
            (m, money_selectors.match_lineup_get(m))
            for m in money_selectors.session_candidate_match_list(session)
        ]
        if may_manage
        else [],
    }


@login_required
@require_GET
def settlement_csv(request: HttpRequest, kind: str, source_id: int) -> HttpResponse:
    """The sheet as CSV for a spreadsheet, in the reader's language like the page:
    headers in that language, amounts with its decimal separator, ``;`` between
    cells where that is a comma, UTF-8 with a byte order mark
    (:mod:`config.spreadsheet`), times in the club's time zone (ISO 8601 with the
    offset, as the score sheet's CSV)."""
    sheet = _sheet(request, kind, source_id)
    zone = club_zone(sheet["club"])
    out = SpreadsheetCsv()
    out.row([sheet["title"], sheet["currency"], sheet["status_label"]])
    out.row()
    out.row(
        [
            gettext("Balances"),
            gettext("Who"),
            gettext("Settled"),
            gettext("Paid"),
            gettext("Open"),
        ]
    )
    for b in sheet["balances"]:
        out.row(
            [
                "",
                b["name"],
                _major(b["settled"], sheet),
                _major(b["paid"], sheet),
                _major(b["open"], sheet),
            ]
        )
    out.row()
    minimal = (
        gettext("proven minimal")
        if sheet["proven_minimal"]
        else gettext("largest debtor pays largest creditor")
    )
    out.row([gettext("Who pays whom"), f"{len(sheet['transfers'])} ({minimal})"])
    out.row(["", gettext("Payer"), gettext("Payee"), gettext("Amount")])
    for t in sheet["transfers"]:
        out.row(["", t["payer_name"], t["payee_name"], _major(t["amount"], sheet)])
    out.row()
    out.row(
        [
            gettext("Paid"),
            gettext("Payer"),
            gettext("Payee"),
            gettext("Amount"),
            gettext("Marked by"),
            gettext("Marked at"),
            gettext("Undone"),
        ]
    )
    for p in sheet["payments"]:
        out.row(
            [
                "",
                p["payer_name"],
                p["payee_name"],
                _major(p["amount"], sheet),
                p["marked_by"],
                _local_iso(p["marked_at"], zone),
                gettext("yes") if p["undone"] else "",
            ]
        )
    out.row()
    out.row(
        [
            gettext("Where the amounts come from"),
            gettext("Match"),
            gettext("Deal"),
            gettext("Explanation"),
        ]
    )
    for item in sheet["trail"]:
        for line in item.get("lines", []):
            out.row(["", item.get("match", ""), "", line])
        for deal in item.get("deals", []):
            for line in deal["lines"]:
                out.row(["", item.get("match", ""), deal["number"], line])
    return csv_response(
        out.text(), filename=f"kirjuri-settlement-{kind}-{source_id}.csv"
    )


def _local_iso(value: datetime | None, zone: ZoneInfo) -> str:
    return (
        timezone.localtime(value, zone).isoformat(timespec="seconds") if value else ""
    )


def _major(minor: int, sheet: dict) -> Decimal | int:
    from money.settlement import Money

    if not sheet["currency"]:
        return minor
    return Money(minor, sheet["currency"]).to_decimal()


@login_required
@require_POST
def settlement_settle(request: HttpRequest, kind: str, source_id: int) -> HttpResponse:
    sheet = _sheet(request, kind, source_id)
    try:
        if kind == "match":
            from scoring.models import Match

            money_services.match_settle(
                match=Match.objects.get(pk=source_id), by=request.user
            )
        elif kind == "session":
            money_services.session_settle(
                session=money_selectors.session_get(request.user, source_id),
                by=request.user,
            )
    except DomainError as exc:
        messages.error(request, exc.message)
    del sheet
    return redirect("money:sheet", kind=kind, source_id=source_id)


@login_required
@require_POST
def transfer_paid(request: HttpRequest, kind: str, source_id: int) -> HttpResponse:
    _sheet(request, kind, source_id)
    try:
        record = money_selectors.sheet_record_get(request.user, kind, source_id)
        money_services.transfer_mark_paid(
            record=record,
            payer=request.POST.get("payer", ""),
            payee=request.POST.get("payee", ""),
            amount=int(request.POST.get("amount", "0") or 0),
            by=request.user,
        )
    except (DomainError, ValueError) as exc:
        messages.error(
            request, getattr(exc, "message", gettext("not a valid transfer"))
        )
    return redirect("money:sheet", kind=kind, source_id=source_id)


@login_required
@require_GET
def money_index(request: HttpRequest) -> HttpResponse:
    """The settlements of the clubs you manage (the treasurer's way in)."""
    clubs, records = money_selectors.settlement_records_managed_list(request.user)
    return render(request, "money/index.html", {"records": records, "clubs": clubs})


@login_required
@require_POST
def prize_terms_save(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The tournament manage page's "Prizes" form: percentages by place and a house
    fee in percent. Who: the tournament's directors; back to the manage page."""
    try:
        tournament = tournament_selectors.tournament_get(request.user, tournament_id)
    except NotFound:
        raise Http404("no such tournament") from None
    if not tournament_permissions.may_direct(request.user, tournament):
        raise Http404("no such tournament")
    percent = typed_decimal(request.POST.get("house_fee_percent", ""))
    percentages = request.POST.get("percentages", "")
    try:
        money_services.tournament_prize_terms_set(
            tournament=tournament,
            structure={
                "kind": "percentages",
                "percentages": [p.strip() for p in percentages.split(",") if p.strip()],
            },
            house_fee={"percent": percent} if percent else None,
            by=request.user,
        )
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("Payout structure saved"))
    return redirect("tournaments:manage", tournament_id=tournament.pk)
