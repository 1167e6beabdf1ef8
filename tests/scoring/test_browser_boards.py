"""The board games through the pages on a 390 × 844 phone screen (Debian's
Chromium): a best-of-three Beginners' Go match — the first game's final position
tapped in on the board grid, the second by the counted points, the third by the
winner only — and a game of Hex on a 3 × 3 board tapped in with the winner's chain.
After each game the sheet's totals are read.

Needs Chromium (``CHROMIUM_PATH`` overrides ``/usr/bin/chromium``).
"""

from __future__ import annotations

import pytest

from scoring.models import Match
from tests.scoring.browser import no_sideways_scroll, post_form, shot, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start_match(page, live_server, club, slug: str, **options: str) -> None:
    page.goto(f"{live_server.url}/clubs/{club.pk}/matches/new/?game={slug}")
    page.select_option("select[name=seat_0]", label="Sami")
    page.select_option("select[name=seat_1]", label="Olli")
    for name, value in options.items():
        field = page.locator(f"input[name='options.{name}']")
        if not field.is_visible():
            field.locator("xpath=ancestor::details[1]/summary").click()
        field.fill(value)
    page.click("text=Start the match")
    page.wait_for_selector("#sheet")


def tap(page, symbol: str, *points: str) -> None:
    """Choose ``symbol`` on the palette, then tap each point (``e1``: column e, row
    1 from the top)."""
    page.click(f".bg-pick[data-symbol='{symbol}']")
    for name in points:
        page.click(f".bg-point[data-name='{name}']")


def test_a_go_match_by_position_counts_and_winner(page, table, live_server):
    club, _sami, _others = table
    start_match(page, live_server, club, "beginners-go", games="3")

    # Game 1, Sami black: walls on columns e (black) and f (white) — black 9 stones
    # + 36 area = 45 against white's 9 + 27 + 6.5 = 42.5.
    page.click("#enter-deal")
    rows = [str(r) for r in range(1, 10)]
    tap(page, "b", *(f"e{r}" for r in rows))
    tap(page, "w", *(f"f{r}" for r in rows))
    assert page.input_value("textarea[name=board]") == "/".join(["....bw..."] * 9)
    no_sideways_scroll(page)
    shot(page, "boards-go-position")
    post_form(page)
    page.wait_for_selector("#sheet")
    assert totals(page) == [1, 0]

    # Game 2, Olli black (the sheet's turn): counted 42 against 34 + 6.5.
    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    page.fill("input[name=black_points]:enabled", "42")
    page.fill("input[name=white_points]:enabled", "34")
    post_form(page)
    page.wait_for_selector("#sheet")
    assert totals(page) == [1, 1]

    # Game 3: Sami won (given up by Olli); the match is decided.
    page.click("#enter-deal")
    page.check("input[name=mode][value=winner]")
    page.check("input[name=winner][value='0']:enabled")
    post_form(page)
    page.wait_for_selector("#sheet")
    assert totals(page) == [2, 1]
    shot(page, "boards-go-sheet")
    match = Match.objects.get(club=club)
    assert match.finished and match.winners == [0]


def test_a_hex_game_with_its_board_tapped_in(page, table, live_server):
    club, _sami, _others = table
    start_match(page, live_server, club, "hex")
    page.click("#enter-deal")
    page.check("input[name=winner][value='0']")
    size = page.locator("input[name=size]")
    if not size.is_visible():
        size.locator("xpath=ancestor::details[1]/summary").click()
    size.fill("3")
    page.click("text=Enter the board")
    # Sami moved first with red: red's column a joins the top and the bottom.
    tap(page, "r", "a1", "a2", "a3")
    tap(page, "b", "b1", "c2")
    assert page.input_value("textarea[name=board]") == "rb./r.b/r.."
    no_sideways_scroll(page)
    shot(page, "boards-hex-board")
    post_form(page)
    page.wait_for_selector("#sheet")
    assert totals(page) == [1, 0]
    match = Match.objects.get(club=club)
    assert match.finished and match.winners == [0]
