"""The treasurer's evenings, reachable from the club page: the club's evenings
(money sessions) and a new one; the evening's matches added by hand or the day's
stake matches collected at once. The evening's sheet — who pays whom, mark paid,
CSV — is the session's settlement sheet (:func:`money.views.settlement_sheet`).

Who: members of the club see its evenings; its admins (the treasurers) open them
and add matches. Thin: one selector or service per view.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from config.api import DomainError
from config.numbers import typed_decimal
from money import selectors as money_selectors
from money import services as money_services
from money.models import Session, TeamModeChoice
from scoring import permissions
from scoring import selectors as scoring_selectors
from scoring.errors import NotFound
from scoring.models import Match

_FIELDS = ("name", "currency", "point_value", "team_mode")


def _error(exc: DomainError) -> dict[str, str]:
    return {"path": exc.path or "", "code": exc.code, "message": exc.message}


@login_required
@require_http_methods(["GET", "POST"])
def evening_list(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's evenings, newest first, and (for its admins) a new evening."""
    try:
        club = scoring_selectors.club_get(request.user, club_id)
    except NotFound:
        raise Http404("no such club") from None
    may_manage = permissions.may_manage_club(request.user, club)
    errors: list[dict[str, str]] = []
    if request.method == "POST":
        if not may_manage:
            raise PermissionDenied(gettext("only a club admin opens an evening"))
        values = {k: request.POST.get(k, "").strip() for k in _FIELDS}
        try:
            session = money_services.session_create(
                club=club,
                name=values["name"],
                currency=values["currency"].upper(),
                point_value=typed_decimal(values["point_value"]) or None,
                team_mode=values["team_mode"] or TeamModeChoice.PER_MEMBER,
                by=request.user,
            )
        except DomainError as exc:
            errors = [_error(exc)]
        else:
            messages.success(
                request,
                gettext("%(name)s opened: add its matches.") % {"name": session.name},
            )
            return redirect("money:sheet", kind="session", source_id=session.pk)
    else:
        values = {
            **(money_selectors.session_form_defaults_get(club) if may_manage else {}),
            "point_value": "",
            "team_mode": TeamModeChoice.PER_MEMBER,
        }
    sessions = list(money_selectors.session_list(request.user, club.pk)[:100])
    return render(
        request,
        "money/evenings.html",
        {
            "club": club,
            "sessions": sessions,
            "may_manage": may_manage,
            "values": values,
            "errors": errors,
            "team_modes": TeamModeChoice.choices,
            # shown as the reader writes numbers: "0,05" in Finnish
            "example_point_value": Decimal("0.05"),
        },
        status=400 if errors else 200,
    )


@login_required
@require_POST
def evening_matches_add(request: HttpRequest, session_id: int) -> HttpResponse:
    """Add the ticked matches (``match``, repeated) or, with ``day`` (YYYY-MM-DD),
    every stake match of that day; back to the evening's sheet."""
    try:
        session = money_selectors.session_get(request.user, session_id)
    except NotFound:
        raise Http404("no such evening") from None
    if not permissions.may_manage_club(request.user, session.club_id):
        raise PermissionDenied(gettext("only a club admin adds matches to an evening"))
    try:
        if "day" in request.POST:
            day = _day(request.POST["day"])
            added = money_services.session_add_day_matches(
                session=session, day=day, by=request.user
            )
            count = len(added)
        else:
            count = 0
            for match in _ticked(request, session):
                money_services.session_add_match(
                    session=session, match=match, by=request.user
                )
                count += 1
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            ngettext(
                "%(count)s match added to %(session)s.",
                "%(count)s matches added to %(session)s.",
                count,
            )
            % {"count": count, "session": session.name}
            if count
            else gettext("No match to add."),
        )
    return redirect("money:sheet", kind="session", source_id=session.pk)


def _day(raw: str) -> date:
    try:
        return date.fromisoformat(raw.strip())
    except ValueError:
        raise DomainError(
            "invalid_date", gettext("Day: a date as YYYY-MM-DD"), "day"
        ) from None


def _ticked(request: HttpRequest, session: Session) -> list[Match]:
    try:
        ids = [int(v) for v in request.POST.getlist("match")]
    except ValueError:
        ids = None
    matches = (
        money_selectors.session_ticked_match_list(session, ids)
        if ids is not None and all(0 < i < 2**63 for i in ids)
        else None
    )
    if matches is None:
        raise DomainError("not_found", gettext("no such match in this club"), "match")
    return matches
