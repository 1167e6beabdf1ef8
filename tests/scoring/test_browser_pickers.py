"""Issue 33 item 8 on a phone (Chromium, 390 × 844): entry that costs taps, not
keystrokes.

* Mah Jong's tiles through the tile picker (the game declares it on its tile
  fields, ``games.engine.tiles.tile_picker``): the hand of
  ``test_browser_mahjong`` — 62 keystrokes of tile codes — in far fewer taps,
  a pung, a kong or a chow in two;
* Indian Poker's betting through the token pad (``games.engine.betting``
  declares the turns' keys): ``C R2 F C R1 C C`` tapped, a wrong tap undone.
"""

from __future__ import annotations

import pytest

from scoring import services
from tests.scoring.browser import save, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The keystrokes of the same hand typed (test_browser_mahjong).
TYPED = len("1C 2C 3C, 4C 5C 6C8C 8C 8C 8CGD GD GD RD RDE E E 2B 5KWD WD WD")


class Taps:
    """Taps on ``page``, counted."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, selector: str) -> None:
        self.page.locator(selector).tap()
        self.count += 1

    def open(self, path: str) -> None:
        self(f"[data-path='{path}'] .pp-open")

    def tile(self, code: str) -> None:
        self(f".pp-grid:not([hidden]) .pp-piece[data-code='{code}']")

    def shortcut(self, label: str) -> None:
        self(f".pp-grid:not([hidden]) .pp-shortcut:text-is('{label}')")


def test_a_mahjong_hand_is_tapped_in_far_fewer_taps_than_keystrokes(
    page, table, live_server
):
    club, sami, (olli, cia, dan) = table
    match = services.match_start(
        club=club,
        game="mahjong",
        seats=[(sami, 0), (olli, 1), (cia, 2), (dan, 3)],
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/deals/new/")
    tap = Taps(page)
    tap("[data-branch=tiles] label:has(input[name=winner][value='2'])")
    # Cia: two chows melded, a concealed kong, a pung of green dragons and a pair.
    tap.open("hands.2.melded")
    tap.shortcut("Chow: 3 in a row")
    tap.tile("1C")
    tap.shortcut("Chow: 3 in a row")
    tap.tile("4C")
    tap.open("hands.2.concealed_kongs")
    tap.shortcut("Kong: 4 alike")
    tap.tile("8C")
    tap.open("hands.2.hand")
    tap.shortcut("Pung: 3 alike")
    tap.tile("GD")
    tap.tile("RD")
    tap.tile("RD")
    # Sami: a concealed pung of east winds and two odd tiles; Dan: white dragons.
    tap.open("hands.0.hand")
    tap.shortcut("Pung: 3 alike")
    for code in ("E", "2B", "5K"):
        tap.tile(code)
    tap.open("hands.3.melded")
    tap.shortcut("Pung: 3 alike")
    tap.tile("WD")

    value = page.input_value
    assert value("input[name='hands.2.melded']") == "1C 2C 3C, 4C 5C 6C, "
    assert value("input[name='hands.2.concealed_kongs']") == "8C 8C 8C 8C, "
    assert value("input[name='hands.2.hand']") == "GD GD GD RD RD"
    assert value("input[name='hands.0.hand']") == "E E E 2B 5K"
    # The set's count: four 8C entered, none left; a fifth is refused.
    tap.open("hands.1.hand")
    eight = page.locator(".pp-grid:not([hidden]) .pp-piece[data-code='8C']")
    assert eight.get_attribute("aria-disabled") == "true"
    eight.dispatch_event("click")  # Playwright taps no aria-disabled key
    assert value("input[name='hands.1.hand']") == ""
    assert "8C" in page.inner_text(".pp-status")
    # A tile tapped by mistake comes out of its pile with one tap.
    tap.tile("9K")
    page.locator("[data-path='hands.1.hand'] .pp-chip").tap()
    assert value("input[name='hands.1.hand']") == ""

    assert tap.count <= 25 and TYPED == 62, (tap.count, TYPED)
    save(page)
    assert totals(page) == [744, 744, 1736, 776]  # as when typed


def test_indian_poker_betting_is_tapped(page, table, live_server):
    club, sami, (olli, cia, dan) = table
    match = services.match_start(
        club=club,
        game="indian-poker",
        seats=[(sami, 0), (olli, 1), (cia, 2), (dan, 3)],
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/deals/new/")
    pad = "[data-path=actions] .tokenpad"
    page.locator(f"{pad} .tk-key[data-token='F']").tap()
    page.locator(f"{pad} .tk-clear").tap()  # Clear: start again
    assert page.input_value("input[name=actions]") == ""
    for word in ("C", "R2", "F", "R5"):
        page.locator(f"{pad} .tk-key[data-token='{word}']").tap()
    page.locator(f"{pad} .tk-undo").tap()  # R5 was a slip
    for word in ("C", "R1", "C", "C"):
        page.locator(f"{pad} .tk-key[data-token='{word}']").tap()
    assert page.input_value("input[name=actions]") == "C R2 F C R1 C C"
    assert "7" in page.inner_text(f"{pad} .tk-count")
    page.click("[data-path='cards'] .cp-open")
    for code in ("KS", "2H", "AD", "AC"):
        page.click(f".cp-grid button[data-code='{code}']")
    save(page)
    assert totals(page) == [96, 96, 109, 99]
