"""A tap grid as one of a deal's entry modes (5 Pin Billiards: one tap a shot, or
the shot by what it hit, or a frame's totals): the grid is drawn in its branch
without a second ``mode`` field, a tap posts the branch's deal with its mode, and
the other branches post their fields as before."""

from __future__ import annotations

from django.http import QueryDict

from games.engine import get_game
from scoring.deal_forms import build_form, deal_from_post, render_form
from scoring.deal_forms.fields import Table

TABLE = Table(seat_labels=["Sami", "Olli"], side_labels=["Sami", "Olli"], seats=(0, 1))


def form():
    return build_form(get_game("five-pin").deal_schema(), TABLE)


def test_the_tap_branch_draws_its_grid_once():
    html, _ = render_form(form())
    tap_branch = html.split('data-branch="tap"')[1].split('data-branch="shot"')[0]
    assert 'class="df-tap-row" data-row="0"' in tap_branch
    assert 'aria-label="Olli 16"' in tap_branch
    assert tap_branch.count('name="mode"') == 0  # the toggle is the only mode


def post(**fields) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        data[name.replace("__", ".") if name != "__tap" else name] = value
    return data


def test_a_tap_posts_the_deal_with_its_mode():
    data = post(mode="tap", __tap='{"side":1,"points":7}')
    assert deal_from_post(form(), data) == {"mode": "tap", "side": 1, "points": 7}


def test_the_other_modes_post_their_fields():
    data = post(mode="frame", points__0="60", points__1="12")
    assert deal_from_post(form(), data) == {"mode": "frame", "points": [60, 12]}
