"""Back up the whole service and restore it: one file, either engine.

On the embedded default (SQLite) a backup is SQLite's online backup API
(``sqlite3.Connection.backup``): it copies every page in one step inside a read
transaction, so the copy is the database as one committed moment while writers carry
on (WAL mode lets them). A deal whose submit was answered before the backup began is
in the copy; one still being written is either wholly in it or wholly out.

On PostgreSQL a backup is ``pg_dump --format=custom`` (one consistent snapshot, the
server's own guarantee) and a restore ``pg_restore --clean --if-exists``; both tools
are found on ``PATH`` or under ``/usr/lib/postgresql/*/bin/``, and run with the
connection of ``settings.DATABASES``.

A restore replaces everything in the target database. :func:`database_summary`
counts what a database holds, so that the command can say what it replaced.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path

from django.db import connections

# What a restore reports having replaced: the tables a club organizer recognises.
SUMMARY_TABLES = (
    ("clubs", "scoring_club"),
    ("players", "scoring_player"),
    ("matches", "scoring_match"),
    ("deals", "scoring_deal"),
    ("tournaments", "tournaments_tournament"),
)


class BackupError(Exception):
    """A backup or restore that cannot be done, with the reason for the operator."""


@dataclass(frozen=True)
class Engine:
    vendor: str  # "sqlite" or "postgresql"
    settings: dict


def database_engine(alias: str = "default") -> Engine:
    connection = connections[alias]
    if connection.vendor not in ("sqlite", "postgresql"):
        raise BackupError(f"no backup for the {connection.vendor} engine")
    return Engine(connection.vendor, connection.settings_dict)


def sqlite_path(engine: Engine) -> str:
    name = str(engine.settings["NAME"])
    if name == ":memory:" or "mode=memory" in name:
        raise BackupError("an in-memory SQLite database has nothing to back up")
    return name


def database_summary(alias: str = "default") -> dict[str, int]:
    """How many rows of each :data:`SUMMARY_TABLES` the database holds (0 if none)."""
    connection = connections[alias]
    tables = set(connection.introspection.table_names())
    counts = {}
    with connection.cursor() as cursor:
        for label, table in SUMMARY_TABLES:
            if table in tables:
                cursor.execute(f"SELECT COUNT(*) FROM {table}")
                counts[label] = cursor.fetchone()[0]
            else:
                counts[label] = 0
    return counts


def find_tool(name: str) -> str:
    """``pg_dump``/``pg_restore`` on PATH, else the newest under /usr/lib/postgresql."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    if versions:
        return str(versions[-1])
    raise BackupError(
        f"{name} is not installed: install the PostgreSQL client tools "
        f"(apt-get install postgresql-client) or put {name} on PATH"
    )


def _pg_args(settings: dict) -> tuple[list[str], dict[str, str]]:
    args = []
    if settings.get("HOST"):
        args += ["--host", str(settings["HOST"])]
    if settings.get("PORT"):
        args += ["--port", str(settings["PORT"])]
    if settings.get("USER"):
        args += ["--username", str(settings["USER"])]
    env = {**os.environ}
    if settings.get("PASSWORD"):
        env["PGPASSWORD"] = str(settings["PASSWORD"])
    return [*args, "--dbname", str(settings["NAME"])], env


def _run(args: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(args, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(f"{Path(args[0]).name} failed: {done.stderr.strip()}")


def backup_write(*, target: Path, alias: str = "default") -> None:
    """Write a backup of the whole database to ``target`` (replaced if present)."""
    engine = database_engine(alias)
    target = Path(target)
    if engine.vendor == "sqlite":
        source = sqlite3.connect(sqlite_path(engine), timeout=60)
        partial = target.with_name(target.name + ".partial")
        partial.unlink(missing_ok=True)
        copy = sqlite3.connect(partial)
        try:
            # pages=-1: every page in one step, one read transaction, one moment.
            source.backup(copy, pages=-1)
        finally:
            copy.close()
            source.close()
        partial.replace(target)
        return
    args, env = _pg_args(engine.settings)
    _run([find_tool("pg_dump"), "--format=custom", "--file", str(target), *args], env)


def backup_check(*, source: Path, vendor: str) -> None:
    """Refuse a file that is not a whole backup for ``vendor``, before touching data."""
    source = Path(source)
    if not source.is_file():
        raise BackupError(f"{source}: no such backup file")
    if vendor == "sqlite":
        try:
            with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as db:
                if db.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                    raise BackupError(f"{source}: the backup is damaged")
                migrated = db.execute(
                    "SELECT COUNT(*) FROM sqlite_master WHERE name='django_migrations'"
                ).fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise BackupError(f"{source}: not a SQLite backup ({exc})") from exc
        if not migrated:
            raise BackupError(f"{source}: not a Kirjuri backup (no migrations table)")
    elif source.read_bytes()[:5] != b"PGDMP":
        raise BackupError(f"{source}: not a pg_dump --format=custom file")


def backup_restore(*, source: Path, alias: str = "default") -> None:
    """Replace the whole database with the backup in ``source``."""
    engine = database_engine(alias)
    backup_check(source=source, vendor=engine.vendor)
    connections[alias].close()
    if engine.vendor == "sqlite":
        # The backup API in the other direction writes through SQLite's own locks,
        # so a server that has the file open sees the restored database, not a torn
        # file as a plain copy over it could leave.
        backup = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        live = sqlite3.connect(sqlite_path(engine), timeout=60)
        try:
            backup.backup(live, pages=-1)
        finally:
            live.close()
            backup.close()
        return
    args, env = _pg_args(engine.settings)
    _run(
        [
            find_tool("pg_restore"),
            "--clean",
            "--if-exists",
            "--no-owner",
            "--single-transaction",
            *args,
            str(source),
        ],
        env,
    )
