"""``manage.py person_export (--player ID | --username NAME) FILE [--club ID]``: one
person's data as JSON (GDPR Art. 15 and 20; see scoring/portability/people.py)."""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring.models import Club, Player
from scoring.portability import person_export


class Command(BaseCommand):
    help = "Export everything Kirjuri holds of one person as JSON."

    def add_arguments(self, parser):
        who = parser.add_mutually_exclusive_group(required=True)
        who.add_argument("--player", type=int, help="the player's id")
        who.add_argument("--username")
        parser.add_argument("--club", type=int, help="only this club's part")
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, player=None, username=None, club=None, **kw):
        user = found = None
        if username is not None:
            user = get_user_model().objects.filter(username=username).first()
            if user is None:
                raise CommandError(f"no account {username}")
        else:
            found = Player.objects.filter(pk=player).first()
            if found is None:
                raise CommandError(f"no player {player}")
        narrowed = None
        if club is not None:
            narrowed = Club.objects.filter(pk=club).first()
            if narrowed is None:
                raise CommandError(f"no club {club}")
        data = person_export(user=user, player=found, club=narrowed)
        file.write_text(json.dumps(data, ensure_ascii=False, indent=1), "utf-8")
        self.stdout.write(f"Exported {len(data['matches'])} matches to {file}.")
