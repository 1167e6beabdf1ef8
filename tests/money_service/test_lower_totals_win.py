"""Settling a game where the most points lose (Sneaky Pete): the points count
against the player, so the fewest points collect."""

from __future__ import annotations

from money import selectors as money_selectors
from money import services as money_services
from scoring import services
from tests.money_service.test_services import nets


def test_penalty_points_are_paid_for_not_collected(club, people):
    """Seven hands of 0, 20, 10, 10: totals 0, 140, 70, 70, average 70 at 0.05 EUR.
    Anna (0) takes 70 × 0.05 = 3.50 EUR; Ben (140) pays 3.50; Cai and Dan are on
    the average."""
    p = people
    match = services.start_match(
        club=club,
        game="sneaky-pete",
        seats=[(p.anna, 0), (p.ben, 1), (p.cai, 2), (p.dan, 3)],
        point_value="0.05",
        currency="EUR",
        by=p.admin.user,
    )
    hand = {"mode": "totals", "went_out": 0, "points": [0, 20, 10, 10]}
    for number in range(1, 8):
        services.submit_deal(match=match, number=number, input=hand, by=p.admin.user)
    match.refresh_from_db()
    services.finish_match(match=match, by=p.admin.user)
    assert match.totals == [0, 140, 70, 70] and match.winners == [0]

    money_services.match_settle(match=match, by=p.admin.user)

    assert nets("match", match.pk) == {
        f"p{p.anna.pk}": 350,
        f"p{p.ben.pk}": -350,
    }
    sheet = money_selectors.match_sheet_get(p.member.user, match.pk)
    assert sheet["trail"][0]["lines"][0].startswith("The most points lose")
