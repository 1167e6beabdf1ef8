"""Ways around the site: your matches, a club's search.

Who: anyone signed in, each seeing only what the selectors let them read (matches of
their clubs and public matches; money of the clubs they manage).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring import permissions, selectors
from scoring.errors import NotFound
from scoring.models import Membership
from scoring.names import name_key

LIMIT = 50


def _listed(matches) -> list[dict]:
    return [
        {
            "match": m,
            "game": m.game.display_name,
            "score": list(
                zip(
                    [s["label"] for s in selectors.match_side_list(m)],
                    list(m.totals or []),
                    strict=False,
                )
            ),
        }
        for m in matches
    ]


@login_required
@require_GET
def my_matches(request: HttpRequest) -> HttpResponse:
    """The matches of your clubs, in progress first, the newest first."""
    member_of = Membership.objects.filter(
        player=permissions.player_of(request.user)
    ).values("club_id")
    matches = list(
        selectors.matches_visible_to(request.user)
        .filter(club_id__in=member_of)
        .order_by("-started_at", "-id")[:LIMIT]
    )
    return render(
        request,
        "scoring/matches.html",
        {
            "in_progress": _listed(m for m in matches if m.is_open),
            "closed": _listed(m for m in matches if not m.is_open),
        },
    )


@login_required
@require_GET
def club_search(request: HttpRequest, club_id: int) -> HttpResponse:
    """Players and matches of a club whose name (or game, or players) match ``q``:
    case and accents ignored for names."""
    try:
        club = selectors.club_get(request.user, club_id)
    except NotFound:
        raise Http404("no such club") from None
    q = request.GET.get("q", "").strip()[:80]
    found_players, found_matches = [], []
    if q:
        key = name_key(q)
        found_players = [
            p
            for p in selectors.club_player_list(club)
            if key in name_key(p.display_name)
        ]
        ids = [p.pk for p in found_players]
        found_matches = _listed(
            selectors.matches_visible_to(request.user)
            .filter(club=club)
            .filter(Q(seats__player_id__in=ids) | Q(game__name__icontains=q))
            .distinct()
            .order_by("-started_at", "-id")[:LIMIT]
        )
    return render(
        request,
        "scoring/search.html",
        {"club": club, "q": q, "players": found_players, "matches": found_matches},
    )
