"""Card shortcuts declared by a game reach the entry page (issue 19, item 1).

A meld of the Canasta family declares "a natural canasta of one rank" on its card
list (``x-card-shortcuts``); the form carries it to the page as the card input's
``data-card-shortcuts`` attribute, with its label in the reader's language, for
``static/js/cardshortcuts.js``. Other card fields (hands, red threes) carry none.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from django.utils import translation

from games.engine import get_game
from games.engine.inputs import CARD_SHORTCUTS
from scoring import services
from scoring.deal_forms import Table, build_form, render_form

TABLE = Table(
    seat_labels=["A", "B", "C", "D"], side_labels=["AC", "BD"], seats=[0, 1, 0, 1]
)
FOUR_TO_ACE = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def _shortcuts(page: str, name: str) -> list[dict] | None:
    """The decoded ``data-card-shortcuts`` of the input named ``name``."""
    tag = re.search(rf'<input [^>]*name="{re.escape(name)}"[^>]*>', page)
    assert tag, f"no input {name}"
    found = re.search(r'data-card-shortcuts="([^"]*)"', tag.group(0))
    return json.loads(html.unescape(found.group(1))) if found else None


@pytest.mark.parametrize(
    ("slug", "ranks"),
    [
        ("canasta", FOUR_TO_ACE),
        ("samba", FOUR_TO_ACE),
        ("hand-and-foot", FOUR_TO_ACE),
        ("triple-play", FOUR_TO_ACE),
        # §31.6: a canasta meld of twos, natural without jokers.
        ("contract-samba", ["2", *FOUR_TO_ACE]),
    ],
)
def test_a_meld_declares_the_natural_canasta_of_a_rank(slug, ranks):
    """Seven cards of one rank, 4 to A (no threes; twos only where a meld of twos
    is played); declared on the melds only."""
    schema = json.dumps(get_game(slug).deal_schema())
    declared = re.findall(rf'"{CARD_SHORTCUTS}": (\[.*?\}}\])', schema)
    assert [json.loads(d) for d in declared] == [
        [
            {
                "kind": "same_rank",
                "label": "Natural canasta",
                "ranks": ranks,
                "size": 7,
            }
        ]
    ]


def test_the_form_puts_the_shortcuts_on_each_meld_input():
    schema = get_game("canasta").deal_schema()
    page, _ = render_form(build_form(schema, TABLE))
    for meld in ("teams.0.melds.0", "teams.1.melds.2"):
        (shortcut,) = _shortcuts(page, meld)
        assert shortcut["label"] == "Natural canasta"
        assert shortcut["size"] == 7 and shortcut["ranks"][0] == "4"
    assert _shortcuts(page, "teams.0.hands.0") is None
    assert _shortcuts(page, "teams.0.red_threes") is None


def test_the_label_is_translated_where_the_form_is_rendered(monkeypatch):
    """The engine's English label goes through gettext at the boundary."""
    monkeypatch.setattr(
        "scoring.deal_forms.cards.gettext",
        lambda text: {"Natural canasta": "Luonnollinen kanasta"}.get(text, text),
    )
    schema = get_game("canasta").deal_schema()
    with translation.override("fi"):
        page, _ = render_form(build_form(schema, TABLE))
    (shortcut,) = _shortcuts(page, "teams.0.melds.0")
    assert shortcut["label"] == "Luonnollinen kanasta"


def test_the_deal_page_carries_the_declaration_and_its_script(client, club, people):
    """The new-deal page of a Canasta match: the meld inputs carry the shortcut and
    the page loads the shortcuts script after the card picker."""
    players = [people.scorer, people.opponent, people.member, people.admin]
    match = services.match_start(
        club=club,
        game="canasta",
        seats=[(p, i % 2) for i, p in enumerate(players)],
        by=people.scorer.user,
    )
    client.force_login(people.scorer.user)
    page = client.get(f"/matches/{match.pk}/deals/new/").content.decode()
    (shortcut,) = _shortcuts(page, "teams.0.melds.0")
    assert shortcut == {
        "kind": "same_rank",
        "label": "Natural canasta",
        "size": 7,
        "ranks": FOUR_TO_ACE,
    }
    assert _shortcuts(page, "teams.1.hands.0") is None
    picker = page.index("js/cardpicker.js")
    assert picker < page.index("js/cardshortcuts.js")
