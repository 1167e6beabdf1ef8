"""A signed-in player's own games and results.

Who: anyone signed in; each sees the matches their own player sat in (an account
with no player sees an empty page that says so), and the clubs' invitations
addressed to their account, to accept or decline.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring import permissions, selectors


@login_required
@require_GET
def my_games(request: HttpRequest) -> HttpResponse:
    """My games: every match I sat in, newest first, my side's total and the
    outcome; a tally of wins."""
    games = selectors.player_game_list(request.user)
    return render(
        request,
        "scoring/my_games.html",
        {
            "player": permissions.player_of(request.user),
            "invitations": selectors.invitation_pending_list(request.user),
            "games": games,
            "tally": {
                key: sum(1 for g in games if g["outcome"] == outcome)
                for key, outcome in (
                    ("won", "won"),
                    ("shared", "shared"),
                    ("lost", "lost"),
                    ("open", "in progress"),
                )
            },
        },
    )
