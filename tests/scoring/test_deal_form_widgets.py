"""A field whose schema asks for a widget (``x-widget``) renders the widget's partial
around the same text input, with its ``x-<widget>-*`` settings, and reads back as
its plain kind; a widget with no partial, or a bad name, is a plain text field."""

from __future__ import annotations

from django.http import QueryDict
from pydantic import Field

from games.engine.darts import dart_list
from games.engine.inputs import FrozenModel
from scoring.deal_forms import build_form, deal_from_post, render_form


class Turn(FrozenModel):
    darts: dart_list(3) = Field(description="Three darts.")  # type: ignore[valid-type]


class Rings(FrozenModel):
    darts: dart_list(5, "rings") = Field(description="Five rings.")  # type: ignore[valid-type]


def schema_of(model) -> dict:
    return model.model_json_schema()


def test_the_dart_pad_renders_its_keys_and_modifiers_from_the_schema():
    form = build_form(schema_of(Turn))
    (field,) = form.children
    assert (field.kind, field.widget) == ("words", "dart")
    assert field.widget_options["darts"] == 3
    html, _ = render_form(form, {"darts": ["T20", "5"]})
    assert 'data-pad-for="f-darts"' in html and 'data-darts="3"' in html
    assert 'value="T20 5"' in html
    assert html.count('class="dp-key"') == 23  # 1–20, the two bulls, a miss
    assert 'data-mod="D"' in html and 'data-mod="T"' in html
    assert "js/dartpad.js" in html


def test_the_finnish_board_has_ring_keys_and_no_modifiers():
    html, _ = render_form(build_form(schema_of(Rings)))
    assert html.count('class="dp-key"') == 11 and "data-mod" not in html


def test_the_pad_reads_back_as_words_or_numbers():
    assert deal_from_post(build_form(schema_of(Turn)), QueryDict("darts=T20+5+M")) == {
        "darts": ["T20", "5", "M"]
    }
    assert deal_from_post(
        build_form(schema_of(Rings)), QueryDict("darts=10+9+0+1+5")
    ) == {"darts": [10, 9, 0, 1, 5]}


def test_errors_of_the_field_show_beside_the_pad():
    form = build_form(schema_of(Turn))
    html, loose = render_form(
        form, {"darts": ["T20"]}, [{"path": "darts", "message": "a turn is 3"}]
    )
    assert loose == [] and "a turn is 3" in html and 'aria-invalid="true"' in html


def test_a_widget_without_a_partial_is_a_plain_text_field():
    schema = schema_of(Turn)
    for name in ("nosuch", "../base"):
        schema["properties"]["darts"]["x-widget"] = name
        html, _ = render_form(build_form(schema))
        assert "dartpad" not in html and 'name="darts"' in html
