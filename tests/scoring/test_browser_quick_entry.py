"""Issue 19, item 1: a trick-game deal in at most five taps on a phone.

On a 390 × 844 touch screen in Debian's Chromium, from the sheet of a Tuppi match:
every tap (the sheet's "Enter deal", a contract, a seat, a count of tricks, the save
button) goes through :func:`Taps.tap`, which counts it; nothing is typed. The form
reads Tuppi's declarations: the declarer applies to rami and sooli, the soloist to
sooli only, and side B's tricks are 13 − side A's. After each deal the sheet's totals
are read; they are worked out by hand from the book (``001_b57793035adc3f64.txt §9.4``):

* rami by Sami (side A), A takes 9: 4 × (9 − 6) = 12 to A → 12–0;
* sooli by Olli (side B), who takes no trick (A takes all 13): 24 to B, and since B
  was not nousussa the game goes back to 0–0 (the book's default) → 0–0;
* nolo, A takes 5 (B 8): A has fewer, 4 × (7 − 5) = 8 → 8–0.

Needs Chromium (``apt-get install -y chromium``; ``CHROMIUM_PATH`` overrides
``/usr/bin/chromium``). No browser is downloaded.
"""

from __future__ import annotations

import pytest

from scoring import services
from tests.scoring.test_browser import (  # noqa: F401  (fixtures)
    browser,
    no_sideways_scroll,
    page,
    shot,
    table,
    totals,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MOST_TAPS = 5


class Taps:
    """Taps on the touch screen, counted."""

    def __init__(self, page):  # noqa: F811
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).tap()
        self.count += 1


def start_tuppi(table, live_server, page):  # noqa: F811
    club, sami, (olli, cia, dan) = table
    match = services.match_start(
        club=club,
        game="tuppi",
        seats=[(sami, 0), (olli, 1), (cia, 0), (dan, 1)],
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_selector("#sheet")
    return match


def test_tuppi_deals_in_at_most_five_taps(page, table, live_server):  # noqa: F811
    start_tuppi(table, live_server, page)

    # Rami by Sami, side A (Sami & Cia) takes 9: 12–0.
    taps = Taps(page)
    taps.tap("#enter-deal")
    page.wait_for_selector("form.deal-form, #save-deal")
    # Before a contract is chosen, neither seat field is in the way (once the
    # page's script has run: waited for, not raced).
    page.wait_for_selector("[data-path=declarer]", state="hidden", timeout=2000)
    page.wait_for_selector("[data-path=soloist]", state="hidden", timeout=2000)
    taps.tap("label:has(input[name=contract][value=rami])")
    assert page.locator("[data-path=declarer]").is_visible()
    assert not page.locator("[data-path=soloist]").is_visible()  # sooli only
    taps.tap("[data-path=declarer] label:has(input[value='0'])")
    taps.tap("label.df-count-option:has(input[name='tricks.0'][value='9'])")
    # Side B's tricks are worked out as the count is tapped: 13 − 9.
    assert page.inner_text("output[data-derived-from='tricks.0']") == "4"
    no_sideways_scroll(page)
    shot(page, "tuppi-quick-entry")
    taps.tap("#save-deal")
    page.wait_for_selector("#sheet")
    assert taps.count <= MOST_TAPS
    assert totals(page) == [12, 0]

    # Sooli by Olli (side B) made: B took no trick, so A took all 13. 0–0.
    taps = Taps(page)
    taps.tap("#enter-deal")
    page.wait_for_selector("#save-deal")
    page.wait_for_load_state()  # the form's script has run: taps are not raced
    taps.tap("label:has(input[name=contract][value=sooli])")
    assert page.locator("[data-path=soloist]").is_visible()
    taps.tap("[data-path=soloist] label:has(input[value='1'])")
    taps.tap("label.df-count-option:has(input[name='tricks.0'][value='13'])")
    assert page.inner_text("output[data-derived-from='tricks.0']") == "0"
    taps.tap("#save-deal")
    page.wait_for_selector("#sheet")
    assert taps.count <= MOST_TAPS
    assert totals(page) == [0, 0]

    # Nolo, A takes 5 and B 8: A has fewer, 4 × 2 = 8. 8–0 in four taps.
    taps = Taps(page)
    taps.tap("#enter-deal")
    page.wait_for_selector("#save-deal")
    page.wait_for_load_state()  # the form's script has run: taps are not raced
    taps.tap("label:has(input[name=contract][value=nolo])")
    assert not page.locator("[data-path=declarer]").is_visible()
    assert not page.locator("[data-path=soloist]").is_visible()
    taps.tap("label.df-count-option:has(input[name='tricks.0'][value='5'])")
    taps.tap("#save-deal")
    page.wait_for_selector("#sheet")
    assert taps.count == 4
    assert totals(page) == [8, 0]
    no_sideways_scroll(page)


def test_a_seat_chosen_then_ruled_out_is_not_posted(page, table, live_server):  # noqa: F811
    """A soloist tapped in sooli, then the contract changed to rami: the soloist
    hides and is not sent, so the rami is scored (a soloist outside sooli would be
    refused by the engine)."""
    match = start_tuppi(table, live_server, page)
    page.click("#enter-deal")
    page.wait_for_selector("#save-deal")
    page.tap("label:has(input[name=contract][value=sooli])")
    page.tap("[data-path=soloist] label:has(input[value='1'])")
    page.tap("label:has(input[name=contract][value=rami])")
    assert not page.locator("[data-path=soloist]").is_visible()
    page.tap("[data-path=declarer] label:has(input[value='1'])")
    page.tap("label.df-count-option:has(input[name='tricks.0'][value='3'])")
    page.tap("#save-deal")
    page.wait_for_selector("#sheet")
    # Side B declared and A took 3, B 10: 4 × (10 − 6) = 16 to B.
    assert totals(page) == [0, 16]
    deal = match.deals.get()
    assert "soloist" not in deal.input
    assert deal.input["tricks"] == [3, 10]


def test_stepper_and_applies_in_the_page_script(browser):  # noqa: F811
    """``static/js/dealform.js`` on a form of the tests' own: the stepper's − and +
    stay within the bounds, a field that applies to a ticked box follows the box,
    and the derived rest follows the count."""
    from pathlib import Path
    from typing import Annotated

    from pydantic import Field, TypeAdapter

    from games.engine.inputs import (
        COUNT,
        FrozenModel,
        SeatField,
        applies_when,
        derived_pair,
    )
    from scoring.deal_forms import Table, build_form, render_form

    class Deal(FrozenModel):
        alone: bool = False
        out: Annotated[SeatField, Field(le=3)] | None = Field(
            None, json_schema_extra=applies_when("alone", True)
        )
        bonus: Annotated[int, Field(ge=0, le=2, json_schema_extra={COUNT: "stepper"})]
        tricks: tuple[Annotated[int, Field(ge=0, le=9)], ...] = Field(
            json_schema_extra=derived_pair(9)
        )

    seats = Table(["A", "B", "C", "D"], ["A & C", "B & D"], [0, 1, 0, 1])
    html, _ = render_form(build_form(TypeAdapter(Deal).json_schema(), seats))
    root = Path(__file__).resolve().parents[2]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    tab = context.new_page()
    tab.set_content(f'<form class="deal-form">{html}</form>')
    tab.add_style_tag(path=str(root / "static/css/kirjuri.css"))
    tab.add_script_tag(path=str(root / "static/js/dealform.js"))

    out = tab.locator("[data-path=out]")
    assert not out.is_visible()
    assert tab.locator("input[name=out]").first.is_disabled()
    tab.check("input[type=checkbox][name=alone]")
    assert out.is_visible()
    assert not tab.locator("input[name=out]").first.is_disabled()
    tab.uncheck("input[type=checkbox][name=alone]")
    assert not out.is_visible()

    less, more = (
        tab.locator(".df-step[data-step='-1']"),
        tab.locator(".df-step[data-step='1']"),
    )
    more.click()  # empty: starts at the least
    assert tab.input_value("input[name=bonus]") == "0"
    more.click()
    more.click()
    more.click()  # 3 is over the most: stays 2
    assert tab.input_value("input[name=bonus]") == "2"
    less.click()
    assert tab.input_value("input[name=bonus]") == "1"
    less.click()
    less.click()
    assert tab.input_value("input[name=bonus]") == "0"

    rest = tab.locator("output[data-derived-from='tricks.0']")
    assert rest.inner_text() == "–"
    tab.check("input[name='tricks.0'][value='7']")
    assert rest.inner_text() == "2"
    context.close()
