"""The fold cache of a match: the engine's state before a deal, re-folds and the
stored totals (see the package docstring, "Totals are never typed in")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Max
from django.utils import timezone

from games.engine import DealRejected, Game, MatchState, Table
from games.engine.serialize import state_from_stored, state_to_stored, to_jsonable
from scoring.models import FOLDED_STATUSES, Deal, DealStatus, Match, MatchStatus

# -- the fold -----------------------------------------------------------------------
#
# A new deal is folded onto the state stored after the previous one (restored by
# ``state_from_stored``), so entering deal 500 costs what entering deal 5 costs. A
# change of deal k (correction, void, confirmation) folds from the state before k:
# the stored state when no folded deal comes at or after k, else the fold of the
# deals before k, and re-scores k…n once. A stored state of another engine version
# is not restored: the deals are folded instead.


@dataclass(frozen=True)
class _Before:
    """The engine's state before deal ``number``; ``flagged``: is a folded deal
    before it flagged (the match needs attention whatever follows)?"""

    number: int
    state: MatchState
    flagged: bool


def state_before(
    match: Match, game: Game, number: int, *, last: bool = False
) -> _Before:
    """The state before deal ``number`` (folded deals only). ``last``: the caller
    knows that no deal comes at or after ``number`` (a new deal)."""
    options = game.parse_options(match.options)
    table = _table(match)
    if (
        last
        or not match.deals.filter(
            status__in=FOLDED_STATUSES, number__gte=number
        ).exists()
    ):
        state = state_from_stored(game, match.state, options=options, table=table)
        if state is not None:
            return _Before(number, state, match.needs_attention)
    # ``match_id`` too: the related manager reads it on every row to attach the
    # match, and a deferred field would cost one query per deal.
    deals = list(
        match.deals.filter(status__in=FOLDED_STATUSES, number__lt=number)
        .order_by("number")
        .only("match_id", "number", "input")
    )
    folded = game.fold(
        [d.input for d in deals], options, table, numbers=[d.number for d in deals]
    )
    return _Before(number, folded.state, folded.needs_attention)


def refold(match: Match, game: Game, *, bump: bool = True) -> None:
    """Re-fold ``match`` from its first deal and store results and the cache."""
    start = game.start(game.parse_options(match.options), _table(match))
    refold_from(match, game, _Before(0, start, False), bump=bump)


def refold_from(
    match: Match, game: Game, before: _Before, *, bump: bool = True
) -> None:
    """Fold the folded deals from ``before.number`` on onto ``before.state``; store
    each deal's changed result, flags and totals, and the match's fold cache."""
    deals = list(
        match.deals.filter(
            status__in=FOLDED_STATUSES, number__gte=before.number
        ).order_by("number")
    )
    folded = game.fold_from(
        before.state, [d.input for d in deals], numbers=[d.number for d in deals]
    )
    now = timezone.now()
    changed = []
    for deal, record in zip(deals, folded.deals, strict=True):
        values = {
            "status": DealStatus.FLAGGED if record.flagged else DealStatus.COUNTED,
            "result": to_jsonable(record.score),
            "errors": [e.as_dict() for e in record.errors],
            "totals": list(record.totals),
        }
        if any(getattr(deal, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(deal, k, v)
            deal.updated_at = now
            changed.append(deal)
    if changed:
        Deal.objects.bulk_update(
            changed, ["status", "result", "errors", "totals", "updated_at"]
        )
    store_fold(
        match,
        game,
        folded.state,
        needs_attention=before.flagged or folded.needs_attention,
        next_number=None,
        bump=bump,
    )


def store_fold(
    match: Match,
    game: Game,
    state: MatchState,
    *,
    needs_attention: bool,
    next_number: int | None,
    bump: bool = True,
) -> None:
    """Store the fold cache of ``match`` whose folded deals leave ``state``.

    ``next_number``: the sheet's next deal number (``None``: look it up)."""
    set_fold(
        match, game, state, needs_attention=needs_attention, next_number=next_number
    )
    if bump:
        match.version += 1
    match.save(
        update_fields=[
            "totals",
            "leaders",
            "winners",
            "finished",
            "needs_attention",
            "next_deal",
            "state",
            "version",
            "updated_at",
        ]
    )


def set_fold(
    match: Match,
    game: Game,
    state: MatchState,
    *,
    needs_attention: bool,
    next_number: int | None,
) -> None:
    """Set the fold cache fields of ``match`` (not saved): a new match gets them
    before its first write, a stored one in :func:`store_fold`. ``next_number``:
    the sheet's next deal number (``None``: look it up, when there is a next deal)."""
    next_deal = to_jsonable(game.next_deal(state))
    if next_deal is not None:
        # The sheet's number (voided deals keep theirs); the engine's count stays.
        next_deal["engine_number"] = next_deal["number"]
        next_deal["number"] = (
            next_number if next_number is not None else _next_number(match)
        )
    match.totals = list(state.totals)
    match.leaders = list(game.leaders(state))
    match.winners = list(state.winners)
    if match.status == MatchStatus.FINISHED and not state.finished:
        # Closed by hand though the fold never decides it (a game with no fixed
        # end, see ``._ends``): its totals are the result, its leaders the winners.
        match.winners = list(game.leaders(state))
    match.finished = state.finished
    match.needs_attention = needs_attention
    match.next_deal = next_deal
    match.state = state_to_stored(game, state)


def _table(match: Match) -> Table:
    seats = getattr(match, "_prefetched_objects_cache", {}).get("seats")
    if seats is not None:  # read with the match (positions and sides never change)
        sides = [s.side for s in sorted(seats, key=lambda s: s.position)]
    else:
        sides = match.seats.order_by("position").values_list("side", flat=True)
    return Table(tuple(sides), match.first_dealer)


def _next_number(match: Match) -> int:
    return (match.deals.aggregate(n=Max("number"))["n"] or 0) + 1


def canonical(game: Game, raw: Any) -> Any:
    try:
        return to_jsonable(game.parse_deal(raw))
    except DealRejected:
        return raw
