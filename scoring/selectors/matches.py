"""Reads of matches and deals: visibility, the sides, the state a client carries on
from, the score sheet (terms: see the package)."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, Q, QuerySet
from django.utils.translation import gettext

from games.engine import Table, UnknownGame, get_game
from scoring.errors import NotFound
from scoring.models import Deal, DealRevision, DealStatus, Match, Seat
from scoring.permissions import User
from scoring.selectors._common import in_range, member_club_ids


def matches_visible_to(user: User) -> QuerySet[Match]:
    """Public matches and the matches of the user's clubs."""
    return (
        Match.objects.filter(Q(is_public=True) | Q(club_id__in=member_club_ids(user)))
        .select_related("club", "game")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player__user")),
        )
    )


def match_get(user: User, match_id: int) -> Match:
    match = (
        matches_visible_to(user).filter(pk=match_id).first()
        if in_range(match_id)
        else None
    )
    if match is None:
        raise NotFound("not_found", gettext("no such match"))
    return match


def match_side_list(match: Match) -> list[dict[str, Any]]:
    """Each side: its number, its players in seat order, and a label for headings."""
    seats = sorted(match.seats.all(), key=lambda s: s.position)
    sides: dict[int, list[Seat]] = {}
    for seat in seats:
        sides.setdefault(seat.side, []).append(seat)
    return [
        {
            "side": side,
            "label": " & ".join(s.player.sheet_name for s in side_seats),
            "players": [
                {"id": s.player_id, "display_name": s.player.display_name}
                for s in side_seats
            ],
            "seats": [s.position for s in side_seats],
        }
        for side, side_seats in sorted(sides.items())
    ]


def match_state_get(match: Match) -> dict[str, Any]:
    """The current state a client needs to carry on (also the body of a 409)."""
    return {
        "id": match.pk,
        "version": match.version,
        "status": match.status,
        "totals": match.totals,
        "leaders": match.leaders,
        "winners": match.winners,
        "finished": match.finished,
        "needs_attention": match.needs_attention,
        "next_deal": match.next_deal,
        "deals": [
            {"number": n, "status": s, "version": v}
            for n, s, v in match.deals.order_by("number").values_list(
                "number", "status", "version"
            )
        ],
    }


def match_deal_list(match: Match) -> QuerySet[Deal]:
    return match.deals.order_by("number").select_related(
        "entered_by", "confirmed_by", "rival_entered_by"
    )


def deal_get(match: Match, number: int) -> Deal:
    deal = (
        match_deal_list(match).filter(number=number).first()
        if in_range(number)
        else None
    )
    if deal is None:
        raise NotFound(
            "not_found",
            gettext("no deal %(number)s in this match") % {"number": number},
        )
    return deal


def deal_revision_list(deal: Deal) -> QuerySet[DealRevision]:
    # by__player: an erased person's revisions show the placeholder name, not the
    # random username their closed account was given (scoring/portability/erasure).
    return deal.revisions.select_related("by__player").order_by("at", "id")


def match_deal_schema_get(
    match: Match, sides: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The JSON Schema of one deal of ``match``: the game's, its numbers bounded
    by the match's options and table (a singles' round of petanque offers no more
    points than a team has balls). ``sides`` (:func:`match_side_list`, which a
    page has read already) spares reading the seats again."""
    game = get_game(match.game_id)
    if sides is not None:
        side_of = {pos: s["side"] for s in sides for pos in s["seats"]}
        seat_sides = [side_of[pos] for pos in sorted(side_of)]
    else:
        seats = sorted(match.seats.all(), key=lambda s: s.position)
        seat_sides = [s.side for s in seats]
    table = Table(tuple(seat_sides), match.first_dealer)
    return game.deal_schema(game.parse_options(match.options), table)


def deal_schema_get(match: Match) -> dict[str, Any]:
    """The JSON Schema of one deal's input for the match (for entry forms)."""
    game = get_game(match.game_id)
    return {
        "game": game.slug,
        "name": game.name,
        "options": match.options,
        "deal_schema": match_deal_schema_get(match),
    }


def match_seat_point_list(match: Match) -> list[dict[str, Any]]:
    """Per seat, the points its player scored alone (Klubiskruuvi's bolsus, kept
    apart from the sides' book: the engine's ``seat_totals``) and, when the game
    declares individual scoring, the player's individual total (team multiplier ×
    the side's total + own points). Empty for games that score only by side; one
    query (seats) otherwise."""
    own = (match.state or {}).get("seat_totals") or []
    if not own:
        return []
    try:
        individual = get_game(match.game_id).individual_scoring
    except UnknownGame:
        individual = None
    rows = []
    for seat in match.seats.order_by("position").select_related("player"):
        if seat.position >= len(own) or seat.side >= len(match.totals):
            continue
        points = own[seat.position]
        rows.append(
            {
                "seat": seat.position,
                "player": seat.player.display_name,
                "own": points,
                "individual": individual.team_multiplier * match.totals[seat.side]
                + points
                if individual
                else None,
            }
        )
    return rows


def match_sheet_get(match: Match) -> dict[str, Any]:
    """The score sheet: one row per deal with each side's points and running totals.

    Two queries (seats, deals). ``rows[i]``: ``number``, ``status``, ``points``,
    ``totals``, ``errors``, ``facts``, ``verified``, ``version``, ``entered_by``.
    """
    sides = match_side_list(match)
    rows = []
    for deal in match_deal_list(match):
        counts = deal.status == DealStatus.COUNTED
        result = deal.result or {}
        rows.append(
            {
                "number": deal.number,
                "status": deal.status,
                "points": result.get("points") if counts else None,
                "totals": deal.totals if counts else None,
                "verified": result.get("verified") if counts else None,
                "facts": result.get("facts", []) if counts else [],
                "errors": deal.errors,
                "version": deal.version,
                "entered_by": deal.entered_by.get_username()
                if deal.entered_by
                else None,
            }
        )
    return {
        "match": match.pk,
        "game": match.game_id,
        "status": match.status,
        "version": match.version,
        "sides": sides,
        "rows": rows,
        "totals": match.totals,
        "leaders": match.leaders,
        "winners": match.winners,
        "finished": match.finished,
        "needs_attention": match.needs_attention,
        "next_deal": match.next_deal,
    }
