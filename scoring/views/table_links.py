"""Table links: the sheet, the deal form and confirmation of one match for the
phones at its table, with no account; and the page where its scorers find the link.

The phone's seat: ``?seat=N`` when it taps its name, remembered in the link's seat
cookie and carried in every address these pages build (the live poll's included),
so it stays for the life of the link (see :mod:`scoring.table_links`).

Who: whoever holds a valid table link (see :mod:`scoring.table_links`), for that
match only. A token never issued answers 404; one revoked or expired 410. The pages
reached here link to nothing else of the match's club.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.engine import InputRejected
from scoring import permissions, selectors, services
from scoring.errors import DomainError, NotFound
from scoring.live import live_etag, live_tagged, live_unchanged
from scoring.models import Match, MatchStatus
from scoring.qr import qr_data_uri
from scoring.table_links import (
    TableGuest,
    table_seat_remember,
    table_seat_remembered,
)
from scoring.views._common import club_or_404, entry_word, error_list, scored_match
from scoring.views.deals import deal_entry_page, say_if_finished
from scoring.views.matches import sheet_context


def _guest(
    request: HttpRequest, token: str, *, reading: bool = False
) -> tuple[Match, TableGuest] | HttpResponse:
    """The link's match and this phone's guest: its seat from ``?seat=``, else the
    one the phone chose before (its cookie; see :mod:`scoring.table_links`)."""
    seat = request.GET.get("seat") or table_seat_remembered(request, token)
    try:
        return selectors.table_guest_get(token, seat, reading=reading)
    except NotFound:
        raise Http404("no such table link") from None
    except selectors.LinkGone as exc:
        return render(
            request, "scoring/table_link_gone.html", {"reason": exc.message}, status=410
        )
    except DomainError as exc:  # a seat that is not this table's
        if not request.GET.get("seat"):
            # A remembered seat the table no longer has: forget it, ask again.
            return selectors.table_guest_get(token, None)
        return render(
            request,
            "scoring/table_link_gone.html",
            {"reason": exc.message},
            status=400,
        )


def _remembered(
    response: HttpResponse, request: HttpRequest, token: str, guest: TableGuest
) -> HttpResponse:
    """``response``, remembering the phone's seat when it has just said it."""
    said = request.GET.get("seat")
    if (
        guest.seat is not None
        and said
        and table_seat_remembered(request, token) != str(guest.seat)
    ):
        table_seat_remember(response, request, token, guest.seat)
    return response


def _link_context(token: str, match: Match, guest: TableGuest) -> dict[str, Any]:
    query = f"?seat={guest.seat}" if guest.seat is not None else ""
    seats = [
        {"position": s.position, "name": s.player.display_name}
        for s in sorted(match.seats.all(), key=lambda s: s.position)
    ]
    return {
        "token": token,
        "seat": guest.seat,
        "seat_name": next(
            (s["name"] for s in seats if s["position"] == guest.seat), ""
        ),
        "seats": seats,
        "query": query,
        "sheet_url": reverse("scoring:table", kwargs={"token": token}) + query,
        "new_url": reverse("scoring:table-deal-new", kwargs={"token": token}) + query,
        "finish_url": reverse("scoring:table-finish", kwargs={"token": token}) + query,
    }


@require_GET
def table_sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The match's score sheet for its table: enter and confirm deals (``?seat=``,
    remembered by the phone, says who this phone is). Who: a valid table link's
    holder; once the match is over, its final sheet, read only. Live like the
    scorers' sheet: its poll reads the address with the seat, and an unchanged sheet
    is a 304."""
    found = _guest(request, token, reading=True)
    if isinstance(found, HttpResponse):
        return found
    match, guest = found
    etag = live_etag(
        request,
        ("table", match.pk, guest.seat, match.version, match.status, match.updated_at),
    )
    unchanged = live_unchanged(request, etag)
    if unchanged is not None:
        return _remembered(unchanged, request, token, guest)
    context = sheet_context(request, match, by=guest)
    context["table_link"] = _link_context(token, match, guest)
    context["live_etag"] = etag
    response = render(request, "scoring/sheet.html", context)
    return _remembered(live_tagged(response, etag, request), request, token, guest)


@require_http_methods(["GET", "POST"])
def table_deal_new(request: HttpRequest, token: str) -> HttpResponse:
    """The match's deal form for its table (the same form as the scorers'). Who: a
    valid table link's holder who said its seat (without one the form asks for it,
    and a deal posted is refused: nothing is stored without the seat); the deal's
    revision records the table link and the seat."""
    found = _guest(request, token)
    if isinstance(found, HttpResponse):
        return found
    match, guest = found
    link = _link_context(token, match, guest)
    response = deal_entry_page(
        request,
        match,
        by=guest,
        action=link["new_url"],
        sheet_url=link["sheet_url"],
        extra={"table_link": link},
    )
    return _remembered(response, request, token, guest)


@require_POST
def table_deal_confirm(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """Double entry: confirm a pending deal as a seat of another side than the one
    that entered it. Who: a valid table link's holder who chose a seat."""
    found = _guest(request, token)
    if isinstance(found, HttpResponse):
        return found
    match, guest = found
    try:
        services.deal_confirm(
            match=match,
            number=number,
            base_version=int(request.POST.get("base_version") or 0),
            by=guest,
        )
    except (InputRejected, DomainError) as exc:
        for error in error_list(exc):
            messages.error(request, error["message"])
    except ValueError:
        messages.error(request, gettext("The deal's version: a whole number"))
    else:
        messages.success(
            request,
            gettext("%(entry)s %(number)s confirmed.")
            % {"entry": entry_word(match), "number": number},
        )
        match.refresh_from_db(fields=["status"])
        say_if_finished(request, match)
    return redirect(_link_context(token, match, guest)["sheet_url"])


@require_POST
def table_match_finish(request: HttpRequest, token: str) -> HttpResponse:
    """Finish a game with no fixed end (a chip game played until the players stop):
    its totals are the result, its chips settle. Who: a valid table link's holder
    who chose a seat. The phone then sees the final sheet."""
    found = _guest(request, token)
    if isinstance(found, HttpResponse):
        return found
    match, guest = found
    try:
        services.match_finish(match=match, by=guest)
    except (InputRejected, DomainError) as exc:
        for error in error_list(exc):
            messages.error(request, error["message"])
    else:
        messages.success(
            request,
            gettext("The match is finished: its totals are the result."),
        )
    return redirect(_link_context(token, match, guest)["sheet_url"])


def table_card(request: HttpRequest, match: Match, token: str, **card: Any) -> dict:
    """A printable table card of ``match``: its link's QR code, the seats in order."""
    url = request.build_absolute_uri(reverse("scoring:table", kwargs={"token": token}))
    return {
        "qr": qr_data_uri(url),
        "url": url,
        "seats": [
            s.player.display_name
            for s in sorted(match.seats.all(), key=lambda s: s.position)
        ],
        "until": gettext("the match is finished"),
        **card,
    }


#: The most matches a club's table cards page prints.
CARDS_LIMIT = 64


@login_required
@require_GET
def club_table_cards(request: HttpRequest, club_id: int) -> HttpResponse:
    """Table cards of the club's matches in progress, one a page (a club night:
    print them and put each on its table). Who: club admins (members 403, others
    404)."""
    club = club_or_404(request, club_id)
    if not permissions.may_manage_club(request.user, club):
        raise PermissionDenied(
            gettext("only a club admin prints the club's table cards")
        )
    matches = list(
        selectors.matches_visible_to(request.user)
        .filter(club=club, status=MatchStatus.IN_PROGRESS)
        .order_by("started_at", "id")[:CARDS_LIMIT]
    )
    tokens = selectors.table_link_list(matches)
    cards = [
        table_card(
            request,
            match,
            tokens[match.pk],
            title=f"{match.game.display_name} #{match.pk}",
            subtitle=club.name,
        )
        for match in matches
    ]
    return render(
        request,
        "scoring/table_cards.html",
        {"club": club, "cards": cards, "limit": CARDS_LIMIT},
    )


@login_required
@require_http_methods(["GET", "POST"])
def match_table_link(request: HttpRequest, match_id: int) -> HttpResponse:
    """The match's table link, its QR code and a printable card; POST withdraws the
    link (a new one is shown). Who: the match's scorers see it (others 403, or 404
    if they may not read the match); withdrawing: club admins and overseers."""
    match = scored_match(request, match_id)
    may_revoke = permissions.may_correct_closed(request.user, match)
    if request.method == "POST":
        if not may_revoke:
            raise PermissionDenied(
                gettext("only a club admin or the director withdraws it")
            )
        try:
            services.table_link_revoke(
                match=match, reason=request.POST.get("reason", ""), by=request.user
            )
        except DomainError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(
                request,
                gettext("The old link no longer works. Give the table the new one."),
            )
        return redirect("scoring:table-link", match_id=match.pk)
    token = selectors.table_link_get(match)
    card = table_card(
        request,
        match,
        token,
        title=f"{match.game.display_name} #{match.pk}",
        subtitle=match.club.name,
    )
    return render(
        request,
        "scoring/table_link.html",
        {"match": match, "card": card, "may_revoke": may_revoke, "open": match.is_open},
    )
