"""The contract grid (``x-contract-grid``): a trick game's level and strain entered
with one tap, a row per level and a column per strain; each button is a radio of the
strain's name posting ``"level:strain"``, read back as the two fields the API takes.
A deal posted from the grid scores as the same deal sent whole through the API.
"""

from __future__ import annotations

import re

import pytest
from django.http import QueryDict

from games.engine import get_game
from games.engine.inputs import CONTRACT_GRID, contract_grid
from scoring.deal_forms import Table, build_form, deal_from_post, render_form

FOUR = Table(
    seat_labels=["Aino", "Eero", "Kaisa", "Lauri"],
    side_labels=["Aino & Kaisa", "Eero & Lauri"],
    seats=[0, 1, 0, 1],
)
TWO = Table(seat_labels=["Aino", "Eero"], side_labels=["Aino", "Eero"], seats=[0, 1])
SKRUUVIS = ("skruuvi", "klubiskruuvi", "historical-skruuvi")
BID = ("misere", "spades", "clubs", "diamonds", "hearts", "no_trump")
STRAINS = ("spades", "clubs", "diamonds", "hearts", "no_trump")
# slug: (table, the strain field, the grid's strains, its levels, what it applies by)
DECLARED = {
    **{slug: (FOUR, "contract", BID, range(1, 8), None) for slug in SKRUUVIS},
    "vint": (FOUR, "strain", STRAINS, range(1, 8), ("all_pass", ("false",))),
    "bridge-meets-guess-who": (
        TWO,
        "strain",
        STRAINS,
        range(7, 14),
        ("declarer", ("0", "1")),
    ),
}


def grid_of(slug):
    table, *_ = DECLARED[slug]
    tree = build_form(get_game(slug).deal_schema(), table)
    (grid,) = [c for c in tree.children if c.kind == "contract"]
    return tree, grid


def same_score(slug, posted, api_deal):
    game = get_game(slug)
    tree, _ = grid_of(slug)
    deal = deal_from_post(tree, posted)
    state = game.start()
    quick, whole = game.score(state, deal), game.score(state, api_deal)
    assert quick.points == whole.points
    assert [f.code for f in quick.facts] == [f.code for f in whole.facts]
    return deal


def test_the_declaration_names_the_two_fields():
    assert contract_grid() == {CONTRACT_GRID: {"level": "level", "strain": "strain"}}
    schema = get_game("skruuvi").deal_schema()
    assert schema[CONTRACT_GRID] == {"level": "level", "strain": "contract"}


@pytest.mark.parametrize("slug", sorted(DECLARED))
def test_the_grid_takes_the_level_and_the_strain(slug):
    _, strain, strains, levels, applies = DECLARED[slug]
    tree, grid = grid_of(slug)
    level_field, strain_field = grid.children
    assert (level_field.key, strain_field.key) == ("level", strain)
    assert grid.path == strain and grid.applies == applies
    # The two fields are the grid's only: neither is drawn again on its own.
    keys = [c.key for c in tree.children]
    assert "level" not in keys and keys.count(strain) == 1
    html, _ = render_form(tree, collapse=False)
    cells = re.findall(
        rf'<input type="radio" name="{strain}" value="(\d+):(\w+)" data-value="\2"',
        html,
    )
    # Columns in the order the game declares its strains.
    columns = [v for v, _ in strain_field.choices if v in strains]
    assert sorted(columns) == sorted(strains)
    assert cells == [(str(n), s) for n in levels for s in columns]
    assert html.count('<tr><th scope="row">') == len(levels)


@pytest.mark.parametrize("slug", SKRUUVIS)
def test_a_skruuvi_grid_choice_scores_as_the_api_deal(slug):
    api = {"contract": "clubs", "level": 5, "declarer": 0, "tricks": [10, 3]}
    posted = {"contract": "5:clubs", "declarer": "0", "tricks.0": "10"}
    if slug == "historical-skruuvi":
        api["value_cards"] = [5, 4]
        posted |= {"value_cards.0": "5", "value_cards.1": "4"}
    assert same_score(slug, posted, api) == api


def test_the_pass_misere_is_beside_the_grid_and_takes_no_level():
    tree, _ = grid_of("skruuvi")
    html, _ = render_form(tree, collapse=False)
    assert re.search(r'name="contract" value="pass_misere"', html)
    assert not re.search(r'value="\d+:pass_misere"', html)
    posted = {"contract": "pass_misere", "level": "5", "declarer": "1"}
    deal = deal_from_post(tree, posted)
    assert deal["contract"] == "pass_misere"
    assert "level" not in deal and "declarer" not in deal


def test_a_chosen_contract_is_drawn_checked():
    tree, _ = grid_of("skruuvi")
    values = {"contract": "hearts", "level": 6, "declarer": 2, "tricks": [9, 4]}
    html, _ = render_form(tree, values, collapse=False)
    assert re.findall(
        r'value="([\w:]+)" data-value="\w+" aria-label="[^"]*" checked', html
    ) == ["6:hearts"]


def test_vint_grid_choice_scores_as_the_api_deal_and_brings_the_trumps():
    api = {
        "strain": "clubs",
        "level": 4,
        "declarer": 3,
        "tricks": [4, 9],
        "aces": [3, 1],
        "trumps": [5, 0],
        "first_to_game": 1,
    }
    posted = {
        "all_pass": "false",
        "strain": "4:clubs",
        "declarer": "3",
        "tricks.0": "4",
        "aces.0": "3",
        "trumps.0": "5",
        "first_to_game": "1",
    }
    assert same_score("vint", posted, api) == {"all_pass": False, **api}
    tree, _ = grid_of("vint")
    # The trumps apply by the grid's strain: not read in no trump.
    assert "trumps" not in deal_from_post(tree, {**posted, "strain": "4:no_trump"})
    # An all-pass deal rules the grid out, posted or not.
    data = QueryDict(mutable=True)
    data.setlist("all_pass", ["false", "true"])
    data.update({"strain": "3:clubs", "tricks.0": "9", "trumps.0": "4"})
    assert same_score("vint", data, {"all_pass": True}) == {"all_pass": True}


def test_bridge_meets_guess_who_grid_choice_scores_as_the_api_deal():
    api = {
        "tricks": [12, 1],
        "declarer": 1,
        "level": 7,
        "strain": "hearts",
        "doubled": False,
    }
    posted = QueryDict(mutable=True)
    posted.update({"tricks.0": "12", "declarer": "1", "strain": "7:hearts"})
    posted.setlist("doubled", ["false"])
    deal = same_score("bridge-meets-guess-who", posted, api)
    assert (deal["level"], deal["strain"]) == (7, "hearts")
    # Both passed: the grid is ruled out, posted or not.
    passed = QueryDict(mutable=True)
    passed.update({"tricks.0": "5", "strain": "9:spades"})
    deal = deal_from_post(grid_of("bridge-meets-guess-who")[0], passed)
    assert "level" not in deal and "strain" not in deal


def test_the_grid_is_hidden_when_what_it_applies_by_rules_it_out():
    tree, _ = grid_of("bridge-meets-guess-who")
    html, _ = render_form(tree, {"tricks": [5, 8]}, collapse=False)
    assert 'data-applies-to="declarer"' in html
