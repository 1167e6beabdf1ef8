"""Issue 33 item 8, the form's side: the pickers a game declares on its fields are
drawn by generic widgets, and nothing outside ``games/`` names the game.

* tiles (``x-widget: pieces``, :func:`games.engine.tiles.tile_picker`): a text of
  pieces with the set's faces, groups and shortcuts as the script's settings,
  read back as the plain text;
* the turns of a round of betting (``x-widget: tokens``,
  :data:`games.engine.betting.TURN_KEYS`): a key per word, Undo and Clear, read
  back as the list of words.
"""

from __future__ import annotations

import html as html_module
import json

from django.http import QueryDict
from django.utils import translation

from games.engine import get_game
from games.engine.inputs import FrozenModel, piece_picker, token_keys
from scoring.deal_forms import build_form, deal_from_post, render_form
from scoring.deal_forms.fields import Table
from scoring.deal_forms.schema import form_texts

TABLE = Table(
    seat_labels=["Sami", "Olli", "Cia", "Dan"],
    side_labels=["Sami", "Olli", "Cia", "Dan"],
    seats=(0, 1, 2, 3),
)


def node_at(node, path):
    if node.path == path:
        return node
    for child in [*node.children, *(b for _, _, b in node.branches)]:
        found = node_at(child, path)
        if found is not None:
            return found
    return None


def pieces_of(html: str, name: str) -> dict:
    start = html.index(f'name="{name}"')
    raw = html[start:].split('data-pieces="', 1)[1].split('"', 1)[0]
    return json.loads(html_module.unescape(raw))


def test_a_players_tiles_are_a_tile_picker_of_the_whole_set():
    tree = build_form(get_game("mahjong").deal_schema(), TABLE)
    hand = node_at(tree, "hands.2.hand")
    assert (hand.kind, hand.widget) == ("text", "pieces")
    faces = hand.widget_options["faces"]
    assert len(faces) == 34 + 4  # 34 faces of four, four flowers of two
    assert sum(copies for _, copies, _ in faces) == 144
    assert ["8C", 4, 0] in faces and ["F1", 2, 5] in faces
    assert hand.widget_options["sets"] is False
    assert node_at(tree, "hands.2.melded").widget_options["sets"] is True
    with translation.override("fi"):
        html, _ = render_form(build_form(get_game("mahjong").deal_schema(), TABLE))
    settings = pieces_of(html, "hands.2.melded")
    assert [g["label"] for g in settings["groups"]][3:] == [
        "Tuulet",
        "Lohikäärmeet",
        "Kukat",
    ]
    assert [s["label"] for s in settings["shortcuts"]] == [
        "Pung: 3 samaa",
        "Kong: 4 samaa",
        "Chow: 3 peräkkäin",
    ]
    assert "js/piecepicker.js" in html


def test_the_tiles_read_back_as_the_text_typed():
    tree = build_form(get_game("mahjong").deal_schema(), TABLE)
    data = QueryDict(mutable=True)
    data["mode"] = "tiles"
    data["hands.2.melded"] = "1C 2C 3C, 4C 5C 6C, "
    deal = deal_from_post(tree, data)
    assert deal["hands"][2]["melded"] == "1C 2C 3C, 4C 5C 6C,"


def test_the_betting_is_a_token_pad_of_the_turns():
    tree = build_form(get_game("indian-poker").deal_schema(), TABLE)
    actions = node_at(tree, "actions")
    assert (actions.kind, actions.widget) == ("words", "tokens")
    with translation.override("fi"):
        html, _ = render_form(build_form(get_game("indian-poker").deal_schema(), TABLE))
    keys = [
        html_module.unescape(k.split('"', 1)[0]) for k in html.split('data-token="')[1:]
    ]
    assert keys == ["F", "C", "R1", "R2", "R3", "R4", "R5"]
    assert "Luovutus" in html and "Maksu tai sökö" in html
    assert 'class="tk-undo"' in html and "js/tokenpad.js" in html
    data = QueryDict("mode=cards&actions=C+R2+F+C+R1+C+C&cards=KS+2H+AD+AC")
    assert deal_from_post(tree, data)["actions"] == [
        "C",
        "R2",
        "F",
        "C",
        "R1",
        "C",
        "C",
    ]


class Pieces(FrozenModel):
    """A made-up game's text of pieces and its words: the widgets are generic."""

    stones: str = ""
    calls: tuple[str, ...] = ()

    model_config = {
        "json_schema_extra": lambda schema: (
            schema["properties"]["stones"].update(
                piece_picker([("b", 2, 0), ("w", 1, 0)], ["Stones"])
            ),
            schema["properties"]["calls"].update(token_keys([("P", "Pass")])),
        )
    }


def test_any_game_may_declare_the_widgets_and_their_labels_are_catalogued():
    schema = Pieces.model_json_schema()
    html, _ = render_form(build_form(schema))
    assert pieces_of(html, "stones")["faces"] == [["b", 2, 0], ["w", 1, 0]]
    assert 'data-token="P"' in html
    assert {"Stones", "Pass"} <= form_texts(schema)
