"""Billiards and the outdoor races scored through the pages on a phone (Chromium at
390 × 844): a 9-ball race to two frames and a Totem Tennis game, one tap per frame
or rally on the grid the games' declarations render; snooker frames by their
scores (a level frame refused next to its field); 5 Pin Billiards shot by shot and
by a frame's totals; Breakthrough's two halves. The sheet's context rows show the
race (frames won, who breaks, who serves, the frame score, who shoots)."""

from __future__ import annotations

import pytest

from scoring import services
from tests.scoring.browser import post_form
from tests.scoring.test_browser import (  # noqa: F401  (fixtures)
    browser,
    expected_refusal,
    no_sideways_scroll,
    page,
    shot,
    table,
    totals,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start(page, live_server, table, game, options):  # noqa: F811
    club, sami, (olli, _cia, _dan) = table
    match = services.match_start(
        club=club,
        game=game,
        seats=[(sami, 0), (olli, 1)],
        options=options,
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    return match


def context(page, code: str) -> str:  # noqa: F811
    return page.inner_text(f"[data-context='{code}']")


def tap(page, side: int) -> None:  # noqa: F811
    page.click("#enter-deal")
    page.wait_for_selector(".df-tap-row")
    no_sideways_scroll(page)
    page.click(f".df-tap-row[data-row='{side}'] .df-tap >> text='1'")
    page.wait_for_selector("#sheet")


def save(page) -> None:  # noqa: F811
    no_sideways_scroll(page)
    post_form(page)
    page.wait_for_selector("#sheet")


def test_nine_ball_and_totem_tennis_one_tap_each(page, table, live_server):  # noqa: F811
    match = start(page, live_server, table, "nine-ball", {"frames": 2})
    assert context(page, "break") == "Sami"
    assert page.locator("[data-context='dealer']").count() == 0  # nobody deals
    tap(page, 0)
    assert totals(page) == [1, 0]
    assert context(page, "frames_won") == "Sami 1 · Olli 0"
    assert context(page, "break") == "Olli"  # the break alternates
    tap(page, 1)
    tap(page, 0)
    shot(page, "nine-ball-sheet")
    assert totals(page) == [2, 1]
    assert "Sami" in page.inner_text("#winner")
    match.refresh_from_db()
    assert match.finished and match.winners == [0]

    rally = start(page, live_server, table, "totem-tennis", {"target": 3})
    servers = []
    for side in (1, 1, 0, 1):
        servers.append(context(page, "serve"))
        tap(page, side)
    assert servers == ["Sami", "Olli", "Sami", "Olli"]
    assert totals(page) == [1, 3]
    rally.refresh_from_db()
    assert rally.finished and rally.winners == [1]


def test_snooker_frames_by_their_scores(page, table, live_server):  # noqa: F811
    start(page, live_server, table, "snooker", {"frames": 1})
    page.click("#enter-deal")
    page.fill("input[name='points.0']", "50")
    page.fill("input[name='points.1']", "50")
    shot(page, "snooker-entry")
    post_form(page)
    assert "higher score" in page.inner_text("[data-path='points']")
    expected_refusal(page)
    page.fill("input[name='points.1']", "64")
    save(page)
    assert totals(page) == [0, 1]
    assert "Olli" in page.inner_text("#winner")


def test_five_pin_shot_by_shot(page, table, live_server):  # noqa: F811
    match = start(page, live_server, table, "five-pin", {"frames": 2})
    # Sami: own-ball target 4 + centre with one boundary pin 4 + 2 = 10.
    page.click("#enter-deal")
    page.check("input[name='mode'][value='shot']")
    page.check("input[name='target'][value='own']")
    page.check("input[type=checkbox][name='centre_pin']")
    page.select_option("select[name='boundary_pins']", "1")
    save(page)
    assert context(page, "frame_points") == "Sami 10 · Olli 0"
    assert context(page, "shoots") == "Olli"
    # Olli misses Sami's ball: Sami gets 2.
    page.click("#enter-deal")
    page.check("input[name='mode'][value='shot']")
    page.check("input[type=checkbox][name='missed']")
    save(page)
    assert context(page, "frame_points") == "Sami 12 · Olli 0"
    # Sami's shot by one tap: 16 to Sami (the grid is the first way to enter).
    page.click("#enter-deal")
    page.click(".df-tap-row[data-row='0'] .df-tap >> text='16'")
    page.wait_for_selector("#sheet")
    assert context(page, "frame_points") == "Sami 28 · Olli 0"
    assert context(page, "shoots") == "Olli"
    assert totals(page) == [0, 0]
    match.refresh_from_db()
    assert not match.finished


def test_five_pin_frames_by_totals_to_the_match(page, table, live_server):  # noqa: F811
    match = start(page, live_server, table, "five-pin", {"frames": 2})
    for points in ((60, 31), (48, 62), (66, 12)):
        page.click("#enter-deal")
        page.check("input[name='mode'][value='frame']")
        page.fill("input[name='points.0']", str(points[0]))
        page.fill("input[name='points.1']", str(points[1]))
        save(page)
    assert totals(page) == [2, 1]
    match.refresh_from_db()
    assert match.finished and match.winners == [0]


def test_breakthrough_two_halves(page, table, live_server):  # noqa: F811
    match = start(page, live_server, table, "breakthrough", {"team_sizes": [8, 7]})
    assert context(page, "attack") == "Sami"
    page.click("#enter-deal")
    page.fill("input[name='points']", "5")
    save(page)
    assert context(page, "attack") == "Olli"
    page.click("#enter-deal")
    page.fill("input[name='points']", "6")
    save(page)
    assert totals(page) == [5, 6]
    match.refresh_from_db()
    assert match.finished and match.winners == [1]
