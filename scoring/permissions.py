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
  — they score it and may correct it once closed — through the functions they
  register with :func:`match_overseer_register` (``(user, match) -> bool``; the
  tournaments name the directors of the tournament a table's match belongs to, from
  their ``AppConfig.ready``). Scoring imports none of them; an overseer must still
  be a member of the match's club;
* a **member** reads the club: players, memberships, matches, deals;
* **anyone**, signed in or not, reads a match marked ``is_public`` (read-only);
* the holder of a match's **table link** (:class:`scoring.table_links.TableGuest`,
  no account) scores that one match while the link is valid: enters, confirms
  and, with its seat, corrects its deals (a phone keeps its version of a deal
  another phone entered first offline: issue 31; the revision names the link and
  the seat). Nothing else: no void, and no other match or club;
* **double entry**: a pending deal is confirmed by someone else than who entered it,
  seated on another side (:func:`confirm_refusal`). A table guest says its seat; a
  deal entered through a table link without a seat (possible before the services
  required one) is confirmed by any seat of the table, or by a seated player's
  account — nobody can tell its side, and the table must not stay stuck on it.

A user acts through their :class:`~scoring.models.Player` (``player.user``); a user
without a player belongs to no club. Objects the user may not read are answered 404
by the API, never 403, so that ids of other clubs reveal nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext

from scoring.models import (
    Club,
    Deal,
    DealRevision,
    Match,
    Membership,
    Player,
    RevisionKind,
    Role,
)
from scoring.table_links import VIA, TableGuest, table_closed

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


#: The functions of the layers above that name a match's overseers (a registry
#: they fill from their ``AppConfig.ready``: the score book imports none of them).
MATCH_OVERSEERS: list[Callable[[User, Match], bool]] = []


def match_overseer_register(check: Callable[[User, Match], bool]) -> None:
    """Ask ``check(user, match)`` too whether ``user`` oversees ``match``."""
    if check not in MATCH_OVERSEERS:
        MATCH_OVERSEERS.append(check)


def oversees(user: User | None, match: Match) -> bool:
    """Does a registered overseer function name ``user``?"""
    if user is None or not user.is_authenticated:
        return False
    return any(check(user, match) for check in MATCH_OVERSEERS)


class Refusal(NamedTuple):
    """Why an action is refused: a stable ``code``, the ``message`` in the reader's
    language, the ``path`` of the field at fault (or ``""``)."""

    code: str
    message: str
    path: str = ""


def deal_entry_revision(deal: Deal) -> DealRevision | None:
    """The revision that made ``deal``'s current input: its last entry or
    correction (a table guest's entry names its seat there)."""
    return (
        deal.revisions.filter(kind__in=(RevisionKind.ENTERED, RevisionKind.CORRECTED))
        .order_by("-at", "-id")
        .first()
    )


def confirm_refusal(
    user: User | None,
    match: Match,
    deal: Deal,
    entry: DealRevision | None = None,
) -> Refusal | None:
    """Double entry: why ``user`` may not confirm the pending ``deal``, or ``None``.

    The confirmer is not who entered it and sits on another side. A table guest says
    its seat; the enterer's side is read from the entry's revision (``entry``, read
    here when not given: a table guest's seat) or from the seats of the enterer's
    account. An entry through a table link that names no seat is confirmed by any
    seat (see the module docstring)."""
    seats = list(match.seats.select_related("player"))
    if isinstance(user, TableGuest):
        if user.seat is None:
            return Refusal(
                "seat_required",
                gettext("say which seat you are before confirming: tap your name"),
                "seat",
            )
        mine = {s.side for s in seats if s.position == user.seat}
    else:
        if user is None or not user.is_authenticated or deal.entered_by_id == user.pk:
            return Refusal(
                "same_person",
                gettext("someone other than who entered the deal must confirm it"),
            )
        mine = {s.side for s in seats if s.player.user_id == user.pk}
    if deal.entered_by_id is None and entry is None:
        # An account's entry names its account; only an entry without one (a
        # table guest's) is looked up in the history for its seat.
        entry = deal_entry_revision(deal)
    if deal.entered_by_id is None and entry is not None and entry.via == VIA:
        if isinstance(user, TableGuest) and entry.seat == user.seat:
            return Refusal(
                "same_person",
                gettext("someone other than who entered the deal must confirm it"),
            )
        theirs = {s.side for s in seats if s.position == entry.seat}
    else:
        theirs = {
            s.side
            for s in seats
            if deal.entered_by_id is not None and s.player.user_id == deal.entered_by_id
        }
    if not mine:
        return Refusal(
            "not_seated", gettext("only a player at the table may confirm a deal")
        )
    if mine & theirs:
        return Refusal(
            "same_side",
            gettext("the deal must be confirmed by a player of another side"),
        )
    if not isinstance(user, TableGuest) and role_in(user, match.club_id) is None:
        return Refusal(
            "permission_denied", gettext("you are not a member of this club")
        )
    return None
