"""Issue 33 item 6: a text of the engine about a number is said in the reader's
plural form at the boundary (``ngettext``), fresh or stored; a seat reads as
people count them ("pelaaja 1" for the engine's seat 0)."""

from __future__ import annotations

import pytest
from django.utils import translation

from config.translation import localized, localized_stored, seat_words
from games.engine.text import Seat, Side, i18n_of, msg, msgn
from games.rules.canasta.red_threes import RedThreeRule, red_threes_fact


@pytest.mark.parametrize(
    "count, finnish",
    [(1, "1 punainen kolmonen: 100"), (2, "2 punaista kolmosta: 200")],
)
def test_red_threes_in_finnish_follow_the_count(count, finnish):
    text = red_threes_fact(count, 100 * count, 0, RedThreeRule()).text
    with translation.override("fi"):
        assert localized(text) == finnish
        assert localized_stored(str(text), i18n_of(text)) == finnish


def test_a_plural_inside_a_sentence_is_translated_too():
    text = msg(
        "{melds}: {chips} off",
        melds=msgn(
            "{count} meld more than the other side",
            "{count} melds more than the other side",
            count=1,
        ),
        chips=msgn("{count} chip", "{count} chips", count=3),
    )
    assert text == "1 meld more than the other side: 3 chips off"
    with translation.override("fi"):
        finnish = "1 sarja enemmän kuin toisella puolella: 3 pelimerkkiä pois"
        assert localized(text) == finnish
        assert localized_stored(str(text), i18n_of(text)) == finnish


def test_seats_and_sides_are_numbered_from_one_for_people():
    with translation.override("fi"):
        assert seat_words(Seat(0)) == "pelaaja 1"
        assert seat_words(Side(1)) == "puoli 2"
        assert localized(msg("{side:C} wins the game", side=Side(0))) == (
            "Puoli 1 voittaa pelin"
        )
    with translation.override("en"):
        assert seat_words(Seat(2)) == "player 3"
