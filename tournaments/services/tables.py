"""Tables: a director corrects or voids a deal of a table's match through the score
book, while the table's round is not locked."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from scoring import services as scoring_services
from scoring.errors import Conflict, DomainError
from scoring.models import Deal, Match
from tournaments import permissions
from tournaments.models import (
    Round,
    RoundStatus,
    Table,
)
from tournaments.services._common import require


@transaction.atomic
def table_deal_correct(
    *,
    table: Table,
    number: int,
    input: Any,
    base_version: int,
    reason: str,
    by: AbstractBaseUser,
) -> Deal:
    """A director corrects deal ``number`` of a table through the score book.

    The round must not be locked (409 ``round_locked``: its results are final for
    pairing the next round; unlock it first). The table's match may be finished:
    directors oversee their tables' matches, so the score book's correction applies
    to a closed match too — the result follows, or the match opens again if the
    corrected sheet no longer decides it (``scoring.services.deal_correct``). The
    standings follow through the score book's result-changed notification.
    """
    match = _correctable_match(table, number, by)
    return scoring_services.deal_correct(
        match=match,
        number=number,
        input=input,
        base_version=base_version,
        reason=reason,
        by=by,
    )


@transaction.atomic
def table_deal_void(
    *, table: Table, number: int, base_version: int, reason: str, by: AbstractBaseUser
) -> Deal:
    """A director voids deal ``number`` of a table through the score book: it stays
    on the sheet, struck from the count. The same conditions as
    :func:`table_deal_correct`; the standings follow the same way."""
    match = _correctable_match(table, number, by)
    return scoring_services.deal_void(
        match=match, number=number, base_version=base_version, reason=reason, by=by
    )


def _correctable_match(table: Table, number: int, by: AbstractBaseUser) -> Match:
    """The table's match, if ``by`` directs the tournament, the round is not locked
    and the match has deal ``number``."""
    round_ = (
        Round.objects.select_for_update()
        .select_related("stage__tournament")
        .get(pk=table.round_id)
    )
    require(
        permissions.may_direct(by, round_.stage.tournament), gettext("only a director")
    )
    if round_.status in (RoundStatus.LOCKED, RoundStatus.FINISHED):
        raise Conflict(
            "round_locked", gettext("unlock the round to correct its results")
        )
    table = Table.objects.select_related("match").get(pk=table.pk)
    if table.match is None:
        raise Conflict("not_started", gettext("the table has no match yet"))
    if not 0 < number < 2**31 or not table.match.deals.filter(number=number).exists():
        raise DomainError(
            "not_found",
            gettext("no deal %(number)s at this table") % {"number": number},
            "number",
        )
    return table.match
