"""The score sheet of a game with per-seat points (Klubiskruuvi's bolsus): each
player's own points and individual total are shown beside the sides' book."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Role
from tests.scoring.factories import member

pytestmark = pytest.mark.django_db

BOLSU = {
    "bolsu": True,
    "contract": "hearts",
    "declarer": 3,
    "tricks": [12, 1],
}  # Mussolini by seat 3, one trick lost: 17 to each opponent, -51 to the declarer
TEAM = {"contract": "hearts", "level": 6, "declarer": 0, "tricks": [12, 1]}  # 36


def seat_rows(html: str) -> list[tuple[str, ...]]:
    table = re.search(r'<table class="sheet" id="seat-points">.*?</table>', html, re.S)
    assert table, "no table of the players' own points"
    return [
        tuple(re.findall(r"<td[^>]*>([^<]*)</td>", row))
        for row in re.findall(r"<tr data-seat[^>]*>(.*?)</tr>", table.group(0), re.S)
    ]


def test_klubiskruuvi_sheet_shows_bolsu_points_and_individual_totals(client, club):
    """Seats Aino, Ceci, Bertta, Dora; after a deal of 36 to Aino & Bertta and a
    Mussolini by Dora: own points 17, 17, 17, -51; individual = own + 2 × team."""
    admin = member(club, Role.ADMIN, "Aino")
    players = [admin] + [
        member(club, Role.MEMBER, n) for n in ("Ceci", "Bertta", "Dora")
    ]
    match = services.match_start(
        club=club,
        game="klubiskruuvi",
        seats=[(p, i % 2) for i, p in enumerate(players)],
        by=admin.user,
    )
    for number, deal in enumerate([TEAM, BOLSU], start=1):
        services.deal_submit(match=match, number=number, input=deal, by=admin.user)
    client.force_login(admin.user)
    html = client.get(reverse("scoring:sheet", kwargs={"match_id": match.pk})).content
    assert seat_rows(html.decode()) == [
        ("Aino", "17", "89"),
        ("Ceci", "17", "17"),
        ("Bertta", "17", "89"),
        ("Dora", "-51", "-51"),
    ]


def test_games_scored_only_by_side_show_no_own_points(client, club):
    admin = member(club, Role.ADMIN, "Aino")
    players = [admin] + [
        member(club, Role.MEMBER, n) for n in ("Ceci", "Bertta", "Dora")
    ]
    match = services.match_start(
        club=club,
        game="skruuvi",
        seats=[(p, i % 2) for i, p in enumerate(players)],
        by=admin.user,
    )
    services.deal_submit(match=match, number=1, input=TEAM, by=admin.user)
    client.force_login(admin.user)
    html = client.get(reverse("scoring:sheet", kwargs={"match_id": match.pk}))
    assert html.status_code == 200
    assert b"seat-points" not in html.content
