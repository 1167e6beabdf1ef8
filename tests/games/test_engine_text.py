"""Texts of the engine: the English sentence, its template and its parameters.

A :class:`Text` must read exactly as the f-string it replaced, survive the trip
through stored JSON, and render again from its template in another language, with
seats and sides named by whoever renders it.
"""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from games.engine.text import (
    Seat,
    Side,
    Text,
    i18n_of,
    msg,
    params_from_json,
    params_to_json,
    render,
)


def test_a_text_is_its_english_sentence():
    """The engine and its tests read a Text as the plain English."""
    text = msg(
        "rami by {declarer}: declarers score {points}", declarer=Seat(2), points=8
    )
    assert text == "rami by player 3: declarers score 8"  # seat 2, the third
    assert isinstance(text, str)
    assert text.template == "rami by {declarer}: declarers score {points}"


def test_a_side_at_a_sentence_start_is_capitalized():
    assert msg("{side:C} is nousussa", side=Side(1)) == "Side 2 is nousussa"
    assert msg("{n:02d}", n=Seat(3)) == "03"  # a number format is a number's


def test_the_renderer_names_seats_and_sides_and_translates_inner_texts():
    """The score sheet names seats; a text inside a text is translated too."""
    hand = msg("a pair of {rank}", rank="K")
    text = msg("{side:C} won with {hand}", side=Side(0), hand=hand)
    finnish = {"{side:C} won with {hand}": "{side:C} voitti: {hand}"}
    finnish["a pair of {rank}"] = "pari {rank}"
    stored = json.loads(json.dumps(i18n_of(text)))
    params = params_from_json(stored["params"])
    told = render(
        finnish[stored["template"]],
        params,
        name=lambda s: "Aino & Bertta" if isinstance(s, Side) else "Ceci",
        translate=lambda t: finnish.get(t, t),
    )
    assert told == "Aino & Bertta voitti: pari K"


def test_a_text_without_values_needs_no_template_of_its_own():
    assert i18n_of(msg("nolo")) is None
    assert i18n_of("a plain string") is None


def test_a_translation_that_does_not_fit_is_shown_as_it_is():
    """A translator's typo ({pionts}) shows the template, never fails the page."""
    assert render("{pionts} pistettä", {"points": 3}) == "{pionts} pistettä"


words = st.text(alphabet="abcdefg äö", min_size=0, max_size=8)
values = st.one_of(
    st.integers(-1000, 1000),
    words,
    st.builds(Seat, st.integers(0, 7)),
    st.builds(Side, st.integers(0, 3)),
)


@given(st.dictionaries(st.sampled_from("abcde"), values, min_size=1, max_size=5))
def test_stored_parameters_render_the_same_sentence(params):
    """Property: template + params → JSON → back renders the same English."""
    template = " / ".join("{" + k + "}" for k in params)
    text = Text(template, params)
    back = params_from_json(json.loads(json.dumps(params_to_json(params))))
    assert render(template, back) == text
    assert {k: type(v) for k, v in back.items()} == {
        k: type(v) for k, v in params.items()
    }
