"""Tournament pages: the public page (no login once published) with its standings
fragment, an entry's history, and the director's page. Each view reads through
:mod:`tournaments.selectors` or calls one :mod:`tournaments.services` function; a
domain error is shown as a message on the page it came from."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from config.api import DomainError
from config.collation import sorted_by_name
from config.translation import localized_errors
from games.engine import InputRejected, all_games, get_game
from scoring import selectors as scoring_selectors
from scoring.deal_forms import (
    build_form,
    deal_from_post,
    deck_cards,
    has_cards,
    render_form,
    table_from_sides,
)
from scoring.live import live_etag, live_shared, live_tagged, live_unchanged
from scoring.models import MatchStatus
from scoring.story import table_namer
from tournaments import permissions, selectors, services
from tournaments.actions import ACTIONS, posted_settings, posted_tiebreaks
from tournaments.models import (
    Entry,
    RoundStatus,
    StageFormat,
    Table,
    Tournament,
)
from tournaments.page_params import (
    PAGE_PARAMS,
    BadParam,
    PageParams,
    page_params_read,
)
from tournaments.templatetags.tournament_pages import url_template


def _readable(request: HttpRequest, tournament_id: int) -> Tournament:
    try:
        return selectors.tournament_get(request.user, tournament_id)
    except DomainError:
        raise Http404("no such tournament") from None


def _bad_param(error: BadParam) -> HttpResponse:
    """A malformed query parameter: a 400 naming it, in the reader's language."""
    return HttpResponse(
        f"{error.field}: {error.message}",
        status=400,
        content_type="text/plain; charset=utf-8",
    )


def _links(tournament: Tournament) -> dict[str, str]:
    """The rows' links, reversed once for the page (see ``with_id``)."""
    return {
        "entry_url": url_template(
            "tournaments:entry", tournament_id=tournament.pk, entry_id=0
        ),
        "sheet_url": url_template("scoring:sheet", match_id=0),
        "correct_url": url_template(
            "tournaments:table-correct", tournament_id=tournament.pk, table_id=0
        ),
    }


def _standings_page(tournament: Tournament, params: PageParams) -> dict[str, Any]:
    return selectors.standings_page_get(
        selectors.standings_view_get(tournament),
        query=params.query,
        page=params.standings,
        per_page=selectors.STANDINGS_PER_PAGE,
    )


def tournament_public(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The public page; live (its standings, rounds and bracket are read again
    every second by ``static/js/live.js``: a 304 while nothing has changed).

    Sized for a phone (issue 32): the round being played (``?stage=&round=`` picks
    another), a page of its tables (``?tables=``), a page of the standings
    (``?standings=``) and of the entries (``?entries=``); ``?q=`` finds names (or
    a table's number) in all three."""
    tournament = _readable(request, tournament_id)
    try:
        params = page_params_read(request.GET)
    except BadParam as error:
        return _bad_param(error)
    etag = live_etag(
        request,
        ("public", *params.stamp(), *selectors.tournament_live_stamp_get(tournament)),
    )
    unchanged = live_unchanged(request, etag)
    if unchanged is not None:
        return unchanged

    # Rendered once per change for every anonymous reader (scoring.live); each
    # address (its page parameters) has its own kept copy.
    def page() -> HttpResponse:
        try:
            shown = selectors.tournament_page_get(
                tournament,
                stage_id=params.stage,
                round_number=params.round,
                query=params.query,
                page=params.tables,
                per_page=selectors.TABLES_PER_PAGE,
            )
        except selectors.NoSuchRound:
            raise Http404("no such round") from None
        return render(
            request,
            "tournaments/public.html",
            {
                "tournament": tournament,
                "page": shown,
                "standings": _standings_page(tournament, params),
                "entries": selectors.entry_page_get(
                    tournament,
                    query=params.query,
                    page=params.entries,
                    per_page=selectors.ENTRIES_PER_PAGE,
                ),
                "params": params,
                "is_director": permissions.may_direct(request.user, tournament),
                "live_etag": etag,
                **_links(tournament),
            },
        )

    return live_shared(request, etag, page)


def standings_fragment(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings block alone (a 304 while nothing has changed); ``?q=`` and
    ``?standings=`` as on the public page."""
    tournament = _readable(request, tournament_id)
    try:
        params = page_params_read(request.GET)
    except BadParam as error:
        return _bad_param(error)
    etag = live_etag(
        request,
        (
            "standings",
            *params.stamp(),
            *selectors.tournament_live_stamp_get(tournament),
        ),
    )
    unchanged = live_unchanged(request, etag)
    if unchanged is not None:
        return unchanged
    return live_shared(
        request,
        etag,
        lambda: render(
            request,
            "tournaments/_standings.html",
            {
                "tournament": tournament,
                "standings": _standings_page(tournament, params),
                "params": params,
                **_links(tournament),
            },
        ),
    )


def tournament_room(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The room screen for a projector: the round's pairings and the standings in
    turn, the round's clock and the latest results, in big type. Who: as the
    public page (anyone once published). Live like the public page. A big round's
    tables come a screenful at a time: ``?tables=2`` on a second projector."""
    tournament = _readable(request, tournament_id)
    try:
        params = page_params_read(request.GET)
    except BadParam as error:
        return _bad_param(error)
    # ``?rotate=`` is not in the tag: the poll reads the address without it (the
    # live region's URL) and must find the projector's copy unchanged. Each
    # address has its own kept copy (scoring.live: the key names the address).
    rotate = _rotate_seconds(request)
    etag = live_etag(
        request,
        ("room", params.tables, *selectors.tournament_live_stamp_get(tournament)),
    )
    unchanged = live_unchanged(request, etag)
    if unchanged is not None:
        return unchanged
    return live_shared(
        request,
        etag,
        lambda: render(
            request,
            "tournaments/room.html",
            {
                "tournament": tournament,
                "room": selectors.tournament_room_get(tournament, page=params.tables),
                "live_etag": etag,
                "rotate_seconds": rotate,
            },
        ),
    )


def _rotate_seconds(request: HttpRequest) -> int:
    """``?rotate=`` seconds between the pairings and the standings (5–120, 15)."""
    try:
        return min(max(int(request.GET.get("rotate", "15")), 5), 120)
    except ValueError:
        return 15


def entry_history(
    request: HttpRequest, tournament_id: int, entry_id: int
) -> HttpResponse:
    """An entry's page, the player's view on a phone: their latest table first,
    their standing and the top of the standings, then every game round by round."""
    tournament = _readable(request, tournament_id)
    entry = Entry.objects.filter(tournament=tournament, pk=entry_id).first()
    if entry is None:
        raise Http404("no such entry")
    standings = selectors.standings_view_get(tournament)
    return render(
        request,
        "tournaments/entry.html",
        {
            "tournament": tournament,
            "entry": entry,
            "history": selectors.entry_history_get(tournament, entry),
            # a player's phone (issue 32): their standing and the top of the table
            "standing": selectors.entry_standing_get(standings, entry.pk, top=10),
            **_links(tournament),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    clubs = scoring_selectors.clubs_for(request.user)
    if request.method == "POST":
        try:
            club = scoring_selectors.club_get(request.user, int(request.POST["club"]))
            settings = posted_settings(request.POST)
            placement = services.placement_parse(request.POST.get("placement", ""))
            tournament = services.tournament_create(
                club=club,
                name=request.POST.get("name", ""),
                game=request.POST.get("game", ""),
                format=request.POST.get("format", StageFormat.SWISS),
                stage_settings=settings,
                tiebreaks=posted_tiebreaks(request.POST),
                points={"placement": placement} if placement else None,
                by=request.user,
            )
        except (DomainError, InputRejected, KeyError, ValueError) as error:
            messages.error(request, getattr(error, "message", str(error)))
        else:
            return redirect("tournaments:manage", tournament_id=tournament.pk)
    return render(
        request,
        "tournaments/new.html",
        {
            "clubs": clubs,
            "formats": selectors.format_choice_list(),
            "metrics": selectors.metric_choice_list(),
            "games": sorted_by_name(
                [(g.slug, gettext(g.name)) for g in all_games()], lambda g: g[1]
            ),
            "chosen_game": request.POST.get("game", ""),
            "chosen_format": request.POST.get("format", StageFormat.SWISS),
        },
    )


def _directed(request: HttpRequest, tournament_id: int) -> Tournament:
    tournament = _readable(request, tournament_id)
    if not permissions.may_direct(request.user, tournament):
        raise Http404("no such tournament")
    return tournament


@login_required
def tournament_manage(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The director's page: the round being played (or ``?stage=&round=``), its
    tables 50 a page with those needing attention first (``?tables=``), the
    standings and the entries a page at a time; ``?q=`` finds names or a table's
    number."""
    tournament = _directed(request, tournament_id)
    try:
        params = page_params_read(request.GET)
    except BadParam as error:
        return _bad_param(error)
    # Live: its rounds and standings are read again like the public page's, and
    # its round generation jobs until they are done.
    generations = selectors.tournament_generation_list(tournament)
    etag = live_etag(
        request,
        (
            "manage",
            *params.stamp(),
            *selectors.tournament_live_stamp_get(tournament),
            tuple((job.pk, job.status) for job in generations),
        ),
    )
    unchanged = live_unchanged(request, etag)
    if unchanged is not None:
        return unchanged
    try:
        page = selectors.tournament_page_get(
            tournament,
            director=True,
            stage_id=params.stage,
            round_number=params.round,
            query=params.query,
            page=params.tables,
            per_page=selectors.TABLES_PER_PAGE,
            attention_first=True,
        )
    except selectors.NoSuchRound:
        raise Http404("no such round") from None
    response = render(
        request,
        "tournaments/manage.html",
        {
            "tournament": tournament,
            "page": page,
            "entries": selectors.entry_page_get(
                tournament,
                query=params.query,
                page=params.entries,
                per_page=selectors.ENTRIES_PER_PAGE,
            ),
            "standings": _standings_page(tournament, params),
            "formats": selectors.format_choice_list(),
            "metrics": selectors.metric_choice_list(),
            "generations": generations,
            "params": params,
            # the actions' form posts to this, so the director comes back here
            "act": reverse("tournaments:act", kwargs={"tournament_id": tournament.pk})
            + _page_query(request),
            "live_etag": etag,
            **_links(tournament),
        },
    )
    return live_tagged(response, etag, request)


@login_required
@require_POST
def tournament_act(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One director action from the manage page: the ``action`` field names it in
    :data:`tournaments.actions.ACTIONS` (one service each). The director comes back
    to the round, search and pages they acted from (the form's address carries
    them), except after an action that makes something new (a round, a stage,
    entries), which the page then shows."""
    tournament = _directed(request, tournament_id)
    name = request.POST.get("action", "")
    action = ACTIONS.get(name)
    if action is None:
        messages.error(request, gettext("unknown action"))
        return redirect("tournaments:manage", tournament_id=tournament.pk)
    try:
        message = action(tournament, request.POST, request.user)
    except DomainError as error:
        messages.error(request, error.message)
    except (KeyError, ValueError):
        messages.error(request, gettext("the form was incomplete"))
    else:
        if message:
            messages.success(request, message)
    back = reverse("tournaments:manage", kwargs={"tournament_id": tournament.pk})
    if name in _ACTIONS_THAT_MAKE:
        return redirect(back)
    return redirect(back + _page_query(request))


#: Actions after which the director's page shows what was made, not the old view.
_ACTIONS_THAT_MAKE = frozenset({"generate", "stage", "entries"})


def _page_query(request: HttpRequest) -> str:
    """``?…`` of the page's own parameters in ``request``'s query ("" if none or
    if one is malformed: then the page as it opens)."""
    try:
        page_params_read(request.GET)
    except BadParam:
        return ""
    kept = QueryDict(mutable=True)
    for key in PAGE_PARAMS:
        if request.GET.get(key):
            kept[key] = request.GET[key]
    return f"?{kept.urlencode()}" if kept else ""


def _error_list(exc: Exception, name: Any = None) -> list[dict[str, str]]:
    if isinstance(exc, InputRejected):
        # The engine's rule errors in the reader's language (``name``: how a seat
        # or side reads, where the page knows the players).
        return localized_errors(exc.as_list(), name=name)
    return [{"path": exc.path, "code": exc.code, "message": exc.message}]


@login_required
@require_http_methods(["GET", "POST"])
def table_correct(
    request: HttpRequest, tournament_id: int, table_id: int
) -> HttpResponse:
    """Correct a deal of one table: pick the deal, edit it (or void it), say why.

    Who: the tournament's directors (and its club's admins); anyone else 404. The
    deal's form is generated from the game's deal schema, as on the score sheet's
    correction page. Works on a finished table too; a locked round must be unlocked
    first. ``?deal=n`` (or the posted ``number``) chooses the deal.
    """
    tournament = _directed(request, tournament_id)
    table = (
        Table.objects.filter(round__stage__tournament=tournament, pk=table_id)
        .select_related("round__stage", "match")
        .first()
    )
    if table is None:
        raise Http404("no such table")
    match = table.match
    if match is None:
        messages.error(
            request,
            gettext("Table %(number)s has not started yet.") % {"number": table.number},
        )
        return redirect("tournaments:manage", tournament_id=tournament.pk)
    game = get_game(match.game_id)
    sides = scoring_selectors.match_side_list(match)
    form_table = table_from_sides(sides)
    source = request.POST if request.method == "POST" else request.GET
    try:
        number = int(source.get("number") or source.get("deal") or 0)
    except ValueError:
        number = 0
    deal = match.deals.filter(number=number).first() if 0 < number < 2**31 else None
    values = deal.input if deal else None
    base_version = deal.version if deal else 0
    errors: list[dict[str, str]] = []
    reason = ""
    status = 200
    if request.method == "POST":
        was_finished = match.status == MatchStatus.FINISHED
        void = bool(source.get("void"))
        if not void:
            values = deal_from_post(
                build_form(
                    scoring_selectors.match_deal_schema_get(match, sides), form_table
                ),
                source,
            )
        reason = source.get("reason", "")
        try:
            base_version = int(source.get("base_version", ""))
        except ValueError:
            base_version = 0
        try:
            if void:
                services.table_deal_void(
                    table=table,
                    number=number,
                    base_version=base_version,
                    reason=reason,
                    by=request.user,
                )
            else:
                services.table_deal_correct(
                    table=table,
                    number=number,
                    input=values,
                    base_version=base_version,
                    reason=reason,
                    by=request.user,
                )
        except (InputRejected, DomainError) as exc:
            namer = table_namer(
                form_table.side_labels, dict(enumerate(form_table.seat_labels))
            )
            errors = _error_list(exc, namer)
            status = 409 if getattr(exc, "status_code", 400) == 409 else 400
            if status == 409 and deal is not None:
                # Someone changed the deal meanwhile: show it as it is now.
                deal.refresh_from_db()
                values, base_version = deal.input, deal.version
        else:
            messages.success(
                request,
                (
                    gettext(
                        "Table %(table)s, deal %(deal)s voided; the standings follow."
                    )
                    if void
                    else gettext(
                        "Table %(table)s, deal %(deal)s corrected; the standings "
                        "follow."
                    )
                )
                % {"table": table.number, "deal": number},
            )
            match.refresh_from_db(fields=["status"])
            if was_finished and match.is_open:
                messages.warning(
                    request,
                    gettext(
                        "Table %(number)s is no longer decided: its match is open "
                        "again until it is finished."
                    )
                    % {"number": table.number},
                )
            return redirect("tournaments:manage", tournament_id=tournament.pk)
    fields_html, loose = ("", [])
    cards = False
    if deal is not None:
        tree = build_form(
            scoring_selectors.match_deal_schema_get(match, sides), form_table, values
        )
        fields_html, loose = render_form(tree, values, errors)
        cards = has_cards(tree)
    else:
        loose = errors
    locked = table.round.status in (RoundStatus.LOCKED, RoundStatus.FINISHED)
    return render(
        request,
        "tournaments/correct.html",
        {
            "tournament": tournament,
            "table": table,
            "match": match,
            "game": game,
            "sheet": scoring_selectors.match_sheet_get(match),
            "deal": deal,
            "number": number,
            "base_version": base_version,
            "fields_html": fields_html,
            "form_errors": [e for e in loose if e.get("path") != "reason"],
            "reason": reason,
            "reason_errors": [e for e in errors if e.get("path") == "reason"],
            "locked": locked,
            "deck": deck_cards(game.deck) if cards else [],
            "deck_name": game.deck.name if cards and game.deck else "",
            "action": reverse(
                "tournaments:table-correct",
                kwargs={"tournament_id": tournament.pk, "table_id": table.pk},
            ),
        },
        status=status,
    )
