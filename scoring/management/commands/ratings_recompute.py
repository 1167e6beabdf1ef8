"""``manage.py ratings_recompute [--club ID] [--game SLUG]``: rebuild ratings from
the finished matches (every club and game that has any, unless narrowed)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from scoring import services
from scoring.models import Club, Match, MatchStatus


class Command(BaseCommand):
    help = "Recompute ratings per club and game from the finished matches."

    def add_arguments(self, parser):
        parser.add_argument("--club", type=int)
        parser.add_argument("--game")

    def handle(self, *args, club=None, game=None, **options):
        pairs = Match.objects.filter(status=MatchStatus.FINISHED)
        if club:
            pairs = pairs.filter(club_id=club)
        if game:
            pairs = pairs.filter(game_id=game)
        for club_id, slug in sorted(set(pairs.values_list("club_id", "game_id"))):
            n = services.ratings_recompute(club=Club.objects.get(pk=club_id), game=slug)
            self.stdout.write(f"club {club_id} {slug}: {n} matches")
