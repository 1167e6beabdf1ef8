"""Triple Play (Hand, Knee and Foot) on a phone, in Chromium at 390 × 844.

Three deals through the entry form the game's declaration renders: melds (one added
with "add another"), red threes, hands, an unplayed knee and feet; a refusal of
going out without the basic book shown next to the melds; the sheet's totals after
each deal.
"""

from __future__ import annotations

import pytest

from games.engine import get_game
from scoring.models import Match
from tests.scoring.browser import (
    expected_refusal,
    no_sideways_scroll,
    post_form,
    shot,
    totals,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIVES = "5H 5D 5S 5C 5H 5D 5S"
SEVENS = "7H 7D 7S 7C 7H 7D 7S"
WILDS = "Jo Jo 2C 2D 2H 2S 2C"
KINGS = "KH KD KS KC KH KD KS"
MIXED_ACES = "AH AD AS AC AH 2D Jo"
KNEE = "4C 4D 4S 4H 6C 6D 6S 8D 8S 8H QD QS QH"
FOOT_1 = "4C 4D 4S 5C 6D 6H 8C 9C JC QC KC"
FOOT_2 = "9D 9S 9H JD JS JH KD KS KH AC AD"

# Deal 1: Sami (seat 0) goes out with the basic book: melds 510, canastas 11300, red
# threes 200, out 200, Cia holds 4♥ 3♠ (−105): 12105. Olli and Dan: melds 150,
# mixed canasta 300, Olli's hand −555 and foot −80, Dan's knee −95 and foot −130:
# −410. Deal 2: nobody out; Q Q Q 2 (50) − 4♣ 5♦ = 40; K K K 30 − 8♣ 9♣ = 10.
# Deal 3: Sami goes out without the mixed canasta (refused), then with it: 11810 +
# 200 − 6♣ = 12005; J J J J 40 − 4♣ 4♦ = 30.
DEALS = [
    (
        {
            "teams.0.melds.0": FIVES,
            "teams.0.melds.1": SEVENS,
            "teams.0.melds.2": WILDS,
            "teams.0.melds.3": KINGS,
            "teams.0.melds.4": MIXED_ACES,
            "teams.0.red_threes": "3H 3D",
            "teams.0.hands.1": "4H 3S",
            "teams.1.melds.0": "10H 10D 10S 10C 10H 10D 2H",
            "teams.1.melds.1": "JH JD Jo",
            "teams.1.hands.0": "3H 6C Jo",
            "teams.1.knees.1": KNEE,
            "teams.1.feet.0": FOOT_1,
            "teams.1.feet.1": FOOT_2,
        },
        "0",
        [12105, -410],
    ),
    (
        {
            "teams.0.melds.0": "QH QD QS 2C",
            "teams.0.hands.0": "4C",
            "teams.0.hands.1": "5D",
            "teams.1.melds.0": "KH KD KS",
            "teams.1.hands.0": "8C",
            "teams.1.hands.1": "9C",
        },
        None,
        [12145, -400],
    ),
]


def enter(page, fields: dict[str, str], went_out: str | None) -> None:
    page.click("#enter-deal")
    page.wait_for_selector("[data-path='teams.0.hands']")
    for name, value in fields.items():
        if page.locator(f"input[name='{name}']").count() == 0:
            path = name.rsplit(".", 1)[0]
            page.click(f".df-add[data-add-to='{path}']")
        page.fill(f"input[name='{name}']", value)
    if went_out is not None:
        page.check(f"input[name=went_out][value='{went_out}']")
    no_sideways_scroll(page)
    post_form(page)


def test_triple_play_three_deals(page, table):
    club, _sami, _others = table
    page.click(f"a[href='/clubs/{club.pk}/']")
    page.click("text=New match")
    page.click("text=Triple Play (Hand, Knee and Foot)")
    for seat, name in enumerate(["Sami", "Olli", "Cia", "Dan"]):
        page.select_option(f"select[name=seat_{seat}]", label=name)
    no_sideways_scroll(page)
    page.click("text=Start the match")
    page.wait_for_selector("#sheet")
    match = Match.objects.get()
    assert match.game_id == "triple-play"
    assert totals(page) == [0, 0]

    for fields, went_out, after in DEALS:
        enter(page, fields, went_out)
        page.wait_for_selector("#sheet")
        assert totals(page) == after
    assert page.inner_text("[data-context=opening_requirement]").count("120") == 2

    # Deal 3: going out with four canastas is refused at the melds, naming the
    # missing mixed canasta and the page's lines; then the mixed canasta is added.
    enter(
        page,
        {
            "teams.0.melds.0": FIVES,
            "teams.0.melds.1": SEVENS,
            "teams.0.melds.2": WILDS,
            "teams.0.melds.3": KINGS,
            "teams.0.hands.1": "6C",
            "teams.1.melds.0": "JH JD JS JC",
            "teams.1.hands.0": "4C",
            "teams.1.hands.1": "4D",
        },
        "0",
    )
    errors = page.inner_text("[data-path='teams.0.melds'] .field-error")
    assert "basic book" in errors and "a mixed canasta" in errors
    expected_refusal(page)
    page.click(".df-add[data-add-to='teams.0.melds']")
    page.fill("input[name='teams.0.melds.4']", MIXED_ACES)
    no_sideways_scroll(page)
    shot(page, "triple-play-entry")
    post_form(page)
    page.wait_for_selector("#sheet")
    shot(page, "triple-play-sheet")
    assert totals(page) == [24150, -370]
    deals = [d.input for d in match.deals.order_by("number")]
    assert get_game("triple-play").fold(deals).totals == (24150, -370)
