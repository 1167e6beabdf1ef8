"""A board field (``x-widget: "grid"`` in the deal schema) in the entry form: the
text box the engine reads, the tap grid's settings for ``static/js/boardgrid.js``,
and the board read back from the post. Declared on test models, so no game is
named here."""

from __future__ import annotations

import json
from html import unescape

from django.http import QueryDict
from pydantic import Field, TypeAdapter

from games.engine.inputs import FrozenModel
from scoring.deal_forms import build_form, deal_from_post, render_form

GRID = {
    "x-widget": "grid",
    "x-grid": {
        "shape": "rhombus",
        "size_field": "size",
        "symbols": [{"symbol": ".", "label": "empty"}, {"symbol": "x", "label": "x"}],
    },
}


class Inner(FrozenModel):
    size: int = Field(5, ge=2, le=9)
    board: str | None = Field(None, json_schema_extra=GRID)


class Deal(FrozenModel):
    winner: int = Field(ge=0, le=1)
    game: Inner
    square: str = Field(
        json_schema_extra={
            "x-widget": "grid",
            "x-grid": {"shape": "square", "size": 3, "symbols": []},
        }
    )


def _tree():
    return build_form(TypeAdapter(Deal).json_schema())


def _find(node, path):
    if node.path == path:
        return node
    for child in node.children:
        found = _find(child, path)
        if found is not None:
            return found
    return None


def test_a_board_field_is_a_grid_with_its_declared_settings():
    tree = _tree()
    optional, required = _find(tree, "game.board"), _find(tree, "square")
    assert optional.kind == required.kind == "grid"
    assert optional.widget_options["shape"] == "rhombus" and not optional.required
    assert required.widget_options["size"] == 3 and required.required


def test_the_grid_renders_a_text_box_and_its_settings_for_the_script():
    html, loose = render_form(_tree(), {"game": {"board": "x.../"}})
    assert not loose
    assert 'name="game.board"' in html and "x.../</textarea>" in html
    assert 'src="/static/js/boardgrid.js"' in html
    settings = [
        json.loads(unescape(part.split('"', 1)[0]))
        for part in html.split('data-grid="')[1:]
    ]
    # The size field is named by its path, beside the board.
    assert settings[0]["size_field"] == "game.size"
    assert settings[1] == {"shape": "square", "size": 3, "symbols": []}
    # The optional board sits behind "Enter the board", open when it has a value.
    assert '<details class="bg-optional" open>' in html
    assert html.count('<details class="bg-optional"') == 1


def test_the_board_is_read_back_as_text_and_left_out_when_empty():
    data = QueryDict(mutable=True)
    data.update({"winner": "1", "game.size": "3", "game.board": " x../.x./..x "})
    data.update({"square": "x........"})
    assert deal_from_post(_tree(), data) == {
        "winner": 1,
        "game": {"size": 3, "board": "x../.x./..x"},
        "square": "x........",
    }
    data["game.board"] = ""
    assert "board" not in deal_from_post(_tree(), data)["game"]
