"""Lists and wrapped messages inside a text read as the English joins did, and keep
each item's template for the boundary."""

from __future__ import annotations

import json

from games.engine.text import Seat, Text, i18n_of, msg, params_from_json, render
from games.engine.wording import all_of, any_of, as_text, comma_list, semicolon_list


def test_lists_read_as_the_english_joins():
    words = [msg("spades"), msg("hearts"), msg("clubs")]
    assert all_of(words) == "spades and hearts and clubs"
    assert any_of(words) == "spades or hearts or clubs"
    assert comma_list(words) == "spades, hearts, clubs"
    assert semicolon_list(words) == "spades; hearts; clubs"
    assert all_of([words[0]]) is words[0]
    assert any_of([]) == ""


def test_each_item_is_translated_and_each_seat_named():
    finnish = {
        "{first} and {second}": "{first} ja {second}",
        "spades": "pata",
        "{seats} won": "{seats} voittivat",
    }
    text = msg("{seats} won", seats=all_of([Seat(1), msg("spades"), Seat(3)]))
    assert text == "player 2 and spades and player 4 won"
    stored = json.loads(json.dumps(i18n_of(text)))
    told = render(
        finnish[stored["template"]],
        params_from_json(stored["params"]),
        name=lambda seat: f"P{int(seat)}",
        translate=lambda t: finnish.get(t, t),
    )
    assert told == "P1 ja pata ja P3 voittivat"


def test_a_plain_message_becomes_its_own_template():
    wrapped = as_text("there is no bid to double")
    assert isinstance(wrapped, Text)
    assert wrapped.template == "there is no bid to double"
    assert as_text(wrapped) is wrapped
    assert as_text(3) == 3
    assert as_text("a {brace} without a value") == "a {brace} without a value"
