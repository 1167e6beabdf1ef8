"""The phone every browser test uses: Debian's Chromium driven by Playwright at
390 × 844, a club of four (Sami keeps score), Sami logged in, and the page's
problems (console errors, failed requests) failing the test; with the small helpers
the entry forms share. ``tests/scoring/conftest.py`` offers the fixtures ``browser``,
``table`` and ``page`` to every module here; a module whose club differs defines its
own ``table``.

Needs Chromium (``apt-get install -y chromium``; ``CHROMIUM_PATH`` overrides
``/usr/bin/chromium``). No browser is downloaded.
"""

from __future__ import annotations

import os
import re

import pytest
from django.db import connections

from scoring.models import Role
from tests.scoring.factories import ClubFactory, member

PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


class _Chromium:
    """One Playwright driver and one Chromium for a run of browser tests in a row.

    Starting the driver (a Node process) and Chromium took 1.5–3 s a test on this
    two-core machine, about as long as many of the tests themselves. The browser is
    the same for every test (each test gets new contexts: its own cookies, storage
    and cache), so consecutive browser tests of a test process share one: it starts
    with the first of them and stops after the last (``pytest_runtest_teardown`` in
    ``tests/conftest.py`` calls :meth:`stop` when the next test has no browser).
    It never outlives the run of browser tests, because a live Playwright keeps an
    event loop running in the thread, which the tests without a browser never had.
    """

    def __init__(self) -> None:
        self._playwright = None
        self._driver = None
        self.browser = None

    def get(self):
        if self.browser is not None and not self.browser.is_connected():
            self.stop()  # Chromium died in an earlier test: start a new one
        if self.browser is None:
            from playwright.sync_api import sync_playwright

            # Playwright's sync API runs an event loop in this thread; the test's
            # own ORM calls are still synchronous.
            os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
            self._playwright = sync_playwright()
            self._driver = self._playwright.start()
            self.browser = self._driver.chromium.launch(
                executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                args=CHROMIUM_ARGS,
            )
        return self.browser

    def stop(self) -> None:
        browser, self.browser = self.browser, None
        playwright, self._playwright, self._driver = self._playwright, None, None
        try:
            if browser is not None and browser.is_connected():
                browser.close()
        finally:
            if playwright is not None:
                playwright.__exit__(None, None, None)


CHROMIUM = _Chromium()
_WARM = False


def _warm_up() -> None:
    """Once per test process, before its first browser test: import every game and
    every view, as the first page that lists the games would (8 s on a busy machine,
    then 0.06 s). Browser tests now start first on a fresh process (the longest
    tests first, ``tests/conftest.py``), and that one-time import inside a page's
    first navigation ran past Playwright's 15 s timeout at a load average of 12;
    the live server shares these modules with the test process."""
    global _WARM
    if not _WARM:
        from django.urls import get_resolver

        from games.engine.registry import all_games

        all_games()
        get_resolver().url_patterns  # noqa: B018  (imports every view module)
        _WARM = True


@pytest.fixture
def browser():
    """Chromium, shared with the browser tests just before and after this one on
    this test process (:class:`_Chromium`); what the test opened in it is closed
    after the test, as closing the browser did."""
    _warm_up()
    chromium = CHROMIUM.get()
    try:
        yield chromium
    finally:
        for context in list(chromium.contexts):
            context.close()
        # ORM calls made while Playwright's loop runs get their own connection;
        # close it, or PostgreSQL cannot drop the test database at the end.
        connections.close_all()


@pytest.fixture
def table(db):
    """A club with Sami (scorer, who keeps score) and three other members."""
    club = ClubFactory(name="Kortti", slug="kortti")
    sami = member(club, Role.SCORER, "Sami")
    others = [member(club, Role.MEMBER, name) for name in ("Olli", "Cia", "Dan")]
    return club, sami, others


@pytest.fixture
def page(table, browser, live_server):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.problems = watch(page)
    _club, sami, _others = table
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/")
    page.fill("input[name=username]", sami.user.username)
    page.fill("input[name=password]", "pw")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/clubs/$"))
    yield page
    context.close()
    # ORM calls made while Playwright's loop runs get their own connection (Django's
    # connections are per async context); close it, or PostgreSQL cannot drop the
    # test database at the end of the run.
    connections.close_all()
    assert page.problems == [], "console errors or failed requests"


def watch(page) -> list[str]:
    """What goes wrong on every page ``page`` opens: console errors, uncaught
    exceptions, failed requests and 4xx/5xx answers (a request cut short because
    the page moved on, ERR_ABORTED, did not fail)."""
    problems: list[str] = []

    def console(message) -> None:
        if message.type == "error":
            problems.append(f"console: {message.text} at {message.location}")

    def failed(request) -> None:
        if "ERR_ABORTED" not in (request.failure or ""):
            problems.append(f"failed: {request.url} ({request.failure})")

    def answered(response) -> None:
        if response.status >= 400:
            problems.append(f"{response.status}: {response.url}")

    page.on("console", console)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("requestfailed", failed)
    page.on("response", answered)
    return problems


def expected_refusal(page) -> None:
    """A form the server refused (400, shown next to the field) is what the test
    wanted: take that answer and its console line off the problems, nothing else."""
    refused = [p for p in page.problems if p.startswith("400: ")]
    logged = [p for p in page.problems if "status of 400" in p]
    assert refused and len(refused) == len(logged) == len(page.problems) / 2
    page.problems.clear()


def shot(page, name: str, selector: str | None = None) -> None:
    """Save a screenshot when ``KIRJURI_SCREENSHOTS`` names a folder."""
    folder = os.environ.get("KIRJURI_SCREENSHOTS")
    if folder:
        path = os.path.join(folder, f"{name}.png")
        if selector:
            page.locator(selector).screenshot(path=path)
        else:
            page.screenshot(path=path, full_page=True)


def no_sideways_scroll(page) -> None:
    """Nothing but the sheet's own scroll box is wider than the phone (measured
    once the page in view has loaded, not while a tap's navigation is under way)."""
    page.wait_for_load_state()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} scrolls sideways ({width}px)"


def totals(page) -> list[int]:
    cells = page.locator("#totals td.total")
    return [int(cells.nth(i).inner_text()) for i in range(cells.count())]


def post_form(page, selector: str = "#save-deal") -> None:
    """Tap the deal form's save and wait for the server's answer page. The form posts
    a moment after the tap, once the phone has checked its queue of deals kept
    offline and that the server answers (static/js/offline.js): a test reading the
    page at once would read the form it is leaving."""
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.click(selector)


def save(page) -> None:
    """Save the entry form (nothing wider than the phone) and wait for the sheet."""
    no_sideways_scroll(page)
    post_form(page)
    page.wait_for_selector("#sheet")


def tap_into(page, path: str, *codes: str) -> None:
    """Open the card picker of the field ``path`` and tap each card."""
    page.click(f"[data-path='{path}'] .cp-open")
    for code in codes:
        page.click(f".cp-grid button[data-code='{code}']")


def partners_match(table, game: str):
    """A match of ``game`` for the fixture's table of four, Sami & Cia against
    Olli & Dan, started through the service (Sami keeps score)."""
    from scoring import services

    club, sami, (olli, cia, dan) = table
    return services.match_start(
        club=club,
        game=game,
        seats=[(sami, 0), (olli, 1), (cia, 0), (dan, 1)],
        by=sami.user,
    )


def match_start(page, club, game: str, seats: int, names: list[str]) -> None:
    """Start a match of ``game`` from the club's page: ``seats`` seats (where the
    game offers a choice), ``names`` seated in order; wait for the sheet."""
    page.click(f"a[href='/clubs/{club.pk}/']")
    page.click("text=New match")
    page.click(f"text={game}")
    # The game's form is in once its first seat is: only then is a missing
    # "N seats" choice really missing (under load, count() ran before it loaded).
    page.wait_for_selector("select[name=seat_0]")
    if page.locator(f"text={seats} seats").count():
        page.click(f"text={seats} seats")
    for seat, name in enumerate(names):
        page.select_option(f"select[name=seat_{seat}]", label=name)
    page.click("text=Start the match")
    page.wait_for_selector("#sheet")
