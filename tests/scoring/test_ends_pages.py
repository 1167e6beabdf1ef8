"""The pages of a game of ends, from its declarations alone: the entry form's tap
grid (one tap per end: a button per side and points, one for a blank end) and the
sheet's board (ends in columns, a row per side, the declared mark — the hammer —
in each end's column, the ends still to play)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.deal_forms import Table, build_form, deal_from_post, render_form
from scoring.deal_forms.taps import tap_name
from scoring.ends_board import ends_board
from scoring.export import sheet_table
from scoring.models import Role
from tests.scoring.factories import member

pytestmark = pytest.mark.django_db

SCHEMA = {
    "type": "object",
    "title": "End",
    "x-tap-grid": {"rows": "side", "cells": "points", "blank": True},
    "properties": {
        "side": {
            "anyOf": [
                {"type": "integer", "minimum": 0, "maximum": 1, "x-role": "side"},
                {"type": "null"},
            ],
            "default": None,
        },
        "points": {"type": "integer", "minimum": 0, "maximum": 3, "default": 0},
    },
}
TABLE = Table(seat_labels=["Aino", "Bert"], side_labels=["Aino", "Bert"], seats=[0, 1])


def test_the_grid_has_a_button_per_side_and_points_and_one_for_a_blank_end():
    tree = build_form(SCHEMA, TABLE)
    assert tree.kind == "taps"
    html, loose = render_form(tree)
    assert not loose
    buttons = re.findall(r'<button type="submit" class="df-tap"[^>]*>', html)
    assert len(buttons) == 2 * 3 + 1
    assert 'aria-label="Bert 3"' in html and "Blank" in html
    # The form's default button (Enter) comes first and posts no tap.
    first = re.search(r"<button[^>]*>", html).group(0)
    assert 'class="visually-hidden"' in first and "name=" not in first
    # The fields stay under "Enter by fields", none tucked further.
    assert html.count("<details") == 1 and 'name="points"' in html


def test_a_tap_posts_its_end_and_no_tap_reads_the_fields():
    tree = build_form(SCHEMA, TABLE)
    name = tap_name("")
    assert deal_from_post(tree, {name: '{"side":1,"points":2}'}) == {
        "side": 1,
        "points": 2,
    }
    assert deal_from_post(tree, {name: "{}"}) == {}
    assert deal_from_post(tree, {"side": "0", "points": "3"}) == {
        "side": 0,
        "points": 3,
    }
    assert deal_from_post(tree, {name: "nonsense"}) == "nonsense"


def test_a_schema_without_the_grids_fields_is_a_plain_form():
    broken = {**SCHEMA, "x-tap-grid": {"rows": "who", "cells": "points"}}
    assert build_form(broken, TABLE).kind == "object"


def test_the_board_puts_ends_in_columns_and_marks_the_hammer():
    sheet = {
        "game": "curling",
        "sides": [{"label": "Aino"}, {"label": "Bert"}],
        "totals": [2, 1],
        "rows": [
            {
                "number": 1,
                "status": "counted",
                "points": [2, 0],
                "totals": [2, 0],
                "facts": [{"code": "hammer", "side": 1}],
            },
            {
                "number": 2,
                "status": "flagged",
                "errors": [{"path": "points", "message": "too many"}],
            },
            {
                "number": 3,
                "status": "counted",
                "points": [0, 1],
                "totals": [2, 1],
                "facts": [{"code": "hammer", "side": 1}],
            },
        ],
    }
    board = ends_board(sheet_table(sheet), mark=("hammer", "Hammer"), planned=5)
    assert [(c.number, c.status) for c in board.columns] == [
        (1, "counted"),
        (2, "flagged"),
        (3, "counted"),
        (4, "planned"),
        (5, "planned"),
    ]
    assert [[c.text for c in r.cells] for r in board.rows] == [
        ["2", "—", "", "", ""],
        ["", "", "1", "", ""],
    ]
    assert [[c.marked for c in r.cells][:3] for r in board.rows] == [
        [False, False, False],
        [True, False, True],
    ]
    assert [r.total for r in board.rows] == [2, 1]
    assert [c.number for c in board.errors] == [2]


@pytest.fixture
def curling(club):
    sami = member(club, Role.SCORER, "Sami")
    olli = member(club, Role.MEMBER, "Olli")
    match = services.match_start(
        club=club,
        game="curling",
        seats=[(sami, 0), (olli, 1)],
        first_dealer=0,
        by=sami.user,
    )
    return match, sami


def test_one_tap_enters_an_end_and_the_sheet_shows_the_board(client, curling):
    match, sami = curling
    client.force_login(sami.user)
    form = client.get(reverse("scoring:deal-new", args=[match.pk]))
    assert form.status_code == 200
    assert form.content.decode().count('class="df-tap"') == 2 * 8 + 1
    url = reverse("scoring:deal-new", args=[match.pk])
    for number, tap in enumerate(['{"side":1,"points":2}', "{}"], start=1):
        response = client.post(url, {"number": number, tap_name(""): tap})
        assert response.status_code == 302, response.content.decode()[:2000]
    sheet = client.get(reverse("scoring:sheet", args=[match.pk])).content.decode()
    board = sheet[sheet.index('id="ends-board"') : sheet.index("</table>")]
    assert board.count('data-end="') == 8  # two played, six to play
    rows = re.findall(r'<tr data-side="(\d)">(.*?)</tr>', board, re.S)
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row) for _, row in rows]
    mark = '<span class="ends-mark" title="Hammer" aria-label="Hammer">◆</span>'
    # Sami's team delivered first, so Olli's had the hammer in end 1, won it and
    # gave the hammer up; end 2 was blank, so Sami's team kept it.
    assert cells[0][:3] == ["", mark, ""]
    assert cells[1][:3] == ["2" + mark, "", ""]
    assert cells[0][-1] == "0" and cells[1][-1] == "2"
    assert 'data-context="hammer">Sami' in sheet
    assert "curling" not in board.lower()
