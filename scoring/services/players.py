"""The club's people: rename, retire, merge, share between clubs, guests.

Services in the score book's style (keyword-only, typed, one transaction, ``by`` is
the acting user; only a club admin of ``club`` may call them). Invariants:

* **One person, one player, many clubs.** A player belongs to several clubs through
  memberships; an existing account joins another club by accepting an invitation
  addressed to it (:func:`scoring.services.invitations.invitation_send`), never by
  being added without their consent, and keeps its one player.
* **Retired** (``Membership.retired_at``): hidden from the club's pickers (new match,
  tournament entry), every match, deal and ledger line kept.
* **Near-duplicates.** :func:`player_add` refuses a name that, ignoring case, accents
  and spacing, is already a player's in the admin's clubs (``near_duplicate`` on
  ``display_name``, the existing players in ``extra``) unless ``allow_duplicate``.
* **Merge.** :func:`player_merge` moves every row that names the merged player to the
  kept one — found from the model graph (every foreign key and many-to-many to
  :class:`~scoring.models.Player`, whichever app declares it), so seats, scorers,
  memberships, tournament entries and ledger lines all move — sends
  :data:`scoring.signals.player_merged` so that an app that names the player beyond
  a foreign key follows up (the money app's ledger rewrites its posting names,
  ``m12:p7`` → ``m12:p3``, so that a recompute finds them), writes a
  :class:`~scoring.models.PlayerMerge` audit record and deletes the merged player.
  Scores, standings and settlements do not change: a seat keeps its side, a ledger
  line its amount; the settlements they appear in are settled again (nothing is
  posted: the postings are where a recompute puts them) so that their trails name
  the kept player. Refused when both players sat in one match (a match would seat
  one person twice), when both have an account, or when a row would collide with
  one of the kept player's (e.g. both in one tournament entry). Ratings are derived:
  the merged player's are dropped and their clubs' games recomputed, so the kept
  player's rating counts every match of both.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import models, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext

from config.api import name_check
from scoring import permissions, selectors
from scoring.errors import DomainError, NotAllowed, NotFound
from scoring.models import (
    Club,
    Membership,
    Player,
    PlayerMerge,
    Rating,
    Role,
    Seat,
)
from scoring.names import name_key
from scoring.permissions import User
from scoring.services._common import require
from scoring.services.ratings import ratings_recompute
from scoring.signals import player_merged


def _require_admin(by: User, club: Club) -> None:
    if not permissions.may_manage_club(by, club):
        raise NotAllowed(
            "permission_denied", gettext("only a club admin manages players")
        )


def _member(club: Club, player: Player) -> Membership:
    membership = Membership.objects.filter(club=club, player=player).first()
    if membership is None:
        raise NotFound("not_found", gettext("no such player in this club"), "player")
    return membership


def player_find_similar(*, club: Club, name: str, by: User) -> list[Player]:
    """Players in ``by``'s clubs (and ``club``) whose name equals ``name`` ignoring
    case, accents and spacing."""
    key = name_key(name)
    if not key:
        return []
    pool = selectors.players_visible_to(by) | selectors.club_player_list(club)
    return [
        p for p in pool.distinct().order_by("id") if name_key(p.display_name) == key
    ]


@transaction.atomic
def player_add(
    *,
    club: Club,
    display_name: str,
    user: AbstractBaseUser | None = None,
    username: str = "",
    role: str = Role.MEMBER,
    guest: bool = False,
    allow_duplicate: bool = False,
    by: User,
) -> Player:
    """A new player of ``club`` (a ``guest`` is a visitor: no account, no role).

    ``username`` links the player to that account if it exists and belongs to no
    player yet; otherwise the player is made unlinked with the same answer, so that
    adding players tells a club admin nothing about which accounts exist.
    """
    _require_admin(by, club)
    if user is None and username.strip() and not guest:
        user = (
            get_user_model()
            .objects.filter(username=username.strip(), player__isnull=True)
            .first()
        )
    display_name = display_name.strip()
    if not display_name:
        raise DomainError("required", gettext("a player needs a name"), "display_name")
    name_check(display_name, "display_name", max_length=80)
    if user is not None and Player.objects.filter(user=user).exists():
        raise DomainError(
            "user_has_player",
            gettext("this account already has a player: add it to the club instead"),
            "username",
        )
    if not allow_duplicate:
        similar = player_find_similar(club=club, name=display_name, by=by)
        if similar:
            names = ", ".join(f"{p.display_name} (#{p.pk})" for p in similar)
            raise DomainError(
                "near_duplicate",
                gettext(
                    "%(names)s already exists: use that player, or add a new one anyway"
                )
                % {"names": names},
                "display_name",
                extra={
                    "similar": [
                        {"id": p.pk, "display_name": p.display_name} for p in similar
                    ]
                },
            )
    player = Player.objects.create(display_name=display_name, user=user)
    Membership.objects.create(
        club=club,
        player=player,
        role=Role.MEMBER if guest else Role(role),
        is_guest=guest,
    )
    return player


@transaction.atomic
def player_rename(
    *, club: Club, player: Player, display_name: str, short_name: str = "", by: User
) -> Player:
    """Change the name and the short name the score sheets print."""
    _require_admin(by, club)
    _member(club, player)
    display_name = display_name.strip()
    short_name = short_name.strip()
    if not display_name:
        raise DomainError("required", gettext("a player needs a name"), "display_name")
    name_check(display_name, "display_name", max_length=80)
    name_check(short_name, "short_name", max_length=12)
    player.display_name = display_name
    player.short_name = short_name
    player.save(update_fields=["display_name", "short_name"])
    return player


@transaction.atomic
def player_retire(
    *, club: Club, player: Player, retired: bool = True, by: User
) -> Membership:
    """Retire ``player`` from ``club`` (or bring them back with ``retired=False``)."""
    _require_admin(by, club)
    membership = _member(club, player)
    if retired and membership.role == Role.ADMIN:
        others = club.memberships.filter(role=Role.ADMIN, retired_at__isnull=True)
        if not others.exclude(pk=membership.pk).exists():
            raise DomainError(
                "last_admin", gettext("a club needs at least one admin"), "player"
            )
    membership.retired_at = (
        (membership.retired_at or timezone.now()) if retired else None
    )
    membership.save(update_fields=["retired_at"])
    return membership


def _player_relations() -> list[tuple[type[models.Model], str]]:
    """(model, field name) of every foreign key to Player, hidden ones (``+``) and
    the automatic tables of many-to-many fields included."""
    return [
        (rel.related_model, rel.field.name)
        for rel in Player._meta.get_fields(include_hidden=True)
        if rel.auto_created
        and not rel.concrete
        and (rel.many_to_one or rel.one_to_many)
    ]


def _unique_sets(model: type[models.Model], field: str) -> list[list[str]]:
    sets = [
        list(c.fields) for c in model._meta.constraints if getattr(c, "fields", None)
    ]
    sets += [list(u) for u in model._meta.unique_together]
    if model._meta.auto_created:  # an automatic many-to-many table
        sets.append([f.name for f in model._meta.fields if f.is_relation])
    return [[f for f in s if f != field] for s in sets if field in s]


def player_merge_check(*, club: Club, keep: Player, merge: Player, by: User) -> None:
    """Refuse a merge :func:`player_merge` would refuse before it writes (the
    confirmation page asks only about a merge that can be done)."""
    _require_admin(by, club)
    _merge_refusals(club, keep, merge)


def _merge_refusals(club: Club, keep: Player, merge: Player) -> None:
    if keep.pk == merge.pk:
        raise DomainError(
            "same_player", gettext("choose two different players"), "merge"
        )
    for name, p in (("keep", keep), ("merge", merge)):
        if not Membership.objects.filter(club=club, player=p).exists():
            raise NotFound("not_found", gettext("no such player in this club"), name)
    if keep.user_id and merge.user_id:
        raise DomainError(
            "both_have_accounts",
            gettext("both players have an account: keep one"),
            "merge",
        )
    shared = Seat.objects.filter(player=merge, match__seats__player=keep)
    if shared.exists():
        raise DomainError(
            "played_together",
            gettext("they sat in one match (#%(match_id)s): not one person")
            % {"match_id": shared.first().match_id},
            "merge",
        )


@transaction.atomic
def player_merge(*, club: Club, keep: Player, merge: Player, by: User) -> PlayerMerge:
    """Merge ``merge`` into ``keep`` (both members of ``club``); see the module."""
    _require_admin(by, club)
    keep, merge = (
        Player.objects.select_for_update().get(pk=keep.pk),
        Player.objects.select_for_update().get(pk=merge.pk),
    )
    _merge_refusals(club, keep, merge)
    # Memberships of both in one club: keep the kept player's (the higher role wins).
    rank = {Role.ADMIN: 0, Role.SCORER: 1, Role.MEMBER: 2}
    for m in Membership.objects.filter(player=merge, club__memberships__player=keep):
        kept = Membership.objects.get(club_id=m.club_id, player=keep)
        if rank[Role(m.role)] < rank[Role(kept.role)]:
            kept.role = m.role
            kept.save(update_fields=["role"])
        m.delete()
    # Ratings are derived: dropped for the merged player, recomputed below.
    rated = set(
        Rating.objects.filter(player__in=[keep, merge]).values_list("club_id", "game")
    )
    Rating.objects.filter(player=merge).delete()
    relations = _player_relations()
    for model, field in relations:
        for others in _unique_sets(model, field):
            clash = model.objects.filter(**{field: merge}).filter(
                Exists(
                    model.objects.filter(
                        **{field: keep}, **{o: OuterRef(o) for o in others}
                    )
                )
            )
            if model._meta.auto_created:
                clash.delete()  # e.g. both scorers of one match: one row is enough
            elif clash.exists():
                raise DomainError(
                    "would_collide",
                    gettext("both are in one %(verbose_name)s: not one person")
                    % {"verbose_name": model._meta.verbose_name},
                    "merge",
                )
    moved: dict[str, int] = {}
    for model, field in relations:
        count = model.objects.filter(**{field: merge}).update(**{field: keep})
        if count:
            moved[f"{model._meta.label}.{field}"] = count
    # What names the player beyond a foreign key (the ledger's posting names) is
    # the app's that declares it: it receives the signal (the score book imports
    # none of the layers above it).
    player_merged.send(sender=Player, keep=keep, merge=merge)
    if merge.user_id and not keep.user_id:
        account, merge.user = merge.user, None
        merge.save(update_fields=["user"])
        keep.user = account
        keep.save(update_fields=["user"])
    record = PlayerMerge.objects.create(
        club=club,
        kept=keep,
        merged_id=merge.pk,
        merged_name=merge.display_name,
        moved=moved,
        by=by if by.is_authenticated else None,
    )
    merge.delete()
    for club_id, game in sorted(rated):
        ratings_recompute(club=Club.objects.get(pk=club_id), game=game)
    return record


@transaction.atomic
def player_create(
    *,
    club: Club,
    display_name: str,
    user: AbstractBaseUser | None = None,
    username: str = "",
    role: str = Role.MEMBER,
    allow_duplicate: bool = True,
    by: User,
) -> Player:
    """A new player, member of ``club`` with ``role`` (club admins only).

    The one way a player is made is :func:`player_add` (``username``
    links an account without telling whether it exists; a near-duplicate name is
    refused unless ``allow_duplicate``); this name stays for the callers that add
    players in bulk (a tournament's pasted entries), where a repeated name is
    intended.
    """
    return player_add(
        club=club,
        display_name=display_name,
        user=user,
        username=username,
        role=role,
        allow_duplicate=allow_duplicate,
        by=by,
    )


@transaction.atomic
def player_update(*, club: Club, player: Player, display_name: str, by: User) -> Player:
    require(
        permissions.may_manage_club(by, club),
        gettext("only a club admin edits players"),
    )
    if not player.memberships.filter(club=club).exists():
        raise NotFound("not_found", gettext("no such player in this club"))
    display_name = display_name.strip()
    if not display_name:
        raise DomainError("required", gettext("a player needs a name"), "display_name")
    name_check(display_name, "display_name", max_length=80)
    player.display_name = display_name
    player.save(update_fields=["display_name"])
    return player
