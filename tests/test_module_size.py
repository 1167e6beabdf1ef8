"""No module of the apps is over 600 lines (issue 30): a module that grows past it
is split by what it holds (a game's input apart from its game, a family's shared
code into the engine), so that each file can be read at one sitting."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("games", "scoring", "tournaments", "money", "config")
LIMIT = 600


def test_no_module_of_the_apps_is_over_the_limit():
    long = {
        str(path.relative_to(ROOT)): lines
        for app in APPS
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts
        and (lines := len(path.read_text().splitlines())) > LIMIT
    }
    assert not long, f"modules over {LIMIT} lines (split them): {long}"
