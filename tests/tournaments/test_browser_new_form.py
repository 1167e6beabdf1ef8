"""The new-tournament form on a phone (issue 19 item 2): the game from the catalogue
by name, only the chosen format's settings, the tie-breaks as a list to tick and
order, each with its one-line explanation."""

# The fixtures browser and page come from test_browser; tests take them by name.
# ruff: noqa: F811

from __future__ import annotations

import os
import re

import pytest

from scoring.models import Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.test_browser import (  # noqa: F401  (fixtures: browser, page)
    browser,
    no_sideways_scroll,
    page,
    shot,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def table(db):
    """Kortti with Sami as its admin (the ``page`` fixture signs Sami in)."""
    club = ClubFactory(name="Kortti", slug="kortti")
    return club, member(club, Role.ADMIN, "Sami"), []


def visible_formats(page) -> list[str]:
    boxes = page.locator("fieldset.format-settings")
    return [
        boxes.nth(i).get_attribute("data-format")
        for i in range(boxes.count())
        if boxes.nth(i).is_visible()
    ]


def test_a_director_sets_up_a_knockout_with_ordered_tie_breaks(
    table, page, live_server
):
    club = table[0]
    page.goto(f"{live_server.url}/tournaments/new/")

    # The game is picked by name; the first view shows the Swiss settings only.
    assert page.locator("select[name=game] option", has_text="Tuppi").count() == 1
    assert visible_formats(page) == ["swiss"]
    page.select_option("select[name=format]", "knockout")
    assert visible_formats(page) == ["knockout"]
    assert not page.locator("input[name='swiss.rounds']").is_visible()
    knockout = page.locator("fieldset[data-format=knockout]")
    assert "Matches a pairing plays to decide it" in knockout.inner_text()
    no_sideways_scroll(page)

    page.fill("input[name=name]", "Autumn cup")
    page.select_option("select[name=game]", label="Tuppi")
    page.select_option("select[name='knockout.best_of']", "3")
    page.check("input[name='knockout.third_place']")
    # The knockout's own standings stay folded away until asked for.
    assert not knockout.locator("ol[data-metric-list]").is_visible()
    # The tournament's chain: point difference first, then match points (moved up).
    chain = page.locator("ol[data-metric-list]").last
    assert "the opponents' match points summed" in chain.inner_text()
    chain.locator("input[value=match_points]").check()
    row = chain.locator("li", has=page.locator("input[value=point_difference]"))
    row.locator("input").check()
    row.locator("button.move-up").click()
    row.locator("button.move-up").click()  # above match points and game points
    row.locator("button.move-up").click()
    shot(page, "tournament-new-knockout")
    page.click("button.primary")
    page.wait_for_url(re.compile(r"/tournaments/\d+/manage/$"))

    tournament = club.tournaments.get(name="Autumn cup")
    stage = tournament.stages.get()
    assert tournament.game == "tuppi"
    assert stage.format == "knockout"
    assert stage.settings == {"best_of": 3, "third_place": True}
    assert list(tournament.tiebreaks)[:2] == ["point_difference", "match_points"]
