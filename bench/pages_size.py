"""How big the tournament's pages and API answers are, and how long the server takes
to make them, at a big Swiss (issue 32: pages sized for the reader).

Run: ``.venv/bin/python -m bench.pages_size --entries 512 --rounds 9``. It makes a
throw-away SQLite database (or keeps it: ``--db path``; ``--reuse`` measures an
existing one without building), migrates it and plays, through the services, a
published Sleazy Swiss of ``--entries`` entries: ``--rounds`` rounds generated,
started, every table given four deals, finished and locked, then the next round
generated and started with its first table at two deals (a round in play). The
standings are computed once at the end.

Each page and API answer is read ``--repeat`` times through Django's whole stack
(no network: the server's own cost, without ``If-None-Match``, so rendered in
full); the median time and the body's size are reported. To compare two versions
of the code on the same data, build once with ``--db``, then measure with each
checkout (``cd <checkout> && PYTHONPATH=. python <this file> --db path --reuse``).
The machine may be shared: read ratios measured side by side, not absolutes.
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import statistics
import sys
import tempfile
import time


def _setup(db: str | None) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    if db is None:
        db = os.path.join(tempfile.mkdtemp(prefix="kirjuri-pages-bench-"), "b.sqlite3")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{db}")
    os.environ.setdefault("REDIS_URL", "")
    import django

    django.setup()
    from django.conf import settings

    # Static URLs without collectstatic's manifest (a dict lookup in production).
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {
            "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        },
    }


DEAL = {"mode": "totals", "points": [100, 25]}


def build(entries: int, rounds: int) -> None:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from scoring import services as scoring_services
    from scoring.models import Deal
    from tournaments import services
    from tournaments import tasks as t_tasks

    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    event = services.tournament_create(
        club=club,
        name="Bench Open",
        game="sleazy",
        format="swiss",
        stage_settings={"rounds": rounds + 1},
        by=director,
    )
    services.entries_add(
        tournament=event,
        names="\n".join(f"Entry {i:04}" for i in range(1, entries + 1)),
        by=director,
    )
    services.tournament_publish(tournament=event, by=director)
    stage = event.stages.get()
    for number in range(rounds + 1):
        began = time.perf_counter()
        round_ = services.round_generate(stage=stage, by=director)
        round_ = services.round_start(round=round_, by=director)
        tables = list(round_.tables.select_related("match").order_by("number"))
        last = number == rounds
        for table in tables[:1] if last else tables:
            match = table.match
            count = 2 if last else 4
            Deal.objects.bulk_create(
                Deal(match=match, number=n, input=DEAL, entered_by=director)
                for n in range(1, count + 1)
            )
            scoring_services.match_refold(match=match)
            match.refresh_from_db()
            if not last:
                scoring_services.match_finish(match=match, by=director)
        if not last:
            services.round_lock(round=round_, by=director)
        print(
            f"  round {number + 1}: {time.perf_counter() - began:.1f} s",
            file=sys.stderr,
        )
    services.round_clock_set(round=round_, minutes=50, by=director)
    t_tasks.reconcile_standings()


def pages() -> list[tuple[str, bool, str]]:
    """(name, as the director, URL) of each page and API answer measured."""
    from tournaments.models import Entry, Round, Tournament

    event = Tournament.objects.get(name="Bench Open")
    first = Round.objects.filter(stage__tournament=event).order_by("number").first()
    entry = Entry.objects.filter(tournament=event).order_by("seed").last()
    t = event.pk
    return [
        ("public page", False, f"/tournaments/{t}/"),
        ("public page, round 1", False, f"/tournaments/{t}/?round={first.number}"),
        ("public page, name search", False, f"/tournaments/{t}/?q={entry.name}"),
        ("standings fragment", False, f"/tournaments/{t}/standings/"),
        ("room screen", False, f"/tournaments/{t}/room/"),
        ("an entry's page", False, f"/tournaments/{t}/entries/{entry.pk}/"),
        ("director's page", True, f"/tournaments/{t}/manage/"),
        ("API rounds", False, f"/api/v1/tournaments/{t}/rounds/"),
        (
            "API a round's tables",
            False,
            f"/api/v1/tournaments/{t}/rounds/{first.pk}/tables/",
        ),
        ("API standings", False, f"/api/v1/tournaments/{t}/standings/"),
        ("API entries", False, f"/api/v1/tournaments/{t}/entries/"),
    ]


def measure(client, url: str, repeat: int) -> tuple[int, float, int]:
    """(bytes, median seconds, status) of ``url`` read ``repeat`` times."""
    client.get(url, HTTP_HOST="localhost")  # warm up: templates, caches
    times = []
    size = status = 0
    for _ in range(repeat):
        began = time.perf_counter()
        answer = client.get(url, HTTP_HOST="localhost")
        times.append(time.perf_counter() - began)
        size, status = len(answer.content), answer.status_code
    return size, statistics.median(times), status


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.pages_size")
    parser.add_argument("--entries", type=int, default=512)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--db", help="the SQLite file to build or reuse")
    parser.add_argument("--reuse", action="store_true", help="measure --db as it is")
    args = parser.parse_args()
    _setup(args.db)
    logging.disable(logging.INFO)
    from django.contrib.auth import get_user_model
    from django.test import Client

    if not args.reuse:
        began = time.perf_counter()
        build(args.entries, args.rounds)
        print(f"built in {time.perf_counter() - began:.0f} s", file=sys.stderr)
    anonymous = Client()
    director = Client()
    director.force_login(get_user_model().objects.get(username="director"))
    from tournaments.models import Entry, Round

    print(
        f"{platform.processor() or platform.machine()}, Python "
        f"{platform.python_version()}, SQLite, {Entry.objects.count()} entries, "
        f"{Round.objects.count()} rounds (the last in play); median of "
        f"{args.repeat}; load average {os.getloadavg()[0]:.1f}"
    )
    print("| page or API answer | bytes | server time, ms | status |")
    print("| --- | ---: | ---: | ---: |")
    for name, as_director, url in pages():
        client = director if as_director else anonymous
        size, took, status = measure(client, url, args.repeat)
        print(f"| {name} | {size:,} | {took * 1000:.0f} | {status} |")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
