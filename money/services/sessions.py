"""Sessions: several matches of one evening settled together in one currency."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from config.api import name_check
from games.engine.text import msg
from money.actors import User
from money.models import (
    Session,
    SessionMatch,
    SourceKind,
    TeamModeChoice,
)
from money.services.ledger import ledger_postings_reconcile, settlement_record_lock
from money.services.settlements import session_settle_in_transaction
from money.services.stakes import (
    club_money_manager_check,
    match_stakes_get,
    match_terms_get,
    stake_check,
    stake_currency_get,
)
from money.texts import with_line_i18n
from scoring.errors import DomainError, NotFound
from scoring.models import Club, Match

# -- sessions and match terms --------------------------------------------------------


@transaction.atomic
def session_create(
    *,
    club: Club,
    name: str,
    currency: str,
    point_value: Any = None,
    team_mode: str = TeamModeChoice.PER_MEMBER,
    by: User | None,
) -> Session:
    """A new session of ``club`` in ``currency`` (a club admin)."""
    club_money_manager_check(by, club.pk)
    name = (name or "").strip()
    if not name:
        raise DomainError("required", gettext("a session needs a name"), "name")
    name_check(name, "name", max_length=120)
    stake_currency_get(currency)
    if point_value not in (None, ""):
        stake_check(game="", point_value=point_value, currency=currency)
    else:
        point_value = None
    if team_mode not in TeamModeChoice.values:
        raise DomainError(
            "invalid_team_mode", gettext("per_member or split"), "team_mode"
        )
    return Session.objects.create(
        club=club,
        name=name,
        currency=currency,
        point_value=point_value,
        team_mode=team_mode,
        created_by=by if by is not None and by.is_authenticated else None,
    )


@transaction.atomic
def session_add_match(
    *, session: Session, match: Match, by: User | None
) -> SessionMatch:
    """Put ``match`` into ``session`` and re-settle the session.

    The match must be of the session's club and carry no other currency
    (``mixed_currencies``); its stake must be valid. Whatever it had posted on its
    own is reversed and re-posted as part of the session.
    """
    club_money_manager_check(by, session.club_id)
    session = Session.objects.select_for_update().get(pk=session.pk)
    if match.club_id != session.club_id:
        raise NotFound("not_found", gettext("no such match in this club"), "match")
    if SessionMatch.objects.filter(match=match).exists():
        raise DomainError(
            "already_in_session",
            gettext("the match already belongs to a session"),
            "match",
        )
    if match.currency and match.currency != session.currency:
        raise DomainError(
            "mixed_currencies",
            gettext(
                "the match is played in %(currency)s, the session in "
                "%(currency2)s; a session has one currency"
            )
            % {"currency": match.currency, "currency2": session.currency},
            "match",
        )
    match_stakes_get(match, session, match_terms_get(match))
    link = SessionMatch.objects.create(session=session, match=match)
    record = settlement_record_lock(SourceKind.MATCH, match.pk, match.club_id)
    ledger_postings_reconcile(record, [], session=None, by=by)
    record.trail = with_line_i18n(
        [
            {
                "match": match.pk,
                "lines": [msg("Settled in {session}.", session=session.name)],
            }
        ]
    )
    record.computed_at = timezone.now()
    record.save(update_fields=["trail", "computed_at"])
    session_settle_in_transaction(session, by=by)
    return link


@transaction.atomic
def session_add_day_matches(
    *, session: Session, day: date | None = None, by: User | None
) -> list[SessionMatch]:
    """Put every stake match of ``day`` (the evening's own day by default) that the
    session can still take into it, in the order played; each is re-settled with
    the session as :func:`session_add_match` does. Matches it cannot take (another
    currency, already in a session, an abandoned points game) are left out, not
    refused; an abandoned chip game comes in, its chips having changed hands."""
    from money.selectors.evenings import session_day_get, session_day_match_list

    club_money_manager_check(by, session.club_id)
    day = day or session_day_get(session)
    return [
        session_add_match(session=session, match=match, by=by)
        for match in session_day_match_list(session, day)
    ]
