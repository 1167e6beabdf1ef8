"""A person's data (GDPR Art. 15 and 20): everything Kirjuri holds of one person.

:func:`person_export` gathers, as one JSON-ready document (``format``
``"kirjuri-person"``, ``version`` 1): the account (username, names, e-mail, when
joined and last signed in — never the password hash), the player record and its
memberships, every match the player sat in (its seats, totals, winners, and every
deal with its result: the results they played) and every deal of another match they
entered or confirmed, the deal revisions they made (what, when, how, from which
seat), and what the upper apps register (:data:`.registry.PERSON_SECTIONS`: their
tournament entries, their ledger lines). Other people appear by display name only.

Given ``club``, only that club's part is gathered: what a club admin may hand a
player of their club, who asks the club rather than signing in.
"""

from __future__ import annotations

import json
from typing import Any

from django.db.models import Q
from django.utils import timezone

from scoring.models import Club, DealRevision, Match, Membership, Player
from scoring.portability.clubs import json_default
from scoring.portability.registry import PERSON_SECTIONS

FORMAT = "kirjuri-person"
VERSION = 1


def _account(user: Any) -> dict[str, Any] | None:
    if user is None:
        return None
    return {
        "username": user.get_username(),
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "date_joined": user.date_joined,
        "last_login": user.last_login,
        "is_active": user.is_active,
    }


def _memberships(player: Player | None, club: Club | None) -> list[dict]:
    if player is None:
        return []
    rows = Membership.objects.filter(player=player).select_related("club")
    if club is not None:
        rows = rows.filter(club=club)
    return [
        {
            "club": m.club.name,
            "role": m.role,
            "guest": m.is_guest,
            "joined_at": m.joined_at,
            "retired_at": m.retired_at,
        }
        for m in rows.order_by("joined_at", "pk")
    ]


def _touched(deal: Any, user: Any) -> bool:
    hands = (deal.entered_by_id, deal.confirmed_by_id, deal.rival_entered_by_id)
    return user is not None and user.pk in hands


def _matches(player: Player | None, user: Any, club: Club | None) -> list[dict]:
    mine = Q(pk__in=[])
    if player is not None:
        mine |= Q(seats__player=player)
    if user is not None:
        mine |= Q(deals__entered_by=user) | Q(deals__confirmed_by=user)
        mine |= Q(deals__rival_entered_by=user)
    matches = Match.objects.filter(mine).distinct().select_related("club")
    if club is not None:
        matches = matches.filter(club=club)
    out = []
    for match in matches.order_by("started_at", "pk").prefetch_related(
        "seats__player", "deals"
    ):
        seats = sorted(match.seats.all(), key=lambda s: s.position)
        played = player is not None and any(s.player_id == player.pk for s in seats)
        deals = sorted(match.deals.all(), key=lambda d: d.number)
        if not played:  # only the deals they entered or confirmed
            deals = [
                d
                for d in deals
                if user is not None
                and user.pk
                in (d.entered_by_id, d.confirmed_by_id, d.rival_entered_by_id)
            ]
        out.append(
            {
                "club": match.club.name,
                "game": match.game_id,
                "started_at": match.started_at,
                "ended_at": match.ended_at,
                "status": match.status,
                "played": played,
                "seats": [
                    {
                        "position": s.position,
                        "side": s.side,
                        "player": s.player.display_name,
                        "me": player is not None and s.player_id == player.pk,
                    }
                    for s in seats
                ],
                "totals": match.totals,
                "winners": match.winners,
                "point_value": match.point_value,
                "currency": match.currency,
                "deals": [
                    {
                        "number": d.number,
                        "status": d.status,
                        "input": d.input,
                        "result": d.result,
                        "totals": d.totals,
                        "entered_by_me": user is not None
                        and d.entered_by_id == user.pk,
                        "confirmed_by_me": user is not None
                        and d.confirmed_by_id == user.pk,
                    }
                    for d in deals
                ],
            }
        )
    return out


def _revisions(user: Any, club: Club | None) -> list[dict]:
    if user is None:
        return []
    rows = DealRevision.objects.filter(by=user).select_related("deal__match__club")
    if club is not None:
        rows = rows.filter(deal__match__club=club)
    return [
        {
            "club": r.deal.match.club.name,
            "match_started_at": r.deal.match.started_at,
            "deal": r.deal.number,
            "kind": r.kind,
            "input": r.input,
            "reason": r.reason,
            "via": r.via,
            "seat": r.seat,
            "at": r.at,
        }
        for r in rows.order_by("at", "pk")
    ]


def person_export(
    *, user: Any = None, player: Player | None = None, club: Club | None = None
) -> dict[str, Any]:
    """The person of ``user`` (their player found from it) or of ``player``."""
    if player is None and user is not None:
        player = Player.objects.filter(user=user).first()
    if user is None and player is not None:
        user = player.user
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now(),
        "club": club.name if club is not None else None,
        "account": _account(user),
        "player": None
        if player is None
        else {
            "display_name": player.display_name,
            "short_name": player.short_name,
            "created_at": player.created_at,
        },
        "memberships": _memberships(player, club),
        "matches": _matches(player, user, club),
        "revisions": _revisions(user, club),
    }
    for section in PERSON_SECTIONS:
        key, rows = section(player, club)
        document[key] = rows
    return json.loads(json.dumps(document, default=json_default))
