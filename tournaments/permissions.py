"""Who may do what with a tournament. Plain functions of a user and an object.

* A **director** (listed in ``tournament.directors``) or an admin of the tournament's
  club manages the tournament: entries, stages, rounds, results, publishing.
* Club **admins and scorers** may create tournaments in their club (starting a round
  starts score-book matches, which needs that role).
* **Members** of the club read its tournaments, drafts included; **anyone** reads a
  published tournament, without logging in.
* Scoring a table is the score book's business: the players seated at a table are the
  scorers of its match (:func:`scoring.permissions.may_score`). The tournament's
  directors **oversee** its tables' matches (:func:`oversees_match`, registered
  with the score book by ``TournamentsConfig.ready``): they may score them and
  correct them after they are finished, which the seated players may not — while
  the table's round is not locked.

Tournaments the user may not read answer 404, never 403.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from scoring import permissions as scoring_permissions
from scoring.models import Club, Match, Role
from tournaments.models import RoundStatus, Table, Tournament

# Whoever asks: a signed-in user, an anonymous visitor, or nobody (a task).
Viewer = AbstractBaseUser | AnonymousUser | None


def may_create(user: Viewer, club: Club | int) -> bool:
    return scoring_permissions.may_start_match(user, club)


def may_direct(user: Viewer, tournament: Tournament) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if tournament.directors.filter(pk=user.pk).exists():
        return True
    return scoring_permissions.role_in(user, tournament.club_id) == Role.ADMIN


def may_read(user: Viewer, tournament: Tournament) -> bool:
    if tournament.is_published:
        return True
    return may_direct(user, tournament) or scoring_permissions.may_read_club(
        user, tournament.club_id
    )


def oversees_match(user: Viewer, match: Match) -> bool:
    """Is ``user`` a director of the tournament whose table plays ``match``, in a
    round that is not locked? (A locked round's results are final for pairing the
    next one: the director unlocks it first, in the score book as on the director's
    page.)"""
    table = (
        Table.objects.filter(match=match)
        .select_related("round__stage__tournament")
        .first()
    )
    if table is None or table.round.status in (
        RoundStatus.LOCKED,
        RoundStatus.FINISHED,
    ):
        return False
    return may_direct(user, table.round.stage.tournament)


def table_link_closed(match: Match) -> bool:
    """Is ``match`` a tournament table whose round is locked or finished? Its table
    link then expires (registered with the score book by
    ``TournamentsConfig.ready``)."""
    return Table.objects.filter(
        match=match, round__status__in=(RoundStatus.LOCKED, RoundStatus.FINISHED)
    ).exists()
