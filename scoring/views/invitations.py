"""Invitations: a club admin makes and revokes them; the person who opens the link
makes an account (or signs in) and accepts.

Who: the club's admins for the club's invitation pages (members 403, others 404);
anyone holding an invitation's link for its accept page (an invitation addressed to
an account: that account only, others 404); the invitee for accepting or declining
an invitation addressed to them from their own page (others 404).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.views import LoginView
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from scoring import permissions, selectors, services
from scoring.errors import DomainError, NotFound
from scoring.forms import InvitationForm, InvitationSignupForm
from scoring.models import Club, Invitation, Player, Role
from scoring.qr import qr_data_uri
from scoring.views._common import club_or_404

BACKEND = "django.contrib.auth.backends.ModelBackend"


def _admin_club(request: HttpRequest, club_id: int) -> Club:
    club = club_or_404(request, club_id)
    if not permissions.may_manage_club(request.user, club):
        raise PermissionDenied(gettext("only a club admin invites people"))
    return club


def _unlinked_players(club: Club) -> list[Player]:
    return list(selectors.club_pickable_player_list(club).filter(user__isnull=True))


@login_required
@require_http_methods(["GET", "POST"])
def club_invitations(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's invitations (open and past) and the form for a new one.

    Who: club admins (members 403, others 404)."""
    club = _admin_club(request, club_id)
    players = _unlinked_players(club)
    form = InvitationForm(request.POST or None, players=players)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            by_id = {p.pk: p for p in players}
            try:
                invitation = services.invitation_create(
                    club=club,
                    role=data["role"],
                    player=by_id.get(data["player"]) if data["player"] else None,
                    max_uses=data["max_uses"],
                    days=data["days"],
                    note=data["note"],
                    by=request.user,
                )
            except DomainError as exc:
                form.add_error(
                    exc.path if exc.path in form.fields else None, exc.message
                )
            else:
                messages.success(
                    request, gettext("Invitation made: share the link or the QR code.")
                )
                return redirect(
                    "scoring:invitation", club_id=club.pk, invitation_id=invitation.pk
                )
        status = 400
    invitations = list(selectors.invitation_list(club)[:200])
    return render(
        request,
        "scoring/invitations.html",
        {
            "club": club,
            "form": form,
            "rows": [(i, i.state(i.uses)) for i in invitations],
        },
        status=status,
    )


def _accept_url(request: HttpRequest, invitation: Invitation) -> str:
    return request.build_absolute_uri(
        reverse("scoring:invitation-accept", kwargs={"token": invitation.token})
    )


@login_required
@require_http_methods(["GET", "POST"])
def invitation_detail(
    request: HttpRequest, club_id: int, invitation_id: int
) -> HttpResponse:
    """One invitation: its link and QR code, its state, who accepted it; POST
    revokes it. Who: club admins (members 403, others 404)."""
    club = _admin_club(request, club_id)
    try:
        invitation = selectors.invitation_get(club, invitation_id)
    except NotFound:
        raise Http404("no such invitation") from None
    if request.method == "POST":
        services.invitation_revoke(invitation=invitation, by=request.user)
        messages.success(
            request, gettext("The invitation is revoked: its link no longer works.")
        )
        return redirect(
            "scoring:invitation", club_id=club.pk, invitation_id=invitation.pk
        )
    url = _accept_url(request, invitation)
    state = invitation.state(invitation.uses)
    return render(
        request,
        "scoring/invitation.html",
        {
            "club": club,
            "invitation": invitation,
            "state": state,
            "url": url,
            "qr": qr_data_uri(url) if state == "open" else "",
            "acceptances": invitation.acceptances.select_related("user", "player"),
        },
    )


@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "POST"])
def invitation_accept(request: HttpRequest, token: str) -> HttpResponse:
    """Accept an invitation: signed in, with one tap; otherwise make an account here
    (or sign in and come back). Who: anyone holding the link."""
    try:
        invitation = selectors.invitation_get_by_token(token)
    except NotFound:
        raise Http404("no such invitation") from None
    state = invitation.state(invitation.uses)
    signup = InvitationSignupForm(
        request.POST
        if request.method == "POST" and not request.user.is_authenticated
        else None
    )
    needs_name = invitation.player_id is None
    errors: list[str] = []
    status = 200
    if request.method == "POST":
        try:
            with transaction.atomic():
                user = request.user
                if not user.is_authenticated:
                    user = _new_account(signup, needs_name)
                services.invitation_accept(
                    token=token,
                    display_name=request.POST.get("display_name", ""),
                    by=user,
                )
        except _Invalid:
            status = 400
        except DomainError as exc:
            target = exc.path if signup.is_bound and exc.path in signup.fields else None
            if target:
                signup.add_error(target, exc.message)
            else:
                errors.append(exc.message)
            status = 409 if exc.status_code == 409 else 400
        else:
            if not request.user.is_authenticated:
                login(request, user, backend=BACKEND)
            messages.success(
                request,
                gettext("Welcome to %(name)s! You are a %(label)s of the club.")
                % {"name": invitation.club.name, "label": Role(invitation.role).label},
            )
            return redirect("scoring:my-games")
    return render(
        request,
        "scoring/invitation_accept.html",
        {
            "invitation": invitation,
            "state": state,
            "signup": signup,
            "needs_name": needs_name,
            "has_player": permissions.player_of(request.user) is not None,
            "errors": errors,
        },
        status=status,
    )


@login_required
@require_http_methods(["POST"])
def invitation_respond(request: HttpRequest, invitation_id: int) -> HttpResponse:
    """Accept (``action=accept``) or decline (``action=decline``) an invitation
    addressed to the signed-in account, from its "My games" page."""
    invitation = next(
        (
            i
            for i in selectors.invitation_pending_list(request.user)
            if i.pk == invitation_id
        ),
        None,
    )
    if invitation is None:
        raise Http404("no such invitation")
    action = request.POST.get("action", "")
    try:
        if action == "accept":
            services.invitation_accept(token=invitation.token, by=request.user)
            messages.success(
                request,
                gettext("Welcome to %(name)s! You are a %(label)s of the club.")
                % {"name": invitation.club.name, "label": Role(invitation.role).label},
            )
        elif action == "decline":
            services.invitation_decline(invitation=invitation, by=request.user)
            messages.success(
                request,
                gettext("You declined the invitation to %(name)s.")
                % {"name": invitation.club.name},
            )
        else:
            return HttpResponse(gettext("Choose to accept or decline."), status=400)
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect("scoring:my-games")


class SignInView(LoginView):
    """Django's login page; an account with invitations waiting is told so, and
    taken to "My games" (where it answers them) unless it asked for a page."""

    def form_valid(self, form):
        response = super().form_valid(form)
        pending = selectors.invitation_pending_list(self.request.user)
        if pending:
            messages.info(
                self.request,
                ngettext(
                    "A club has invited you: accept or decline on My games.",
                    "%(count)s clubs have invited you: accept or decline on My games.",
                    len(pending),
                )
                % {"count": len(pending)},
            )
            if not self.get_redirect_url():
                return redirect("scoring:my-games")
        return response


class _Invalid(Exception):
    """The signup form has errors (shown next to its fields)."""


def _new_account(form: InvitationSignupForm, needs_name: bool):
    if not form.is_valid():
        raise _Invalid
    # Read before any add_error: it takes the field out of cleaned_data.
    data = dict(form.cleaned_data)
    User = get_user_model()
    username = User.normalize_username(data["username"])
    taken = gettext("this username is taken: choose another, or sign in")
    if data["password1"] != data["password2"]:
        form.add_error("password2", gettext("the two passwords differ"))
    if User.objects.filter(username__iexact=username).exists():
        form.add_error("username", taken)
    if needs_name and not data["display_name"].strip():
        form.add_error("display_name", gettext("say the name people know you by"))
    user = User(username=username)
    try:
        validate_password(data["password1"], user)
    except ValidationError as exc:
        form.add_error("password1", exc)
    if form.errors:
        raise _Invalid
    user.set_password(data["password1"])
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:  # taken by a signup at the same moment
        form.add_error("username", taken)
        raise _Invalid from None
    return user
