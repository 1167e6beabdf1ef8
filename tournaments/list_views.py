"""``/tournaments/``: the tournaments you may read, per club — upcoming (open),
running and finished (closed). ``?club=<id>`` keeps one club (the club page links
there). Who: anyone; published tournaments for all, a club's drafts for its
members and directors (:func:`tournaments.selectors.tournaments_visible_to`)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from tournaments import selectors
from tournaments.models import TournamentStatus

SECTIONS = (
    (TournamentStatus.OPEN, gettext_lazy("Upcoming")),
    (TournamentStatus.RUNNING, gettext_lazy("Running")),
    (TournamentStatus.CLOSED, gettext_lazy("Finished")),
)


@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = selectors.tournaments_visible_to(request.user).order_by(
        "club__name", "-created_at", "-id"
    )
    club_id = request.GET.get("club", "")
    if club_id.isascii() and club_id.isdigit():
        tournaments = tournaments.filter(club_id=int(club_id))
    clubs: dict[int, dict] = {}
    for t in tournaments:
        club = clubs.setdefault(
            t.club_id,
            {"club": t.club, "sections": {s: [] for s, _ in SECTIONS}},
        )
        club["sections"][t.status].append(t)
    listed = [
        {
            "club": c["club"],
            "sections": [(label, c["sections"][s]) for s, label in SECTIONS],
        }
        for c in clubs.values()
    ]
    return render(
        request,
        "tournaments/list.html",
        {"clubs": listed, "one_club": club_id.isascii() and club_id.isdigit()},
    )
