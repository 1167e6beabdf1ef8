"""Issue 19 item 4, the engine/page boundary: what the engine declares or says
reaches the deal form and the score sheet in the reader's language.

* the deal form translates each English label it computes (a titled field name, a
  description, a titled choice, an entry mode, a list's item name) and composes
  positions ("Hand of Dan", "Meld 2") from templates; the catalogue gets exactly
  those English texts (:func:`scoring.deal_forms.schema.form_texts`, shared with
  ``scoring.declared_texts``);
* the sheet's story renders a stored fact from its template, its seats and sides
  named as the players and the sides' labels; an old fact (English only) as before;
* Tuppi in Finnish, from the catalogue (``locale/fi/parts/boundary.po``).

A fake translator (``upper``: every translated text in capitals) stands for a
language where the catalogue is not needed.
"""

from __future__ import annotations

import pytest
from django.utils import translation

import scoring.deal_forms.render as render_module
import scoring.deal_forms.schema as schema_module
from config.translation import localized, localized_errors
from games.engine import all_games, get_game
from games.engine.text import Seat, Side, msg
from scoring.deal_forms import build_form, render_form
from scoring.deal_forms.labels import DEAL_LABEL
from scoring.deal_forms.schema import form_texts
from scoring.declared_texts import declared_texts, game_form_texts
from scoring.export import context_lines, next_deal_notes, sheet_table
from scoring.story import story_lines
from tests.scoring.test_deal_forms import SCHEMA, TABLE, TRICK_SCHEMA

SIDES = ["Aino & Bertta", "Ceci & Dora"]
SEATS = {0: "Aino", 1: "Ceci", 2: "Bertta", 3: "Dora"}


@pytest.fixture
def upper(monkeypatch):
    """Every text the form translates, in capitals (the templates stay)."""

    def translate(text: str) -> str:
        return text if "{" in text else text.upper()

    monkeypatch.setattr(schema_module, "gettext", translate)
    monkeypatch.setattr(render_module, "gettext", translate)
    monkeypatch.setattr(
        schema_module.SchemaWalker.__init__, "__defaults__", (translate,)
    )
    return translate


def test_the_form_translates_each_declared_label_and_composes_positions(upper):
    html, _ = render_form(build_form(SCHEMA, TABLE))
    # Titled names, an entry mode, a description, the item of a list.
    assert "<legend>TEAMS</legend>" in html
    assert "CARD ENTRY" in html and "QUICK ENTRY (TOTALS)" in html
    assert "PARTNERS IN SEAT ORDER." in html
    assert ">HAND of Dan" in html  # "{item} of {player}", the singular translated
    assert ">MELD 1<" in html  # "{item} {number}"
    assert "Add meld" in html  # "Add {item}": the item as translated, lower case
    trick_html, _ = render_form(build_form(TRICK_SCHEMA, TABLE))
    assert "> RAMI</label>" in trick_html  # a choice titled, then translated
    assert "THE RISING SIDE GAVE THE DEAL UP." in trick_html


def test_the_catalogue_gets_exactly_the_texts_the_form_translates():
    texts = form_texts(TRICK_SCHEMA)
    assert texts == {
        DEAL_LABEL,
        "Contract",
        "Rami",
        "Nolo",
        "Sooli",
        "Declarer",
        "Tricks",
        "Bids",
        "Conceded By",
        "The rising side gave the deal up.",
        "Rounds",
    }
    cards = form_texts(SCHEMA)
    assert {"Card entry", "Quick entry (totals)", "Melds", "Meld", "Hands"} <= cards
    assert "Hand" in cards  # the partners' positions are named by the singular
    # Never a composed label, a model's title or a number.
    assert not {t for t in cards if "{" in t or t.isdigit() or "Deal" in t[4:]}


def test_tuppi_declares_its_form_texts_for_the_catalogue():
    tuppi = get_game("tuppi")
    texts = game_form_texts(tuppi)
    assert {"Conceded By", "Back to zero", "Scorer rises", "Options"} <= texts
    assert "TuppiDeal" not in texts and "TuppiOptions" not in texts
    assert texts | {tuppi.name, tuppi.summary, tuppi.deal_word} <= declared_texts()


# -- the sheet ----------------------------------------------------------------------


def _stored(code, text, side=None):
    """A fact as the engine stores it (``i18n`` beside the English)."""
    fact = {"code": code, "text": str(text), "side": side, "points": None}
    if getattr(text, "params", None):
        fact["i18n"] = {
            "text": {
                "template": text.template,
                "params": {
                    k: {v.word: int(v)} if isinstance(v, Seat) else v
                    for k, v in text.params.items()
                },
            }
        }
    return fact


def _story(facts):
    return story_lines(
        facts, codes=None, shown=None, side_labels=SIDES, seat_names=SEATS
    )


def test_a_stored_fact_names_its_seats_and_sides_from_its_template():
    facts = [
        _stored("a", msg("rami by {d}: declarers score {p}", d=Seat(2), p=8), 0),
        _stored("b", msg("{s:C} scores", s=Side(1)), 1),
        _stored("c", msg("{s} took it", s=Seat(7)), 1),  # no such seat
        _stored("d", msg("went out: {n}", n=100), 1),  # names nobody: prefixed
        _stored("e", "side 0 is old", 0),  # stored before templates: the regex
    ]
    assert _story(facts) == [
        "rami by Bertta: declarers score 8",
        "Ceci & Dora scores",
        "player 8 took it",  # seat 7 is the eighth player
        "Ceci & Dora: went out: 100",
        "Aino & Bertta is old",
    ]


def test_context_rows_and_notes_read_the_seats_names():
    next_deal = {
        "dealer": 1,
        "notes": ["Bids are exposed from seat 2.", "A fixed note."],
        "i18n": {
            "notes.0": {
                "template": "Bids are exposed from {first}.",
                "params": {"first": {"seat": 2}},
            }
        },
        "context": [{"code": "x", "label": "Nousussa", "kind": "side", "value": 1}],
    }
    rows = context_lines(next_deal, seat_names=SEATS, side_labels=SIDES)
    assert [(r.label, r.text) for r in rows] == [
        ("Dealer", "Ceci"),
        ("Nousussa", "Ceci & Dora"),
    ]
    assert next_deal_notes(next_deal, seat_names=SEATS, side_labels=SIDES) == [
        "Bids are exposed from Bertta.",
        "A fixed note.",
    ]


def test_a_flagged_deal_s_stored_error_names_the_side():
    sheet = {
        "game": "tuppi",
        "sides": [
            {
                "label": label,
                "seats": [s, s + 2],
                "players": [{"display_name": SEATS[s]}, {"display_name": SEATS[s + 2]}],
            }
            for s, label in enumerate(SIDES)
        ],
        "rows": [
            {
                "number": 1,
                "status": "flagged",
                "errors": [
                    {
                        "path": "conceded_by",
                        "code": "conceded_by_not_rising",
                        "message": "only the nousussa side (side 1) concedes a deal",
                        "i18n": {
                            "message": {
                                "template": "only the nousussa side ({rising}) "
                                "concedes a deal",
                                "params": {"rising": {"side": 1}},
                            }
                        },
                    }
                ],
            }
        ],
        "totals": [0, 0],
    }
    (row,) = sheet_table(sheet).rows
    assert row.errors[0]["message"] == (
        "only the nousussa side (Ceci & Dora) concedes a deal"
    )


# -- Tuppi in Finnish (from the catalogue) -----------------------------------------


def test_tuppi_in_finnish():
    with translation.override("fi"):
        assert localized(
            msg("nolo: {scorer} scores {points}", scorer=Side(1), points=8)
        ) == ("nolo: puoli 2 saa 8")  # side 1 is the second side
        assert localized("this match is played without sooli") == (
            "tässä ottelussa ei pelata soolia"
        )
        rule = {
            "path": "soloist",
            "code": "soloist_on_declarer_side",
            "message": "sooli is bid by an opponent of the declarer (seat 0)",
            "i18n": {
                "message": {
                    "template": "sooli is bid by an opponent of the declarer "
                    "({declarer})",
                    "params": {"declarer": {"seat": 0}},
                }
            },
        }
        assert localized_errors([rule])[0]["message"] == (
            "soolin huutaa huutajan (pelaaja 1) vastapelaaja"
        )
        html, _ = render_form(build_form(get_game("tuppi").deal_schema(), TABLE))
        for finnish in ("Peli", "Huutaja", "Soolinpelaaja", "Tikit", "Luovuttaja"):
            assert finnish in html
        assert (
            "Anna määrä kohtaan Anna &amp; Cia; Bo &amp; Dan saa loput 13:sta." in html
        )


def test_a_pydantic_message_with_english_grammar_is_reworded_in_finnish():
    template = "String should have at most {max_length} character{expected_plural}"
    from games.engine.text import Text

    text = Text(template, {"max_length": 3, "expected_plural": "s"})
    with translation.override("en"):
        assert localized(text) == "String should have at most 3 characters"
    with translation.override("fi"):
        assert localized(text) == "Tekstissä saa olla enintään 3 merkkiä"


def test_a_widget_s_labels_are_declared_texts_too():
    """The dart pad's keys and a board grid's symbols show labels the schema
    declares: the form translates them, the catalogue has them."""
    darts = next(g for g in all_games() if "Miss" in game_form_texts(g))
    hex_game = get_game("hex")
    assert {"Bull", "Double ring", "Triple ring"} <= game_form_texts(darts)
    assert {"empty", "red", "blue"} <= game_form_texts(hex_game)
    assert "20" not in game_form_texts(darts)  # a number's key is itself
