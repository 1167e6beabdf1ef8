"""Double entry's pending deal as the table reads it before confirming: the deal
waiting for confirmation (or with conflicting entries), who entered it, and — for a
pending one — the row it will be on the sheet once confirmed (its points, running
totals and facts: contract, tricks…), so that the other side confirms what it sees
and never blind.

The preview is the engine's score of the deal's input on the match's stored state
(the state after the counted deals: a pending deal is never folded, and it is the
last deal of the sheet, since no deal is entered while one is unsettled); a stored
state of another engine version is folded from the deals instead, as the services
do. Nothing is stored here.
"""

from __future__ import annotations

from typing import Any

from games.engine import InputRejected, Table, UnknownGame, get_game
from games.engine.serialize import state_from_stored, to_jsonable
from scoring import permissions
from scoring.models import FOLDED_STATUSES, UNSETTLED_STATUSES, Deal, DealStatus, Match
from scoring.table_links import VIA


def deal_pending_get(match: Match) -> dict[str, Any] | None:
    """The unsettled deal of a double-entry ``match``, or ``None``.

    ``deal`` (the model), ``entry`` (the revision that made its input), ``seat``
    (the seat that entered it through the table link, or ``None``) and ``row``: a
    pending deal's would-be sheet row (``match_sheet_get``'s row shape, with
    ``points`` and ``totals``), ``None`` for a conflict or an input the rules no
    longer take."""
    if not match.double_entry:
        return None
    deal = (
        match.deals.filter(status__in=UNSETTLED_STATUSES)
        .select_related("entered_by")
        .order_by("number")
        .first()
    )
    if deal is None:
        return None
    entry = permissions.deal_entry_revision(deal)
    seat = entry.seat if entry is not None and entry.via == VIA else None
    pending = deal.status == DealStatus.PENDING
    return {
        "deal": deal,
        "entry": entry,
        "seat": seat,
        "row": _would_be_row(match, deal) if pending else None,
    }


def _would_be_row(match: Match, deal: Deal) -> dict[str, Any] | None:
    try:
        game = get_game(match.game_id)
        options = game.parse_options(match.options)
    except (UnknownGame, InputRejected):
        return None  # a game (or options) this version no longer takes
    seats = sorted(match.seats.all(), key=lambda s: s.position)
    table = Table(tuple(s.side for s in seats), match.first_dealer)
    state = state_from_stored(game, match.state, options=options, table=table)
    if state is None:
        folded = list(
            match.deals.filter(status__in=FOLDED_STATUSES, number__lt=deal.number)
            .order_by("number")
            .only("match_id", "number", "input")
        )
        state = game.fold(
            [d.input for d in folded],
            options,
            table,
            numbers=[d.number for d in folded],
        ).state
    try:
        score = game.score(state, deal.input)
    except InputRejected:
        return None
    result = to_jsonable(score)
    return {
        "number": deal.number,
        "status": deal.status,
        "points": result.get("points"),
        "totals": list(game.advance(state, score).totals),
        "verified": result.get("verified"),
        "facts": result.get("facts", []),
        "errors": [],
        "version": deal.version,
        "entered_by": deal.entered_by.get_username() if deal.entered_by else None,
    }
