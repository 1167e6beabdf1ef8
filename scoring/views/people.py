"""Pages of the club's people: the players list (search, add, invite an existing
account, guests, merge) and a player's edit page (rename, short name, retire).

Merging two players takes two steps: the list's *Merge* shows a confirmation page
(what moves: matches, deals, the ratings recomputed, the account) and only its
*Merge* button (``action=merge_confirm``) calls the service.

Who: members of the club read the list (others: 404); only club admins see and
post the forms (others: 403). Every write is one call to
:mod:`scoring.services.players`; its errors are shown next to the field their path
names.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from config.collation import sorted_by_name
from games.models import CatalogueEntry
from scoring import permissions, selectors, services
from scoring.errors import DomainError, NotFound
from scoring.forms import AddAccountForm, AddPlayerForm, MergeForm, RenameForm
from scoring.localtime import season_of
from scoring.services.invitations import SENT_ANSWER


def _club(request: HttpRequest, club_id: int):
    try:
        return selectors.club_get(request.user, club_id)
    except NotFound:
        raise Http404("no such club") from None


def _place(form, exc: DomainError) -> None:
    form.add_error(exc.path if exc.path in form.fields else None, exc.message)


@login_required
@require_http_methods(["GET", "POST"])
def club_players(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _club(request, club_id)
    is_admin = permissions.may_manage_club(request.user, club)
    if request.method == "POST" and not is_admin:
        raise PermissionDenied(gettext("only a club admin manages players"))
    action = request.POST.get("action", "")
    memberships = selectors.club_membership_list(club).select_related("player__user")
    choices = [
        (m.player_id, f"{m.player.display_name} (#{m.player_id})") for m in memberships
    ]
    post = request.POST if request.method == "POST" else None
    add = AddPlayerForm(post if action == "add" else None, prefix="add")
    account = AddAccountForm(post if action == "account" else None, prefix="acc")
    # "merge" shows what would move (the confirmation page); "merge_confirm", the
    # confirmation page's button, merges.
    merge = MergeForm(
        post if action in ("merge", "merge_confirm") else None,
        prefix="merge",
        choices=choices,
    )
    similar = []
    if post is not None:
        try:
            if action == "add" and add.is_valid():
                d = add.cleaned_data
                player = services.player_add(
                    club=club,
                    display_name=d["display_name"],
                    role=d["role"],
                    guest=d["guest"],
                    allow_duplicate=d["allow_duplicate"],
                    by=request.user,
                )
                messages.success(
                    request,
                    gettext("%(display_name)s joined %(name)s.")
                    % {"display_name": player.display_name, "name": club.name},
                )
                return redirect("scoring:players", club_id=club.pk)
            if action == "account" and account.is_valid():
                # The same answer whether the username exists or not (and
                # whether anything was sent): see services.invitation_send.
                services.invitation_send(
                    club=club,
                    username=account.cleaned_data["username"],
                    role=account.cleaned_data["role"],
                    by=request.user,
                )
                messages.success(request, str(SENT_ANSWER) % {"name": club.name})
                return redirect("scoring:players", club_id=club.pk)
            if action == "merge" and merge.is_valid():
                by_id = {m.player_id: m.player for m in memberships}
                keep = by_id[merge.cleaned_data["keep"]]
                merged = by_id[merge.cleaned_data["merge"]]
                services.player_merge_check(
                    club=club, keep=keep, merge=merged, by=request.user
                )
                return render(
                    request,
                    "scoring/merge_confirm.html",
                    {
                        "club": club,
                        "preview": selectors.player_merge_preview(
                            keep=keep, merge=merged
                        ),
                    },
                )
            if action == "merge_confirm" and merge.is_valid():
                by_id = {m.player_id: m.player for m in memberships}
                record = services.player_merge(
                    club=club,
                    keep=by_id[merge.cleaned_data["keep"]],
                    merge=by_id[merge.cleaned_data["merge"]],
                    by=request.user,
                )
                messages.success(
                    request,
                    gettext("%(merged_name)s merged into %(display_name)s.")
                    % {
                        "merged_name": record.merged_name,
                        "display_name": record.kept.display_name,
                    },
                )
                return redirect("scoring:players", club_id=club.pk)
        except DomainError as exc:
            form = {
                "add": add,
                "account": account,
                "merge": merge,
                "merge_confirm": merge,
            }[action]
            _place(form, exc)
            similar = (
                (exc.extra or {}).get("similar", [])
                if exc.code == "near_duplicate"
                else []
            )
    q = request.GET.get("q", "").strip()
    listed = memberships
    if q:
        listed = listed.filter(
            Q(player__display_name__icontains=q) | Q(player__short_name__icontains=q)
        )
    return render(
        request,
        "scoring/players.html",
        {
            "club": club,
            "q": q,
            "active": [m for m in listed if not m.retired_at and not m.is_guest],
            "guests": [m for m in listed if not m.retired_at and m.is_guest],
            "retired": [m for m in listed if m.retired_at],
            "is_admin": is_admin,
            "add_form": add,
            "account_form": account,
            "merge_form": merge,
            "similar": similar,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def player_edit(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    club = _club(request, club_id)
    try:
        player = selectors.club_player_get(club, player_id)
    except NotFound:
        raise Http404("no such player") from None
    if not permissions.may_manage_club(request.user, club):
        raise PermissionDenied(gettext("only a club admin edits players"))
    membership = player.memberships.get(club=club)
    form = RenameForm(
        request.POST if request.POST.get("action") == "rename" else None,
        initial={"display_name": player.display_name, "short_name": player.short_name},
    )
    if request.method == "POST":
        try:
            if request.POST.get("action") == "rename" and form.is_valid():
                services.player_rename(
                    club=club,
                    player=player,
                    display_name=form.cleaned_data["display_name"],
                    short_name=form.cleaned_data["short_name"],
                    by=request.user,
                )
                messages.success(request, gettext("Saved."))
                return redirect("scoring:players", club_id=club.pk)
            if request.POST.get("action") in ("retire", "unretire"):
                services.player_retire(
                    club=club,
                    player=player,
                    retired=request.POST["action"] == "retire",
                    by=request.user,
                )
                return redirect("scoring:players", club_id=club.pk)
        except DomainError as exc:
            _place(form, exc)
    return render(
        request,
        "scoring/player_edit.html",
        {"club": club, "player": player, "membership": membership, "form": form},
    )


@login_required
def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    """A player's page: matches by game, wins and losses, partners and opponents —
    of the matches the viewer may read (others: 404)."""
    try:
        player = selectors.player_get(request.user, player_id)
    except NotFound:
        raise Http404("no such player") from None
    history = selectors.player_history_get(request.user, player)
    season_text = request.GET.get("season", "")
    season = season_of(season_text)
    return render(
        request,
        "scoring/player.html",
        {
            "h": history,
            "player": player,
            "season": season,
            "ratings": selectors.player_rating_list(request.user, player),
        },
    )


@login_required
def club_ranking(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's ranking list in one game (``?game=``; the first rated game if not
    given), by rating. Who: members of the club."""
    club = _club(request, club_id)
    games = sorted(selectors.club_rated_game_list(club))
    game = request.GET.get("game") or (games[0] if games else "")
    if game and game not in games:
        raise Http404("no ratings in this game")
    names = {
        slug: gettext(name)  # the engine's English name, in the reader's language
        for slug, name in CatalogueEntry.objects.filter(slug__in=games).values_list(
            "slug", "name"
        )
    }
    season_text = request.GET.get("season", "")
    season = season_of(season_text)
    return render(
        request,
        "scoring/ranking.html",
        {
            "club": club,
            "games": sorted_by_name(
                [(g, names.get(g, g)) for g in games], lambda g: g[1]
            ),
            "game": game,
            "game_name": names.get(game, game),
            "rows": selectors.ranking_get(club, game, season=season) if game else [],
            "season": season,
            "seasons": selectors.ranking_season_list(club, game) if game else [],
        },
    )
