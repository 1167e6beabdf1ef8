"""Tournament pages: the public page (no login once published) with its standings
fragment, an entry's history, and the director's page. Each view reads through
:mod:`tournaments.selectors` or calls one :mod:`tournaments.services` function; a
domain error is shown as a message on the page it came from."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from config.api import DomainError
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
from scoring.models import MatchStatus
from tournaments import permissions, seeding, selectors, services
from tournaments.models import (
    Entry,
    Round,
    RoundStatus,
    Stage,
    StageFormat,
    Table,
    Tournament,
)


def _readable(request: HttpRequest, tournament_id: int) -> Tournament:
    try:
        return selectors.tournament_get(request.user, tournament_id)
    except DomainError:
        raise Http404("no such tournament") from None


def tournament_public(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _readable(request, tournament_id)
    return render(
        request,
        "tournaments/public.html",
        {
            "tournament": tournament,
            "stages": selectors.tournament_overview(tournament),
            "standings": selectors.standings_view(tournament),
            "entries": tournament.entries.order_by("seed"),
            "is_director": permissions.may_direct(request.user, tournament),
        },
    )


def standings_fragment(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings block alone, polled by the public page every few seconds."""
    tournament = _readable(request, tournament_id)
    return render(
        request,
        "tournaments/_standings.html",
        {"tournament": tournament, "standings": selectors.standings_view(tournament)},
    )


def entry_history(
    request: HttpRequest, tournament_id: int, entry_id: int
) -> HttpResponse:
    tournament = _readable(request, tournament_id)
    entry = Entry.objects.filter(tournament=tournament, pk=entry_id).first()
    if entry is None:
        raise Http404("no such entry")
    return render(
        request,
        "tournaments/entry.html",
        {
            "tournament": tournament,
            "entry": entry,
            "history": selectors.entry_history(tournament, entry),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    clubs = scoring_selectors.clubs_for(request.user)
    if request.method == "POST":
        try:
            club = scoring_selectors.club_get(request.user, int(request.POST["club"]))
            settings = _posted_settings(request.POST)
            placement = services.placement_from_text(request.POST.get("placement", ""))
            tiebreaks = [
                k.strip() for k in request.POST.get("tiebreaks", "").split(",")
            ]
            tournament = services.tournament_create(
                club=club,
                name=request.POST.get("name", ""),
                game=request.POST.get("game", ""),
                format=request.POST.get("format", StageFormat.SWISS),
                stage_settings=settings,
                tiebreaks=[k for k in tiebreaks if k] or None,
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
            "formats": StageFormat.choices,
            "games": [(g.slug, g.name) for g in all_games()],
            "chosen_game": request.POST.get("game", ""),
        },
    )


# Stage settings as the forms post them: whole numbers, tick boxes, choices. Only
# what the director filled in is passed on; the service checks it for the format.
_NUMBER_SETTINGS = (
    "rounds",
    "groups",
    "best_of",
    "next_best",
    "deals_per_stanza",
    "table_size",
)
_TICK_SETTINGS = ("double", "third_place")


def _posted_settings(post) -> dict[str, object]:
    settings: dict[str, object] = {}
    for key in _NUMBER_SETTINGS:
        if post.get(key, "").strip():
            settings[key] = int(post[key])
    for key in _TICK_SETTINGS:
        if post.get(key):
            settings[key] = True
    if post.get("kind"):
        settings["kind"] = post["kind"]
    # A knockout's own standings metrics, comma-separated.
    keys = [k.strip() for k in post.get("stage_tiebreaks", "").split(",")]
    if any(keys):
        settings["tiebreaks"] = [k for k in keys if k]
    return settings


def _directed(request: HttpRequest, tournament_id: int) -> Tournament:
    tournament = _readable(request, tournament_id)
    if not permissions.may_direct(request.user, tournament):
        raise Http404("no such tournament")
    return tournament


@login_required
def tournament_manage(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _directed(request, tournament_id)
    return render(
        request,
        "tournaments/manage.html",
        {
            "tournament": tournament,
            "stages": selectors.tournament_overview(tournament, director=True),
            "entries": tournament.entries.order_by("seed"),
            "standings": selectors.standings_view(tournament),
            "formats": StageFormat.choices,
        },
    )


def _round(tournament: Tournament, request: HttpRequest) -> Round:
    round_ = Round.objects.filter(
        stage__tournament=tournament, pk=int(request.POST["round"])
    ).first()
    if round_ is None:
        raise Http404("no such round")
    return round_


@login_required
@require_POST
def tournament_act(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One director action from the manage page (the ``action`` field)."""
    tournament = _directed(request, tournament_id)
    action = request.POST.get("action", "")
    by = request.user
    post = request.POST
    try:
        if action == "entries":
            added = services.entries_add(
                tournament=tournament, names=post.get("names", ""), by=by
            )
            messages.success(request, f"{len(added)} entries added")
        elif action == "generate":
            stage = Stage.objects.filter(
                tournament=tournament, pk=int(post["stage"])
            ).first()
            if stage is None:
                raise Http404("no such stage")
            round_ = services.round_generate(stage=stage, by=by)
            messages.success(request, f"Round {round_.number} generated")
        elif action == "stage":
            source = None
            if post.get("source_stage"):
                source = Stage.objects.filter(
                    tournament=tournament, pk=int(post["source_stage"])
                ).first()
                if source is None:
                    raise Http404("no such stage")
            top_n = post.get("source_top_n", "").strip()
            stage = services.stage_add(
                tournament=tournament,
                format=post.get("format", ""),
                settings=_posted_settings(post),
                name=post.get("name", ""),
                source_stage=source,
                source_top_n=int(top_n) if top_n else None,
                by=by,
            )
            messages.success(request, f"Stage {stage.name} added")
        elif action == "swap":
            services.round_adjust(
                round=_round(tournament, request),
                swaps=[(int(post["a"]), int(post["b"]))],
                by=by,
            )
        elif action in ("start", "lock", "unlock"):
            service = {
                "start": services.round_start,
                "lock": services.round_lock,
                "unlock": services.round_unlock,
            }[action]
            service(round=_round(tournament, request), by=by)
        elif action == "seed_by_rating":
            ordered = seeding.entries_seed_by_rating(tournament=tournament, by=by)
            messages.success(
                request, "Seeded by rating: " + ", ".join(e.name for e in ordered)
            )
        elif action == "withdraw":
            entry = Entry.objects.filter(
                tournament=tournament, pk=int(post["entry"])
            ).first()
            if entry is None:
                raise Http404("no such entry")
            services.entry_withdraw(entry=entry, reason=post.get("reason", ""), by=by)
        elif action in ("publish", "unpublish"):
            services.tournament_publish(
                tournament=tournament, published=action == "publish", by=by
            )
        elif action == "close":
            services.tournament_close(tournament=tournament, by=by)
        else:
            messages.error(request, "unknown action")
    except DomainError as error:
        messages.error(request, error.message)
    except (KeyError, ValueError):
        messages.error(request, "the form was incomplete")
    return redirect("tournaments:manage", tournament_id=tournament.pk)


def _error_list(exc: Exception) -> list[dict[str, str]]:
    if isinstance(exc, InputRejected):
        return exc.as_list()
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
        messages.error(request, f"Table {table.number} has not started yet.")
        return redirect("tournaments:manage", tournament_id=tournament.pk)
    game = get_game(match.game_id)
    form_table = table_from_sides(scoring_selectors.match_sides(match))
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
            values = deal_from_post(build_form(game.deal_schema(), form_table), source)
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
            errors = _error_list(exc)
            status = 409 if getattr(exc, "status_code", 400) == 409 else 400
            if status == 409 and deal is not None:
                # Someone changed the deal meanwhile: show it as it is now.
                deal.refresh_from_db()
                values, base_version = deal.input, deal.version
        else:
            messages.success(
                request,
                f"Table {table.number}, deal {number} "
                f"{'voided' if void else 'corrected'}; the standings follow.",
            )
            match.refresh_from_db(fields=["status"])
            if was_finished and match.is_open:
                messages.warning(
                    request,
                    f"Table {table.number} is no longer decided: its match is open "
                    "again until it is finished.",
                )
            return redirect("tournaments:manage", tournament_id=tournament.pk)
    fields_html, loose = ("", [])
    cards = False
    if deal is not None:
        tree = build_form(game.deal_schema(), form_table, values)
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
            "sheet": scoring_selectors.match_sheet(match),
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
