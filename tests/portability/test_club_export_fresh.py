"""A club exported from one database and imported into an empty one (a fresh SQLite
file, only migrated) shows the same standings, match totals, deal histories and
ledger: the commands as an operator runs them, each in a process of its own."""

from __future__ import annotations

import json
import os

import pytest

from tests.embedded import run_python


def _env(path) -> dict:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": f"sqlite:///{path}",
        "REDIS_URL": "",
    }
    env.pop("TEST_DATABASE_URL", None)
    return env


def _last_line(out: str) -> str:
    return out.strip().splitlines()[-1]


def _run(env: dict, *args: str) -> str:
    return _last_line(run_python(("-m", "tests.portability.run", *args), env))


@pytest.mark.slow
def test_a_club_imported_into_an_empty_database_is_the_same_club(tmp_path):
    source, target = _env(tmp_path / "a.sqlite3"), _env(tmp_path / "b.sqlite3")
    for env in (source, target):
        run_python(("manage.py", "migrate", "--noinput"), env)
    club_id = _run(source, "build")
    export = tmp_path / "club.json"
    run_python(("manage.py", "club_export", club_id, str(export)), source)
    # Imported with the test games (race-test, tally-test) registered.
    out = _run(target, "import", str(export))
    assert "Imported club Kortti" in out
    new_id = out.split(" as club ")[1].split()[0]
    before = json.loads(_run(source, "picture", club_id))
    after = json.loads(_run(target, "picture", new_id))
    assert after["ledger"][1], "a paid transfer came along"
    for part in ("club", "members", "standings", "matches", "ledger"):
        assert after[part] == before[part], part
