"""Downloads of one's data and a club's, and a player's erasure (GDPR Art. 15, 17,
20). Who: the club's admins for a club's data, a player of their club and its
erasure; any signed-in person for their own data. The JSON is what the management
commands write (scoring/portability/)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from scoring import permissions, selectors
from scoring.errors import DomainError, NotFound
from scoring.models import Club, PersonErasure, Player
from scoring.portability import club_export, erased_name, person_erase, person_export
from scoring.views._common import club_or_404


def _download(data: dict[str, Any], name: str) -> StreamingHttpResponse:
    chunks = json.JSONEncoder(ensure_ascii=False, indent=1).iterencode(data)
    response = StreamingHttpResponse(
        (chunk.encode() for chunk in chunks), content_type="application/json"
    )
    stamp = timezone.now().strftime("%Y-%m-%d")
    response["Content-Disposition"] = f'attachment; filename="{name}-{stamp}.json"'
    return response


def _managed_club(request: HttpRequest, club_id: int) -> Club:
    club = club_or_404(request, club_id)
    if not permissions.may_manage_club(request.user, club):
        raise PermissionDenied(gettext("only a club admin downloads the club's data"))
    return club


def _club_player(club: Club, player_id: int) -> Player:
    try:
        return selectors.club_player_get(club, player_id)
    except NotFound:
        raise Http404("no such player") from None


@login_required
@require_GET
def club_data(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's whole export (``manage.py club_export``), for its admins."""
    club = _managed_club(request, club_id)
    return _download(club_export(club=club), f"kirjuri-{club.slug}")


@login_required
@require_GET
def my_data(request: HttpRequest) -> HttpResponse:
    """Everything Kirjuri holds of the signed-in person, in every club."""
    return _download(person_export(user=request.user), "kirjuri-my-data")


@login_required
@require_GET
def player_data(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    """A player's data in this club, for the club's admins to hand over."""
    club = _managed_club(request, club_id)
    player = _club_player(club, player_id)
    return _download(
        person_export(player=player, club=club), f"kirjuri-{slugify(club.slug)}-player"
    )


@login_required
@require_http_methods(["GET", "POST"])
def player_erase(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    """GET: what erasure does and keeps, and a confirmation; POST: erase."""
    club = _managed_club(request, club_id)
    player = _club_player(club, player_id)
    error = ""
    if request.method == "POST":
        if request.POST.get("confirm") != "erase":
            error = gettext("Tick the box to confirm the erasure.")
        else:
            try:
                person_erase(player=player, club=club, by=request.user)
            except DomainError as exc:
                error = exc.message
            else:
                messages.success(
                    request,
                    gettext(
                        "The player was erased. Their results are kept as %(name)s."
                    )
                    % {"name": erased_name(player.pk, club.language or None)},
                )
                return redirect("scoring:players", club_id=club.pk)
    return render(
        request,
        "scoring/player_erase.html",
        {
            "club": club,
            "player": player,
            "placeholder": erased_name(player.pk, club.language or None),
            "erased": PersonErasure.objects.filter(player_id=player.pk).exists(),
            "error": error,
        },
    )
