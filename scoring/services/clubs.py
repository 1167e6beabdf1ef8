"""Clubs and memberships: create, rename, roles, the club's time zone and language.
Club admins only (the creator of a club becomes its admin)."""

from __future__ import annotations

from zoneinfo import available_timezones

from django.conf import settings
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext

from config.api import name_check
from scoring import permissions
from scoring.errors import Conflict, DomainError, NotAllowed
from scoring.models import Club, Membership, Player, Role
from scoring.permissions import User
from scoring.services._common import require


@transaction.atomic
def club_create(*, name: str, slug: str = "", by: User) -> Club:
    """A new club; ``by`` becomes its admin (a player is made for them if needed)."""
    if not by.is_authenticated:
        raise NotAllowed("not_authenticated", gettext("sign in to create a club"))
    name = name.strip()
    if not name:
        raise DomainError("required", gettext("a club needs a name"), "name")
    name_check(name, "name", max_length=120)
    slug = slugify(slug or name)[:64] or "club"
    if Club.objects.filter(slug=slug).exists():
        raise Conflict(
            "slug_taken",
            gettext("a club called %(slug)r exists") % {"slug": slug},
            "slug",
        )
    club = Club.objects.create(name=name, slug=slug)
    player = permissions.player_of(by)
    if player is None:
        player = Player.objects.create(
            display_name=(by.get_full_name() or by.get_username())[:80], user=by
        )
    Membership.objects.create(club=club, player=player, role=Role.ADMIN)
    return club


@transaction.atomic
def club_update(*, club: Club, name: str, by: User) -> Club:
    require(
        permissions.may_manage_club(by, club), gettext("only a club admin may do this")
    )
    name = name.strip()
    if not name:
        raise DomainError("required", gettext("a club needs a name"), "name")
    name_check(name, "name", max_length=120)
    club.name = name
    club.save(update_fields=["name"])
    return club


@transaction.atomic
def membership_add(*, club: Club, player: Player, role: str, by: User) -> Membership:
    """Add an existing player to ``club`` (club admins only)."""
    require(
        permissions.may_manage_club(by, club), gettext("only a club admin adds members")
    )
    if Membership.objects.filter(club=club, player=player).exists():
        raise DomainError(
            "already_member", gettext("the player is already a member"), "player"
        )
    return Membership.objects.create(club=club, player=player, role=Role(role))


@transaction.atomic
def membership_set_role(*, membership: Membership, role: str, by: User) -> Membership:
    """Change a member's role; a club always keeps at least one admin."""
    club = membership.club
    require(
        permissions.may_manage_club(by, club), gettext("only a club admin sets roles")
    )
    role = Role(role)
    if (
        membership.role == Role.ADMIN
        and role != Role.ADMIN
        and not club.memberships.filter(role=Role.ADMIN)
        .exclude(pk=membership.pk)
        .exists()
    ):
        raise DomainError(
            "last_admin", gettext("a club needs at least one admin"), "role"
        )
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def club_set_time_zone(*, club: Club, time_zone: str, by: User) -> Club:
    """The club's time zone (an IANA name such as ``Europe/Helsinki``)."""
    require(
        permissions.may_manage_club(by, club), gettext("only a club admin may do this")
    )
    time_zone = time_zone.strip()
    if time_zone not in available_timezones():
        raise DomainError(
            "unknown_time_zone",
            gettext("an IANA time zone, e.g. Europe/Helsinki"),
            "time_zone",
        )
    club.time_zone = time_zone
    club.save(update_fields=["time_zone"])
    return club


@transaction.atomic
def club_set_language(*, club: Club, language: str, by: User) -> Club:
    """The language of the club's pages for readers who have not chosen one (a code
    of ``settings.LANGUAGES``, or blank: each reader's browser decides)."""
    require(permissions.may_manage_club(by, club), "only a club admin may do this")
    language = language.strip()
    if language and language not in dict(settings.LANGUAGES):
        raise DomainError(
            "unknown_language",
            "one of the site's languages, or blank for the reader's browser",
            "language",
        )
    club.language = language
    club.save(update_fields=["language"])
    return club
