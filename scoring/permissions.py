"""Who may do what in the score book. Plain functions of a user and an object.

The rules (the API's permission classes, the pages and the services all ask these):

* a **club admin** manages the club: its players, memberships and matches, and may
  score every match of the club;
* a **scorer** (club role) starts matches in the club; anyone listed among a match's
  ``scorers`` who is a member of its club scores that match (submits, corrects, voids,
  confirms deals, finishes or abandons it) while it is in progress;
* a **closed** (finished or abandoned) match is final for its table: its deals are
  corrected or voided only by a club admin or an *overseer* (below) — the money
  settles on the closed result, so changing it is the club's call, not the table's;
* **overseers**: the layers above the score book may name users who oversee a match
  — they score it and may correct it once closed — through the functions listed in
  ``settings.KIRJURI_MATCH_OVERSEERS`` (``(user, match) -> bool``; the tournaments
  name the directors of the tournament a table's match belongs to). Scoring imports
  none of them; an overseer must still be a member of the match's club;
* a **member** reads the club: players, memberships, matches, deals;
* **anyone**, signed in or not, reads a match marked ``is_public`` (read-only);
* the holder of a match's **table link** (:class:`scoring.table_links.TableGuest`,
  no account) scores that one match while the link is valid: enters and confirms
  its deals. Nothing else: no correction, void, finish, and no other match or club.

A user acts through their :class:`~scoring.models.Player` (``player.user``); a user
without a player belongs to no club. Objects the user may not read are answered 404
by the API, never 403, so that ids of other clubs reveal nothing.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, OuterRef
from django.utils.module_loading import import_string

from scoring.models import Club, Match, Membership, Player, Role
from scoring.table_links import TableGuest, table_closed

User = AbstractBaseUser | AnonymousUser


def player_of(user: User | None) -> Player | None:
    """The player linked to ``user`` (``None`` for anonymous or unlinked users)."""
    if user is None or not user.is_authenticated:
        return None
    try:
        return user.player
    except Player.DoesNotExist:
        return None


def role_in(user: User | None, club: Club | int) -> str | None:
    """The user's role in the club, or ``None`` if they are not a member."""
    player = player_of(user)
    if player is None:
        return None
    club_id = club.pk if isinstance(club, Club) else club
    return (
        Membership.objects.filter(player=player, club_id=club_id)
        .values_list("role", flat=True)
        .first()
    )


def may_read_club(user: User | None, club: Club | int) -> bool:
    return role_in(user, club) is not None


def may_manage_club(user: User | None, club: Club | int) -> bool:
    return role_in(user, club) == Role.ADMIN


def may_start_match(user: User | None, club: Club | int) -> bool:
    return role_in(user, club) in (Role.ADMIN, Role.SCORER)


def may_read_match(user: User | None, match: Match) -> bool:
    return match.is_public or may_read_club(user, match.club_id)


def may_score(user: User | None, match: Match) -> bool:
    """May ``user`` enter, correct, void or confirm deals of ``match``?

    A table guest may score only its own match while it is open and its table is
    not closed (its token was checked when the guest was made)."""
    if isinstance(user, TableGuest):
        return user.match_id == match.pk and match.is_open and not table_closed(match)
    player = player_of(user)
    if player is None:
        return False
    # The role and "is a listed scorer" in one query: every deal submit asks this
    # twice (the API view before the body is read, the service under the lock).
    listed = Match.scorers.through.objects.filter(
        match_id=match.pk, player_id=OuterRef("player_id")
    )
    found = (
        Membership.objects.filter(player=player, club_id=match.club_id)
        .annotate(listed=Exists(listed))
        .values_list("role", "listed")
        .first()
    )
    if found is None:
        return False
    role, is_listed = found
    if role == Role.ADMIN or is_listed:
        return True
    return oversees(user, match)


def may_keep_book(user: User | None, match: Match) -> bool:
    """May ``user`` correct or void deals of the open ``match``, finish, abandon or
    publish it? Its scorers with an account: a table link's guest enters and
    confirms deals only."""
    return not isinstance(user, TableGuest) and may_score(user, match)


def may_correct_closed(user: User | None, match: Match) -> bool:
    """May ``user`` correct or void deals of ``match`` after it is finished or
    abandoned? Club admins and overseers (e.g. a tournament's directors).

    The table's scorers may not: in a tournament they are the players, and a closed
    result (on which the money settles) changes only by the hand of the club or the
    director.
    """
    if isinstance(user, TableGuest):
        return False
    role = role_in(user, match.club_id)
    if role == Role.ADMIN:
        return True
    if role is None:
        return False
    return oversees(user, match)


def oversees(user: User | None, match: Match) -> bool:
    """Does a function of ``settings.KIRJURI_MATCH_OVERSEERS`` name ``user``?"""
    if user is None or not user.is_authenticated:
        return False
    return any(
        import_string(path)(user, match)
        for path in getattr(settings, "KIRJURI_MATCH_OVERSEERS", ())
    )
