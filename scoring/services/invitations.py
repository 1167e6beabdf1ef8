"""Invitations: a club admin invites by link or QR code with a role; the person who
opens the link makes an account (or signs in) and is linked to a player of the club.

Rules (each is a test in ``tests/scoring/test_invitations.py``):

* **create** (club admins only): a role of the club, optionally an existing player of
  the club who has no account yet (then the invitation is single-use), at most
  ``MAX_USES`` uses, expiring after 1 to ``MAX_DAYS`` days;
* **accept** (a signed-in account): refused once revoked, expired or used up (each
  its own code on ``token``); accepting twice with the same account answers the first
  acceptance. With a player: the account is linked to it (refused if the account
  already has another player, or the player has an account meanwhile). Without: the
  account's player (or a new one named ``display_name``) becomes a member of the
  club. The role given is the invitation's, never lower than a role the person
  already has in the club;
* **revoke** (club admins only): marks the invitation; nothing is deleted.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from config.api import name_check
from scoring import permissions
from scoring.errors import Conflict, DomainError, NotFound
from scoring.models import (
    Club,
    Invitation,
    InvitationAcceptance,
    Membership,
    Player,
    Role,
)
from scoring.permissions import User
from scoring.services._common import _require

MAX_USES = 100
MAX_DAYS = 90
#: Roles from the least to the most.
RANK = {Role.MEMBER: 0, Role.SCORER: 1, Role.ADMIN: 2}


@transaction.atomic
def invitation_create(
    *,
    club: Club,
    role: str = Role.MEMBER,
    player: Player | None = None,
    max_uses: int = 1,
    days: int = 7,
    note: str = "",
    by: User,
) -> Invitation:
    """A new invitation to ``club`` (see the module docstring)."""
    _require(
        permissions.may_manage_club(by, club),
        gettext("only a club admin invites people"),
    )
    if role not in Role.values:
        raise DomainError(
            "invalid_choice",
            gettext("one of %(values)s") % {"values": ", ".join(Role.values)},
            "role",
        )
    if type(max_uses) is not int or not 1 <= max_uses <= MAX_USES:
        raise DomainError(
            "out_of_range",
            gettext("from 1 to %(uses)s") % {"uses": MAX_USES},
            "max_uses",
        )
    if type(days) is not int or not 1 <= days <= MAX_DAYS:
        raise DomainError(
            "out_of_range",
            gettext("from 1 to %(days)s days") % {"days": MAX_DAYS},
            "days",
        )
    if len(note) > 120:
        raise DomainError("too_long", gettext("at most 120 characters"), "note")
    if player is not None:
        if not Membership.objects.filter(club=club, player=player).exists():
            raise DomainError(
                "not_found", gettext("no such player in this club"), "player"
            )
        if player.user_id is not None:
            raise DomainError(
                "player_has_account",
                gettext("this player already has an account"),
                "player",
            )
        if max_uses != 1:
            raise DomainError(
                "single_use",
                gettext("an invitation for a player is used once"),
                "max_uses",
            )
    return Invitation.objects.create(
        club=club,
        role=role,
        player=player,
        token=secrets.token_urlsafe(24),
        max_uses=max_uses,
        expires_at=timezone.now() + timedelta(days=days),
        note=note.strip(),
        created_by=by if by.is_authenticated else None,
    )


@transaction.atomic
def invitation_revoke(*, invitation: Invitation, by: User) -> Invitation:
    """Withdraw ``invitation``: its link answers "revoked" from now on."""
    _require(
        permissions.may_manage_club(by, invitation.club_id),
        gettext("only a club admin revokes invitations"),
    )
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.revoked_by = by
        invitation.save(update_fields=["revoked_at", "revoked_by"])
    return invitation


@transaction.atomic
def invitation_accept(
    *, token: str, display_name: str = "", by: User
) -> InvitationAcceptance:
    """``by`` accepts the invitation of ``token`` (see the module docstring)."""
    if by is None or not by.is_authenticated:
        raise DomainError(
            "login_required", gettext("sign in or make an account first"), ""
        )
    invitation = (
        Invitation.objects.select_for_update().filter(token=str(token)[:64]).first()
    )
    if invitation is None:
        raise NotFound("not_found", gettext("no such invitation"), "token")
    earlier = invitation.acceptances.filter(user=by).first()
    if earlier is not None:
        return earlier
    state = invitation.state(invitation.acceptances.count())
    if state != "open":
        raise DomainError(f"invitation_{state}", str(_SAID[state]), "token")
    mine = permissions.player_of(by)
    if invitation.player_id is not None:
        player = Player.objects.select_for_update().get(pk=invitation.player_id)
        if mine is not None and mine.pk != player.pk:
            raise Conflict(
                "account_has_player",
                gettext(
                    "your account already plays as %(display_name)s: ask the "
                    "club for an invitation without a player"
                )
                % {"display_name": mine.display_name},
                "token",
            )
        if player.user_id is not None and player.user_id != by.pk:
            raise Conflict(
                "player_has_account",
                gettext("this player has an account already"),
                "token",
            )
        player.user = by
        player.save(update_fields=["user"])
    elif mine is not None:
        player = mine
    else:
        name = (display_name or "").strip()
        if not name:
            raise DomainError(
                "required", gettext("say the name people know you by"), "display_name"
            )
        name_check(name, "display_name", max_length=80)
        player = Player.objects.create(display_name=name, user=by)
    membership = Membership.objects.filter(club=invitation.club, player=player).first()
    if membership is None:
        Membership.objects.create(
            club=invitation.club, player=player, role=invitation.role
        )
    else:
        fields = []
        if RANK[Role(invitation.role)] > RANK[Role(membership.role)]:
            membership.role = invitation.role
            fields.append("role")
        if membership.retired_at is not None or membership.is_guest:
            membership.retired_at = None
            membership.is_guest = False
            fields += ["retired_at", "is_guest"]
        if fields:
            membership.save(update_fields=fields)
    return InvitationAcceptance.objects.create(
        invitation=invitation, user=by, player=player
    )


_SAID = {
    "revoked": gettext_lazy("the club has withdrawn this invitation"),
    "expired": gettext_lazy("this invitation has expired: ask the club for a new one"),
    "used": gettext_lazy("this invitation has been used: ask the club for a new one"),
}
