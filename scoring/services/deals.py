"""Deals: enter, correct, void, confirm (double entry). Each is verified by the
engine in the context of the deals before it and re-folds the match (see the package
docstring: verify before storing, concurrency, history, double entry, closed
matches). A write that leaves the match decided finishes it in the same transaction
(:mod:`._ends`)."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from games.engine import Game, get_game
from games.engine.serialize import to_jsonable
from scoring import permissions
from scoring.errors import Conflict
from scoring.models import UNSETTLED_STATUSES, Deal, DealStatus, Match, RevisionKind
from scoring.permissions import User
from scoring.services._common import (
    acting_account,
    checked_reason,
    current_state,
    locked_match,
    notify,
    numbered_deal,
    require,
    require_confirmer,
    require_correctable,
    require_open,
    require_seat,
    require_version,
    revise,
)
from scoring.services._ends import finish_if_decided, reopen_if_undecided
from scoring.services._fold import (
    canonical,
    refold_from,
    state_before,
    store_fold,
)


def deal_submit(*, match: Match, number: int, input: Any, by: User) -> Deal:
    """Enter deal ``number`` (the next deal of the sheet) exactly as ``input``.

    409 ``deal_exists`` / ``wrong_deal_number`` if the sheet has moved on (the body
    holds the current state). In a double-entry match the deal is ``pending``; a
    second submission of a pending deal by the other side confirms it (equal input)
    or marks a conflict (different input). A table link's guest must say its seat
    (403 ``seat_required``): nothing is stored through a link without one.
    """
    try:
        with transaction.atomic():
            return _submit(match, number, input, by)
    except IntegrityError:
        # The constraint caught a race the lock did not (e.g. SQLite, no row locks).
        match.refresh_from_db()
        raise Conflict(
            "deal_exists",
            gettext("deal %(number)s has just been entered by someone else")
            % {"number": number},
            "number",
            extra=current_state(match),
        ) from None


def _submit(match: Match, number: int, input: Any, by: User) -> Deal:
    match = locked_match(match)
    require_open(match)
    require_seat(by)
    # One row tells the next number and, in the common case, whether deal
    # ``number`` exists (an earlier number is looked up only to answer the 409).
    last = match.deals.order_by("-number").first()
    last_number = last.number if last is not None else 0
    if number == last_number:
        existing = last
    elif number < last_number:
        existing = match.deals.filter(number=number).first()
    else:
        existing = None
    if (
        existing is not None
        and match.double_entry
        and existing.status == DealStatus.PENDING
    ):
        return _second_entry(match, existing, input, by)
    require(permissions.may_score(by, match), gettext("you do not score this match"))
    if existing is not None:
        raise Conflict(
            "deal_exists",
            gettext("deal %(number)s has already been entered") % {"number": number},
            "number",
            extra=current_state(match),
        )
    expected = last_number + 1
    if number != expected:
        raise Conflict(
            "wrong_deal_number",
            gettext("the next deal is deal %(expected)s") % {"expected": expected},
            "number",
            extra=current_state(match),
        )
    if (
        match.double_entry
        and match.deals.filter(status__in=UNSETTLED_STATUSES).exists()
    ):
        raise Conflict(
            "deal_unsettled",
            gettext(
                "the previous deal waits for confirmation or has conflicting entries"
            ),
            "number",
            extra=current_state(match),
        )
    game = get_game(match.game_id)
    before = state_before(match, game, number, last=True)
    score = game.score(before.state, input)
    pending = match.double_entry
    state = before.state if pending else game.advance(before.state, score)
    deal = Deal.objects.create(
        match=match,
        number=number,
        input=input,
        status=DealStatus.PENDING if pending else DealStatus.COUNTED,
        entered_by=acting_account(by),
        result=None if pending else to_jsonable(score),
        totals=[] if pending else list(state.totals),
    )
    revise(deal, RevisionKind.ENTERED, by, input)
    store_fold(
        match,
        game,
        state,
        needs_attention=before.flagged,
        next_number=number + 1,
    )
    if not pending:
        notify(match, still_open=not finish_if_decided(match, by))
    return deal


@transaction.atomic
def deal_correct(
    *,
    match: Match,
    number: int,
    input: Any,
    base_version: int,
    reason: str,
    by: User,
) -> Deal:
    """Replace deal ``number``'s input (based on its ``base_version``) and re-fold.

    The corrected deal is verified in the context of the deals before it; later deals
    the correction makes invalid are flagged, not dropped. A closed match may be
    corrected too (:func:`scoring.permissions.may_correct_closed`): it stays closed
    and its result follows, unless a finished match is no longer decided or needs
    attention, in which case it is open again; an open match the correction
    decides is finished by the rules (see :mod:`scoring.services._ends`).

    A table link's phone with its seat may correct a deal of its own open match
    (a phone keeping its version of a deal another phone entered first while both
    were offline, issue 31); the revision records the link and the seat.
    """
    match = locked_match(match)
    require_correctable(match, by, table_link=True)
    deal = numbered_deal(match, number)
    require_version(match, deal, base_version)
    if deal.status == DealStatus.VOIDED:
        raise Conflict("deal_voided", gettext("a voided deal cannot be corrected"))
    reason = checked_reason(reason)
    game = get_game(match.game_id)
    before = state_before(match, game, number)
    game.score(before.state, input)
    deal.input = input
    deal.version += 1
    fields = ["input", "version", "updated_at"]
    if deal.status == DealStatus.CONFLICT:
        deal.status = DealStatus.PENDING
        deal.rival_input = None
        deal.rival_entered_by = None
        fields += ["status", "rival_input", "rival_entered_by"]
    if deal.status == DealStatus.PENDING:
        deal.entered_by = acting_account(by)
        fields.append("entered_by")
    deal.save(update_fields=fields)
    revise(deal, RevisionKind.CORRECTED, by, input, reason)
    refold_from(match, game, before)
    _follow_the_fold(match, game, by, number)
    notify(match)
    deal.refresh_from_db()
    return deal


@transaction.atomic
def deal_void(
    *, match: Match, number: int, base_version: int, reason: str, by: User
) -> Deal:
    """Strike deal ``number`` from the count; it stays on the sheet as voided.

    Closed matches as in :func:`deal_correct`.
    """
    match = locked_match(match)
    require_correctable(match, by)
    deal = numbered_deal(match, number)
    require_version(match, deal, base_version)
    if deal.status == DealStatus.VOIDED:
        raise Conflict("deal_voided", gettext("the deal is already voided"))
    reason = checked_reason(reason)
    game = get_game(match.game_id)
    before = state_before(match, game, number)
    deal.status = DealStatus.VOIDED
    deal.version += 1
    deal.save(update_fields=["status", "version", "updated_at"])
    revise(deal, RevisionKind.VOIDED, by, None, reason)
    refold_from(match, game, before)
    _follow_the_fold(match, game, by, number)
    notify(match)
    deal.refresh_from_db()
    return deal


@transaction.atomic
def deal_confirm(*, match: Match, number: int, base_version: int, by: User) -> Deal:
    """Double entry: a second person from another side confirms a pending deal."""
    match = locked_match(match)
    require_open(match)
    deal = numbered_deal(match, number)
    require_version(match, deal, base_version)
    if deal.status != DealStatus.PENDING:
        raise Conflict(
            "not_pending",
            gettext("only a deal waiting for confirmation can be confirmed"),
        )
    require_confirmer(match, deal, by)
    game = get_game(match.game_id)
    before = state_before(match, game, number)
    deal.status = DealStatus.COUNTED
    deal.confirmed_by = acting_account(by)
    deal.confirmed_at = timezone.now()
    deal.version += 1
    deal.save(
        update_fields=[
            "status",
            "confirmed_by",
            "confirmed_at",
            "version",
            "updated_at",
        ]
    )
    revise(deal, RevisionKind.CONFIRMED, by, deal.input)
    refold_from(match, game, before)
    notify(match, still_open=not finish_if_decided(match, by))
    deal.refresh_from_db()
    return deal


def _second_entry(match: Match, deal: Deal, input: Any, by: User) -> Deal:
    if by.is_authenticated and deal.entered_by_id == by.pk:
        raise Conflict(
            "awaiting_confirmation",
            gettext("deal %(number)s waits for someone from the other side")
            % {"number": deal.number},
            "number",
            extra=current_state(match),
        )
    require_confirmer(match, deal, by)
    game = get_game(match.game_id)
    before = state_before(match, game, deal.number)
    game.score(before.state, input)
    if canonical(game, input) == canonical(game, deal.input):
        deal.status = DealStatus.COUNTED
        deal.confirmed_by = acting_account(by)
        deal.confirmed_at = timezone.now()
        kind = RevisionKind.CONFIRMED
    else:
        deal.status = DealStatus.CONFLICT
        deal.rival_input = input
        deal.rival_entered_by = acting_account(by)
        kind = RevisionKind.CONFLICTED
    deal.version += 1
    deal.save()
    revise(deal, kind, by, input)
    refold_from(match, game, before)
    if deal.status == DealStatus.COUNTED:
        notify(match, still_open=not finish_if_decided(match, by))
    deal.refresh_from_db()
    return deal


def _follow_the_fold(match: Match, game: Game, by: User, number: int) -> None:
    """After a correction or void of deal ``number``: an open match the corrected
    sheet decides is finished by the rules; a finished one it no longer decides is
    open again (see :mod:`._ends`)."""
    if match.is_open:
        finish_if_decided(match, by)
    else:
        reopen_if_undecided(match, game, by, number)
