"""Checks and bookkeeping shared by the score book's services: the match lock, the
permission and version checks, revisions, and the follow-up notification."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from scoring import permissions, selectors, tasks
from scoring.errors import Conflict, DomainError, NotAllowed, NotFound
from scoring.models import Deal, DealRevision, Match
from scoring.permissions import User
from scoring.table_links import VIA, TableGuest

#: ``DealRevision.via`` of a change made through a match's table link.
TABLE_LINK = VIA


def locked_match(match: Match) -> Match:
    """The match row, locked for the rest of the transaction (fresh from the db).

    Seats already read with ``match`` (the API's ``match_get`` prefetches them) are
    kept: a seat's position and side are fixed when the match starts, so the fold's
    table need not be read again under the lock."""
    try:
        locked = Match.objects.select_for_update().get(pk=match.pk)
    except Match.DoesNotExist:
        raise NotFound("not_found", gettext("no such match")) from None
    seats = getattr(match, "_prefetched_objects_cache", {}).get("seats")
    if seats is not None:
        locked._prefetched_objects_cache = {"seats": seats}
    return locked


def numbered_deal(match: Match, number: int) -> Deal:
    if not 0 < number <= selectors.MAX_ID:
        raise NotFound(
            "not_found",
            gettext("no deal %(number)s in this match") % {"number": number},
        )
    try:
        return match.deals.get(number=number)
    except Deal.DoesNotExist:
        raise NotFound(
            "not_found",
            gettext("no deal %(number)s in this match") % {"number": number},
        ) from None


def require(allowed: bool, message: str) -> None:
    if not allowed:
        raise NotAllowed("permission_denied", message)


def require_open(match: Match) -> None:
    if not match.is_open:
        raise Conflict(
            "match_closed",
            gettext("the match is %(status)s") % {"status": match.get_status_display()},
            extra=current_state(match),
        )


def require_correctable(match: Match, by: User, *, table_link: bool = False) -> None:
    """An open match: its scorers. A closed one: see ``may_correct_closed``.

    ``table_link``: a table link's phone may do it too (a correction: the phone
    keeps its version of a deal another phone entered first, issue 31), within
    what its link allows for entering deals — its own match, open, its table not
    closed, a seat on record. Never a void."""
    if isinstance(by, TableGuest) and table_link:
        require_seat(by)
        require(
            permissions.may_score(by, match), gettext("you do not score this match")
        )
        return
    if isinstance(by, TableGuest):
        raise NotAllowed(
            "table_link",
            gettext(
                "a table link enters and confirms deals: a correction or a "
                "void needs the match's scorer, a club admin or the director"
            ),
        )
    if match.is_open:
        require(
            permissions.may_score(by, match), gettext("you do not score this match")
        )
    elif not permissions.may_correct_closed(by, match):
        if not permissions.may_score(by, match):
            raise NotAllowed(
                "permission_denied", gettext("you do not score this match")
            )
        raise Conflict(
            "match_closed",
            gettext("the match is %(status)s: only a club admin may correct it now")
            % {"status": match.get_status_display()},
            extra=current_state(match),
        )


def require_version(match: Match, deal: Deal, base_version: int) -> None:
    if deal.version != base_version:
        raise Conflict(
            "stale_version",
            gettext(
                "deal %(number)s has changed since you saw it (version "
                "%(version)s, yours %(base_version)s)"
            )
            % {
                "number": deal.number,
                "version": deal.version,
                "base_version": base_version,
            },
            "base_version",
            extra=current_state(match),
        )


def require_confirmer(match: Match, deal: Deal, by: User) -> None:
    """Double entry: the second person is not the enterer and sits on another side
    (:func:`scoring.permissions.confirm_refusal` says why not)."""
    refusal = permissions.confirm_refusal(by, match, deal)
    if refusal is not None:
        raise NotAllowed(refusal.code, refusal.message, refusal.path)


def require_seat(by: User) -> None:
    """Nothing is stored through a table link without the seat that did it: a deal
    without one could not be confirmed by the other side, nor told apart later."""
    if isinstance(by, TableGuest) and by.seat is None:
        raise NotAllowed(
            "seat_required",
            gettext(
                "say which seat this phone is before entering a deal: tap your "
                "name on the table's sheet"
            ),
            "seat",
        )


def checked_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise DomainError("required", gettext("say why the deal changes"), "reason")
    return reason


def acting_account(by: User | None) -> Any:
    """The account acting, or ``None`` (a table guest, an anonymous task)."""
    return by if by is not None and by.is_authenticated else None


def revise(
    deal: Deal, kind: str, by: User | None, input: Any, reason: str = ""
) -> DealRevision:
    guest = isinstance(by, TableGuest)
    return DealRevision.objects.create(
        deal=deal,
        kind=kind,
        deal_version=deal.version,
        input=input,
        reason=reason,
        by=acting_account(by),
        via=TABLE_LINK if guest else "",
        seat=by.seat if guest else None,
    )


def current_state(match: Match) -> dict[str, Any]:
    return {"match": selectors.match_state_get(match)}


def notify(match: Match, *, still_open: bool = False) -> None:
    """Tell the result-changed tasks after the commit (each service calls it once).

    ``still_open``: the match was open and the change leaves it so (see
    :func:`scoring.tasks.result_change_notify`)."""
    transaction.on_commit(
        partial(tasks.result_change_notify, match.pk, still_open=still_open)
    )
