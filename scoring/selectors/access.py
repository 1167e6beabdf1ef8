"""Reads of invitations, table links and a player's own games."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from scoring import permissions
from scoring.errors import DomainError, NotFound
from scoring.models import (
    Club,
    Invitation,
    Match,
    Seat,
    TableLinkRevocation,
)
from scoring.permissions import User
from scoring.selectors._common import in_range
from scoring.selectors.matches import match_side_list
from scoring.table_links import (
    TableGuest,
    table_closed,
    table_token_make,
    table_token_read,
)


class LinkGone(DomainError):
    """A table link that was valid once and is not any more (410)."""

    status_code = 410


def invitation_list(club: Club) -> QuerySet[Invitation]:
    """The club's invitations, newest first, with their use counts (``uses``).

    Not those addressed to an account by its username: a row appearing here would
    tell the admin that the username exists (services.invitation_send). A person
    who accepts one is a member, and shows as one."""
    return (
        Invitation.objects.filter(club=club, invitee__isnull=True)
        .select_related("player", "created_by")
        .annotate(uses=Count("acceptances"))
    )


def invitation_get(club: Club, invitation_id: int) -> Invitation:
    found = (
        invitation_list(club).filter(pk=invitation_id).first()
        if in_range(invitation_id)
        else None
    )
    if found is None:
        raise NotFound("not_found", gettext("no such invitation"))
    return found


def invitation_pending_list(user: User) -> list[Invitation]:
    """The open invitations addressed to ``user`` (they accept or decline them on
    their own page), newest first."""
    if not user.is_authenticated:
        return []
    return list(
        Invitation.objects.filter(
            invitee=user,
            revoked_at__isnull=True,
            declined_at__isnull=True,
            expires_at__gt=timezone.now(),
            acceptances__isnull=True,
        )
        .select_related("club", "created_by")
        .order_by("-created_at", "-id")
    )


def invitation_get_by_token(token: str) -> Invitation:
    """The invitation of a link (anyone holding the link may read what it offers)."""
    found = (
        Invitation.objects.filter(token=str(token)[:64])
        .select_related("club", "player")
        .annotate(uses=Count("acceptances"))
        .first()
    )
    if found is None:
        raise NotFound("not_found", gettext("no such invitation"), "token")
    return found


def table_link_get(match: Match) -> str:
    """The token of ``match``'s current table link."""
    generation = TableLinkRevocation.objects.filter(match=match).count()
    return table_token_make(match.pk, generation)


def table_link_list(matches: list[Match]) -> dict[int, str]:
    """The current tokens of several matches' links (one query)."""
    counts = dict(
        TableLinkRevocation.objects.filter(match__in=matches)
        .values("match")
        .annotate(n=Count("id"))
        .values_list("match", "n")
    )
    return {m.pk: table_token_make(m.pk, counts.get(m.pk, 0)) for m in matches}


def table_guest_get(
    token: str, seat: Any = None, *, reading: bool = False
) -> tuple[Match, TableGuest]:
    """The match of a table link and its guest (``seat``, if the phone chose one).

    404 for a token that was never issued (a bad signature), 410 ``link_expired``
    for one that was: revoked, the match closed, or its table closed. ``reading``:
    the table's page of a match that is over still shows its final sheet, also
    after a layer above closed the table (a tournament's locked round): the phones
    that finished it, still polling, see the result rather than an error; the
    guest can change nothing there (:func:`scoring.permissions.may_score` refuses
    a closed match)."""
    read = table_token_read(str(token))
    if read is None:
        raise NotFound("not_found", gettext("no such table link"), "token")
    match_id, generation = read
    match = (
        Match.objects.filter(pk=match_id)
        .select_related("club", "game")
        .prefetch_related(
            # player__user: the API's match shows each seat's account (blanked
            # for a guest, but read).
            Prefetch("seats", queryset=Seat.objects.select_related("player__user"))
        )
        .annotate(revocations=Count("table_link_revocations"))
        .first()
    )
    if match is None:
        raise NotFound("not_found", gettext("no such table link"), "token")
    if match.revocations != generation:
        raise LinkGone(
            "link_revoked", gettext("this table link has been withdrawn"), "token"
        )
    if reading and not match.is_open:
        return match, TableGuest(match_id=match.pk, seat=_seat(match, seat))
    if not match.is_open or table_closed(match):
        raise LinkGone(
            "link_expired",
            gettext("this table's play is over: the link has expired"),
            "token",
        )
    return match, TableGuest(match_id=match.pk, seat=_seat(match, seat))


def _seat(match: Match, seat: Any) -> int | None:
    if seat in (None, ""):
        return None
    try:
        position = int(seat)
    except (TypeError, ValueError):
        raise DomainError(
            "invalid", gettext("a seat number of this table"), "seat"
        ) from None
    if position not in {s.position for s in match.seats.all()}:
        raise DomainError("invalid", gettext("a seat number of this table"), "seat")
    return position


def player_game_list(user: User, limit: int = 100) -> list[dict[str, Any]]:
    """The matches the user's player sat in, newest first, each with the player's
    side, its total, the others' totals and the outcome (won, lost, shared, open,
    abandoned)."""
    player = permissions.player_of(user)
    if player is None:
        return []
    matches = list(
        Match.objects.filter(seats__player=player)
        .select_related("club", "game")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
        .order_by("-started_at", "-id")
        .distinct()[:limit]
    )
    return [_mine(m, player.pk) for m in matches]


def _mine(match: Match, player_id: int) -> dict[str, Any]:
    sides = match_side_list(match)
    side = next(
        s["side"] for s in sides if any(p["id"] == player_id for p in s["players"])
    )
    totals = list(match.totals or [])
    winners = list(match.winners or [])
    if match.status == "abandoned":
        outcome = "abandoned"
    elif match.status == "in_progress":
        outcome = "in progress"
    elif side in winners:
        outcome = "won" if len(winners) == 1 else "shared"
    else:
        outcome = "lost" if winners else "finished"
    return {
        "match": match,
        "game": match.game.name,
        "club": match.club.name,
        "side": side,
        "mine": totals[side] if side < len(totals) else None,
        "score": [
            (
                s["label"],
                totals[s["side"]] if s["side"] < len(totals) else None,
                s["side"] == side,
            )
            for s in sides
        ],
        "outcome": outcome,
    }
