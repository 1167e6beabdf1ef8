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
* **send** (club admins only): an invitation addressed to an existing account by its
  username — the way to bring someone who already plays elsewhere into the club. No
  one joins a club without their consent: the person sees it on their own page and
  accepts or declines it; only that account may accept it (anyone else: "no such
  invitation"). And no one learns whether a username exists: the answer is the same
  either way (nothing is sent to an unknown name, to someone already an active
  member, or twice while one is open). When this server delivers mail
  (``KIRJURI_MAIL_DELIVERED``) and the account has an address, a short notice is
  mailed too;
* **decline** (the invitee only): marks the invitation declined.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
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
from scoring.services._common import require

MAX_USES = 100
MAX_DAYS = 90
#: How long an invitation addressed to an account stays open.
SENT_DAYS = 30
#: What the admin who sent one is told, whatever happened (``%(name)s``: the club).
SENT_ANSWER = gettext_lazy(
    "If an account with this username exists, they will see the invitation to "
    "%(name)s when they sign in, and join when they accept it."
)
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
    require(
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
    require(
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
    if invitation is None or invitation.invitee_id not in (None, by.pk):
        # Addressed to somebody else: as if it did not exist.
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
        if not name and invitation.invitee_id is not None:
            name = (by.get_full_name() or by.get_username())[:80]
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


@transaction.atomic
def invitation_send(
    *, club: Club, username: str, role: str = Role.MEMBER, by: User
) -> Invitation | None:
    """Invite the account ``username`` to ``club`` (see the module docstring).

    The new invitation, or None when nothing was sent; callers answer the same
    either way, so that the answer does not tell whether the username exists."""
    require(
        permissions.may_manage_club(by, club),
        gettext("only a club admin invites people"),
    )
    if role not in Role.values:
        raise DomainError(
            "invalid_choice",
            gettext("one of %(values)s") % {"values": ", ".join(Role.values)},
            "role",
        )
    account = (
        get_user_model()
        .objects.filter(username=str(username).strip()[:150], is_active=True)
        .first()
    )
    if account is None:
        return None
    player = permissions.player_of(account)
    if (
        player is not None
        and Membership.objects.filter(
            club=club, player=player, retired_at__isnull=True, is_guest=False
        ).exists()
    ):
        return None
    now = timezone.now()
    already = Invitation.objects.filter(
        club=club,
        invitee=account,
        revoked_at__isnull=True,
        declined_at__isnull=True,
        expires_at__gt=now,
        acceptances__isnull=True,
    )
    if already.exists():
        return None
    invitation = Invitation.objects.create(
        club=club,
        role=role,
        invitee=account,
        token=secrets.token_urlsafe(24),
        max_uses=1,
        expires_at=now + timedelta(days=SENT_DAYS),
        created_by=by if by.is_authenticated else None,
    )
    if account.email and settings.KIRJURI_MAIL_DELIVERED:
        subject = gettext("An invitation to %(name)s") % {"name": club.name}
        body = gettext(
            "%(name)s invites you to join the club as %(role)s. Sign in to Kirjuri "
            "and accept or decline the invitation on your My games page."
        ) % {"name": club.name, "role": Role(role).label}
        # After the commit, and never failing the invitation: it is on the
        # person's page whether the mail arrives or not.
        transaction.on_commit(
            lambda: send_mail(subject, body, None, [account.email], fail_silently=True)
        )
    return invitation


@transaction.atomic
def invitation_decline(*, invitation: Invitation, by: User) -> Invitation:
    """The invitee says no: the invitation is marked declined (idempotent)."""
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if not by.is_authenticated or invitation.invitee_id != by.pk:
        raise NotFound("not_found", gettext("no such invitation"), "invitation")
    state = invitation.state(invitation.acceptances.count())
    if state == "declined":
        return invitation
    if state != "open":
        raise DomainError(f"invitation_{state}", str(_SAID[state]), "invitation")
    invitation.declined_at = timezone.now()
    invitation.save(update_fields=["declined_at"])
    return invitation


_SAID = {
    "revoked": gettext_lazy("the club has withdrawn this invitation"),
    "declined": gettext_lazy("you have declined this invitation"),
    "expired": gettext_lazy("this invitation has expired: ask the club for a new one"),
    "used": gettext_lazy("this invitation has been used: ask the club for a new one"),
}
