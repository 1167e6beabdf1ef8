"""Stakes and match terms: checking a stake against book §1.2, a match's money terms
(team mode, flat stake per match won), and the stake a match settles at in context.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from config.api import decimal_check
from config.bounds import STAKE
from config.translation import localized
from money.actors import User
from money.models import (
    MatchTerms,
    Session,
    SessionMatch,
    TeamModeChoice,
)
from money.settlement import (
    FlatStake,
    Money,
    MoneyError,
    PointStake,
    get_currency,
)
from money.texts import labelled
from scoring import permissions
from scoring import services as scoring_services
from scoring.errors import DomainError, NotAllowed
from scoring.models import Match

# -- errors and validation ------------------------------------------------------------

_STAKE_PATHS = {
    "stake": "point_value",
    "stake.value": "point_value",
    "stake.currency": "currency",
}


def stake_error_build(err: MoneyError, prefix: str = "") -> DomainError:
    path = _STAKE_PATHS.get(err.field, err.field)
    path = f"{prefix}{path}" if prefix else path
    return DomainError(err.code, labelled(path, localized(err.message)), path)


def club_money_manager_check(by: User | None, club_id: int) -> None:
    if by is not None and not permissions.may_manage_club(by, club_id):
        raise NotAllowed(
            "permission_denied", gettext("only a club admin manages money")
        )


def stake_amount_parse(value: Any, field: str) -> Decimal:
    """``value`` as an exact number; a 400 naming the field in words otherwise.

    The API takes a decimal string with a point ("0.05", its documented JSON
    format); a page turns the reader's "0,05" into that before calling here
    (``config.numbers.typed_decimal``), so a comma reaching here came through
    the API, and the message says how the API writes decimals."""
    if isinstance(value, (float, bool)):
        raise DomainError(
            "invalid_amount",
            labelled(
                field, gettext('give the amount as a decimal string, e.g. "0.05"')
            ),
            field,
        )
    try:
        number: Decimal | None = Decimal(str(value))
    except InvalidOperation:
        number = None
    if number is None or not number.is_finite():
        text = str(value)
        why = (
            gettext(
                "“%(value)s” is not a number: write the decimals after a point, "
                "e.g. 0.05"
            )
            if "," in text
            else gettext("“%(value)s” is not a number")
        ) % {"value": text}
        raise DomainError("invalid_amount", labelled(field, why), field)
    return number


def _in_column(value: Any, field: str) -> Decimal:
    """``value`` as what its column holds (config.bounds); a refusal names the field
    in words, as every money message does."""
    try:
        return decimal_check(value, STAKE, field)
    except DomainError as exc:
        raise DomainError(exc.code, labelled(field, exc.message), field) from None


def stake_check(
    *, game: str, point_value: Any, currency: str, field_prefix: str = ""
) -> PointStake | None:
    """The match's per-point stake, or ``None`` without one; refuses what §1.2 does.

    Zero or negative values (``non_positive_point_value``), unknown currencies
    (``unknown_currency``) and per-point stakes on win/loss-only games
    (``stake_on_win_loss_game``) are 400s naming the field.
    """
    if point_value in (None, ""):
        if currency:
            stake_currency_get(currency, f"{field_prefix}currency")
        return None
    field = f"{field_prefix}point_value"
    value = stake_amount_parse(point_value, field)
    try:
        stake = PointStake(value, currency, game=game)
    except MoneyError as err:
        raise stake_error_build(err, field_prefix) from None
    _in_column(value, field)
    return stake


def stake_currency_get(code: str, field: str = "currency"):
    try:
        return get_currency(code, field=field)
    except MoneyError as err:
        raise stake_error_build(err) from None


@transaction.atomic
def match_terms_set(
    *, match: Match, team_mode: str, flat_stake: Any = None, by: User | None
) -> MatchTerms:
    """Set how a match settles: team mode, and a flat stake per match won."""
    club_money_manager_check(by, match.club_id)
    if team_mode not in TeamModeChoice.values:
        raise DomainError(
            "invalid_team_mode", gettext("per_member or split"), "team_mode"
        )
    if flat_stake in (None, ""):
        flat_stake = None
    else:
        flat = _in_column(flat_stake, "flat_stake")
        cur = match.currency or _session_currency(match)
        if not cur:
            raise DomainError(
                "required",
                gettext("a flat stake needs the match's currency"),
                "flat_stake",
            )
        try:
            FlatStake(Money.of(flat, cur, field="flat_stake"), game=match.game_id)
        except MoneyError as err:
            raise DomainError(err.code, localized(err.message), "flat_stake") from None
        flat_stake = flat
    before = (
        MatchTerms.objects.filter(match=match)
        .values_list("team_mode", "flat_stake")
        .first()
    )
    terms, _ = MatchTerms.objects.update_or_create(
        match=match, defaults={"team_mode": team_mode, "flat_stake": flat_stake}
    )
    if before != (terms.team_mode, terms.flat_stake):
        # The sheet shows the terms (its settlement link) and polls by the match's
        # ETag, which cannot read money: the score book is told the match changed.
        scoring_services.match_bump(match=match)
    return terms


def _session_currency(match: Match) -> str:
    link = SessionMatch.objects.filter(match=match).select_related("session").first()
    return link.session.currency if link else ""


def match_terms_get(match: Match) -> MatchTerms | None:
    return MatchTerms.objects.filter(match=match).first()


def match_stakes_get(match: Match, session: Session | None, terms: MatchTerms | None):
    """(point stake or None, flat stake or None, team mode) of a match in context."""
    currency = match.currency or (session.currency if session else "")
    point_value = match.point_value
    if point_value is None and session is not None:
        point_value = session.point_value
    team_mode = (
        terms.team_mode
        if terms is not None
        else (session.team_mode if session else TeamModeChoice.PER_MEMBER)
    )
    flat = None
    if terms is not None and terms.flat_stake is not None:
        try:
            flat = FlatStake(
                Money.of(terms.flat_stake.normalize(), currency, field="flat_stake"),
                game=match.game_id,
            )
        except MoneyError as err:
            raise DomainError(err.code, localized(err.message), "flat_stake") from None
        return None, flat, team_mode
    stake = stake_check(game=match.game_id, point_value=point_value, currency=currency)
    return stake, None, team_mode
