"""Pages of the clubs: the list of one's clubs (and a new club), a club's page."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from scoring import permissions, selectors, services
from scoring.errors import DomainError, NotAllowed
from scoring.forms import PlayerForm
from scoring.models import MatchStatus
from scoring.views._common import club_or_404, error_list


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
            errors = error_list(exc)
        else:
            messages.success(
                request,
                gettext("%(name)s is open. You are its admin.") % {"name": club.name},
            )
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
    club = club_or_404(request, club_id)
    is_admin = permissions.may_manage_club(request.user, club)
    player_form = PlayerForm(request.POST or None) if is_admin else None
    if request.method == "POST" and request.POST.get("action") == "language":
        return _club_language_save(request, club)
    if request.method == "POST":
        if not is_admin:
            raise PermissionDenied(gettext("only a club admin adds players"))
        if player_form.is_valid():
            # The same answer whether the account exists or not (player_add).
            try:
                player = services.player_add(
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
                messages.success(
                    request,
                    gettext("%(display_name)s joined %(name)s.")
                    % {"display_name": player.display_name, "name": club.name},
                )
                return redirect("scoring:club", club_id=club.pk)
    matches = list(
        selectors.matches_visible_to(request.user)
        .filter(club=club)
        .order_by("-started_at", "-id")
    )
    listed = []
    for m in matches:
        labels = [side["label"] for side in selectors.match_side_list(m)]
        totals = list(m.totals or [0] * len(labels))
        listed.append(
            {
                "match": m,
                "game": m.game.display_name,
                "score": list(zip(labels, totals, strict=False)),
            }
        )
    return render(
        request,
        "scoring/club_detail.html",
        {
            "club": club,
            "memberships": selectors.club_membership_list(club),
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
            "languages": settings.LANGUAGES,
        },
        status=400 if request.method == "POST" else 200,
    )


def _club_language_save(request: HttpRequest, club) -> HttpResponse:
    """The club's default language (the club page's form; club admins only)."""
    try:
        services.club_set_language(
            club=club, language=request.POST.get("language", ""), by=request.user
        )
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from exc
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, gettext("The club's language is saved."))
    return redirect("scoring:club", club_id=club.pk)
