"""Writes for the catalogue: mirror the registry into the database (idempotent)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.engine import all_games
from games.models import CatalogueEntry


@transaction.atomic
def catalogue_sync() -> int:
    """Create or update an entry per registered game; mark missing ones retired.

    Keeps each entry's ``enabled`` choice. Returns the number of games registered.
    Safe to run any number of times (the run command and a Celery task call it).
    """
    now = timezone.now()
    games = all_games()
    for game in games:
        CatalogueEntry.objects.update_or_create(
            slug=game.slug,
            defaults={
                "name": game.name,
                "source": game.source,
                "summary": game.summary,
                "retired": False,
                "synced_at": now,
            },
        )
    CatalogueEntry.objects.exclude(slug__in=[g.slug for g in games]).update(
        retired=True, synced_at=now
    )
    return len(games)
