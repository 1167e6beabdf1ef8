"""``manage.py club_import FILE``: read a club's export into this database as a new
club (new ids; refused if that export was imported here already)."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.portability import ClubDataError, club_import


class Command(BaseCommand):
    help = "Import a club exported by `manage.py club_export`."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, **options):
        try:
            data = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CommandError(f"{file}: not readable JSON ({exc})") from exc
        try:
            club = club_import(data=data)
        except ClubDataError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Imported club {club.name} as club {club.pk} ({club.slug}).")
