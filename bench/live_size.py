"""What one read of a tournament's live pages costs at a championship's size, in
one process (no network: the server's own cost), on SQLite or PostgreSQL.

Run: ``.venv/bin/python -m bench.live_size`` (``--entries 512 --played 3
--repeat 5``; ``DATABASE_URL=postgres://…/kirjuri_x`` for PostgreSQL: a throw-away
database ``<name>_live_size_<pid>`` is made beside it and dropped). It builds a
published Sleazy Swiss (``tests/tournaments/championship_world.py``: the real
pairer and services, the finished tables' deals in bulk) with ``--played`` rounds
finished and the next one started, then times, through Django's whole stack:

* **public page**, **room screen**, **standings fragment** (anonymous),
  **director's page** and the **rounds API**, each read in full after a change
  (a deal entered at a table of the current round before every read, so that no
  copy kept anywhere can answer it): *changed*;
* the same pages read again by another anonymous reader with nothing changed:
  *again* (a second viewer's read: a rendered copy where one is kept);
* an **unchanged poll** of each (``If-None-Match`` holding the current tag): a 304.

Medians of ``--repeat`` of wall time and of the process's CPU time, and the body's
bytes. The machine is shared: the load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
_TMP = tempfile.mkdtemp(prefix="kirjuri-live-size-")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{_TMP}/bench.sqlite3")
os.environ.setdefault("REDIS_URL", "")
# DEBUG off (no query log, as served); a key for the sessions of this run only.
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "kirjuri-bench-only")
sys.path.insert(0, os.getcwd())

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

settings.STORAGES = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
settings.ALLOWED_HOSTS = ["*"]
settings.SECURE_SSL_REDIRECT = False

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

DEAL = {"mode": "totals", "points": [100, 25]}


def loadavg() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


def timed(run) -> tuple[float, float, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    value = run()
    return time.perf_counter() - wall, time.process_time() - cpu, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=512)
    parser.add_argument("--played", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    name = None
    if connection.vendor == "postgresql":
        connection.settings_dict.setdefault("TEST", {})["NAME"] = (
            f"{connection.settings_dict['NAME']}_live_size_{os.getpid()}"
        )
        name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    else:
        call_command("migrate", verbosity=0)
    try:
        run(args)
    finally:
        if name:
            connection.creation.destroy_test_db(name, verbosity=0)


def run(args) -> None:
    from scoring import services as scoring_services
    from scoring.models import Match
    from tests.tournaments.championship_world import championship_build

    call_command("load_catalogue", verbosity=0)
    start = time.perf_counter()
    world = championship_build(entries=args.entries, played=args.played)
    built = time.perf_counter() - start
    t = world.event.pk
    director = Client()
    director.force_login(world.director)
    pages = {
        "public page": (None, f"/tournaments/{t}/"),
        "room screen": (None, f"/tournaments/{t}/room/"),
        "standings fragment": (None, f"/tournaments/{t}/standings/"),
        "director's page": (director, f"/tournaments/{t}/manage/"),
        "rounds API": (None, f"/api/v1/tournaments/{t}/rounds/"),
    }
    matches = iter(
        Match.objects.filter(tournament_table__round=world.round).order_by("pk")
    )

    def change() -> None:
        match = next(matches)
        scoring_services.deal_submit(
            match=match, number=1, input=DEAL, by=world.director
        )

    figures: dict[str, dict[str, list[float]]] = {}
    before = loadavg()
    for _ in range(args.repeat):
        for label, (client, url) in pages.items():
            row = figures.setdefault(label, {})
            change()
            reader = client or Client()
            wall, cpu, answer = timed(lambda r=reader, u=url: r.get(u))
            assert answer.status_code == 200, (url, answer.status_code)
            row.setdefault("changed", []).append(wall)
            row.setdefault("changed cpu", []).append(cpu)
            row.setdefault("bytes", []).append(len(answer.content))
            other = client or Client()
            wall, cpu, _ = timed(lambda r=other, u=url: r.get(u))
            row.setdefault("again", []).append(wall)
            row.setdefault("again cpu", []).append(cpu)
            etag = answer.get("ETag")
            if etag:
                wall, cpu, polled = timed(
                    lambda r=other, u=url, e=etag: r.get(u, HTTP_IF_NONE_MATCH=e)
                )
                assert polled.status_code == 304, (url, polled.status_code)
                row.setdefault("poll", []).append(wall)
                row.setdefault("poll cpu", []).append(cpu)
    print(
        f"machine: {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{connection.vendor}; load average {before} before, {loadavg()} after"
    )
    print(
        f"event: {args.entries} entries, {args.played} rounds played, the next "
        f"started (built in {built:.1f} s); median of {args.repeat}"
    )
    print(
        f"{'page':<20} {'changed ms':>10} {'cpu':>7} {'again ms':>9} {'cpu':>7} "
        f"{'poll ms':>8} {'cpu':>7} {'bytes':>9}"
    )

    def ms(row, key) -> str:
        values = row.get(key)
        return f"{statistics.median(values) * 1000:.1f}" if values else "-"

    for label, row in figures.items():
        print(
            f"{label:<20} {ms(row, 'changed'):>10} {ms(row, 'changed cpu'):>7} "
            f"{ms(row, 'again'):>9} {ms(row, 'again cpu'):>7} "
            f"{ms(row, 'poll'):>8} {ms(row, 'poll cpu'):>7} "
            f"{int(statistics.median(row['bytes'])):>9}"
        )


if __name__ == "__main__":
    main()
