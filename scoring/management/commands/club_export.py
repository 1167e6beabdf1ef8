"""``manage.py club_export CLUB_ID FILE``: a club's whole data as JSON (see
scoring/portability/clubs.py), for ``manage.py club_import`` to read back."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.models import Club
from scoring.portability import club_export_write


class Command(BaseCommand):
    help = "Export a club (players, matches, deals, tournaments, ledger) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("club", type=int, help="the club's id")
        parser.add_argument("file", type=Path)

    def handle(self, *args, club: int, file: Path, **options):
        found = Club.objects.filter(pk=club).first()
        if found is None:
            raise CommandError(f"no club {club}")
        with file.open("w", encoding="utf-8") as out:
            club_export_write(club=found, out=out)
        self.stdout.write(f"Exported club {found.name} ({found.pk}) to {file}.")
