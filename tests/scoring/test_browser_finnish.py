"""Issue 19 item 4, "Done when": the Finnish UI shows no English string on the
sheet, the deal form, a rule error and the standings — on a phone, in Chromium
whose language is Finnish.

Aino keeps score of a Tuppi match (:func:`tests.scoring.finnish.tuppi_world`: two
deals, the second flagged after a correction of the first). On the phone she enters
deal 3 (a rami of hers, 9 tricks: 12 to her side), then a sooli that her own
partner bids (the rules refuse it), and opens the tournament's standings. Each page
is read in Finnish — the engine's texts (the story, the notes, the form's labels,
the rule error) must be Finnish — and then the detector
(:func:`tests.scoring.finnish.english_left`) compares it with the same page in an
English browser: no visible text may be the same in both unless it is a name or a
word of both languages.

Needs Chromium (``apt-get install -y chromium``; ``CHROMIUM_PATH`` overrides
``/usr/bin/chromium``). No browser is downloaded. ``KIRJURI_SCREENSHOTS`` saves
``finnish-deal-form.png``, ``finnish-rule-error.png`` and ``finnish-sheet.png``.
"""

# ruff: noqa: F811
from __future__ import annotations

import json
import re

import pytest
from django.db import connections

from tests.scoring.browser import (  # noqa: F401  (fixture: browser)
    PHONE,
    browser,
    expected_refusal,
    no_sideways_scroll,
    shot,
    totals,
    watch,
)
from tests.scoring.finnish import english_left, tuppi_world, visible_texts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def world(transactional_db):
    return tuppi_world()


def _phone(browser, live_server, user, locale: str):
    """A phone whose browser speaks ``locale``, ``user`` logged in."""
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale=locale
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.problems = watch(page)
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", "pw")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/clubs/$"))
    return context, page


@pytest.fixture
def phones(browser, live_server, world):
    """Aino's phone in Finnish, and the same in English to compare with."""
    fi_context, finnish = _phone(browser, live_server, world.admin.user, "fi-FI")
    en_context, english = _phone(browser, live_server, world.admin.user, "en-GB")
    yield finnish, english
    fi_context.close()
    en_context.close()
    connections.close_all()
    assert finnish.problems == [], "console errors or failed requests"
    assert english.problems == [], "console errors or failed requests"


def _bad_sooli(page) -> None:
    """Sooli bid by Bertta, the partner of the declarer Aino: refused."""
    page.locator("label:has(input[name=contract][value=sooli])").tap()
    page.locator("[data-path=declarer] label:has(input[value='0'])").tap()
    page.locator("[data-path=soloist] label:has(input[value='2'])").tap()
    page.locator("label.df-count-option:has(input[name='tricks.0'][value='13'])").tap()
    page.locator("#save-deal").tap()
    page.wait_for_selector(".field-error")
    expected_refusal(page)


def test_the_finnish_ui_shows_no_english(phones, world, live_server):
    finnish, english = phones
    sheet_url = f"{live_server.url}/matches/{world.match.pk}/"
    left: dict[str, list[str]] = {}

    def compare(name: str) -> None:
        """The detector on the page each phone shows now."""
        found = english_left(english.content(), finnish.content(), world.allowed)
        if found:
            left[name] = found

    # The sheet: the story, the flagged deal's error, the notes in Finnish.
    finnish.goto(sheet_url)
    finnish.wait_for_selector("#sheet")
    sheet = visible_texts(finnish.content())
    assert "rami, huutaja Ceci: huutajat saavat 12" in sheet
    assert any("vain nousussa oleva pari (Ceci & Dora)" in t for t in sheet)
    assert {"Jakaja:", "Nousussa:"} <= sheet

    # The deal form: Tuppi's labels and the form's own words in Finnish.
    finnish.locator("#enter-deal").tap()
    finnish.wait_for_selector("#save-deal")
    form = visible_texts(finnish.content())
    assert {"Peli", "Tikit", "Anna kaikki luvut"} <= form
    finnish.locator("label:has(input[name=contract][value=rami])").tap()
    assert "Huutaja" in visible_texts(finnish.content())
    english.goto(finnish.url)
    english.wait_for_selector("#save-deal")
    english.locator("label:has(input[name=contract][value=rami])").tap()
    shot(finnish, "finnish-deal-form")
    compare("deal form")

    # Deal 3: Aino's rami, 9 tricks: 12 to Aino & Bertta against the rising Ceci &
    # Dora: back to 0–0 (the book).
    finnish.locator("[data-path=declarer] label:has(input[value='0'])").tap()
    finnish.locator(
        "label.df-count-option:has(input[name='tricks.0'][value='9'])"
    ).tap()
    no_sideways_scroll(finnish)
    finnish.locator("#save-deal").tap()
    finnish.wait_for_selector("#sheet")
    story = visible_texts(finnish.content())
    assert any("rami, huutaja Aino: huutajat saavat 12" in t for t in story)
    assert any(
        "Aino & Bertta sai pisteitä nousussa olevaa paria vastaan" in t for t in story
    )

    # A rule error: the refusal in Finnish, the declarer named.
    finnish.locator("#enter-deal").tap()
    finnish.wait_for_selector("#save-deal")
    _bad_sooli(finnish)
    refused = visible_texts(finnish.content())
    assert "soolin huutaa huutajan (Aino) vastapelaaja" in refused
    shot(finnish, "finnish-rule-error")
    english.goto(f"{live_server.url}/matches/{world.match.pk}/deals/new/")
    english.wait_for_selector("#save-deal")
    _bad_sooli(english)
    assert "sooli is bid by an opponent of the declarer (Aino)" in visible_texts(
        english.content()
    )
    compare("rule error")

    # The sheet after the deals.
    for page in (finnish, english):
        page.goto(sheet_url)
        page.wait_for_selector("#sheet")
    no_sideways_scroll(finnish)
    shot(finnish, "finnish-sheet")
    compare("sheet")

    # The tournament's standings.
    for page in (finnish, english):
        page.goto(f"{live_server.url}/tournaments/{world.event.pk}/")
        page.wait_for_load_state()
    shot(finnish, "finnish-standings")
    compare("standings")

    assert left == {}, "English on the Finnish pages:\n" + json.dumps(
        left, ensure_ascii=False, indent=1
    )
