"""Celery tasks of the games app (an interface: ids in, one service call)."""

from celery import shared_task

from games import services


@shared_task(name="games.sync_catalogue")
def sync_catalogue() -> int:
    """Mirror the rules registry into the catalogue table. Idempotent."""
    return services.catalogue_sync()
