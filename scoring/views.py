"""Pages of the score book: club, new match, score sheet, deal entry and correction.

Thin views: each validates the request's shape, calls one selector (reads) or one
service (writes) and renders. Rules, scoring and permissions to write live in
:mod:`scoring.services`; visibility in :mod:`scoring.selectors`. Who may use a page
is in its docstring and enforced here as well, so that a page never offers what the
service would refuse:

* objects the user may not read answer **404** (another club's ids reveal nothing);
* pages that need an account send anonymous visitors to the login page first;
* a user who may read but not act gets **403**.

Errors from the engine and the services (``{path, code, message}``) are shown next
to the field whose path they carry (:func:`scoring.deal_forms.place_errors`).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.engine import Game, InputRejected, UnknownGame, all_games, get_game
from games.models import CatalogueEntry
from scoring import permissions, selectors, services
from scoring.charts import progression_svg
from scoring.deal_forms import (
    Table,
    build_form,
    deal_from_post,
    deck_cards,
    has_cards,
    render_form,
    table_from_sides,
)
from scoring.errors import DomainError, NotFound
from scoring.export import chart_series, context_lines, sheet_csv, sheet_table
from scoring.forms import AbandonForm, MatchSetupForm, PlayerForm, ReasonForm
from scoring.localtime import local_iso
from scoring.models import DealStatus, Match, MatchStatus
from scoring.players import player_add

# -- access -------------------------------------------------------------------------


def _club(request: HttpRequest, club_id: int):
    try:
        return selectors.club_get(request.user, club_id)
    except NotFound:
        raise Http404("no such club") from None


def _match(request: HttpRequest, match_id: int) -> Match:
    try:
        return selectors.match_get(request.user, match_id)
    except NotFound:
        raise Http404("no such match") from None


def _readable_match(request: HttpRequest, match_id: int) -> Match | HttpResponse:
    """The match if the user may read it; anonymous visitors are asked to log in."""
    try:
        return selectors.match_get(request.user, match_id)
    except NotFound:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise Http404("no such match") from None


def _scored_match(request: HttpRequest, match_id: int) -> Match:
    match = _match(request, match_id)
    if not permissions.may_score(request.user, match):
        raise PermissionDenied("you do not score this match")
    return match


def _correctable_match(request: HttpRequest, match_id: int) -> Match:
    """As :func:`_scored_match`; a closed match only for club admins and overseers."""
    match = _scored_match(request, match_id)
    if not match.is_open and not permissions.may_correct_closed(request.user, match):
        raise PermissionDenied(
            f"the match is {match.get_status_display()}: only a club admin may "
            "correct it now"
        )
    return match


def _error_list(exc: Exception) -> list[dict[str, str]]:
    if isinstance(exc, InputRejected):
        return exc.as_list()
    if isinstance(exc, DomainError):
        return [{"path": exc.path, "code": exc.code, "message": exc.message}]
    raise exc


# -- clubs --------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def club_list(request: HttpRequest) -> HttpResponse:
    """The user's clubs, and a form to create one. Who: any signed-in user."""
    errors: list[dict[str, str]] = []
    if request.method == "POST":
        try:
            club = services.club_create(
                name=request.POST.get("name", ""),
                slug=slugify(request.POST.get("name", "")),
                by=request.user,
            )
        except DomainError as exc:
            errors = _error_list(exc)
        else:
            messages.success(request, f"{club.name} is open. You are its admin.")
            return redirect("scoring:club", club_id=club.pk)
    return render(
        request,
        "scoring/club_list.html",
        {"clubs": selectors.clubs_for(request.user), "errors": errors},
    )


@login_required
@require_http_methods(["GET", "POST"])
def club_detail(request: HttpRequest, club_id: int) -> HttpResponse:
    """Club page: members, matches in progress, finished and abandoned.

    Who: members of the club (others: 404). Club admins also add players here.
    A public match of the club is visible to anyone through its own sheet URL.
    """
    club = _club(request, club_id)
    is_admin = permissions.may_manage_club(request.user, club)
    player_form = PlayerForm(request.POST or None) if is_admin else None
    if request.method == "POST":
        if not is_admin:
            raise PermissionDenied("only a club admin adds players")
        if player_form.is_valid():
            # The same answer whether the account exists or not (player_add).
            try:
                player = player_add(
                    club=club,
                    display_name=player_form.cleaned_data["display_name"],
                    username=player_form.cleaned_data["username"],
                    role=player_form.cleaned_data["role"],
                    allow_duplicate=player_form.cleaned_data["allow_duplicate"],
                    by=request.user,
                )
            except DomainError as exc:
                player_form.add_error(None, exc.message)
            else:
                messages.success(request, f"{player.display_name} joined {club.name}.")
                return redirect("scoring:club", club_id=club.pk)
    matches = list(
        selectors.matches_visible_to(request.user)
        .filter(club=club)
        .order_by("-started_at", "-id")
    )
    listed = []
    for m in matches:
        labels = [side["label"] for side in selectors.match_sides(m)]
        totals = list(m.totals or [0] * len(labels))
        listed.append(
            {
                "match": m,
                "game": m.game.name,
                "score": list(zip(labels, totals, strict=False)),
            }
        )
    return render(
        request,
        "scoring/club_detail.html",
        {
            "club": club,
            "memberships": selectors.club_memberships(club),
            "in_progress": [x for x in listed if x["match"].is_open],
            "finished": [
                x for x in listed if x["match"].status == MatchStatus.FINISHED
            ],
            "abandoned": [
                x for x in listed if x["match"].status == MatchStatus.ABANDONED
            ],
            "may_start": permissions.may_start_match(request.user, club),
            "is_admin": is_admin,
            "player_form": player_form,
        },
        status=400 if request.method == "POST" else 200,
    )


# -- new match ----------------------------------------------------------------------


def _offered_games() -> list[Game]:
    """Registered games the catalogue has not switched off or retired."""
    off = set(
        CatalogueEntry.objects.filter(enabled=False).values_list("slug", flat=True)
    ) | set(CatalogueEntry.objects.filter(retired=True).values_list("slug", flat=True))
    return [g for g in all_games() if g.slug not in off]


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
    club = _club(request, club_id)
    if not permissions.may_start_match(request.user, club):
        raise PermissionDenied("only a club admin or scorer starts matches")
    slug = request.POST.get("game") or request.GET.get("game")
    if not slug:
        return render(
            request,
            "scoring/match_new.html",
            {"club": club, "games": _offered_games(), "step": "game"},
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

    players = list(selectors.club_pickable_players(club))
    side_names = [f"side {SIDE_NAMES[s]}" for s in range(max(shape) + 1)]
    form = MatchSetupForm(
        request.POST or None, players=players, seats=shape, side_names=side_names
    )
    posted_options = (
        deal_from_post(
            build_form(game.options_schema(), prefix="options", label="Options"),
            request.POST,
        )
        if request.method == "POST"
        else None
    )
    errors: list[dict[str, str]] = []
    if request.method == "POST" and form.is_valid():
        by_id = {p.pk: p for p in players}
        try:
            match = services.start_match(
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
            errors = _error_list(exc)
        else:
            messages.success(request, f"{game.name} started. Deal 1 is next.")
            return redirect("scoring:sheet", match_id=match.pk)
    for error in errors:
        _attach_setup_error(form, error)
    values = {"options": posted_options} if posted_options is not None else None
    options_tree = build_form(
        game.options_schema(), values=values, prefix="options", label="Options"
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
    if parts[0] == "seats" and len(parts) > 1 and parts[1].isdigit():
        field = f"seat_{parts[1]}"
    elif parts[0] in ("first_dealer", "point_value", "currency", "scorers"):
        field = parts[0]
    if field and field in form.fields:
        form.add_error(field, error["message"])
    else:
        form.add_error(None, error["message"])


# -- the score sheet ----------------------------------------------------------------


def _context_for_sheet(request: HttpRequest, match: Match) -> dict[str, Any]:
    sheet = selectors.match_sheet(match)
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
        title=f"Score progression, {match.game.name} #{match.pk}",
        target=_chart_target(match, totals),
    )
    may_score = permissions.may_score(request.user, match)
    seat_points = selectors.match_seat_points(match)
    may_correct = may_score and (
        match.is_open or permissions.may_correct_closed(request.user, match)
    )
    return {
        "match": match,
        "sheet": sheet,
        "table": table,
        "labels": labels,
        "span": 2 * len(labels),
        "next_deal": next_deal,
        "context_rows": context_rows,
        "notes": (next_deal or {}).get("notes") or [],
        "winners": [labels[w] for w in sheet["winners"] if w < len(labels)],
        "chart": chart,
        "may_score": may_score,
        "may_correct": may_correct,
        "may_enter": may_score and match.is_open and next_deal is not None,
        "seats": [(pos, seats[pos]) for pos in sorted(seats)],
        "abandon_form": AbandonForm(),
        "seat_points": seat_points,
        "has_individual": any(r["individual"] is not None for r in seat_points),
    }


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
    match = _readable_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    return render(request, "scoring/sheet.html", _context_for_sheet(request, match))


@require_GET
def match_sheet_csv(request: HttpRequest, match_id: int) -> HttpResponse:
    """The score sheet as CSV. Who: as the sheet; who entered each deal (an
    account) only for the club's members."""
    match = _readable_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    sheet = selectors.match_sheet(match)
    if not permissions.may_read_club(request.user, match.club_id):
        for row in sheet["rows"]:
            row["entered_by"] = None
    table = sheet_table(sheet)
    header = [
        f"{match.game.name} #{match.pk}, {match.club.name}",
        f"started {local_iso(match.started_at, match.club)}, "
        f"{match.get_status_display()}",
    ]
    response = HttpResponse(
        sheet_csv(table, header=header), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = (
        f'attachment; filename="kirjuri-{match.game_id}-{match.pk}.csv"'
    )
    return response


@require_GET
def match_chart(request: HttpRequest, match_id: int) -> HttpResponse:
    """The score-progression chart as SVG. Who: as the sheet."""
    match = _readable_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    sheet = selectors.match_sheet(match)
    totals, numbers = chart_series(sheet_table(sheet))
    svg = progression_svg(
        sides=[s["label"] for s in sheet["sides"]],
        totals=totals,
        labels=numbers,
        title=f"Score progression, {match.game.name} #{match.pk}",
        target=_chart_target(match, totals),
    )
    return HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")


# -- deal entry and correction ------------------------------------------------------


def _form_table(match: Match) -> Table:
    return table_from_sides(selectors.match_sides(match))


def _deal_form_context(
    match: Match,
    game: Game,
    values: Any,
    errors: list[dict[str, str]],
) -> dict[str, Any]:
    schema = game.deal_schema()
    tree = build_form(schema, _form_table(match), values)
    fields_html, loose = render_form(tree, values, errors)
    cards = has_cards(tree)
    deck = game.deck_for(game.parse_options(match.options)) if cards else None
    return {
        "match": match,
        "game": game,
        "fields_html": fields_html,
        "form_errors": loose,
        "deck": deck_cards(deck),
        "deck_name": deck.name if deck else "",
    }


def _pending_deal(match: Match) -> dict[str, Any] | None:
    for row in selectors.match_sheet(match)["rows"]:
        if row["status"] in (DealStatus.PENDING, DealStatus.CONFLICT):
            return row
    return None


@login_required
@require_http_methods(["GET", "POST"])
def deal_new(request: HttpRequest, match_id: int) -> HttpResponse:
    """Enter the next deal (card entry with the card picker, or quick entry).

    Who: the match's scorers and the club admins (other readers 403, others 404).
    In a double-entry match, entering a deal that waits for confirmation again (a
    player of the other side) confirms it, or marks a conflict if it differs.
    """
    match = _scored_match(request, match_id)
    game = get_game(match.game_id)
    pending = _pending_deal(match) if match.double_entry else None
    next_number = (match.next_deal or {}).get("number")
    number = pending["number"] if pending else next_number
    values: Any = None
    errors: list[dict[str, str]] = []
    status = 200
    if request.method == "POST":
        tree = build_form(game.deal_schema(), _form_table(match))
        values = deal_from_post(tree, request.POST)
        try:
            posted_number = int(request.POST.get("number", ""))
        except ValueError:
            posted_number = number or 0
        try:
            deal = services.submit_deal(
                match=match, number=posted_number, input=values, by=request.user
            )
        except (InputRejected, DomainError) as exc:
            errors = _error_list(exc)
            status = 409 if getattr(exc, "status_code", 400) == 409 else 400
            match.refresh_from_db()
            next_number = (match.next_deal or {}).get("number")
            number = next_number
        else:
            word = {
                DealStatus.PENDING: "is waiting for a player of the other side "
                "to confirm it",
                DealStatus.CONFLICT: "differs from the first entry: "
                "correct it to settle",
            }.get(deal.status, "is on the sheet")
            messages.success(request, f"Deal {deal.number} {word}.")
            return redirect("scoring:sheet", match_id=match.pk)
    if number is None or not match.is_open:
        messages.info(request, "The match takes no more deals.")
        return redirect("scoring:sheet", match_id=match.pk)
    context = _deal_form_context(match, game, values, errors)
    context.update(
        {
            "number": number,
            "pending": pending,
            "mode": "new",
            "action": reverse("scoring:deal-new", kwargs={"match_id": match.pk}),
        }
    )
    return render(request, "scoring/deal_form.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def deal_correct(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """Correct deal ``number`` with a reason; later deals are re-scored.

    Who: the match's scorers and the club admins (other readers 403, others 404);
    once the match is finished or abandoned, club admins and overseers (a
    tournament's directors) only. The form starts from the deal as entered; its
    history is listed below.
    """
    match = _correctable_match(request, match_id)
    was_finished = match.status == MatchStatus.FINISHED
    try:
        deal = selectors.deal_get(match, number)
    except NotFound:
        raise Http404("no such deal") from None
    game = get_game(match.game_id)
    values: Any = deal.input
    errors: list[dict[str, str]] = []
    reason_form = ReasonForm(
        request.POST or None, initial={"base_version": deal.version}
    )
    status = 200
    if request.method == "POST":
        tree = build_form(game.deal_schema(), _form_table(match))
        values = deal_from_post(tree, request.POST)
        if reason_form.is_valid():
            try:
                services.correct_deal(
                    match=match,
                    number=number,
                    input=values,
                    base_version=reason_form.cleaned_data["base_version"],
                    reason=reason_form.cleaned_data["reason"],
                    by=request.user,
                )
            except (InputRejected, DomainError) as exc:
                errors = _error_list(exc)
                status = 409 if getattr(exc, "status_code", 400) == 409 else 400
            else:
                messages.success(request, f"Deal {number} corrected.")
                _say_if_reopened(request, match, was_finished)
                return redirect("scoring:sheet", match_id=match.pk)
        else:
            status = 400
    for error in errors:
        if error.get("path") in ("reason", "base_version"):
            reason_form.add_error(None, error["message"])
    context = _deal_form_context(match, game, values, errors)
    context.update(
        {
            "number": number,
            "deal": deal,
            "mode": "correct",
            "reason_form": reason_form,
            "void_form": ReasonForm(initial={"base_version": deal.version}),
            "revisions": selectors.deal_revisions(deal),
            "action": reverse(
                "scoring:deal-correct",
                kwargs={"match_id": match.pk, "number": number},
            ),
        }
    )
    return render(request, "scoring/deal_form.html", context, status=status)


@login_required
@require_POST
def deal_void(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """Void deal ``number`` (it stays on the sheet, struck through) with a reason.

    Who: as :func:`deal_correct`.
    """
    match = _correctable_match(request, match_id)
    was_finished = match.status == MatchStatus.FINISHED
    form = ReasonForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Say why the deal is voided.")
        return redirect("scoring:deal-correct", match_id=match.pk, number=number)
    try:
        services.void_deal(
            match=match,
            number=number,
            base_version=form.cleaned_data["base_version"],
            reason=form.cleaned_data["reason"],
            by=request.user,
        )
    except (InputRejected, DomainError) as exc:
        for error in _error_list(exc):
            messages.error(request, error["message"])
        return redirect("scoring:deal-correct", match_id=match.pk, number=number)
    messages.success(request, f"Deal {number} voided.")
    _say_if_reopened(request, match, was_finished)
    return redirect("scoring:sheet", match_id=match.pk)


def _say_if_reopened(request: HttpRequest, match: Match, was_finished: bool) -> None:
    match.refresh_from_db(fields=["status"])
    if was_finished and match.is_open:
        messages.warning(
            request,
            "The corrected sheet no longer decides the match (or a later deal is "
            "flagged): the match is open again. Play on or fix it, then finish it.",
        )


@login_required
@require_POST
def deal_confirm(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """Double entry: confirm a deal someone of the other side entered.

    Who: a seated player of another side than the enterer, member of the club (the
    service decides; refusals are shown on the sheet). Others who may not read the
    match: 404.
    """
    match = _match(request, match_id)
    try:
        services.confirm_deal(
            match=match,
            number=number,
            base_version=int(request.POST.get("base_version") or 0),
            by=request.user,
        )
    except (InputRejected, DomainError) as exc:
        for error in _error_list(exc):
            messages.error(request, error["message"])
    else:
        messages.success(request, f"Deal {number} confirmed.")
    return redirect("scoring:sheet", match_id=match.pk)


@login_required
@require_POST
def match_finish(request: HttpRequest, match_id: int) -> HttpResponse:
    """Close the book of a decided match. Who: its scorers and the club admins."""
    match = _scored_match(request, match_id)
    try:
        services.finish_match(match=match, by=request.user)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "The match is finished.")
    return redirect("scoring:sheet", match_id=match.pk)


@login_required
@require_POST
def match_abandon(request: HttpRequest, match_id: int) -> HttpResponse:
    """Stop a match before it is decided. Who: its scorers and the club admins."""
    match = _scored_match(request, match_id)
    form = AbandonForm(request.POST)
    form.is_valid()
    try:
        services.abandon_match(
            match=match, reason=form.cleaned_data.get("reason", ""), by=request.user
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "The match is abandoned; its deals stay as they are.")
    return redirect("scoring:sheet", match_id=match.pk)
