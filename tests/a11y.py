"""Accessibility in the browser tests: axe-core's WCAG 2.1 A and AA rules on the page
a Playwright test has open.

``assert_no_axe_violations(page)`` runs axe-core (shipped by
``axe-playwright-python``; nothing is downloaded) over the whole page, or over
``context`` (a CSS selector), and fails naming each violated rule, its help text and
the elements that break it, so that the message says what to fix::

    from tests.a11y import assert_no_axe_violations

    page.goto(sheet_url)
    assert_no_axe_violations(page)

Only the rules tagged with :data:`WCAG_TAGS` run: the criteria the brief holds the
pages to (text contrast, a label for every form control, keyboard access to a
scrollable region …), not axe's best-practice advice.
"""

from __future__ import annotations

from typing import Any

WCAG_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")


def axe_violations(page, context: str | None = None) -> list[dict[str, Any]]:
    """axe-core's violations of the WCAG 2.1 A/AA rules on ``page`` (or inside the
    elements ``context`` selects), as axe reports them."""
    from axe_playwright_python.sync_playwright import Axe

    options = {
        "runOnly": {"type": "tag", "values": list(WCAG_TAGS)},
        "resultTypes": ["violations"],
    }
    results = Axe().run(page, context=context, options=options)
    return list(results.response["violations"])


def describe(violations: list[dict[str, Any]]) -> str:
    """One line per violated rule, then the elements (their selector and axe's
    summary of what is wrong with each)."""
    lines = []
    for rule in violations:
        lines.append(f"{rule['id']} ({rule['impact']}): {rule['help']}")
        for node in rule["nodes"]:
            target = " ".join(str(t) for t in node["target"])
            summary = " ".join((node.get("failureSummary") or "").split())
            lines.append(f"    {target}: {summary}")
    return "\n".join(lines)


def assert_no_axe_violations(page, context: str | None = None) -> None:
    """Fail if axe-core finds a WCAG 2.1 A/AA violation on ``page``."""
    violations = axe_violations(page, context)
    assert not violations, f"{page.url}:\n{describe(violations)}"
