from django.core.management.base import BaseCommand

from games.services import catalogue_sync


class Command(BaseCommand):
    help = "Load the games of the rules engine into this installation's catalogue."

    def handle(self, *args, **options):
        count = catalogue_sync()
        self.stdout.write(f"Catalogue: {count} games.")
