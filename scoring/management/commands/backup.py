"""``manage.py backup FILE``: a backup of the whole service, safe while it runs.

SQLite (the embedded default): SQLite's online backup API. PostgreSQL:
``pg_dump --format=custom``. See docs/security.md, "Backups, exports and erasure".
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.backups import BackupError, backup_write, database_summary


class Command(BaseCommand):
    help = "Back up the whole database to FILE (consistent while the service runs)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, **options):
        try:
            summary = database_summary()
            backup_write(target=file)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        held = ", ".join(f"{n} {label}" for label, n in summary.items())
        self.stdout.write(f"Backed up to {file} ({held}).")
