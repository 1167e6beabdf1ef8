"""Table links: withdraw a match's link (see :mod:`scoring.table_links`)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from scoring import permissions
from scoring.errors import DomainError
from scoring.models import Match, TableLinkRevocation
from scoring.permissions import User
from scoring.services._common import locked_match, require


@transaction.atomic
def table_link_revoke(
    *, match: Match, reason: str = "", by: User
) -> TableLinkRevocation:
    """Withdraw every table link of ``match`` issued so far; the next one issued is
    new. Who: the club's admins and the match's overseers (a tournament's directors)
    — not its scorers, so that a player cannot lock the others out."""
    match = locked_match(match)
    require(
        permissions.may_correct_closed(by, match),
        gettext("only a club admin or the director withdraws a table link"),
    )
    if len(reason) > 200:
        raise DomainError("too_long", gettext("at most 200 characters"), "reason")
    return TableLinkRevocation.objects.create(match=match, reason=reason.strip(), by=by)
