"""The subprocess of tests/portability/test_club_export_fresh.py, on the database of
``DATABASE_URL``: ``python -m tests.portability.run build`` builds the club of
tests/portability/club.py and prints its id; ``picture CLUB_ID`` prints its picture
as JSON; ``import FILE`` runs ``club_import`` with the test games registered."""

from __future__ import annotations

import json
import os
import sys


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django

    django.setup()
    from django.core.management import call_command

    from scoring.models import Club
    from tests.portability.club import club_of_everything, picture

    if argv[0] == "build":
        print(club_of_everything().pk)
    elif argv[0] == "import":
        call_command("club_import", argv[1])
    else:
        shown = picture(Club.objects.get(pk=int(argv[1])))
        print(json.dumps(shown, default=str, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1:])
