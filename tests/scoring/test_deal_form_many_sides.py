"""The deal form of a game for any number of players (Sneaky Pete): one position per
player of the match, labelled with the player's name, empty positions kept; the
card picker counts the match's own decks."""

from __future__ import annotations

import json

from django.http import QueryDict
from django.urls import reverse

from games.engine import get_game
from scoring import services
from scoring.deal_forms import Table, build_form, deal_from_post, render_form
from scoring.models import Role
from tests.scoring.factories import member

GAME = get_game("sneaky-pete")
NAMES = ["Ann", "Bo", "Cid", "Dee"]
TABLE = Table(seat_labels=NAMES, side_labels=NAMES, seats=[0, 1, 2, 3])


def _post(pairs: list[tuple[str, str]]) -> QueryDict:
    data = QueryDict(mutable=True)
    for key, value in pairs:
        data.appendlist(key, value)
    return data


def test_one_position_per_player_labelled_by_name():
    """Four players: players.0 … players.3 named Ann … Dee, no fifth slot; the seat
    that went out is a choice of the four."""
    tree = build_form(GAME.deal_schema(), TABLE)
    html, _ = render_form(tree)
    for i, name in enumerate(NAMES):
        assert f'name="players.{i}.hand"' in html
        assert f"<legend>{name}</legend>" in html
    assert 'name="players.4.hand"' not in html
    # Radios for the four seats, in the card entry and in the quick entry.
    assert html.count('name="went_out" value="3"') == 2
    assert 'name="went_out" value="4"' not in html
    assert 'name="points.3"' in html and 'name="points.4"' not in html


def test_a_player_with_nothing_entered_keeps_their_place():
    """Seat 1 went out and has nothing to enter: the deal still has four players,
    and the engine scores it."""
    tree = build_form(GAME.deal_schema(), TABLE)
    deal = deal_from_post(
        tree,
        _post(
            [
                ("mode", "cards"),
                ("went_out", "1"),
                ("players.0.hand", "AH 9C"),
                ("players.1.hand", ""),
                ("players.2.hand", "Jo"),
                ("players.3.hand", "2S 3S"),
            ]
        ),
    )
    assert deal["went_out"] == 1
    assert len(deal["players"]) == 4
    assert deal["players"][1] == {}
    assert GAME.score(GAME.start({}, None), deal).points == (30, 0, 50, 10)


def test_totals_are_one_number_per_player():
    tree = build_form(GAME.deal_schema(), TABLE)
    deal = deal_from_post(
        tree,
        _post(
            [("mode", "totals"), ("went_out", "2")]
            + [(f"points.{i}", p) for i, p in enumerate(["35", "10", "0", "5"])]
        ),
    )
    assert deal == {"mode": "totals", "went_out": 2, "points": [35, 10, 0, 5]}


def test_fixed_two_sided_forms_are_unchanged():
    """Sleazy's two sides stay a fixed pair; the per-side rule is for open lists."""
    sleazy = get_game("sleazy")
    two = Table(seat_labels=["Ann", "Bo"], side_labels=["Ann", "Bo"], seats=[0, 1])
    html, _ = render_form(build_form(sleazy.deal_schema(), two))
    assert 'name="sides.0' in html or 'data-path="sides.0' in html
    assert 'data-path="sides.2' not in html


def test_entry_page_of_a_sneaky_pete_match(client, db):
    """A four-player match with three decks: the page names the players, the card
    picker offers three of each card, and a posted hand is on the sheet."""
    from tests.scoring.factories import ClubFactory

    club = ClubFactory()
    players = [
        member(club, Role.SCORER if i == 0 else Role.MEMBER, n)
        for i, n in enumerate(NAMES)
    ]
    match = services.match_start(
        club=club,
        game="sneaky-pete",
        seats=[(p, i) for i, p in enumerate(players)],
        options={"decks": 3},
        by=players[0].user,
    )
    client.force_login(players[0].user)
    url = reverse("scoring:deal-new", kwargs={"match_id": match.pk})
    html = client.get(url).content.decode()
    for name in NAMES:
        assert f"<legend>{name}</legend>" in html
    deck = json.loads(
        html.split('id="deck-cards" type="application/json">', 1)[1].split(
            "</script>", 1
        )[0]
    )
    copies = {c["code"]: c["copies"] for c in deck}
    assert copies["2C"] == 3 and copies["Jo"] == 6
    response = client.post(
        url,
        {
            "number": "1",
            "mode": "cards",
            "went_out": "3",
            "players.0.hand": "AH AH AH",
            "players.1.hand": "KD",
            "players.2.hand": "2C",
            "players.3.hand": "",
        },
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.totals == [60, 10, 5, 0]
    assert match.next_deal["number"] == 2
