"""The journeys' harness: phones held by people, at a person's pace, each page they
see checked the way issue 33 asks.

A :class:`Journey` is one story (a club night, a championship evening) on the live
server; its :class:`Phone` s are the people's phones, each its own browser context
(its own cookies: an organizer signed in, a table's phone with no account),
390 × 844 or 360 × 740, a Finnish browser (``fi-FI``, Helsinki's clock).

Everything a person does is a :meth:`Phone.step`::

    with organizer.step("club", shot="club") as page:
        page.fill("input[name=name]", "Pataässät")
        page.click("text=Perusta kerho")

After the step's actions the phone waits :data:`PACE` seconds — the live pages of
every phone poll in between, as they would while a person reads — and then checks
the page it shows:

* no sideways scroll (``scrollWidth <= innerWidth``, the document's and the
  body's);
* no console error and no uncaught script error since the last step (a form the
  server refused on purpose, :meth:`Phone.refused`, logs its 400 and nothing else);
* no English on the Finnish page (this and the next check once for each shape of
  page: an address and the elements on it, :data:`SHAPE`): the detector of
  :mod:`tests.scoring.finnish` compares the live page with the same address read
  by an English twin of the phone (same cookies, the language cookie set to
  ``en``); a text both show is English unless each of its words is a name of the
  story or a word of both languages;
* no WCAG 2.1 A/AA violation that axe-core finds (:mod:`tests.a11y`);
* a screenshot, ``var/journeys/<journey>/NN-<phone>-<step>.png``; a step with
  ``shot=`` is one of the README's too: with ``KIRJURI_SCREENSHOTS`` naming a folder
  it is also saved there as ``journey-<journey>-<shot>.png``.

The checks do not stop the story: what they find is kept with the step's name and
:meth:`Journey.finish` fails the test with all of it, so one run names every page
that breaks a rule. What the story itself needs (a button to tap, a total) is
asserted where it happens.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connections

from tests.a11y import axe_violations
from tests.i18n.finnish_world import SAME_HERE, kept_names
from tests.scoring.browser import CHROMIUM_ARGS  # noqa: F401  (the same browser)
from tests.scoring.finnish import allowed_words, english_left

#: Seconds a person takes after each step: every live region of every phone polls
#: The innermost elements that reach past the screen's right edge (outside a
#: scroll box of their own), named as a selector, for a finding to point at.
WIDEST = """(screen) => {
  const past = [...document.querySelectorAll("body *")].filter((e) => {
    if (e.getBoundingClientRect().right <= screen + 0.5) return false;
    for (let up = e.parentElement; up; up = up.parentElement) {
      const x = getComputedStyle(up).overflowX;
      if (x === "auto" || x === "scroll" || x === "hidden") return false;
    }
    return true;
  });
  const inner = past.filter((e) => !past.some((o) => o !== e && e.contains(o)));
  return inner.slice(0, 4).map((e) => e.tagName.toLowerCase()
    + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string"
    ? "." + e.className.trim().split(/\\s+/).join(".") : "")
    + " " + Math.round(e.getBoundingClientRect().right) + "px").join(", ");
}"""

#: (once a second) in between. CI runs the journeys at this pace.
PACE = 3.0


def pace() -> float:
    """:data:`PACE`; on a developer's machine ``KIRJURI_JOURNEY_PACE`` may shorten
    it while a journey is being written. CI (``KIRJURI_REQUIRE_SERVICES=1``) always
    runs at :data:`PACE`."""
    if os.environ.get("KIRJURI_REQUIRE_SERVICES") == "1":
        return PACE
    return float(os.environ.get("KIRJURI_JOURNEY_PACE", PACE))


#: The two phones of the issue.
TALL = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "var" / "journeys"


#: What makes a page of another shape: its elements with an id, a class or a role
#: (a message, a pending deal's form, a field's error), not the texts in them.
SHAPE = """Array.from(new Set(Array.from(
  document.querySelectorAll("body [id], body [class], body [role]"),
  e => e.tagName + "#" + e.id + "." + e.className + "@" + (e.getAttribute("role") || "")
))).sort()"""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:48]


class Journey:
    """One story on the live server: its phones, the names it may show in both
    languages, and what the checks found."""

    def __init__(self, browser, live_server, name: str) -> None:
        self.browser = browser
        self.url = live_server.url
        self.name = name
        self.phones: list[Phone] = []
        self.findings: list[str] = []
        self.names: set[str] = set(SAME_HERE)
        # the games' own names, the rulebooks' titles, the test suite's games
        self.phrases: set[str] = set(kept_names())
        self.count = 0
        self.read: set[tuple[str, ...]] = set()
        self.folder = SHOTS / name
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True, exist_ok=True)

    def allow(self, *names: str) -> None:
        """Names the story gives (people, the club, an evening): the same in both
        languages. A name of several words is allowed as a whole too."""
        for name in names:
            self.names.add(name)
            if " " in name.strip():
                self.phrases.add(name)

    def phone(self, who: str, viewport: dict[str, int] = TALL) -> Phone:
        phone = Phone(self, who, viewport)
        self.phones.append(phone)
        return phone

    def found(self, where: str, what: str) -> None:
        self.findings.append(f"[{where}] {what}")

    def expect(self, condition: bool, where: str, what: str) -> None:
        """A check of the story that does not stop it (kept for :meth:`finish`)."""
        if not condition:
            self.found(where, what)

    def close(self) -> None:
        # What the checks found before the story stopped (an assertion of the
        # story fails first): kept beside the screenshots and printed.
        report = "\n".join(self.findings)
        (self.folder / "findings.txt").write_text(report + "\n", encoding="utf-8")
        if self.findings:
            print(f"\n{len(self.findings)} finding(s) of {self.name}:\n{report}")
        for phone in self.phones:
            phone.close()
        # ORM calls made while Playwright's loop runs get their own connection;
        # close it, or PostgreSQL cannot drop the test database.
        connections.close_all()

    def finish(self) -> None:
        """Fail with everything the checks found on the way, step by step."""
        assert self.findings == [], (
            f"{len(self.findings)} problem(s) on the journey {self.name}:\n"
            + "\n".join(self.findings)
        )


class Phone:
    """A person's phone: a browser context of its own, Finnish, phone-sized."""

    def __init__(self, journey: Journey, who: str, viewport: dict[str, int]) -> None:
        self.journey = journey
        self.who = who
        self.viewport = viewport
        self.context = journey.browser.new_context(
            viewport=viewport,
            is_mobile=True,
            has_touch=True,
            locale="fi-FI",
            timezone_id=settings.TIME_ZONE,
        )
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.errors: list[str] = []
        self.refusals = 0
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on("response", self._response)
        self._twin = None

    # -- what the phone notices --------------------------------------------------

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text}")

    def _response(self, response) -> None:
        if response.status >= 500:
            self.errors.append(f"{response.status}: {response.url}")

    # -- what a person does ------------------------------------------------------

    def goto(self, path: str) -> None:
        """Open an address (a link read off a card or a QR code, the login page)."""
        url = path if path.startswith("http") else self.journey.url + path
        self.page.goto(url)

    def submit(self, target) -> None:
        """Tap what sends a form or follows a link (a selector or a locator) and
        wait for the page it leads to."""
        locator = self.page.locator(target) if isinstance(target, str) else target
        with self.page.expect_navigation():
            locator.first.tap()

    @contextmanager
    def step(self, title: str, shot: str | None = None) -> Iterator:
        """One thing a person does: the block's actions, then :data:`PACE` seconds,
        then the checks and the screenshot."""
        self.refusals = 0
        yield self.page
        self.page.wait_for_timeout(pace() * 1000)
        self.check(title, shot)

    def look(self, title: str) -> None:
        """The checks on the page on the way within a step (a link opened before the
        name on it is tapped), without a step's pause."""
        self.check(title)

    def refused(self) -> None:
        """The server refused a form on purpose in this step (400, its message next
        to the field): Chromium logs that answer as a console error; one such line
        is expected, no other error."""
        self.refusals += 1

    def login(self, username: str, password: str) -> None:
        with self.step("sign in") as page:
            self.goto("/accounts/login/")
            page.fill("input[name=username]", username)
            page.fill("input[name=password]", password)
            self.submit("button[type=submit]")

    # -- the checks --------------------------------------------------------------

    def check(self, title: str, shot: str | None = None) -> None:
        journey = self.journey
        journey.count += 1
        where = f"{journey.count:02d} {self.who}: {title} ({self._path()})"
        page = self.page
        wide, inner = self.evaluate(
            "[Math.max(document.documentElement.scrollWidth,"
            " document.body.scrollWidth), window.innerWidth]"
        )
        # A phone's browser widens its layout to fit a page wider than the screen
        # (innerWidth grows with it): the screen's own width is the measure.
        screen = min(inner, self.viewport["width"])
        culprits = "" if wide <= screen else self.evaluate(WIDEST, screen)
        journey.expect(
            wide <= screen,
            where,
            f"scrolls sideways: {wide}px on a {screen}px screen ({culprits})",
        )

        errors = self.errors[:]
        self.errors.clear()
        expected = [e for e in errors if "status of 400" in e][: self.refusals]
        for error in errors:
            if error in expected:
                expected.remove(error)
                continue
            journey.found(where, error)

        shape = (re.sub(r"/t/[^/]+/|\d+", "N", page.url.split("?")[0]),)
        shape += tuple(self.evaluate(SHAPE))
        if shape not in journey.read:
            # A page of a shape already read (the same address, the same elements:
            # the club page after another player is added) was read then.
            journey.read.add(shape)
            for text in self.english_left():
                journey.found(where, f"English on the Finnish page: {text!r}")
            for rule in axe_violations(page):
                targets = ", ".join(
                    " ".join(str(t) for t in node["target"])
                    for node in rule["nodes"][:5]
                )
                journey.found(
                    where,
                    f"WCAG 2.1 AA: {rule['id']} ({rule['impact']}): {rule['help']}"
                    f" — {targets}",
                )

        name = f"{journey.count:02d}-{_slug(self.who)}-{_slug(title)}.png"
        page.screenshot(path=str(journey.folder / name), full_page=True)
        chosen = os.environ.get("KIRJURI_SCREENSHOTS")
        if shot and chosen:
            shutil.copy(
                journey.folder / name,
                Path(chosen) / f"journey-{journey.name}-{shot}.png",
            )

    def evaluate(self, script: str, arg=None):
        """``page.evaluate`` once the page has settled (a tap that submits a form
        may still be navigating when the step's pause ends on a slow machine)."""
        from playwright.sync_api import Error

        for _ in range(20):
            self.page.wait_for_load_state()
            try:
                return self.page.evaluate(script, arg)
            except Error as error:
                if "context was destroyed" not in str(error):
                    raise
                self.page.wait_for_timeout(250)
        return self.page.evaluate(script, arg)

    def _path(self) -> str:
        url = self.page.url
        return url[len(self.journey.url) :] if url.startswith(self.journey.url) else url

    def twin(self):
        """The same phone in English: a context with this phone's cookies and the
        language cookie set to English (the cookie wins over the club's language
        and the browser's)."""
        if self._twin is None:
            context = self.journey.browser.new_context(
                viewport=self.viewport,
                is_mobile=True,
                has_touch=True,
                locale="en-GB",
                timezone_id=settings.TIME_ZONE,
            )
            self._twin = context.new_page()
            self._twin.set_default_timeout(20_000)
        context = self._twin.context
        context.clear_cookies()
        language = settings.LANGUAGE_COOKIE_NAME
        cookies = [c for c in self.context.cookies() if c["name"] != language]
        cookies.append(
            {
                "name": language,
                "value": "en",
                "url": self.journey.url,
            }
        )
        context.add_cookies(cookies)
        return self._twin

    def english_left(self) -> list[str]:
        """The detector on the page as the phone shows it now."""
        finnish = self.page.content()
        twin = self.twin()
        twin.goto(self.page.url)
        twin.wait_for_load_state()
        english = twin.content()
        allowed = allowed_words(self.journey.names)
        return english_left(english, finnish, allowed, self.journey.phrases)

    def download(self, selector: str) -> tuple[str, str]:
        """Tap a download link: the file as the phone gets it, and the same file as
        the English twin gets it (to tell English texts in it)."""
        with self.page.expect_download() as got:
            self.page.locator(selector).first.tap()
        finnish = Path(got.value.path()).read_text(encoding="utf-8-sig")
        url = got.value.url
        english = self.twin().context.request.get(url).text()
        return finnish, english

    def close(self) -> None:
        if self._twin is not None:
            self._twin.context.close()
        self.context.close()


def csv_english_left(finnish: str, english: str, journey: Journey) -> list[str]:
    """The cells of a CSV the Finnish reader gets exactly as the English reader does
    that hold a word that is not a name of the story: English in the file."""
    import csv
    import io

    def cells(text: str) -> list[str]:
        # A Finnish spreadsheet's file is split by ';' (the comma is the decimal
        # sign), an English one by ','.
        first = text.splitlines()[0] if text else ""
        delimiter = ";" if first.count(";") > first.count(",") else ","
        rows = csv.reader(io.StringIO(text), delimiter=delimiter)
        return [c for row in rows for c in row if c]

    def as_html(values: list[str]) -> str:
        from html import escape

        return "".join(f"<p>{escape(v)}</p>" for v in values)

    return english_left(
        as_html(cells(english)),
        as_html(cells(finnish)),
        allowed_words(journey.names),
        journey.phrases,
    )


def dump(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1, default=str)


def ended_by_hand(matches) -> dict[int, list[str]]:
    """The matches of ``matches`` (a queryset) not ended by their rules alone: each
    with the kinds of its status changes, when a match has no "finished by the
    rules" or has been finished, abandoned or reopened by someone."""
    from scoring.models import MatchEvent, MatchEventKind

    kinds: dict[int, list[str]] = {m: [] for m in matches.values_list("pk", flat=True)}
    for match_id, kind in MatchEvent.objects.filter(match__in=matches).values_list(
        "match_id", "kind"
    ):
        kinds[match_id].append(kind)
    return {
        match_id: found
        for match_id, found in kinds.items()
        if found != [MatchEventKind.FINISHED_BY_RULES]
    }
