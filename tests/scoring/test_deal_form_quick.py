"""Quick-entry declarations in the deal form (issue 19, item 1): a field that
applies to some values of another, a count as buttons or a stepper, and a per-side
pair whose other number is derived from a total.

The models here are the tests' own (the form never names a game); Tuppi's
declaration is checked at the end, as the form reads it.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

import pytest
from django.http import QueryDict
from pydantic import Field, TypeAdapter, ValidationError

from games.engine import get_game
from games.engine.inputs import (
    APPLIES,
    COUNT,
    DERIVED,
    FrozenModel,
    SeatField,
    applies_when,
    derived_pair,
)
from scoring.deal_forms import Table, build_form, deal_from_post, render_form

TABLE = Table(
    seat_labels=["Aino", "Eero", "Kaisa", "Lauri"],
    side_labels=["Aino & Kaisa", "Eero & Lauri"],
    seats=[0, 1, 0, 1],
)

Seat = Annotated[SeatField, Field(le=3)]
Count = Annotated[int, Field(ge=0, le=13)]


class Deal(FrozenModel):
    kind: Literal["up", "down", "solo"]
    leader: Seat | None = Field(None, json_schema_extra=applies_when("kind", "up"))
    alone: Seat | None = Field(
        None, json_schema_extra=applies_when("kind", "solo", "up")
    )
    tricks: tuple[Count, ...] | None = Field(
        None, description="Per side or per seat.", json_schema_extra=derived_pair(13)
    )
    bonus: Annotated[int, Field(ge=0, le=5, json_schema_extra={COUNT: "stepper"})] = 0
    rounds: Annotated[int, Field(ge=0, le=40, json_schema_extra={COUNT: "buttons"})] = 0


SCHEMA = TypeAdapter(Deal).json_schema()


def form(values=None):
    return build_form(SCHEMA, TABLE, values)


def child(node, key):
    return next(c for c in node.children if c.key == key)


# -- the declarations ---------------------------------------------------------------


def test_declarations_are_in_the_schema():
    props = SCHEMA["properties"]
    assert props["leader"][APPLIES] == {"kind": ["up"]}
    assert props["alone"][APPLIES] == {"kind": ["solo", "up"]}
    assert props["tricks"][DERIVED] == {"total": 13}
    assert props["tricks"][COUNT] == "buttons"


def test_tree_reads_the_declarations():
    tree = form()
    assert child(tree, "leader").applies == ("kind", ("up",))
    assert child(tree, "alone").applies == ("kind", ("solo", "up"))
    assert child(tree, "kind").applies is None
    tricks = child(tree, "tricks")
    assert tricks.kind == "derived" and tricks.total == 13
    entered, whole = tricks.children
    assert (entered.path, entered.kind, entered.count) == (
        "tricks.0",
        "integer",
        "buttons",
    )
    assert (entered.minimum, entered.maximum) == (0, 13)
    assert entered.label == "Aino & Kaisa"
    assert (whole.path, whole.kind) == ("tricks", "numbers")
    assert child(tree, "bonus").count == "stepper"


def test_a_nested_field_applies_by_its_sibling():
    class Inner(FrozenModel):
        kind: Literal["a", "b"]
        extra: int | None = Field(None, json_schema_extra=applies_when("kind", "b"))

    class Outer(FrozenModel):
        part: Inner

    tree = build_form(TypeAdapter(Outer).json_schema(), TABLE)
    assert child(child(tree, "part"), "extra").applies == ("part.kind", ("b",))


def test_a_derived_declaration_that_does_not_fit_draws_the_plain_field():
    class Words(FrozenModel):
        names: tuple[str, ...] = Field((), json_schema_extra=derived_pair(13))

    tree = build_form(TypeAdapter(Words).json_schema(), TABLE)
    assert child(tree, "names").kind == "words"


def test_derived_pair_without_a_table_names_the_sides_by_number():
    tricks = child(build_form(SCHEMA), "tricks")
    assert [label for _, label in tricks.choices] == ["Side 1", "Side 2"]


# -- reading back -------------------------------------------------------------------


def test_one_count_gives_the_pair():
    deal = deal_from_post(form(), {"kind": "down", "tricks.0": "9"})
    assert deal["tricks"] == [9, 4]


def test_the_whole_list_typed_out_wins():
    deal = deal_from_post(
        form(), {"kind": "down", "tricks.0": "9", "tricks": "3 0 5 5"}
    )
    assert deal["tricks"] == [3, 0, 5, 5]


def test_a_count_left_out_leaves_the_tricks_out():
    deal = deal_from_post(form(), {"kind": "down", "tricks.0": "", "tricks": ""})
    assert "tricks" not in deal


def test_a_count_that_is_not_a_number_goes_to_the_engine():
    deal = deal_from_post(form(), {"kind": "down", "tricks.0": "x"})
    assert deal["tricks"] == ["x"]
    with pytest.raises(ValidationError) as caught:
        Deal.model_validate(deal)
    assert caught.value.errors()[0]["loc"] == ("tricks", 0)


def test_a_count_over_the_total_is_refused_by_the_model():
    """The form derives 13 − 14 = −1; the model, not the form, refuses it."""
    deal = deal_from_post(form(), {"kind": "down", "tricks.0": "14"})
    assert deal["tricks"] == [14, -1]
    with pytest.raises(ValidationError) as caught:
        Deal.model_validate(deal)
    assert {e["loc"] for e in caught.value.errors()} == {("tricks", 0), ("tricks", 1)}


def test_a_field_that_does_not_apply_is_ignored_when_posted():
    data = QueryDict(mutable=True)
    data.update({"kind": "down", "leader": "2", "alone": "1", "tricks.0": "6"})
    deal = deal_from_post(form(), data)
    assert "leader" not in deal and "alone" not in deal
    data["kind"] = "solo"
    deal = deal_from_post(form(), data)
    assert "leader" not in deal and deal["alone"] == 1
    data["kind"] = "up"
    deal = deal_from_post(form(), data)
    assert deal["leader"] == 2 and deal["alone"] == 1


def test_without_the_controlling_field_nothing_that_depends_on_it_is_read():
    deal = deal_from_post(form(), {"leader": "2", "tricks.0": "6"})
    assert deal == {"tricks": [6, 7]}


# -- rendering ----------------------------------------------------------------------


def _block(html: str, path: str) -> str:
    """The ``df-applies`` block's opening tag around the field at ``path``."""
    match = re.search(
        r'(<div class="df-applies"[^>]*>)<fieldset class="[^"]*" data-path="'
        + re.escape(path)
        + '"',
        html,
    )
    assert match, path
    return match.group(1)


def test_applies_blocks_name_their_field_and_values():
    html, _ = render_form(form())
    block = _block(html, "alone")
    assert 'data-applies-to="kind"' in block
    assert 'data-applies-values="[&quot;solo&quot;, &quot;up&quot;]"' in block
    # Nothing chosen yet: the page's script decides, the server does not hide.
    assert "hidden" not in block


def test_applies_block_hidden_when_the_deal_rules_it_out():
    values = {"kind": "solo"}
    html, _ = render_form(form(values), values)
    assert "hidden" in _block(html, "leader")
    assert "hidden" not in _block(html, "alone")


def test_count_buttons_one_per_value_and_the_current_checked():
    values = {"kind": "down", "tricks": [9, 4]}
    html, _ = render_form(form(values), values)
    buttons = re.findall(r'<input type="radio" name="tricks\.0" value="(\d+)"', html)
    assert buttons == [str(n) for n in range(14)]
    assert 'name="tricks.0" value="9" checked' in html
    assert html.count('name="tricks.0" value="') == 14
    # The rest is shown, and the line for every number stays empty.
    assert re.search(r'data-total="13">4</output>', html)
    assert 'name="tricks" value=""' in html


def test_per_seat_values_go_to_the_whole_line_opened():
    values = {"kind": "down", "tricks": [3, 0, 5, 5]}
    html, _ = render_form(form(values), values)
    assert 'name="tricks" value="3 0 5 5"' in html
    assert '<details class="df-more" open><summary>Enter every number' in html
    assert " checked" not in re.search(r'id="f-tricks-0">.*?</div>', html).group(0)
    assert re.search(r'data-total="13">–</output>', html)


def test_error_on_the_derived_number_opens_the_whole_line():
    values = {"kind": "down", "tricks": [9, 4]}
    errors = [{"path": "tricks", "code": "tricks_not_13", "message": "not 13"}]
    html, loose = render_form(form(values), values, errors)
    assert loose == []
    assert '<details class="df-more" open><summary>Enter every number' in html
    assert "not 13" in html


def test_stepper_and_too_many_buttons():
    values = {"kind": "down", "bonus": 2}
    html, _ = render_form(form(values), values, collapse=False)
    stepper = re.search(r'<span class="df-stepper">.*?</span>', html).group(0)
    assert 'data-step="-1"' in stepper and 'data-step="1"' in stepper
    assert 'name="bonus" value="2"' in stepper and 'min="0" max="5"' in stepper
    # 41 values are too many buttons for a phone: a stepper too.
    assert (
        'name="rounds" value="" inputmode="numeric" step="1" min="0" max="40"' in html
    )
    assert 'name="rounds" value="1"' not in html


# -- a game's declaration, as the form reads it -------------------------------------


def test_trick_game_declares_quick_entry():
    """The first trick game of the registry with a derived pair (Tuppi): the form
    hides the soloist outside sooli and derives the tricks."""
    tree = build_form(get_game("tuppi").deal_schema(), TABLE)
    assert child(tree, "soloist").applies == ("contract", ("sooli",))
    assert child(tree, "declarer").applies == ("contract", ("rami", "sooli"))
    assert child(tree, "tricks").kind == "derived"
    deal = deal_from_post(
        tree, {"contract": "rami", "declarer": "0", "soloist": "1", "tricks.0": "9"}
    )
    assert deal == {"contract": "rami", "declarer": 0, "tricks": [9, 4]}


@pytest.mark.parametrize(("slug", "total"), [("skruuvi", 13), ("multimulta", 9)])
def test_trick_games_of_the_same_shape_derive_the_other_side(slug, total):
    """Skruuvi (52 cards at four: 13 tricks) and Multimulta (36 cards: 9)."""
    tree = build_form(get_game(slug).deal_schema(), TABLE)
    tricks = child(tree, "tricks")
    assert (tricks.kind, tricks.total) == ("derived", total)
    assert tricks.children[0].maximum == total
    deal = deal_from_post(tree, {"tricks.0": "5"})
    assert deal["tricks"] == [5, total - 5]
    # Per seat still goes through the line for every number.
    deal = deal_from_post(tree, {"tricks.0": "5", "tricks": "2 3 1 3"})
    assert deal["tricks"] == [2, 3, 1, 3]


def test_a_fixed_pair_with_its_own_labels():
    """Minibridge's [declarer and dummy, opponents]: not the table's sides."""
    tree = build_form(get_game("minibridge").deal_schema(), TABLE)
    tricks = child(tree, "tricks")
    assert tricks.kind == "derived" and tricks.required
    assert [label for _, label in tricks.choices] == ["Declarer and dummy", "Opponents"]
    assert tricks.children[0].label == "Declarer and dummy"
    assert deal_from_post(tree, {"tricks.0": "9"})["tricks"] == [9, 4]
    html, _ = render_form(tree)
    assert "Opponents: <output" in html


def test_a_fixed_pair_of_unlike_items_is_a_plain_tuple():
    class Unlike(FrozenModel):
        pair: tuple[
            Annotated[int, Field(ge=0, le=13)], Annotated[int, Field(ge=0, le=9)]
        ] = Field(json_schema_extra=derived_pair(13))

    tree = build_form(TypeAdapter(Unlike).json_schema(), TABLE)
    assert child(tree, "pair").kind == "tuple"


def test_a_field_that_applies_to_a_ticked_box():
    class Ticked(FrozenModel):
        alone: bool = False
        partner_out: Seat | None = Field(
            None, json_schema_extra=applies_when("alone", True)
        )

    tree = build_form(TypeAdapter(Ticked).json_schema(), TABLE)
    assert child(tree, "partner_out").applies == ("alone", ("true",))
    ticked = QueryDict("alone=false&alone=true&partner_out=2")
    assert deal_from_post(tree, ticked) == {"alone": True, "partner_out": 2}
    unticked = QueryDict("alone=false&partner_out=2")
    assert deal_from_post(tree, unticked) == {"alone": False}
    html, _ = render_form(tree, {"alone": False}, collapse=False)
    assert re.search(r'<div class="df-applies"[^>]*hidden>', html)
    html, _ = render_form(tree, {"alone": True}, collapse=False)
    assert not re.search(r'<div class="df-applies"[^>]*hidden>', html)
