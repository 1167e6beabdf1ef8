"""Issue 33 item 8: a deal's fields are capped by the match. A game narrows the
numbers of its deal schema for a match's options and table
(:meth:`games.engine.Game.deal_bounds`, applied by
:func:`games.engine.inputs.bound_schema`); the entry form and the API's deal schema
are the match's (:func:`scoring.selectors.match_deal_schema_get`), so the tap grid of a
petanque singles offers 1–4 points (a player has 3 or 4 balls, book §63 l.3694),
1–3 with the option of three balls, and never the 5 and 6 the rules always refuse
there; doubles keep 1–6."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.engine import Table, get_game
from games.engine.inputs import bound_schema
from scoring import selectors, services
from tests.scoring.factories import member

GAME = "tuomas-petanque"


def points_offered(html: str, player: str) -> list[int]:
    return [int(n) for n in re.findall(rf'aria-label="{player} (\d+)"', html)]


def start(people, seats, **options):
    return services.match_start(
        club=people.admin_club,
        game=GAME,
        seats=seats,
        options=options,
        by=people.admin.user,
    )


@pytest.fixture
def players(club, people):
    people.admin_club = club
    people.others = [member(club, name=n) for n in ("Cia", "Dan")]
    return people


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("options", "offered"),
    [({}, [1, 2, 3, 4]), ({"team_balls": 3}, [1, 2, 3])],
    ids=["by the book", "three balls"],
)
def test_a_singles_form_offers_only_the_points_a_player_can_score(
    client, players, options, offered
):
    match = start(players, [(players.admin, 0), (players.opponent, 1)], **options)
    client.force_login(players.admin.user)
    html = client.get(
        reverse("scoring:deal-new", kwargs={"match_id": match.pk})
    ).content.decode()
    assert points_offered(html, "Aino") == offered
    assert points_offered(html, "Olli") == offered
    # The fields under "Enter by fields" are capped alike.
    assert f'max="{offered[-1]}"' in html


@pytest.mark.django_db
def test_doubles_keep_six_and_the_api_schema_is_the_matchs(client, players):
    cia, dan = players.others
    seats = [(players.admin, 0), (players.opponent, 1), (cia, 0), (dan, 1)]
    doubles = start(players, seats)
    singles = start(players, [(players.admin, 0), (players.opponent, 1)])
    points = selectors.match_deal_schema_get(doubles)["properties"]["points"]
    assert points["maximum"] == 6
    client.force_login(players.admin.user)
    answer = client.get(f"/api/v1/matches/{singles.pk}/deal-schema")
    assert answer.status_code == 200
    assert answer.json()["deal_schema"]["properties"]["points"]["maximum"] == 4


def test_the_game_schema_without_a_match_is_unbounded_by_it():
    game = get_game(GAME)
    assert game.deal_schema()["properties"]["points"]["maximum"] == 6
    singles = game.deal_schema(game.parse_options({}), Table((0, 1)))
    assert singles["properties"]["points"]["maximum"] == 4


SCHEMA = {
    "$defs": {
        "Quick": {
            "properties": {
                "mode": {"const": "quick"},
                "points": {"type": "integer", "minimum": 0, "maximum": 9},
            }
        },
        "Full": {
            "properties": {
                "mode": {"const": "full"},
                "points": {
                    "anyOf": [
                        {"type": "integer", "minimum": 0, "maximum": 9},
                        {"type": "null"},
                    ]
                },
                "name": {"type": "string"},
            }
        },
    },
    "oneOf": [{"$ref": "#/$defs/Quick"}, {"$ref": "#/$defs/Full"}],
}


def test_bounds_follow_refs_unions_and_optional_numbers_and_never_widen():
    out = bound_schema(SCHEMA, {"points": (2, 12), "name": (1, 2), "nowhere": (0, 1)})
    quick = out["$defs"]["Quick"]["properties"]["points"]
    full = out["$defs"]["Full"]["properties"]["points"]["anyOf"][0]
    assert (quick["minimum"], quick["maximum"]) == (2, 9)
    assert (full["minimum"], full["maximum"]) == (2, 9)
    assert "minimum" not in out["$defs"]["Full"]["properties"]["name"]
    # The game's own schema is not changed.
    assert SCHEMA["$defs"]["Quick"]["properties"]["points"]["minimum"] == 0
    assert (
        bound_schema(SCHEMA, {"points": (None, 4)})["$defs"]["Quick"]["properties"][
            "points"
        ]["maximum"]
        == 4
    )
