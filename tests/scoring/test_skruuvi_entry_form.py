"""The Skruuvi entry form: generated from the deal schema, with a slot for each of
the four aces and seat selects, read back into the deal the engine scores."""

from __future__ import annotations

import re

from django.http import QueryDict

from games.engine import get_game
from scoring.deal_forms import Table, build_form, deal_from_post, render_form

TABLE = Table(
    seat_labels=("Aino", "Ceci", "Bertta", "Dora"),
    side_labels=("Aino & Bertta", "Ceci & Dora"),
    seats=(0, 1, 0, 1),
)


def names(slug: str) -> set[str]:
    html, _ = render_form(build_form(get_game(slug).deal_schema(), TABLE))
    return set(re.findall(r'name="([^"]+)"', html))


def test_the_form_has_four_ace_slots_and_as_many_knocks_as_the_game_allows():
    skruuvi = names("skruuvi")
    assert {f"aces.{i}.{k}" for i in range(4) for k in ("card", "trick", "seat")} <= (
        skruuvi
    )
    assert "aces.4.card" not in skruuvi
    assert {"knocks.0.by", "knocks.0.kontra_by"} <= skruuvi
    assert "knocks.1.by" not in skruuvi
    klubi = names("klubiskruuvi")
    assert {"bolsu", "knocks.2.by"} <= klubi and "knocks.3.by" not in klubi


def test_seats_are_chosen_by_name():
    html, _ = render_form(build_form(get_game("skruuvi").deal_schema(), TABLE))
    choices = re.findall(r'name="declarer" value="(\d)"> (\w+)', html)
    assert choices == [("0", "Aino"), ("1", "Ceci"), ("2", "Bertta"), ("3", "Dora")]
    assert re.search(r'name="aces\.0\.seat" value="3"> Dora', html)


def test_a_posted_deal_reads_back_and_scores():
    """docs/games/skruuvi.md's worked example, as the form posts it."""
    post = QueryDict(mutable=True)
    post.update(
        {
            "contract": "misere",
            "level": "5",
            "declarer": "1",
            "tricks": "6 0 6 1",
            "knocks.0.by": "2",
            "aces.0.card": "AS",
            "aces.0.trick": "2",
            "aces.0.seat": "0",
            "aces.1.card": "AH",
            "aces.1.trick": "9",
            "aces.1.seat": "2",
            "aces.2.card": "AD",
            "aces.2.trick": "9",
            "aces.2.seat": "2",
            "aces.3.card": "AC",
            "aces.3.trick": "4",
            "aces.3.seat": "3",
        }
    )
    game = get_game("skruuvi")
    deal = deal_from_post(build_form(game.deal_schema(), TABLE), post)
    assert deal["knocks"] == [{"by": 2}]
    assert len(deal["aces"]) == 4
    assert game.score(game.start(), deal).points == (4, 46)
