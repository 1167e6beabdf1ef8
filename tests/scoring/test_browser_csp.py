"""The Content-Security-Policy holds in a real browser: no page breaks a rule.

Chromium reports every blocked script, style or handler as a
``securitypolicyviolation`` event and a console error; on the login page, a Tuppi
sheet (with its context rows and Print button), a Canasta deal form (with the card
picker), a tournament's live standings and the API docs there must be none, and the
pages' own scripts must still run.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connections

from scoring import services
from tests.scoring import browser as phone
from tournaments import services as tournament_services
from tournaments import tasks as tournament_tasks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def test_the_main_pages_break_no_csp_rule(browser, table, live_server):
    club, sami, (olli, cia, dan) = table
    tuppi = services.match_start(
        club=club,
        game="tuppi",
        seats=[(sami, 0), (olli, 1), (cia, 0), (dan, 1)],
        by=sami.user,
    )
    canasta = services.match_start(
        club=club,
        game="canasta",
        seats=[(sami, 0), (olli, 1), (cia, 0), (dan, 1)],
        by=sami.user,
    )
    director = get_user_model().objects.create_user("director", password="pw")
    other = services.club_create(name="Turnaus", by=director)
    event = tournament_services.tournament_create(
        club=other, name="Open", game="sleazy", format="swiss", by=director
    )
    tournament_services.entries_add(
        tournament=event, names="Ann\nBob\nCid\nDee", by=director
    )
    tournament_services.tournament_publish(tournament=event, by=director)
    tournament_tasks.standings_reconcile()

    context = browser.new_context(viewport=phone.PHONE, is_mobile=True)
    context.add_init_script(WATCH)
    page = context.new_page()
    page.set_default_timeout(15_000)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))

    def visit(path: str, ready: str) -> None:
        page.goto(f"{live_server.url}{path}")
        page.wait_for_selector(ready)
        assert page.evaluate("window.__csp") == [], path

    visit("/accounts/login/", "input[name=username]")
    page.fill("input[name=username]", sami.user.username)
    page.fill("input[name=password]", "pw")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")
    visit(f"/matches/{tuppi.pk}/", "[data-context]")
    # The Print button's handler comes from a file and runs (print is stubbed).
    page.evaluate("window.print = function () { window.__printed = true; }")
    page.click("button[data-print]")
    assert page.evaluate("window.__printed") is True
    visit(f"/matches/{canasta.pk}/deals/new/", ".cp-pile")  # the picker's script ran
    visit(f"/tournaments/{event.pk}/", "#standings")
    visit("/api/docs/", ".swagger-ui .info")  # Swagger UI rendered from its files
    violations = [line for line in console if "Content Security Policy" in line]
    assert violations == []
    context.close()
    connections.close_all()
