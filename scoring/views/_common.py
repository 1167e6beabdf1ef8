"""Access to a page's club or match (404 for what the user may not read, 403 for
what they may not do) and the errors shown next to fields."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.text import capfirst
from django.utils.translation import gettext

from config.translation import localized_errors
from games.engine import InputRejected, UnknownGame, get_game
from scoring import permissions, selectors
from scoring.errors import DomainError, NotFound
from scoring.models import Match


def club_or_404(request: HttpRequest, club_id: int):
    try:
        return selectors.club_get(request.user, club_id)
    except NotFound:
        raise Http404("no such club") from None


def match_or_404(request: HttpRequest, match_id: int) -> Match:
    try:
        return selectors.match_get(request.user, match_id)
    except NotFound:
        raise Http404("no such match") from None


def readable_match(request: HttpRequest, match_id: int) -> Match | HttpResponse:
    """The match if the user may read it; anonymous visitors are asked to log in."""
    try:
        return selectors.match_get(request.user, match_id)
    except NotFound:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise Http404("no such match") from None


def scored_match(request: HttpRequest, match_id: int) -> Match:
    match = match_or_404(request, match_id)
    if not permissions.may_score(request.user, match):
        raise PermissionDenied(gettext("you do not score this match"))
    return match


def correctable_match(request: HttpRequest, match_id: int) -> Match:
    """As :func:`scored_match`; a closed match only for club admins and overseers."""
    match = scored_match(request, match_id)
    if not match.is_open and not permissions.may_correct_closed(request.user, match):
        raise PermissionDenied(
            gettext("the match is %(status)s: only a club admin may correct it now")
            % {"status": match.get_status_display()}
        )
    return match


def error_list(exc: Exception) -> list[dict[str, str]]:
    if isinstance(exc, InputRejected):
        # The engine's rule errors in the reader's language.
        return localized_errors(exc.as_list())
    if isinstance(exc, DomainError):
        return [{"path": exc.path, "code": exc.code, "message": exc.message}]
    raise exc


def entry_word(match: Match) -> str:
    """What one entry of ``match``'s sheet is called, capitalized, in the reader's
    language: "Deal", "Turn" (darts), "End" (petanque), "Game" (Go)."""
    try:
        word = get_game(match.game_id).deal_word
    except UnknownGame:
        word = "deal"
    return capfirst(gettext(word))
