"""``python -m tests.worker_main <celery arguments>``: a Celery worker for the
integration tests (tests/workers.py starts every worker through it).

Test-only fault injection lives here, never in production code: with
``KIRJURI_STANDINGS_TEST_PAUSE=<seconds>`` in the worker's environment, every
standings recompute waits that long between computing the snapshot and writing it
(logging "paused"), so a crash test can kill the worker half-way. The patch is made
in the main process before Celery starts, so the forked pool children inherit it.
"""

from __future__ import annotations

import logging
import os
import sys
import time


def _pause_standings_writes(seconds: float) -> None:
    import django

    django.setup()
    from tournaments.services import standings

    write = standings._standings_write
    logger = logging.getLogger(standings.__name__)

    def paused(tournament_id, generation, snapshot):
        logger.warning("standings recompute %s/%s paused", tournament_id, generation)
        time.sleep(seconds)
        return write(tournament_id, generation, snapshot)

    standings._standings_write = paused


def main() -> None:
    pause = float(os.environ.get("KIRJURI_STANDINGS_TEST_PAUSE", "0") or 0)
    if pause:
        _pause_standings_writes(pause)
    from celery.__main__ import main as celery

    sys.argv = ["celery", *sys.argv[1:]]
    celery()


if __name__ == "__main__":
    main()
