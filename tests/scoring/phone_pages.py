"""The main pages of Kirjuri with something on them, for the phone-layout and the
accessibility tests: a club with a Tuppi sheet (a corrected deal, a flagged one),
a petanque match (its board of ends), a Mah Jong match, a double-entry match with a
deal waiting for its confirmation, a published tournament under way, a money
evening and an invitation (the sign-up page).

:func:`phone_world` builds it (in a transactional test: the live server reads it);
:func:`main_pages` lists the pages by name and path, for Aino (the club's admin
and the tournament's director) to open logged in; :data:`PUBLIC_PAGES` are opened
logged out.
"""

from __future__ import annotations

from types import SimpleNamespace

from money.services import sessions
from scoring import services
from tests.scoring.finnish import tuppi_world

#: The petanque round entered: the first team scores 2.
ROUND = {"side": 0, "points": 2}
#: A Mah Jong deal as the values the table counted.
MAHJONG = {"mode": "totals", "winner": 0, "values": [40, 8, 10, 2]}


def phone_world() -> SimpleNamespace:
    """:func:`tests.scoring.finnish.tuppi_world` and the other pages' data."""
    world = tuppi_world()
    by = world.admin.user
    aino, ceci = world.players[:2]
    petanque = services.match_start(
        club=world.club,
        game="tuomas-petanque",
        seats=[(aino, 0), (ceci, 1)],
        by=by,
    )
    services.deal_submit(match=petanque, number=1, input=ROUND, by=by)
    mahjong = services.match_start(
        club=world.club,
        game="mahjong",
        seats=[(p, seat) for seat, p in enumerate(world.players)],
        by=by,
    )
    services.deal_submit(match=mahjong, number=1, input=MAHJONG, by=by)
    double = services.match_start(
        club=world.club,
        game="tuomas-petanque",
        seats=[(aino, 0), (ceci, 1)],
        double_entry=True,
        by=by,
    )
    services.deal_submit(match=double, number=1, input=ROUND, by=by)
    poker = services.match_start(
        club=world.club,
        game="indian-poker",
        seats=[(p, seat) for seat, p in enumerate(world.players)],
        by=by,
    )
    evening = sessions.session_create(
        club=world.club, name="Tiistai-ilta", currency="EUR", by=by
    )
    invitation = services.invitation_create(club=world.club, by=by)
    world.petanque, world.mahjong, world.double = petanque, mahjong, double
    world.poker = poker
    world.evening, world.invitation = evening, invitation
    return world


def main_pages(world: SimpleNamespace) -> dict[str, str]:
    """The pages a club's admin opens, by name: path."""
    event = world.event.pk
    return {
        "club": f"/clubs/{world.club.pk}/",
        "sheet": f"/matches/{world.match.pk}/",
        "sheet of ends": f"/matches/{world.petanque.pk}/",
        "sheet of tiles": f"/matches/{world.mahjong.pk}/",
        "sheet to confirm": f"/matches/{world.double.pk}/",
        "deal form": f"/matches/{world.match.pk}/deals/new/",
        "tile form": f"/matches/{world.mahjong.pk}/deals/new/",
        "round form": f"/matches/{world.petanque.pk}/deals/new/",
        "betting form": f"/matches/{world.poker.pk}/deals/new/",
        "director": f"/tournaments/{event}/manage/",
        "tournament": f"/tournaments/{event}/",
        "room": f"/tournaments/{event}/room/",
        "money": "/money/",
        "evening": f"/settlements/session/{world.evening.pk}/",
    }


def public_pages(world: SimpleNamespace) -> dict[str, str]:
    """The pages opened without logging in, by name: path."""
    return {
        "login": "/accounts/login/",
        "sign-up": f"/invite/{world.invitation.token}/",
    }
