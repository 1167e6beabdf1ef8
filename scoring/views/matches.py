"""Pages of a match: a new match, the score sheet (page, CSV, chart), finish and
abandon."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy, gettext_noop
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.collation import sorted_by_name
from config.spreadsheet import csv_response
from config.translation import localized
from games.engine import Game, InputRejected, UnknownGame, all_games, get_game
from games.models import CatalogueEntry
from scoring import permissions, selectors, services
from scoring.charts import progression_svg
from scoring.deal_forms import build_form, deal_from_post, render_form
from scoring.ends_board import board_for
from scoring.errors import DomainError
from scoring.export import (
    chart_series,
    context_lines,
    next_deal_notes,
    sheet_csv,
    sheet_table,
)
from scoring.forms import AbandonForm, MatchSetupForm
from scoring.live import live_etag, live_tagged, live_unchanged
from scoring.localtime import local_iso
from scoring.models import DealStatus, Match
from scoring.table_links import TableGuest
from scoring.views._common import club_or_404, error_list, readable_match, scored_match

# -- new match ----------------------------------------------------------------------


def _offered_games() -> list[Game]:
    """Registered games the catalogue has not switched off or retired."""
    off = set(
        CatalogueEntry.objects.filter(enabled=False).values_list("slug", flat=True)
    ) | set(CatalogueEntry.objects.filter(retired=True).values_list("slug", flat=True))
    return [g for g in all_games() if g.slug not in off]


def _game_choices() -> list[dict[str, str]]:
    """The offered games as the picker shows them: name and summary in the
    reader's language, in the reader's alphabetical order."""
    games = [
        {
            "slug": g.slug,
            "name": localized(g.name),
            "summary": localized(g.summary) if g.summary else "",
        }
        for g in _offered_games()
    ]
    return sorted_by_name(games, lambda g: g["name"])


SIDE_NAMES = "ABCDEFGH"


@login_required
@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest, club_id: int) -> HttpResponse:
    """Start a match: game, options (from the game's declaration), seats, dealer, stake.

    Who: club admins and the club's scorers (the service's rule, so a scorer can open
    a table on a club night without an admin); other members 403, others 404.
    Step 1 picks the game (``?game=``) and, if it is played at more than one table
    shape, the shape (``?table=``); step 2 is the form.
    """
    club = club_or_404(request, club_id)
    if not permissions.may_start_match(request.user, club):
        raise PermissionDenied(gettext("only a club admin or scorer starts matches"))
    slug = request.POST.get("game") or request.GET.get("game")
    if not slug:
        return render(
            request,
            "scoring/match_new.html",
            {"club": club, "games": _game_choices(), "step": "game"},
        )
    try:
        game = get_game(slug)
    except UnknownGame:
        raise Http404("no such game") from None
    try:
        shape_index = int(request.POST.get("table") or request.GET.get("table") or 0)
        shape = game.tables[shape_index]
    except (ValueError, IndexError):
        raise Http404("no such table") from None

    players = list(selectors.club_pickable_player_list(club))
    side_names = [
        gettext("side %(name)s") % {"name": SIDE_NAMES[s]}
        for s in range(max(shape) + 1)
    ]
    form = MatchSetupForm(
        request.POST or None, players=players, seats=shape, side_names=side_names
    )
    posted_options = (
        deal_from_post(
            build_form(
                game.options_schema(), prefix="options", label=gettext("Options")
            ),
            request.POST,
        )
        if request.method == "POST"
        else None
    )
    errors: list[dict[str, str]] = []
    if request.method == "POST" and form.is_valid():
        by_id = {p.pk: p for p in players}
        try:
            match = services.match_start(
                club=club,
                game=game.slug,
                seats=[(by_id[pid], side) for pid, side in form.seated()],
                first_dealer=form.cleaned_data["first_dealer"],
                options=posted_options,
                point_value=form.cleaned_data["point_value"],
                currency=form.cleaned_data["currency"],
                is_public=form.cleaned_data["is_public"],
                double_entry=form.cleaned_data["double_entry"],
                scorers=[by_id[pid] for pid in form.cleaned_data["scorers"]],
                by=request.user,
            )
        except (InputRejected, DomainError) as exc:
            errors = error_list(exc)
        else:
            messages.success(
                request,
                gettext("%(name)s started. Deal 1 is next.")
                % {"name": localized(game.name)},
            )
            return redirect("scoring:sheet", match_id=match.pk)
    for error in errors:
        _attach_setup_error(form, error)
    values = {"options": posted_options} if posted_options is not None else None
    options_tree = build_form(
        game.options_schema(), values=values, prefix="options", label=gettext("Options")
    )
    options_html, loose = render_form(options_tree, values, errors, collapse=False)
    for error in loose:
        if (error.get("path") or "").startswith("options"):
            form.add_error(None, error["message"])
    return render(
        request,
        "scoring/match_new.html",
        {
            "club": club,
            "game": game,
            "game_name": localized(game.name),
            "shape": shape,
            "shape_index": shape_index,
            "shapes": [(i, t) for i, t in enumerate(game.tables)],
            "form": form,
            "options_html": options_html,
            "step": "setup",
        },
        status=400 if errors or form.errors else 200,
    )


def _attach_setup_error(form: MatchSetupForm, error: dict[str, str]) -> None:
    path = error.get("path") or ""
    if path.startswith("options"):
        return  # shown next to the option by render_form
    parts = path.split(".")
    field = None
    if (
        parts[0] == "seats"
        and len(parts) > 1
        and parts[1].isascii()
        and parts[1].isdigit()
    ):
        field = f"seat_{parts[1]}"
    elif parts[0] in ("first_dealer", "point_value", "currency", "scorers"):
        field = parts[0]
    if field and field in form.fields:
        form.add_error(field, error["message"])
    else:
        form.add_error(None, error["message"])


# -- the score sheet ----------------------------------------------------------------

# The reason the sheet's undo step offers (the scorer may change it; it is kept in
# the deal's history).
UNDO_REASON = gettext_noop("entered by mistake")


def sheet_context(request: HttpRequest, match: Match, by: Any = None) -> dict[str, Any]:
    """The sheet's context for ``by`` (default: the request's user; a table link's
    guest scores but never corrects)."""
    by = request.user if by is None else by
    sheet = selectors.match_sheet_get(match)
    table = sheet_table(sheet)
    seats = {
        pos: player["display_name"]
        for side in sheet["sides"]
        for pos, player in zip(side["seats"], side["players"], strict=True)
    }
    labels = [s["label"] for s in sheet["sides"]]
    next_deal = sheet["next_deal"] or None
    context_rows = context_lines(next_deal, seat_names=seats, side_labels=labels)
    totals, numbers = chart_series(table)
    chart = progression_svg(
        sides=labels,
        totals=totals,
        labels=numbers,
        title=gettext("Score progression, %(game)s #%(number)s")
        % {"game": localized(match.game.name), "number": match.pk},
        target=_chart_target(match, totals),
    )
    may_score = permissions.may_score(by, match)
    try:
        game = get_game(match.game_id)
    except UnknownGame:
        game = None  # a game this version no longer ships: the plain sheet
    board = board_for(game, table, match.options)
    seat_points = selectors.match_seat_point_list(match)
    may_correct = (
        may_score
        and by.is_authenticated
        and (match.is_open or permissions.may_correct_closed(by, match))
    )
    pending = _pending_for(match, by, sheet, seats)
    rows = [
        pending["row"]
        if pending and pending["row"] and r.number == pending["number"]
        else r
        for r in table.rows
    ]
    # A table link's phone says its seat before it enters anything.
    unseated = isinstance(by, TableGuest) and by.seat is None
    open_ended = selectors.match_goal_get(match).open_ended
    closable = (
        match.is_open
        and not sheet["needs_attention"]
        and (sheet["finished"] or open_ended)
    )
    return {
        "match": match,
        "sheet": sheet,
        # Undo: the last deal still standing, for those who may void it.
        "undo": table.last_standing if may_correct else None,
        "undo_reason": gettext(UNDO_REASON),
        "table": table,
        "board": board,
        "deal_word": gettext(game.deal_word if game else "deal"),
        "labels": labels,
        "span": 2 * len(labels),
        # The story line under a deal spans the whole row.
        "story_span": 1 + 2 * len(labels) + table.show_difference + may_score,
        "next_deal": next_deal,
        "context_rows": context_rows,
        "notes": next_deal_notes(next_deal, seat_names=seats, side_labels=labels),
        "winners": [labels[w] for w in sheet["winners"] if w < len(labels)],
        "chart": chart,
        "may_score": may_score,
        "may_correct": may_correct,
        "rows": rows,
        "pending": pending,
        "may_enter": may_score
        and match.is_open
        and next_deal is not None
        and pending is None
        and not unseated,
        "may_show_table_link": may_score and by.is_authenticated and match.is_open,
        "seats": [(pos, seats[pos]) for pos in sorted(seats)],
        "abandon_form": AbandonForm(),
        # A game with no fixed end is finished by the table: its scorers, the
        # director, or a table link's phone that said its seat.
        "open_ended": open_ended,
        "may_finish": closable and may_score,
        "may_reopen": (
            not match.is_open
            and by.is_authenticated
            and permissions.may_correct_closed(by, match)
        ),
        "events": selectors.match_event_list(match),
        "seat_points": seat_points,
        "has_individual": any(r["individual"] is not None for r in seat_points),
    }


def _pending_for(
    match: Match, by: Any, sheet: dict[str, Any], seats: dict[int, str]
) -> dict[str, Any] | None:
    """Double entry: the deal waiting for confirmation as the sheet shows it — its
    would-be row (points, totals, facts), who entered it, and whether ``by`` may
    confirm it (else why not, in the reader's words)."""
    found = selectors.deal_pending_get(match)
    if found is None:
        return None
    deal = found["deal"]
    row = None
    if found["row"] is not None:
        row = replace(
            sheet_table({**sheet, "rows": [found["row"]]}).rows[0], preview=True
        )
    refusal = (
        permissions.confirm_refusal(by, match, deal, found["entry"])
        if deal.status == DealStatus.PENDING and match.is_open
        else None
    )
    return {
        "number": deal.number,
        "status": deal.status,
        "version": deal.version,
        "row": row,
        "by": _enterer(match, deal, found["seat"], seats),
        "may_confirm": deal.status == DealStatus.PENDING
        and match.is_open
        and refusal is None,
        "why_not": _WHY_NOT.get(refusal.code, "") if refusal else "",
    }


#: Why the sheet offers no "Confirm" (the refusal's code → the sheet's words).
_WHY_NOT = {
    "same_person": gettext_lazy(
        "You entered it: a player of the other side confirms it."
    ),
    "same_side": gettext_lazy(
        "Your side entered it: a player of the other side confirms it."
    ),
    "seat_required": gettext_lazy("Tap your name above to confirm it."),
}


def _enterer(match: Match, deal: Any, seat: int | None, seats: dict[int, str]) -> str:
    """Who entered ``deal``: the seat's player (a table link's phone) or the
    account's player, by name."""
    if seat is not None:
        return seats.get(seat, "")
    if deal.entered_by_id is not None:
        for s in match.seats.all():
            if s.player.user_id == deal.entered_by_id:
                return s.player.display_name
        return deal.entered_by.get_username()
    return ""


def _chart_target(match: Match, totals: list[list[int]]) -> int | None:
    """The winning line the game declares for the match's options
    (:meth:`Game.match_goal`), once someone is half-way there (else it flattens
    the lines)."""
    if not totals:
        return None
    try:
        game = get_game(match.game_id)
        target = game.match_goal(game.parse_options(match.options)).target
    except (UnknownGame, InputRejected):
        return None  # no longer shipped, or options this version rejects: no line
    if target is None:
        return None
    return target if max(max(row) for row in totals) * 2 >= target else None


@require_GET
def match_sheet(request: HttpRequest, match_id: int) -> HttpResponse:
    """The score sheet: a row per deal, each side's points and running totals.

    Who: members of the match's club; anyone if the match is public (others 404,
    anonymous visitors of a non-public match are asked to log in).
    """
    match = readable_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    # Live: the page polls itself (static/js/live.js); the match's version grows
    # with every change of the match or its deals, so an unchanged sheet is a 304.
    etag = live_etag(request, (match.pk, match.version, match.status, match.updated_at))
    unchanged = live_unchanged(request, etag)
    if unchanged is not None:
        return unchanged
    context = sheet_context(request, match)
    context["live_etag"] = etag
    return live_tagged(render(request, "scoring/sheet.html", context), etag, request)


@require_GET
def match_sheet_csv(request: HttpRequest, match_id: int) -> HttpResponse:
    """The score sheet as CSV in the reader's language and spreadsheet conventions
    (:mod:`config.spreadsheet`). Who: as the sheet; who entered each deal (an
    account) only for the club's members."""
    match = readable_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    sheet = selectors.match_sheet_get(match)
    if not permissions.may_read_club(request.user, match.club_id):
        for row in sheet["rows"]:
            row["entered_by"] = None
    table = sheet_table(sheet)
    header = [
        gettext("%(game)s #%(number)s, %(club)s")
        % {
            "game": match.game.display_name,
            "number": match.pk,
            "club": match.club.name,
        },
        gettext("started %(at)s, %(status)s")
        % {
            "at": local_iso(match.started_at, match.club),
            "status": match.get_status_display(),
        },
    ]
    return csv_response(
        sheet_csv(table, header=header),
        filename=f"kirjuri-{match.game_id}-{match.pk}.csv",
    )


@require_GET
def match_chart(request: HttpRequest, match_id: int) -> HttpResponse:
    """The score-progression chart as SVG. Who: as the sheet."""
    match = readable_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    sheet = selectors.match_sheet_get(match)
    totals, numbers = chart_series(sheet_table(sheet))
    svg = progression_svg(
        sides=[s["label"] for s in sheet["sides"]],
        totals=totals,
        labels=numbers,
        title=gettext("Score progression, %(game)s #%(number)s")
        % {"game": localized(match.game.name), "number": match.pk},
        target=_chart_target(match, totals),
    )
    return HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")


@login_required
@require_POST
def match_finish(request: HttpRequest, match_id: int) -> HttpResponse:
    """Close the book of a decided match. Who: its scorers and the club admins."""
    match = scored_match(request, match_id)
    try:
        services.match_finish(match=match, by=request.user)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, gettext("The match is finished."))
    return redirect("scoring:sheet", match_id=match.pk)


@login_required
@require_POST
def match_abandon(request: HttpRequest, match_id: int) -> HttpResponse:
    """Stop a match before it is decided. Who: its scorers and the club admins."""
    match = scored_match(request, match_id)
    form = AbandonForm(request.POST)
    form.is_valid()
    try:
        services.match_abandon(
            match=match, reason=form.cleaned_data.get("reason", ""), by=request.user
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request, gettext("The match is abandoned; its deals stay as they are.")
        )
    return redirect("scoring:sheet", match_id=match.pk)


@login_required
@require_POST
def match_reopen(request: HttpRequest, match_id: int) -> HttpResponse:
    """Open a finished or abandoned match again. Who: club admins and the
    tournament's director."""
    match = scored_match(request, match_id)
    form = AbandonForm(request.POST)  # the same shape: why
    form.is_valid()
    try:
        services.match_reopen(
            match=match, reason=form.cleaned_data.get("reason", ""), by=request.user
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            gettext(
                "The match is open again: its result no longer counts until it "
                "is finished."
            ),
        )
    return redirect("scoring:sheet", match_id=match.pk)
