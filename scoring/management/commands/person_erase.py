"""``manage.py person_erase PLAYER_ID [--force]``: erase a person and keep their
results (GDPR Art. 17; see scoring/portability/erasure.py). Asks first."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from scoring.errors import DomainError
from scoring.models import Player
from scoring.portability import person_erase


class Command(BaseCommand):
    help = "Erase a person: placeholder name, account blanked; results kept."

    def add_arguments(self, parser):
        parser.add_argument("player", type=int, help="the player's id")
        parser.add_argument("--force", action="store_true", help="do not ask")

    def handle(self, *args, player: int, force: bool = False, **options):
        found = Player.objects.filter(pk=player).first()
        if found is None:
            raise CommandError(f"no player {player}")
        if not force:
            question = f"Erase {found.display_name} (player {found.pk})? It is final."
            if not sys.stdin.isatty():
                raise CommandError(f"{question} Run again with --force.")
            if input(f"{question} [yes/no] ").strip().lower() not in ("yes", "y"):
                raise CommandError("Nothing erased.")
        try:
            person_erase(player=found)
        except DomainError as exc:
            raise CommandError(exc.message) from exc
        found.refresh_from_db()
        self.stdout.write(f"Erased player {found.pk}: now {found.display_name}.")
