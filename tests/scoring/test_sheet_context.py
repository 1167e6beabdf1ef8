"""The score sheet's "next deal" box: the dealer, then exactly the rows the game
declares (``NextDeal.context``), rendered by their kind. The page names no game."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.export import ContextLine, context_lines
from scoring.models import Role
from tests.scoring.factories import member

SEATS = {0: "Aino", 1: "Ceci", 2: "Bertta", 3: "Dora"}
SIDES = ["Aino & Bertta", "Ceci & Dora"]


def lines(next_deal):
    return context_lines(next_deal, seat_names=SEATS, side_labels=SIDES)


def row(code, kind, value, label="Label"):
    return {"code": code, "label": label, "kind": kind, "value": value}


def test_no_next_deal_no_rows():
    """A finished match has no next deal, so nothing is shown."""
    assert lines(None) == []


def test_the_dealer_comes_first_then_the_declared_rows_in_order():
    next_deal = {
        "dealer": 3,
        "context": [
            row("a", "side", 1, "A"),
            row("b", "side", None, "B"),
            row("c", "seat", 2, "C"),
            row("d", "per_side", [50, 90], "D"),
            row("e", "number", 120, "E"),
            row("f", "text", "vulnerable", "F"),
        ],
    }
    assert lines(next_deal) == [
        ContextLine("dealer", "Dealer", "Dora"),
        ContextLine("a", "A", "Ceci & Dora"),
        ContextLine("b", "B", "nobody"),
        ContextLine("c", "C", "Bertta"),
        ContextLine("d", "D", "Aino & Bertta 50 · Ceci & Dora 90"),
        ContextLine("e", "E", "120"),
        ContextLine("f", "F", "vulnerable"),
    ]


def test_stored_fields_the_game_did_not_declare_as_rows_are_not_shown():
    """An opening requirement or a holding side stored on the next deal is not a
    row unless the game declares it in ``context`` (nothing is guessed)."""
    next_deal = {"dealer": None, "opening_requirement": [50, 90], "holding_points": 0}
    assert lines(next_deal) == []


# -- the page, for real games -------------------------------------------------------

TUPPI_RAMI = {"contract": "rami", "declarer": 0, "tricks": [9, 4]}  # 12 to side 0


def _sheet(client, club, game, deals=(), seats=4):
    admin = member(club, Role.ADMIN, "Aino")
    players = [admin] + [
        member(club, Role.MEMBER, n) for n in ("Ceci", "Bertta", "Dora")[: seats - 1]
    ]
    match = services.match_start(
        club=club,
        game=game,
        seats=[(p, i % 2) for i, p in enumerate(players)],
        by=admin.user,
    )
    for number, deal in enumerate(deals, start=1):
        services.deal_submit(match=match, number=number, input=deal, by=admin.user)
    client.force_login(admin.user)
    url = reverse("scoring:sheet", kwargs={"match_id": match.pk})
    return client.get(url).content.decode()


def shown(html: str) -> dict[str, str]:
    """The next-deal box as ``data-context`` → text."""
    return dict(re.findall(r'data-context="([^"]+)">([^<]*)</dd>', html))


@pytest.mark.django_db
def test_tuppi_sheet_shows_who_is_nousussa(client, club):
    """0–0: nobody; after 12 to Aino & Bertta they are nousussa."""
    assert shown(_sheet(client, club, "tuppi"))["nousussa"] == "nobody"
    html = _sheet(client, club, "tuppi", [TUPPI_RAMI])
    assert shown(html) == {"dealer": "Ceci", "nousussa": "Aino &amp; Bertta"}


@pytest.mark.django_db
def test_canasta_sheet_shows_each_sides_opening_requirement(client, club):
    html = _sheet(client, club, "canasta")
    assert shown(html) == {
        "dealer": "Aino",
        "opening_requirement": "Aino &amp; Bertta 50 · Ceci &amp; Dora 50",
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "seats", "rows"),
    [
        ("skruuvi", 4, {}),
        (
            "sleazy",
            2,
            {"round": "1 of 4", "ahead": "nobody", "cumulative_difference": "0"},
        ),
    ],
)
def test_a_game_without_those_terms_shows_only_its_own_rows(
    client, club, game, seats, rows
):
    """A Skruuvi or Sleazy sheet never says "Nousussa" nor "Opening requirement":
    the dealer, then exactly the rows the game declares."""
    html = _sheet(client, club, game, seats=seats)
    assert shown(html) == {"dealer": "Aino", **rows}
    assert "Nousussa" not in html and "Opening requirement" not in html


# -- the chart's winning line: the game's declared match goal --------------------


@pytest.mark.django_db
@pytest.mark.parametrize(("points", "line"), [((30, 0), False), ((60, 0), True)])
def test_the_chart_draws_the_declared_target_once_half_way(
    client, club, people, match, points, line
):
    """The race test game's goal is its ``target`` option (100, the default
    ``Game.match_goal``); the line shows once a side has half of it."""
    services.deal_submit(
        match=match, number=1, input={"points": list(points)}, by=people.scorer.user
    )
    client.force_login(people.scorer.user)
    svg = client.get(reverse("scoring:chart", args=[match.pk])).content.decode()
    assert (">100</text>" in svg) is line
