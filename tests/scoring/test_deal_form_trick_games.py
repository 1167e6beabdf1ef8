"""Quick entry of the trick games beyond Tuppi (issue 19, item 1): each game's deal
schema declares which fields apply to which contract, which pair is derived from
its total and which counts are buttons; the form reads them, and a deal posted from
the quick form scores exactly as the same deal sent whole through the API.

The API deals are the bench's (bench/cases/), whose points are checked against the
book in each game's own tests; here only the form's reading of them is checked.
"""

from __future__ import annotations

import re

import pytest
from django.http import QueryDict

from games.engine import get_game
from scoring.deal_forms import Table, build_form, deal_from_post, render_form

FOUR = Table(
    seat_labels=["Aino", "Eero", "Kaisa", "Lauri"],
    side_labels=["Aino & Kaisa", "Eero & Lauri"],
    seats=[0, 1, 0, 1],
)
TWO = Table(seat_labels=["Aino", "Eero"], side_labels=["Aino", "Eero"], seats=[0, 1])
BID_CONTRACTS = ("misere", "spades", "clubs", "diamonds", "hearts", "no_trump")
SUITS = ("spades", "clubs", "diamonds", "hearts")


def child(node, path):
    """The field at ``path``; a contract grid's level and strain are found inside
    it (the grid holds the two fields, in the level's place)."""
    for key in path.split("."):
        node = next(c for c in _fields(node) if c.key == key and c.kind != "contract")
    return node


def _fields(node):
    for c in node.children:
        yield from c.children if c.kind == "contract" else (c,)


def form(slug, table=FOUR):
    return build_form(get_game(slug).deal_schema(), table)


def same_score(slug, posted, api_deal):
    """The posted quick form reads back as a deal that scores as ``api_deal``."""
    game = get_game(slug)
    deal = deal_from_post(form(slug, TWO if slug == TWO_PLAYER else FOUR), posted)
    state = game.start()
    quick, whole = game.score(state, deal), game.score(state, api_deal)
    assert quick.points == whole.points
    assert [f.code for f in quick.facts] == [f.code for f in whole.facts]
    return deal


TWO_PLAYER = "bridge-meets-guess-who"


# -- the Skruuvis -------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["skruuvi", "klubiskruuvi", "historical-skruuvi"])
def test_skruuvi_family_fields_apply_per_contract(slug):
    tree = form(slug)
    assert child(tree, "level").applies == ("contract", BID_CONTRACTS)
    assert child(tree, "level").count == "buttons"
    assert child(tree, "declarer").applies == ("contract", BID_CONTRACTS)
    assert child(tree, "aces").applies == ("contract", ("misere", "pass_misere"))
    # A pass misere asks for neither the level nor the declarer.
    posted = {"contract": "pass_misere", "level": "5", "declarer": "1"}
    deal = deal_from_post(tree, posted)
    assert "level" not in deal and "declarer" not in deal


def test_skruuvi_quick_deal_scores_as_the_api_deal():
    api = {
        "contract": "clubs",
        "level": 5,
        "declarer": 0,
        "tricks": [10, 3],
        "knocks": [{"by": 1}],
    }
    posted = {
        "contract": "clubs",
        "level": "5",
        "declarer": "0",
        "tricks.0": "10",
        "knocks.0.by": "1",
    }
    assert same_score("skruuvi", posted, api) == api


def test_klubiskruuvi_tricks_named_by_the_bolsu():
    """Klubiskruuvi's pair is [side 0, side 1] in a teams' deal but [the declarer,
    the three others] in a bolsu: the first number is tapped, the other is the rest
    of 13 either way, and the form names the two by the bolsu box."""
    tree = form("klubiskruuvi")
    tricks = child(tree, "tricks")
    assert (tricks.kind, tricks.total) == ("derived", 13)
    assert tricks.labels_when == (
        "bolsu",
        ("true",),
        ("Declarer", "The three others"),
    )
    teams = {"contract": "hearts", "level": 5, "declarer": 1, "tricks": [2, 11]}
    posted = {"contract": "hearts", "level": "5", "declarer": "1", "tricks.0": "2"}
    assert same_score("klubiskruuvi", posted, teams) == teams
    # A Mussolini: the declarer took 12, the three others 1 (16.4).
    mussolini = {"bolsu": True, "contract": "hearts", "declarer": 3, "tricks": [12, 1]}
    data = QueryDict(mutable=True)
    data.setlist("bolsu", ["false", "true"])
    data.update({"contract": "hearts", "declarer": "3", "tricks.0": "12"})
    deal = same_score("klubiskruuvi", data, mussolini)
    assert deal["tricks"] == [12, 1] and deal["bolsu"] is True


def test_klubiskruuvi_page_names_both_ways():
    """Each position's name is written twice, the sides' shown while the bolsu box
    is not ticked (``data-applies-not``) and the declared while it is; a deal
    entered as a bolsu is drawn with the declared names shown."""
    tree = form("klubiskruuvi")
    html, _ = render_form(tree, collapse=False)
    legend = re.search(r'data-path="tricks\.0"><legend>(.*?)</legend>', html).group(1)
    assert re.fullmatch(
        r'<span class="df-applies" data-applies-to="bolsu" '
        r'data-applies-values="\[&quot;true&quot;\]" data-applies-not>Aino &amp; '
        r'Kaisa</span><span class="df-applies" data-applies-to="bolsu" '
        r'data-applies-values="\[&quot;true&quot;\]">Declarer</span>',
        legend,
    ), legend
    assert "The three others</span>: <output" in html
    values = {"bolsu": True, "contract": "hearts", "declarer": 3, "tricks": [12, 1]}
    html, _ = render_form(form("klubiskruuvi"), values, collapse=False)
    assert "data-applies-not hidden>Eero &amp; Lauri</span>" in html
    assert '&quot;]">The three others</span>' in html


def test_historical_skruuvi_honours_apply_to_trumps_and_no_trump():
    tree = form("historical-skruuvi")
    holding = ("contract", ("spades", "clubs", "diamonds", "hearts", "no_trump"))
    for name in ("value_cards", "aces_in_hand", "sequences"):
        assert child(tree, name).applies == holding, name
    tricks = child(tree, "tricks")
    assert (tricks.kind, tricks.total) == ("derived", 13)
    assert child(tree, "value_cards.0").count == "buttons"
    api = {
        "contract": "diamonds",
        "level": 7,
        "declarer": 1,
        "tricks": [0, 13],
        "knocks": [{"by": 2}],
        "first_to_game": 0,
        "value_cards": [5, 4],
    }
    posted = {
        "contract": "diamonds",
        "level": "7",
        "declarer": "1",
        "tricks.0": "0",
        "knocks.0.by": "2",
        "first_to_game": "0",
        "value_cards.0": "5",
        "value_cards.1": "4",
    }
    assert same_score("historical-skruuvi", posted, api) == api
    # In a misere the honours are not read, posted or not.
    misere = deal_from_post(tree, {**posted, "contract": "misere"})
    assert "value_cards" not in misere


# -- Vint ---------------------------------------------------------------------------


def test_vint_an_all_pass_deal_asks_nothing_else():
    tree = form("vint")
    played = ("all_pass", ("false",))
    for name in ("strain", "level", "declarer", "tricks", "aces", "sequences"):
        assert child(tree, name).applies == played, name
    assert child(tree, "trumps").applies == ("strain", SUITS)
    data = QueryDict(mutable=True)
    data.setlist("all_pass", ["false", "true"])
    data.update({"strain": "clubs", "level": "3", "tricks.0": "9", "trumps.0": "4"})
    assert same_score("vint", data, {"all_pass": True}) == {"all_pass": True}


def test_vint_counts_are_derived_from_their_totals():
    tree = form("vint")
    for name, total in (("tricks", 13), ("trumps", 5), ("aces", 4)):
        node = child(tree, name)
        assert (node.kind, node.total) == ("derived", total), name
        # The count offers no more than the total (5 trumps, not 0–13).
        assert node.children[0].maximum == total
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
        "strain": "clubs",
        "level": "4",
        "declarer": "3",
        "tricks.0": "4",
        "aces.0": "3",
        "trumps.0": "5",
        "first_to_game": "1",
    }
    assert same_score("vint", posted, api) == {"all_pass": False, **api}
    # No trumps are read in no trump.
    no_trump = deal_from_post(tree, {**posted, "strain": "no_trump"})
    assert "trumps" not in no_trump


def test_a_field_that_applies_by_a_ruled_out_field_is_not_read():
    """A chain of declarations (the form's own model): ``extra`` applies by
    ``kind``, which applies only to a played deal; in a passed deal neither is read,
    though a page without its script posts both."""
    from typing import Literal

    from pydantic import Field, TypeAdapter

    from games.engine.inputs import FrozenModel, applies_when

    class Deal(FrozenModel):
        passed: bool = False
        kind: Literal["a", "b"] | None = Field(
            None, json_schema_extra=applies_when("passed", False)
        )
        extra: int | None = Field(None, json_schema_extra=applies_when("kind", "b"))

    tree = build_form(TypeAdapter(Deal).json_schema(), FOUR)
    played = QueryDict("passed=false&kind=b&extra=3")
    assert deal_from_post(tree, played) == {"passed": False, "kind": "b", "extra": 3}
    passed = QueryDict("passed=false&passed=true&kind=b&extra=3")
    assert deal_from_post(tree, passed) == {"passed": True}


# -- the pip games ------------------------------------------------------------------


def test_marjapussi_pips_derived_and_trumps_by_with_trumps():
    tree = form("marjapussi")
    pips = child(tree, "pips")
    assert (pips.kind, pips.total) == ("derived", 120)
    assert pips.children[0].count == "stepper"
    assert child(tree, "trumps_by").applies == ("trumps", ("S", "H", "D", "C"))
    api = {
        "last_trick": 0,
        "pips": [116, 4],
        "trumps": "C",
        "trumps_by": 1,
        "little_ones": [[], []],
    }
    posted = {"last_trick": "0", "pips.0": "116", "trumps": "C", "trumps_by": "1"}
    same_score("marjapussi", posted, api)
    # Without trumps, who announced them is not read.
    assert "trumps_by" not in deal_from_post(tree, {**posted, "trumps": ""})


def test_huutopussi_card_points_derived_from_160():
    tree = form("huutopussi")
    points = child(tree, "card_points")
    assert (points.kind, points.total) == ("derived", 160)
    api = {"declarer": 3, "bid": 90, "card_points": [70, 90], "trumps": [[], ["H"]]}
    posted = {
        "declarer": "3",
        "bid": "90",
        "card_points.0": "70",
        "trumps.1": "H",
    }
    deal = same_score("huutopussi", posted, api)
    assert deal["card_points"] == [70, 90]


# -- the whists ---------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["android-whist", "screw-misere"])
def test_whist_tricks_derived_from_13(slug):
    tricks = child(form(slug), "tricks")
    assert (tricks.kind, tricks.total) == ("derived", 13)
    assert tricks.children[0].count == "buttons"


def test_android_whist_quick_deal_scores_as_the_api_deal():
    assert same_score("android-whist", {"tricks.0": "7"}, {"tricks": [7, 6]}) == {
        "tricks": [7, 6]
    }


def test_screw_misere_quick_deal_scores_as_the_api_deal():
    aces = [
        {"card": "AS", "trick": 2, "seat": 0},
        {"card": "AH", "trick": 6, "seat": 2},
        {"card": "AD", "trick": 5, "seat": 2},
        {"card": "AC", "trick": 1, "seat": 0},
    ]
    posted = {"tricks.0": "9"}
    for i, ace in enumerate(aces):
        posted |= {f"aces.{i}.{k}": str(v) for k, v in ace.items()}
    same_score("screw-misere", posted, {"tricks": [9, 4], "aces": aces})


def test_bridge_meets_guess_who_contract_fields_need_a_declarer():
    tree = form(TWO_PLAYER, TWO)
    for name in ("level", "strain", "doubled"):
        assert child(tree, name).applies == ("declarer", ("0", "1")), name
    assert child(tree, "level").count == "buttons"
    tricks = child(tree, "tricks")
    assert (tricks.kind, tricks.total) == ("derived", 13)
    assert [label for _, label in tricks.choices] == ["Aino", "Eero"]
    api = {
        "tricks": [12, 1],
        "questions": [0, 3],
        "error_messages": [1, 2],
        "declarer": 1,
        "level": 7,
        "strain": "hearts",
        "doubled": False,
    }
    posted = QueryDict(mutable=True)
    posted.update(
        {
            "tricks.0": "12",
            "questions.0": "0",
            "questions.1": "3",
            "error_messages.0": "1",
            "error_messages.1": "2",
            "declarer": "1",
            "level": "7",
            "strain": "hearts",
            "doubled": "false",
        }
    )
    same_score(TWO_PLAYER, posted, api)
    # Both passed: no contract is read, whatever was tapped before.
    posted["declarer"] = ""
    passed = deal_from_post(tree, posted)
    assert not {"level", "strain", "doubled"} & set(passed)
