"""WCAG 2.1 A and AA on a live page: axe-core (shipped by the PyPI package
``axe-playwright-python``, pinned in requirements/dev.txt) run in the page as it is
now, after its scripts and live regions have done their work.

The answer is one line per rule broken, with the elements that break it, so a
failing journey names what to fix.
"""

from __future__ import annotations

#: The rules of WCAG 2.0 and 2.1, levels A and AA (axe-core's tags).
WCAG_21_AA = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")


def wcag_violations(page) -> list[str]:
    """The WCAG 2.1 A/AA rules ``page`` breaks, as "rule (impact): what — where"."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(
        page,
        options={
            "runOnly": {"type": "tag", "values": list(WCAG_21_AA)},
            "resultTypes": ["violations"],
        },
    )
    found = []
    for violation in results.response.get("violations", []):
        where = ", ".join(
            " ".join(str(t) for t in node.get("target", []))
            for node in violation.get("nodes", [])[:5]
        )
        found.append(
            f"{violation['id']} ({violation.get('impact')}): "
            f"{violation.get('help')} — {where}"
        )
    return found
