"""Vint and Historical Skruuvi on a phone: three deals of each through the pages.

Against the live server on a 390 × 844 viewport, in Debian's Chromium (the fixtures
of ``tests/scoring/test_browser.py``): start the match from the club page, enter
three deals in the form the deal schema generates — the honours per side, a hand's
aces and the misere aces in their slots, an all-pass deal, an unknocked four entered
without tricks — and check the sheet's totals and the context rows.
"""

from __future__ import annotations

import pytest

from games.engine import get_game
from scoring.models import Match
from tests.scoring.browser import no_sideways_scroll, post_form, shot, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VINT_DEALS = [
    {
        "strain": "hearts",
        "level": 2,
        "declarer": 0,
        "tricks": [9, 4],
        "trumps": [4, 1],
        "aces": [3, 1],
    },
    {"strain": "no_trump", "level": 3, "declarer": 1, "tricks": [4, 9], "aces": [1, 3]},
    {"all_pass": True},
]
SKRUUVI_DEALS = [
    {
        "contract": "spades",
        "level": 5,
        "declarer": 0,
        "tricks": [10, 3],
        "value_cards": [6, 3],
    },
    {
        "contract": "misere",
        "level": 6,
        "declarer": 1,
        "tricks": [12, 1],
        "aces": [
            {"card": "AS", "trick": 3, "seat": 1},
            {"card": "AH", "trick": 1, "seat": 0},
            {"card": "AD", "trick": 5, "seat": 2},
            {"card": "AC", "trick": 8, "seat": 0},
        ],
    },
    {"contract": "hearts", "level": 4, "declarer": 3, "value_cards": [4, 5]},
]


def start(page, club, game_name: str) -> None:
    page.click(f"a[href='/clubs/{club.pk}/']")
    page.click("text=New match")
    page.click(f"text={game_name}")
    for seat, name in enumerate(["Sami", "Olli", "Cia", "Dan"]):
        page.select_option(f"select[name=seat_{seat}]", label=name)
    no_sideways_scroll(page)
    page.click("text=Start the match")
    page.wait_for_selector("#sheet")


def shown(page, selector: str):
    """The field at ``selector``, its disclosure opened if it sits in one."""
    field = page.locator(selector).first
    if not field.is_visible():
        field.locator("xpath=ancestor::details[1]/summary").click()
    return field


def tap_count(page, name: str, value: int) -> None:
    """Tap a count's button (``x-count: buttons``)."""
    page.click(f"label.df-count-option:has(input[name='{name}'][value='{value}'])")


def enter(page, deal: dict, slug: str) -> None:
    """Fill the generated form with ``deal`` as a scorer would, and save it: the
    contract first on its grid (what applies follows it), counts by their buttons,
    the other side's count of a derived pair left to the form."""
    page.click("#enter-deal")
    page.wait_for_selector("#save-deal")
    for field in ("strain", "contract"):
        if field in deal:
            # The contract grid: one tap picks the level and the strain.
            choice = f"{deal['level']}:{deal[field]}"
            page.click(
                f"label.df-contract-option:has(input[name={field}][value='{choice}'])"
            )
    if deal.get("all_pass"):
        page.check("input[name=all_pass][value=true]")
    if "declarer" in deal:
        page.check(f"input[name=declarer][value='{deal['declarer']}']")
    if "tricks" in deal:
        tap_count(page, "tricks.0", deal["tricks"][0])
    for field in ("trumps", "aces", "value_cards"):
        value = deal.get(field)
        if isinstance(value, list) and value and isinstance(value[0], int):
            # Vint's trumps and aces are derived pairs; the honours of Historical
            # Skruuvi are two counts.
            derived = slug == "vint"
            for side, count in enumerate(value[:1] if derived else value):
                tap_count(page, f"{field}.{side}", count)
    if slug == "historical-skruuvi" and "aces" in deal:
        for i, ace in enumerate(deal["aces"]):
            shown(page, f"input[name='aces.{i}.card']").fill(ace["card"])
            page.fill(f"input[name='aces.{i}.trick']", str(ace["trick"]))
            page.check(f"input[name='aces.{i}.seat'][value='{ace['seat']}']")
    shot(page, f"{slug}-entry")
    no_sideways_scroll(page)
    post_form(page)
    page.wait_for_selector("#sheet, .field-error")
    errors = page.locator(".field-error")
    assert errors.count() == 0, [
        errors.nth(i).evaluate("e => e.id") for i in range(errors.count())
    ]


@pytest.mark.parametrize(
    ("slug", "game_name", "deals", "expected"),
    [
        # 2♥ made: 180 + 800 trumps + 600 aces | 80; 3NT made by side 1: 120 | 270 +
        # 250 × 3 × 3; an all-pass deal scores nothing.
        ("vint", "Vint", VINT_DEALS, [(1580, 80), (1700, 2600), (1700, 2600)]),
        # 5♠ one down: 50 − 500 + 300 | 15; 6 misere made by side 1 (a game): 6 + 300
        # | 72 + 3000 + 1400 + 200; the unknocked four by seat 3 as 10 + 3 tricks.
        (
            "historical-skruuvi",
            "Historical Skruuvi",
            SKRUUVI_DEALS,
            [(-150, 15), (156, 4687), (168, 5927)],
        ),
    ],
)
def test_three_deals_through_the_pages(page, table, slug, game_name, deals, expected):
    club, _sami, _others = table
    start(page, club, game_name)
    assert Match.objects.get().game_id == slug
    for deal, after in zip(deals, expected, strict=True):
        enter(page, deal, slug)
        assert tuple(totals(page)) == after
    assert get_game(slug).fold(deals).totals == expected[-1]
    no_sideways_scroll(page)
    shot(page, f"{slug}-sheet")
    games_won = page.inner_text("[data-context=games_won]")
    toward = page.inner_text("[data-context=toward_game]")
    if slug == "vint":
        assert page.inner_text("[data-context=all_pass_deals]") == "1"
        assert toward and games_won
    else:
        assert page.inner_text("[data-context=phase]") == "rubber, game 2"
    stored = Match.objects.get().deals.order_by("number")
    assert [d.input.get("tricks") for d in stored][-1] in (None, [])
