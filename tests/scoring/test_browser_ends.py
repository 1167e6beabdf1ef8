"""A curling match scored through the pages on a phone, in Chromium at 390 × 844:
eight ends, each one tap on the grid the game's declaration renders (a blank end
too), a wrong end entered by the fields refused next to its field, a correction;
the sheet's board shows the ends in columns with the hammer, and the winner."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import Membership, Role
from tests.scoring.browser import expected_refusal, no_sideways_scroll, post_form, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# (side, points) per end, None for a blank end: Sami's team 6, Olli's 4.
ENDS = [(0, 2), None, (1, 1), (0, 3), (1, 2), None, (0, 1), (1, 1)]


def tap(page, end) -> None:
    page.click("#enter-deal")
    no_sideways_scroll(page)
    if end is None:
        page.click(".df-tap-row[data-row='none'] .df-tap")
    else:
        side, points = end
        page.click(f".df-tap-row[data-row='{side}'] .df-tap >> text='{points}'")
    page.wait_for_selector("#ends-board")


def board(page) -> list[list[str]]:
    rows = page.locator("#ends-board tbody tr")
    return [
        [
            c.strip().replace("◆", "*")
            for c in rows.nth(i).locator("td").all_inner_texts()
        ]
        for i in range(rows.count())
    ]


def test_a_curling_match_one_tap_per_end(page, table, live_server):
    club, sami, (olli, _cia, _dan) = table
    match = services.match_start(
        club=club, game="curling", seats=[(sami, 0), (olli, 1)], by=sami.user
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    assert page.inner_text("[data-context='hammer']") == "Olli"

    # End 1 entered by the fields, wrongly: a team that scores scores 1 or more.
    page.click("#enter-deal")
    page.click(".df-tap-more summary")
    page.check("input[name='side'][value='0']")
    page.fill("input[name='points']", "0")
    shot(page, "curling-entry")
    post_form(page)
    assert "at least 1 point" in page.inner_text("[data-path='points']")
    expected_refusal(page)
    page.fill("input[name='points']", "2")
    post_form(page)
    page.wait_for_selector("#ends-board")
    assert page.inner_text("[data-context='hammer']") == "Olli"

    for end in ENDS[1:]:
        tap(page, end)
    shot(page, "curling-sheet")
    no_sideways_scroll(page)
    # The hammer (*): Olli's team first; kept after Sami's team scores end 1 and
    # the blank end 2; lost by Olli's team when it scores, and so on.
    assert board(page) == [
        ["2", "", "", "3*", "", "*", "1*", "", "6"],
        ["*", "*", "1*", "", "2*", "", "", "1*", "4"],
    ]
    assert "Sami" in page.inner_text("#winner")
    assert page.inner_text("#board-legend").strip().endswith("Hammer")
    match.refresh_from_db()
    assert match.finished and match.winners == [0] and match.totals == [6, 4]

    # The rules finished the match, so its book is closed (issue 33), and a closed
    # result is corrected by a club admin: Sami is made one.
    Membership.objects.filter(club=club, player=sami).update(role=Role.ADMIN)
    page.reload()
    # A correction: end 8 was Sami's, 2 — the tap grid on the correction page.
    page.click("#ends-board thead a[aria-label='Correct 8']")
    page.fill("textarea[name='reason'], input[name='reason']", "misread the house")
    page.click(".df-tap-row[data-row='0'] .df-tap >> text='2'")
    page.wait_for_selector("#ends-board")
    assert board(page)[0][-1] == "8" and board(page)[1][-1] == "3"


def test_contract_petanque_rounds_through_the_form(page, table, live_server):
    """The contract, the flee and the declarer's ball points as the form renders
    them; a flee without a double refused next to its field."""
    club, sami, (olli, cia, _dan) = table
    match = services.match_start(
        club=club,
        game="contract-petanque",
        seats=[(sami, 0), (olli, 1), (cia, 2)],
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.click("#enter-deal")
    no_sideways_scroll(page)
    page.check("input[name='declarer'][value='2']")
    page.fill("input[name='bid']", "4")
    page.check("input[name='fled'][value='0']")
    page.fill("input[name='ball_points']", "5")
    post_form(page)
    assert "doubled" in page.inner_text("[data-path='fled']")
    expected_refusal(page)
    page.check("input[name='contract'][value='doubled']")
    shot(page, "contract-petanque-entry")
    post_form(page)
    page.wait_for_selector("#sheet")
    page.click("#enter-deal")
    page.check("input[name='declarer'][value='1']")
    page.fill("input[name='bid']", "2")
    page.fill("input[name='ball_points']", "1")
    post_form(page)
    page.wait_for_selector("#sheet")
    cells = page.locator("#totals td.total")
    assert [int(cells.nth(i).inner_text()) for i in range(3)] == [8, -2, 8]
    assert page.inner_text("[data-context='round']") == "3 of 10"
