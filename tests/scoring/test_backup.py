"""``manage.py backup`` / ``restore``: a backup taken during a club night holds every
acknowledged deal and is a whole, migrated database; a restore asks before replacing.

The service runs as ``make run`` serves it (tests/embedded.py): a threaded server on
a SQLite file (WAL), written by scorekeepers' threads while the backup is taken.
On PostgreSQL, the same round trip through ``pg_dump`` and ``pg_restore``.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading

import pytest

from tests.embedded import EmbeddedServer, postgres_database, postgres_drop, run_python
from tests.workers import ROOT, wait_until


def _manage(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )


def _with_database(env: dict, url: str) -> dict:
    return {**env, "DATABASE_URL": url}


class Scorekeepers:
    """One thread per table entering deal after deal until stopped."""

    def __init__(self, server: EmbeddedServer, matches: list[int]):
        self.server = server
        self.acknowledged: set[tuple[int, int]] = set()
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self._play, args=(m,)) for m in matches]

    def _play(self, match_id: int) -> None:
        number = 1
        while not self.stop.is_set():
            status, _ = self.server.submit(match_id, number, [0, 0])
            if status == 201:
                with self.lock:
                    self.acknowledged.add((match_id, number))
                number += 1

    def count(self) -> int:
        with self.lock:
            return len(self.acknowledged)

    def snapshot(self) -> set[tuple[int, int]]:
        with self.lock:
            return set(self.acknowledged)


@pytest.mark.slow
def test_backup_during_a_club_night_holds_every_acknowledged_deal(tmp_path):
    """Restored into a new file, the backup holds every deal acknowledged before it
    began, passes SQLite's integrity check and keeps the migrations table whole."""
    live = tmp_path / "club.sqlite3"
    server = EmbeddedServer(f"sqlite:///{live}", tables=4, log=tmp_path / "srv.log")
    server.start()
    keepers = Scorekeepers(server, server.matches)
    try:
        for thread in keepers.threads:
            thread.start()
        assert wait_until(lambda: keepers.count() >= 20, timeout=300), server.log()
        before_backup = keepers.snapshot()
        out = run_python(
            ("manage.py", "backup", str(tmp_path / "night.bak")), server.env
        )
        assert "Backed up to" in out
        # The writers carry on after the backup: those deals may or may not be in it.
        enough = len(before_backup) + 8
        assert wait_until(lambda: keepers.count() >= enough, timeout=300)
    finally:
        keepers.stop.set()
        for thread in keepers.threads:
            thread.join(120)
        server.stop()

    restored = tmp_path / "restored.sqlite3"
    env = _with_database(server.env, f"sqlite:///{restored}")
    done = _manage(env, "restore", str(tmp_path / "night.bak"))
    assert done.returncode == 0, done.stderr
    assert "replaced an empty database" in done.stdout

    with sqlite3.connect(restored) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = set(db.execute("SELECT match_id, number FROM scoring_deal"))
        migrations = db.execute("SELECT app, name FROM django_migrations").fetchall()
    assert before_backup <= stored, sorted(before_backup - stored)
    with sqlite3.connect(live) as db:
        assert sorted(migrations) == sorted(
            db.execute("SELECT app, name FROM django_migrations")
        )
    # Django agrees nothing is left to migrate on the restored file.
    plan = run_python(("manage.py", "migrate", "--plan"), env)
    assert "No planned migration operations." in plan


@pytest.mark.slow(reason="five Django commands in subprocesses on SQLite files")
def test_restore_refuses_to_replace_data_without_force(tmp_path):
    """Without a terminal or ``--force`` nothing is replaced; with it, the command
    names what it replaced."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "REDIS_URL": "",
    }
    env.pop("TEST_DATABASE_URL", None)
    first = _with_database(env, f"sqlite:///{tmp_path / 'first.sqlite3'}")
    second = _with_database(env, f"sqlite:///{tmp_path / 'second.sqlite3'}")
    run_python(("manage.py", "migrate", "--noinput"), first)
    # The second database is the first one as migrated (SQLite's online backup: the
    # same file a second `migrate` writes, without running every migration again).
    source = sqlite3.connect(tmp_path / "first.sqlite3")
    copy = sqlite3.connect(tmp_path / "second.sqlite3")
    source.backup(copy)
    copy.close()
    source.close()
    run_python(("manage.py", "backup", str(tmp_path / "empty.bak")), first)
    run_python(("-m", "tests.embedded", "setup", "2"), second)

    refused = _manage(second, "restore", str(tmp_path / "empty.bak"))
    assert refused.returncode != 0
    assert "--force" in refused.stderr
    assert "1 clubs" in refused.stderr and "2 matches" in refused.stderr
    with sqlite3.connect(tmp_path / "second.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM scoring_match").fetchone()[0] == 2

    done = _manage(second, "restore", "--force", str(tmp_path / "empty.bak"))
    assert done.returncode == 0, done.stderr
    assert "replaced 1 clubs" in done.stdout and "2 matches" in done.stdout
    with sqlite3.connect(tmp_path / "second.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM scoring_match").fetchone()[0] == 0


def test_restore_refuses_a_file_that_is_not_a_backup(tmp_path):
    """A damaged or foreign file is refused before the database is touched."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.local"}
    env.pop("TEST_DATABASE_URL", None)
    target = _with_database(env, f"sqlite:///{tmp_path / 'db.sqlite3'}")
    junk = tmp_path / "junk.bak"
    junk.write_bytes(b"not a database at all" * 100)
    done = _manage(target, "restore", "--force", str(junk))
    assert done.returncode != 0
    assert "not a SQLite backup" in done.stderr


@pytest.mark.postgres
@pytest.mark.slow
def test_postgres_backup_and_restore_round_trip(tmp_path):
    """``pg_dump --format=custom`` then ``pg_restore --clean --if-exists`` into a new
    database: the same clubs, matches and deals."""
    base = os.environ["TEST_DATABASE_URL"]
    source, target = postgres_database(base), postgres_database(base)
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "REDIS_URL": "",
    }
    env.pop("TEST_DATABASE_URL", None)
    try:
        run_python(("manage.py", "migrate", "--noinput"), _with_database(env, source))
        run_python(("-m", "tests.embedded", "setup", "3"), _with_database(env, source))
        dump = tmp_path / "club.dump"
        run_python(("manage.py", "backup", str(dump)), _with_database(env, source))
        assert dump.read_bytes()[:5] == b"PGDMP"
        out = run_python(
            ("manage.py", "restore", "--force", str(dump)),
            _with_database(env, target),
        )
        assert "now 1 clubs, 4 players, 3 matches" in out
        # A second restore over the restored data replaces it (--clean --if-exists).
        again = run_python(
            ("manage.py", "restore", "--force", str(dump)),
            _with_database(env, target),
        )
        assert "replaced 1 clubs, 4 players, 3 matches" in again
    finally:
        postgres_drop(source)
        postgres_drop(target)
