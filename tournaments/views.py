"""Tournament pages: the public page (no login once published) with its standings
fragment, an entry's history, and the director's page. Each view reads through
:mod:`tournaments.selectors` or calls one :mod:`tournaments.services` function; a
domain error is shown as a message on the page it came from."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from config.api import DomainError
from games.engine import InputRejected
from scoring import selectors as scoring_selectors
from tournaments import permissions, selectors, services
from tournaments.models import Entry, Round, Stage, StageFormat, Tournament


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
            placement = [
                int(p)
                for p in request.POST.get("placement", "").split(",")
                if p.strip()
            ]
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
        {"clubs": clubs, "formats": StageFormat.choices},
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
        elif action == "prizes":
            percent = post.get("house_fee_percent", "").strip()
            services.prize_terms_set(
                tournament=tournament,
                structure={
                    "kind": "percentages",
                    "percentages": [
                        p.strip() for p in post["percentages"].split(",") if p.strip()
                    ],
                },
                house_fee={"percent": percent} if percent else None,
                by=by,
            )
            messages.success(request, "Payout structure saved")
        else:
            messages.error(request, "unknown action")
    except DomainError as error:
        messages.error(request, error.message)
    except (KeyError, ValueError):
        messages.error(request, "the form was incomplete")
    return redirect("tournaments:manage", tournament_id=tournament.pk)
