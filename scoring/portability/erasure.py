"""Erase a person (GDPR Art. 17) and keep the results of the games they played.

:func:`person_erase` replaces what identifies the person and keeps what the other
players' results rest on:

* the player row stays (its seats, deals, ratings, tournament entries and ledger
  lines point at it, so every total, standing and balance is unchanged) under a
  neutral placeholder, "Poistettu pelaaja 12" / "Erased player 12" (the player's
  id), in the club's language; its short name is blanked;
* the account, if any, is deactivated with its personal fields blanked: a random
  username (``erased-…``), no e-mail, no names, no usable password; its API tokens
  are deleted and its sessions end (an inactive account is signed out);
* invitations made for the player or by the account are revoked, and the table
  links of the open matches the player sits at are withdrawn;
* the deal history is kept: a revision the person made names the account, which
  now has the random username, and the sheet shows the placeholder;
* the names the merges kept of players merged into this one are replaced too, and
  the upper apps rename their own rows (:data:`.registry.PERSON_ERASERS`);
* a :class:`~scoring.models.PersonErasure` records who erased the player and when,
  and nothing of what was erased.

Ledger entries are never edited (their memos name tournament entries, not people),
so nothing of the ledger changes.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from scoring import permissions
from scoring.errors import DomainError, NotAllowed
from scoring.models import (
    Club,
    Invitation,
    Match,
    MatchStatus,
    Membership,
    PersonErasure,
    Player,
    PlayerMerge,
    TableLinkRevocation,
)
from scoring.portability.registry import PERSON_ERASERS


def erased_name(player_id: int, language: str | None = None) -> str:
    """The placeholder of an erased player, in ``language`` (default: the site's)."""
    with translation.override(language or settings.LANGUAGE_CODE):
        return gettext("Erased player %(number)s") % {"number": player_id}


def _account_erase(user: Any) -> None:
    from rest_framework.authtoken.models import Token

    Token.objects.filter(user=user).delete()
    user.username = f"erased-{secrets.token_hex(8)}"
    user.email = ""
    user.first_name = ""
    user.last_name = ""
    user.is_active = False
    user.is_staff = False
    user.is_superuser = False
    user.set_unusable_password()  # also ends every session (its hash changes)
    user.save()


@transaction.atomic
def person_erase(
    *, player: Player, club: Club | None = None, by: Any = None
) -> PersonErasure:
    """Erase ``player``'s person. ``club``/``by``: a club admin of a club the player
    belongs to (from the club's pages); both None: an operator (``manage.py
    person_erase``)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if club is not None:
        if not Membership.objects.filter(club=club, player=player).exists():
            raise DomainError(
                "not_a_member", gettext("the player is not of this club"), "player"
            )
        if not permissions.may_manage_club(by, club):
            raise NotAllowed(
                "permission_denied", gettext("only a club admin erases a player")
            )
    if PersonErasure.objects.filter(player_id=player.pk).exists():
        raise DomainError(
            "already_erased", gettext("this player has been erased already"), "player"
        )
    old_name = player.display_name
    language = (club.language if club is not None else "") or None
    placeholder = erased_name(player.pk, language)
    player.display_name = placeholder
    player.short_name = ""
    player.save(update_fields=["display_name", "short_name"])
    PlayerMerge.objects.filter(kept=player).update(merged_name=placeholder)

    now = timezone.now()
    user = player.user
    invitations = Invitation.objects.filter(player=player, revoked_at__isnull=True)
    if user is not None:
        invitations = invitations | Invitation.objects.filter(
            created_by=user, revoked_at__isnull=True
        )
    invitations.update(revoked_at=now, revoked_by=by)
    open_matches = Match.objects.filter(
        seats__player=player, status=MatchStatus.IN_PROGRESS
    )
    TableLinkRevocation.objects.bulk_create(
        TableLinkRevocation(match=match, reason="a seated player was erased", by=by)
        for match in open_matches.distinct()
    )
    if user is not None:
        _account_erase(user)
    for eraser in PERSON_ERASERS:
        eraser(player, old_name, placeholder)
    return PersonErasure.objects.create(player_id=player.pk, by=by)
