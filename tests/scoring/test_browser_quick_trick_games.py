"""Issue 19, item 1, beyond Tuppi: deals of other trick games in at most five taps.

On a 390 × 844 touch screen in Debian's Chromium, from a match's sheet; every tap
goes through :class:`~tests.scoring.test_browser_quick_entry.Taps`, which counts it,
and nothing is typed. The forms read each game's declarations:

* Android Whist (§4.3): side B's tricks are 13 − side A's; the side with more
  scores its tricks over six: A 7 → 1–0, then A 3 (B 10) → B 4 → 1–4.
* Bridge Meets Guess Who (§10.2.3): the contract's level, strain and doubling apply
  only when a human bid; both passed, the team with more tricks scores as if seven no
  trump had been bid: Olli's team takes 8 of 13, 5 a level over six + 1 a trick
  over six = 7 → −7–7.
* The contract grid (``x-contract-grid``): a row per level, a column per strain,
  one tap for both; a Skruuvi contract deal and a Bridge Meets Guess Who bid deal
  take five taps: the form, the grid, the declarer, the tricks, save. Their points
  are the engine's for the same deal sent whole.
* Vint (§18.1): an all-pass deal is redealt; ticking it hides the rest of the form,
  and the deal is only counted (the rubber's all-pass deals: 1).

Needs Chromium (``apt-get install -y chromium``; ``CHROMIUM_PATH`` overrides
``/usr/bin/chromium``). No browser is downloaded.
"""

from __future__ import annotations

import pytest
from django.db import connections

from games.engine import get_game
from scoring import services
from tests.scoring.browser import PHONE, no_sideways_scroll, post_form, shot, totals
from tests.scoring.test_browser_quick_entry import MOST_TAPS, Taps

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start(table, live_server, page, game: str, seats: int):
    club, sami, others = table
    players = [sami, *others][:seats]
    match = services.match_start(
        club=club,
        game=game,
        seats=[(p, i % 2 if seats == 4 else i) for i, p in enumerate(players)],
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_selector("#sheet")
    return match


def hidden(page, path: str) -> None:
    """The field at ``path`` is hidden (once the page's script has run)."""
    page.wait_for_selector(f"[data-path={path}]", state="hidden", timeout=2000)


def count(name: str, value: int) -> str:
    return f"label.df-count-option:has(input[name='{name}'][value='{value}'])"


def test_android_whist_deals_in_three_taps(page, table, live_server):
    start(table, live_server, page, "android-whist", 4)
    for side_a, rest, after in ((7, 6, [1, 0]), (3, 10, [1, 4])):
        taps = Taps(page)
        taps.tap("#enter-deal")
        page.wait_for_selector("#save-deal")
        taps.tap(count("tricks.0", side_a))
        assert page.inner_text("output[data-derived-from='tricks.0']") == str(rest)
        no_sideways_scroll(page)
        shot(page, "android-whist-quick-entry")
        taps.tap("#save-deal")
        page.wait_for_selector("#sheet")
        assert taps.count == 3 <= MOST_TAPS
        assert totals(page) == after


def test_bridge_meets_guess_who_passed_deal_in_three_taps(page, table, live_server):
    match = start(table, live_server, page, "bridge-meets-guess-who", 2)
    taps = Taps(page)
    taps.tap("#enter-deal")
    page.wait_for_selector("#save-deal")
    # Nobody bid yet: the contract's fields are not in the way.
    for path in ("strain", "doubled"):  # the contract grid, the doubling
        hidden(page, path)
    taps.tap(count("tricks.0", 5))
    assert page.inner_text("output[data-derived-from='tricks.0']") == "8"
    no_sideways_scroll(page)
    taps.tap("#save-deal")
    page.wait_for_selector("#sheet")
    assert taps.count == 3 <= MOST_TAPS
    assert totals(page) == [-7, 7]
    assert match.deals.get().input["tricks"] == [5, 8]


def test_bridge_meets_guess_who_bid_shows_the_contract(page, table, live_server):
    """A declarer tapped brings the contract grid (levels 7–13 × strains) and the
    doubling."""
    start(table, live_server, page, "bridge-meets-guess-who", 2)
    page.click("#enter-deal")
    page.wait_for_selector("#save-deal")
    page.tap("[data-path=declarer] label:has(input[value='0'])")
    assert page.locator("[data-path=strain]").is_visible()
    assert page.locator(cell("strain", 9, "hearts")).is_visible()
    assert page.locator("[data-path=doubled]").is_visible()


def cell(name: str, level: int, strain: str) -> str:
    """A button of the contract grid."""
    value = f"{level}:{strain}"
    return f"label.df-contract-option:has(input[name='{name}'][value='{value}'])"


def engine_points(slug: str, deal: dict) -> list[int]:
    game = get_game(slug)
    return list(game.score(game.start(), deal).points)


def test_skruuvi_contract_deal_in_five_taps(page, table, live_server):
    """5 ♠ by Sami, side A takes 10: the grid, the declarer, the tricks."""
    match = start(table, live_server, page, "skruuvi", 4)
    taps = Taps(page)
    taps.tap("#enter-deal")
    page.wait_for_selector("#save-deal")
    taps.tap(cell("contract", 5, "spades"))
    taps.tap("[data-path=declarer] label:has(input[value='0'])")
    taps.tap(count("tricks.0", 10))
    assert page.inner_text("output[data-derived-from='tricks.0']") == "3"
    no_sideways_scroll(page)
    shot(page, "skruuvi-contract-grid")
    taps.tap("#save-deal")
    page.wait_for_selector("#sheet")
    assert taps.count == 5 <= MOST_TAPS
    deal = {"contract": "spades", "level": 5, "declarer": 0, "tricks": [10, 3]}
    assert match.deals.get().input == deal
    assert totals(page) == engine_points("skruuvi", deal)


def test_skruuvi_pass_misere_beside_the_grid_hides_the_declarer(
    page, table, live_server
):
    start(table, live_server, page, "skruuvi", 4)
    page.click("#enter-deal")
    page.wait_for_selector("#save-deal")
    page.tap("label.df-contract-beside:has(input[value='pass_misere'])")
    hidden(page, "declarer")
    page.tap(cell("contract", 6, "misere"))
    assert page.locator("[data-path=declarer]").is_visible()


def test_bridge_meets_guess_who_contract_deal_in_five_taps(page, table, live_server):
    """9 ♥ by Sami, whose team takes 9: the declarer, the grid, the tricks."""
    match = start(table, live_server, page, "bridge-meets-guess-who", 2)
    taps = Taps(page)
    taps.tap("#enter-deal")
    page.wait_for_selector("#save-deal")
    taps.tap("[data-path=declarer] label:has(input[value='0'])")
    taps.tap(cell("strain", 9, "hearts"))
    taps.tap(count("tricks.0", 9))
    no_sideways_scroll(page)
    shot(page, "bridge-meets-guess-who-contract-grid")
    taps.tap("#save-deal")
    page.wait_for_selector("#sheet")
    assert taps.count == 5 <= MOST_TAPS
    deal = match.deals.get().input
    assert (deal["declarer"], deal["level"], deal["strain"]) == (0, 9, "hearts")
    assert deal["tricks"] == [9, 4]
    assert totals(page) == engine_points("bridge-meets-guess-who", deal)


def test_vint_grid_brings_the_trumps_by_its_strain(page, table, live_server):
    """Vint's trumps apply by the strain: shown for a suit of the grid, not for
    no trump."""
    start(table, live_server, page, "vint", 4)
    page.click("#enter-deal")
    page.wait_for_selector("#save-deal")
    page.tap(cell("strain", 2, "hearts"))
    assert page.locator("[data-path=trumps]").is_visible()
    page.tap(cell("strain", 3, "no_trump"))
    hidden(page, "trumps")
    no_sideways_scroll(page)


def test_vint_all_pass_in_three_taps(page, table, live_server):
    start(table, live_server, page, "vint", 4)
    taps = Taps(page)
    taps.tap("#enter-deal")
    page.wait_for_selector("#save-deal")
    assert page.locator("[data-path=strain]").is_visible()
    taps.tap("label:has(input[type=checkbox][name=all_pass])")
    for path in ("strain", "declarer", "tricks", "aces"):  # strain: the grid
        hidden(page, path)
    taps.tap("#save-deal")
    page.wait_for_selector("#sheet")
    assert taps.count == 3 <= MOST_TAPS
    assert totals(page) == [0, 0]
    assert page.inner_text("[data-context=all_pass_deals]") == "1"


def test_klubiskruuvi_pair_named_by_the_bolsu_box(page, table, live_server):
    """Klubiskruuvi's tricks: the sides' in a teams' deal; ticking the bolsu box
    renames the pair [the declarer, the three others] (the names follow the box in
    the page's script), and the other number is still the rest of 13."""
    start(table, live_server, page, "klubiskruuvi", 4)
    page.click("#enter-deal")
    page.wait_for_selector("#save-deal")
    legend = page.locator("[data-path='tricks.0'] > legend")
    rest = page.locator("[data-path=tricks] .df-derived-rest")
    page.wait_for_function(
        "() => document.querySelector(\"[data-path='tricks.0'] > legend\")"
        ".innerText.trim() === 'Sami & Cia'"
    )
    assert rest.inner_text().startswith("Olli & Dan:")
    page.tap("label:has(input[type=checkbox][name=bolsu])")
    assert legend.inner_text().strip() == "Declarer"
    assert rest.inner_text().startswith("The three others:")
    page.tap(count("tricks.0", 12))
    assert page.inner_text("output[data-derived-from='tricks.0']") == "1"
    shot(page, "klubiskruuvi-bolsu-entry")
    page.tap("label:has(input[type=checkbox][name=bolsu])")
    assert legend.inner_text().strip() == "Sami & Cia"


def test_the_grid_posts_without_the_script(table, browser, live_server):
    """Without JavaScript the grid's button is a plain radio posting
    ``"level:strain"``; the server reads it as the two fields."""
    club, sami, others = table
    match = services.match_start(
        club=club,
        game="vint",
        seats=[(p, i % 2) for i, p in enumerate([sami, *others])],
        by=sami.user,
    )
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{live_server.url}/accounts/login/?next=/clubs/")
        page.fill("input[name=username]", sami.user.username)
        page.fill("input[name=password]", "pw")
        page.click("button[type=submit]")
        page.goto(f"{live_server.url}/matches/{match.pk}/")
        page.click("#enter-deal")
        page.wait_for_selector("#save-deal")
        page.tap(cell("strain", 2, "hearts"))
        page.tap("[data-path=declarer] label:has(input[value='0'])")
        page.tap(count("tricks.0", 9))
        page.tap(count("trumps.0", 4))
        page.tap(count("aces.0", 3))
        no_sideways_scroll(page)
        post_form(page)
        page.wait_for_selector("#sheet")
    finally:
        context.close()
        connections.close_all()
    deal = match.deals.get().input
    assert (deal["level"], deal["strain"], deal["declarer"]) == (2, "hearts", 0)
    assert (deal["tricks"], deal["trumps"], deal["aces"]) == ([9, 4], [4, 1], [3, 1])
