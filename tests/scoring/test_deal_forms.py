"""The deal form generated from a game's deal schema, and reading it back."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from django.http import QueryDict
from pydantic import Discriminator, Field, Tag, TypeAdapter

from games.engine.inputs import (
    PER_PARTNER,
    PER_SIDE,
    CardField,
    CardList,
    FrozenModel,
    SeatField,
    SideField,
    tap_seat_role,
)
from scoring.deal_forms import (
    Table,
    build_form,
    deal_from_post,
    deck_cards,
    has_cards,
    place_errors,
    render_form,
    value_at,
)


class SideCards(FrozenModel):
    melds: tuple[CardList, ...] = ()
    hands: Annotated[tuple[CardList, CardList], PER_PARTNER] = Field(
        description="Partners in seat order."
    )
    penalties: int = Field(0, ge=0, le=9)


class CardsDeal(FrozenModel):
    mode: Literal["cards"] = "cards"
    teams: Annotated[tuple[SideCards, SideCards], PER_SIDE]
    went_out: SeatField | None = Field(None, le=3, description="Seat that went out.")
    concealed: bool = False
    upcard: CardField | None = None


class TotalsDeal(FrozenModel):
    mode: Literal["totals"]
    points: Annotated[tuple[int, int], PER_SIDE]


def _mode(value):
    return value.get("mode", "cards") if isinstance(value, dict) else value.mode


Deal = Annotated[
    Annotated[CardsDeal, Tag("cards")] | Annotated[TotalsDeal, Tag("totals")],
    Discriminator(_mode),
]
ADAPTER = TypeAdapter(Deal)
SCHEMA = ADAPTER.json_schema()


class TrickDeal(FrozenModel):
    contract: Literal["rami", "nolo", "sooli"]
    declarer: Annotated[SeatField, Field(le=3)] | None = None
    tricks: tuple[Annotated[int, Field(ge=0, le=13)], ...] | None = None
    bids: tuple[str, ...] | None = None
    conceded_by: Annotated[SideField, Field(le=1)] | None = Field(
        None, description="The rising side gave the deal up."
    )
    rounds: int = Field(1, ge=1, le=500)


TRICK_SCHEMA = TypeAdapter(TrickDeal).json_schema()
TABLE = Table(
    seat_labels=["Anna", "Bo", "Cia", "Dan"],
    side_labels=["Anna & Cia", "Bo & Dan"],
    seats=[0, 1, 0, 1],
)


def kinds(node, out=None):
    out = {} if out is None else out
    out[node.path] = node.kind
    for child in node.children:
        kinds(child, out)
    for _, _, branch in node.branches:
        kinds(branch, out)
    return out


def test_union_becomes_a_toggle_between_card_and_quick_entry():
    """A oneOf with a const ``mode`` is a union; card entry is the default branch."""
    form = build_form(SCHEMA, TABLE)
    assert form.kind == "union"
    assert form.discriminator == "mode"
    assert [t for t, _, _ in form.branches] == ["cards", "totals"]
    assert form.default_branch == "cards"
    html, _ = render_form(form)
    assert 'name="mode" value="cards" checked' in html
    assert 'data-branch="totals" hidden' in html
    assert "Quick entry (totals)" in html


def test_fields_are_named_by_their_path_in_the_deal():
    """Inputs carry dotted paths, the same the engine puts on its errors."""
    found = kinds(build_form(SCHEMA, TABLE))
    assert found["teams"] == "tuple"
    assert found["teams.0"] == "object"
    assert found["teams.0.melds"] == "list"
    assert found["teams.0.melds.2"] == "cards"
    assert found["teams.1.hands.1"] == "cards"
    assert found["teams.0.penalties"] == "integer"
    assert found["went_out"] == "choice"
    assert found["concealed"] == "boolean"
    assert found["upcard"] == "card"
    assert found["points.1"] == "integer"
    html, _ = render_form(build_form(SCHEMA, TABLE))
    assert 'name="teams.0.melds.2"' in html
    assert 'name="points.1"' in html


def test_card_lists_are_marked_for_the_picker():
    """Card lists get data-cards; a single card gets data-max=1."""
    html, _ = render_form(build_form(SCHEMA, TABLE))
    assert 'name="teams.0.hands.0" value="" data-cards' in html
    assert 'name="upcard" value="" data-cards data-max="1"' in html


def test_positions_are_labelled_by_side_and_seat():
    """``teams.1`` is the second side; its hands are its players' (seats 1 and 3)."""
    html, _ = render_form(build_form(SCHEMA, TABLE))
    assert "<legend>Bo &amp; Dan</legend>" in html
    assert ">Hand of Dan" in html
    assert ">Hand of Cia" in html


def test_seat_integers_become_seat_choices_and_others_number_inputs():
    """A seat is chosen by name; other integers keep min and max."""
    html, _ = render_form(build_form(TRICK_SCHEMA, TABLE))
    assert 'name="declarer" value="3"' in html and "> Dan</label>" in html
    assert 'name="conceded_by" value="1"' in html and "Bo &amp; Dan" in html
    assert 'type="number" id="f-rounds" name="rounds" value="1"' in html
    assert 'min="1" max="500"' in html


def test_enum_with_few_choices_is_radio_buttons():
    html, _ = render_form(build_form(TRICK_SCHEMA, TABLE))
    assert 'type="radio" name="contract" value="nolo"' in html


def test_read_back_a_card_entry():
    """Posted fields become the deal's JSON; empty slots and optional fields drop."""
    form = build_form(SCHEMA, TABLE)
    data = QueryDict(mutable=True)
    data.update(
        {
            "mode": "cards",
            "teams.0.melds.0": "7H 7D 7S Jo",
            "teams.0.melds.1": "",
            "teams.0.melds.2": "KH KD KS",
            "teams.0.hands.0": "",
            "teams.0.hands.1": "4C",
            "teams.1.hands.0": "5C 6C",
            "teams.1.hands.1": "",
            "went_out": "0",
            "concealed": "true",
            "points.0": "999",
        }
    )
    deal = deal_from_post(form, data)
    assert deal == {
        "mode": "cards",
        "teams": [
            {"melds": ["7H 7D 7S Jo", "KH KD KS"], "hands": [[], "4C"]},
            {"hands": ["5C 6C", []]},
        ],
        "went_out": 0,
        "concealed": True,
    }
    parsed = ADAPTER.validate_python(deal)
    assert parsed.teams[0].melds[1][0].code == "KH"


def test_read_back_slots_added_in_the_browser():
    """A meld slot beyond the rendered ones (the picker's "Add meld") is read."""
    form = build_form(SCHEMA, TABLE)
    data = {
        "teams.0.melds.5": "QH QD QS",
        "teams.0.hands.0": "",
        "teams.0.hands.1": "",
        "teams.1.hands.0": "",
        "teams.1.hands.1": "",
    }
    deal = deal_from_post(form, data)
    assert deal["teams"][0]["melds"] == ["QH QD QS"]


def test_read_back_quick_entry_keeps_bad_numbers_for_the_engine():
    """Quick entry: only the chosen branch is read; text stays text (engine error)."""
    form = build_form(SCHEMA, TABLE)
    deal = deal_from_post(
        form, {"mode": "totals", "points.0": "120", "points.1": "x", "went_out": "2"}
    )
    assert deal == {"mode": "totals", "points": [120, "x"]}


def test_read_back_trick_deal():
    form = build_form(TRICK_SCHEMA, TABLE)
    deal = deal_from_post(
        form,
        {
            "contract": "rami",
            "declarer": "1",
            "tricks": "7 6",
            "bids": "2H, rami",
            "conceded_by": "",
            "rounds": "",
        },
    )
    assert deal == {
        "contract": "rami",
        "declarer": 1,
        "tricks": [7, 6],
        "bids": ["2H", "rami"],
    }


def test_values_fill_the_form_again():
    """After a rejected deal the form shows what was entered."""
    form_values = {
        "contract": "nolo",
        "tricks": [6, 7],
        "declarer": None,
    }
    html, _ = render_form(build_form(TRICK_SCHEMA, TABLE, form_values), form_values)
    assert 'name="contract" value="nolo" checked' in html
    assert 'name="tricks" value="6 7"' in html


def test_list_slots_grow_with_values():
    """Five melds entered: five slots and a spare."""
    values = {
        "mode": "cards",
        "teams": [{"melds": ["7H 7D 7S"] * 5, "hands": ["", ""]}, {"hands": ["", ""]}],
    }
    form = build_form(SCHEMA, TABLE, values)
    melds = form.branches[0][2].children[0].children[0].children[0]
    assert melds.path == "teams.0.melds"
    assert len(melds.children) == 6


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("teams.0.melds.2", "teams.0.melds.2"),
        ("teams.0.melds.2.1", "teams.0.melds.2"),  # one card of the meld
        ("teams.1", "teams.1"),
        ("points.0", "points.0"),
        ("went_out", "went_out"),
    ],
)
def test_errors_go_to_the_field_they_concern(path, field):
    form = build_form(SCHEMA, TABLE)
    placed, loose = place_errors(form, [{"path": path, "code": "x", "message": "m"}])
    assert placed == {field: ["m"]}
    assert loose == []


def test_errors_without_a_field_head_the_form():
    form = build_form(SCHEMA, TABLE)
    error = {"path": "", "code": "match_finished", "message": "already decided"}
    placed, loose = place_errors(form, [error])
    assert placed == {}
    assert loose == [error]


def test_error_is_rendered_next_to_its_field():
    """The message sits in the field's block; the input points at it."""
    form = build_form(SCHEMA, TABLE)
    html, _ = render_form(
        form,
        {"mode": "cards"},
        [
            {
                "path": "teams.0.melds.1.0",
                "code": "too_many_copies",
                "message": "Too many KH",
            }
        ],
    )
    block = html.split('data-path="teams.0.melds.1"', 1)[1].split("</div>", 1)[0]
    assert "Too many KH" in block
    assert 'aria-invalid="true" aria-describedby="f-teams-0-melds-1-error"' in block


def test_values_are_escaped():
    html, _ = render_form(build_form(TRICK_SCHEMA, TABLE), {"bids": ['"><script>']})
    assert "<script>" not in html


def test_value_at():
    values = {"teams": [{"melds": ["7H 7D 7S"]}]}
    assert value_at(values, "teams.0.melds.0") == "7H 7D 7S"
    assert value_at(values, "teams.3.melds") is None
    assert value_at(values, "") == values


def test_rarely_used_optional_fields_sit_under_more():
    """Optional numbers and free text are tucked away unless they hold something."""
    html, _ = render_form(build_form(TRICK_SCHEMA, TABLE))
    assert '<details class="df-more"><summary>More: bids, rounds</summary>' in html
    values = {"contract": "rami", "bids": ["2H"]}
    html, _ = render_form(build_form(TRICK_SCHEMA, TABLE, values), values)
    assert '<details class="df-more" open>' in html
    html, _ = render_form(build_form(TRICK_SCHEMA, TABLE), collapse=False)
    assert "df-more" not in html


def test_deck_cards_for_the_picker():
    """Every face of the deck with its copies, suit by suit, jokers last."""
    from games.engine.decks import DOUBLE_54

    cards = deck_cards(DOUBLE_54)
    assert len(cards) == 53
    assert cards[0] == {"code": "2S", "label": "2♠", "copies": 2, "red": False}
    assert cards[13]["code"] == "2H" and cards[13]["red"]
    assert cards[-1] == {"code": "Jo", "label": "★", "copies": 4, "red": False}
    assert deck_cards(None) == []


def test_has_cards():
    assert has_cards(build_form(SCHEMA, TABLE))
    assert not has_cards(build_form(TRICK_SCHEMA, TABLE))


def test_every_registered_game_gets_an_entry_form():
    """Each game's deal schema renders, and an empty post reads back as a dict."""
    from games.engine import all_games

    for game in all_games():
        form = build_form(game.deal_schema(), TABLE)
        html, _ = render_form(form)
        assert "name=" in html, game.slug
        assert isinstance(deal_from_post(form, QueryDict()), dict), game.slug


class UndeclaredDeal(FrozenModel):
    """Names that once were guessed from: without a declared role they mean nothing."""

    declarer: int = Field(ge=0, le=3, description="Seat of the declarer.")
    teams: tuple[int, int]
    conceded_by: int = Field(0, ge=0, le=1, description="The side that conceded.")


def test_a_field_name_alone_makes_no_seat_side_or_per_side_field():
    """Seats, sides and per-side positions come from ``x-role`` only, not from
    names or descriptions: the undeclared fields stay numbers and numbered slots."""
    form = build_form(TypeAdapter(UndeclaredDeal).json_schema(), TABLE)
    fields = {child.key: child for child in form.children}
    assert fields["declarer"].kind == "integer"
    assert fields["conceded_by"].kind == "integer"
    assert [c.label for c in fields["teams"].children] == ["Team 1", "Team 2"]


def test_declared_roles_are_in_the_json_schema():
    """The roles the form reads are part of the exported schema (the API's too)."""
    cards = SCHEMA["$defs"]["CardsDeal"]["properties"]
    assert cards["teams"]["x-role"] == "per_side"
    assert cards["went_out"]["anyOf"][0]["x-role"] == "seat"
    hands = SCHEMA["$defs"]["SideCards"]["properties"]["hands"]
    assert hands["x-role"] == "per_partner"
    assert TRICK_SCHEMA["properties"]["conceded_by"]["anyOf"][0]["x-role"] == "side"


class FaceUp(FrozenModel):
    melds: tuple[CardList, ...] = ()


class FaceUpDeal(FrozenModel):
    """Two players' sides as a plain list of exactly two (Umtali's shape)."""

    sides: Annotated[tuple[FaceUp, ...], PER_SIDE] = Field(min_length=2, max_length=2)


def test_a_side_left_blank_keeps_its_place_in_a_list_of_exactly_two():
    """A side with no melds is sent as an empty side, not dropped: the list keeps
    its two places and the other side stays second."""
    form = build_form(TypeAdapter(FaceUpDeal).json_schema(), Table((0, 1)))
    deal = deal_from_post(form, {"sides.1.melds.0": "QH QD QS"})
    assert deal["sides"] == [{}, {"melds": ["QH QD QS"]}]
    assert TypeAdapter(FaceUpDeal).validate_python(deal).sides[0].melds == ()


class TapEntry(FrozenModel):
    kind: Literal["plus", "minus"] = "plus"
    by: Annotated[SeatField, Field(le=3), tap_seat_role("by")] | None = None
    end: bool = False


TAP_SCHEMA = TypeAdapter(TapEntry).json_schema()


def test_a_seat_declared_tap_is_one_submit_button_per_player():
    """``x-entry: tap``: choosing the player saves the entry — each player is a
    submit button carrying the seat; the other fields keep their inputs."""
    html, _ = render_form(build_form(TAP_SCHEMA, TABLE))
    for seat, name in enumerate(["Anna", "Bo", "Cia", "Dan"]):
        assert (
            f'<button type="submit" class="df-tap-button" name="by" '
            f'value="{seat}">{name}</button>'
        ) in html
    assert 'type="radio" name="kind" value="minus"' in html
    assert 'type="radio" name="by"' not in html and "<select" not in html
    assert "aria-pressed" not in html
    again, _ = render_form(build_form(TAP_SCHEMA, TABLE), values={"by": 2})
    assert 'name="by" value="2" aria-pressed="true">Cia</button>' in again


def test_a_tapped_player_reads_back_as_the_seat():
    """The pressed button's name and value are posted like a radio's."""
    form = build_form(TAP_SCHEMA, TABLE)
    data = QueryDict(mutable=True)
    data.update({"kind": "minus", "by": "2"})
    assert deal_from_post(form, data) == {"kind": "minus", "by": 2}
    data = QueryDict(mutable=True)
    data.update({"kind": "plus", "end": "true"})
    assert deal_from_post(form, data) == {"kind": "plus", "end": True}
