"""``manage.py restore FILE [--force]``: replace the whole database with a backup.

It asks before replacing a database that holds anything (``--force`` answers yes,
and a run without a terminal must give it), and says what it replaced.
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.backups import (
    BackupError,
    backup_check,
    backup_restore,
    database_engine,
    database_summary,
)


def _describe(summary: dict[str, int]) -> str:
    return ", ".join(f"{n} {label}" for label, n in summary.items())


class Command(BaseCommand):
    help = "Restore the whole database from a backup FILE made by `manage.py backup`."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--force", action="store_true", help="replace a database that has data"
        )

    def handle(self, *args, file: Path, force: bool = False, **options):
        try:
            backup_check(source=file, vendor=database_engine().vendor)
            before = database_summary()
            if any(before.values()) and not force:
                self._confirm(before)
            backup_restore(source=file)
            after = database_summary()
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        replaced = _describe(before) if any(before.values()) else "an empty database"
        self.stdout.write(
            f"Restored {file}: replaced {replaced}; now {_describe(after)}."
        )

    def _confirm(self, before: dict[str, int]) -> None:
        question = (
            f"The database holds {_describe(before)}. Replace it all with the backup?"
        )
        if not sys.stdin.isatty():
            raise CommandError(f"{question} Run again with --force to replace it.")
        if input(f"{question} [yes/no] ").strip().lower() not in ("yes", "y"):
            raise CommandError("Nothing restored.")
