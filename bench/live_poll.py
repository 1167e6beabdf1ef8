"""What a live page's poll costs: requests/s of the poll unchanged (a 304) and
changed (the page again), against a bare page read, in one process.

Run: ``.venv/bin/python -m bench.live_poll`` (``--entries``, ``--rounds``,
``--seconds``, ``--repeat``). It makes a throw-away SQLite database (or uses
``DATABASE_URL``), migrates it and plays, through the services, a published Sleazy
Swiss of ``--entries`` entries with ``--rounds`` rounds (four deals a table,
finished, locked) and the next round started, its first table with two deals: the
state a room screen and its spectators poll during a round.

For each live page — the public page (standings, rounds, bracket), the standings
fragment, the room screen (anonymous, as a projector or a spectator reads them) and
a score sheet (a club member) — three kinds of request go through Django's whole
stack (middleware, session, CSP; no network, so the server's own cost), each for
``--seconds``, in turns, ``--repeat`` times; the median rate is reported:

* **bare read** — ``GET`` with no ``If-None-Match``: the page rendered in full;
* **poll, unchanged** — ``If-None-Match`` holding the page's current tag: a 304
  after the stamp's queries, no rendering;
* **poll, changed** — ``If-None-Match`` holding a tag of an earlier state: the page
  rendered in full, as after a result.

The floor is the login page (no data read). The machine is shared: read the ratios
of rates measured side by side in the same run, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import statistics
import tempfile
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
_TMP = tempfile.mkdtemp(prefix="kirjuri-live-bench-")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{_TMP}/bench.sqlite3")
os.environ.setdefault("REDIS_URL", "")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

# Static URLs without collectstatic's manifest (a dict lookup in production).
settings.STORAGES = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

DEAL = {"mode": "totals", "points": [100, 25]}


def build(entries: int, rounds: int):
    from scoring import services as scoring_services
    from scoring.models import Deal, Role
    from tournaments import services
    from tournaments import tasks as t_tasks

    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    reader = get_user_model().objects.create_user("reader", password="pw")
    scoring_services.player_add(
        club=club,
        display_name="Reader",
        username="reader",
        role=Role.MEMBER,
        by=director,
    )
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
        names="\n".join(f"Entry {i:03}" for i in range(1, entries + 1)),
        by=director,
    )
    services.tournament_publish(tournament=event, by=director)
    stage = event.stages.get()
    for number in range(rounds + 1):
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
    services.round_clock_set(round=round_, minutes=50, by=director)
    t_tasks.standings_reconcile()
    return event, tables[0].match, director, reader


def rate(client: Client, url: str, seconds: float, status: int, **headers) -> float:
    done = 0
    start = time.perf_counter()
    while True:
        answer = client.get(url, HTTP_HOST="localhost", **headers)
        assert answer.status_code == status, (url, answer.status_code)
        done += 1
        took = time.perf_counter() - start
        if took >= seconds:
            return done / took


def measure(client: Client, url: str, stale: str, seconds: float, repeat: int):
    for _ in range(3):  # warm up: the page's templates
        current = client.get(url, HTTP_HOST="localhost")["ETag"]
    runs: dict[str, list[float]] = {"bare": [], "unchanged": [], "changed": []}
    for _ in range(repeat):
        runs["bare"].append(rate(client, url, seconds, 200))
        runs["unchanged"].append(
            rate(client, url, seconds, 304, HTTP_IF_NONE_MATCH=current)
        )
        runs["changed"].append(
            rate(client, url, seconds, 200, HTTP_IF_NONE_MATCH=stale)
        )
    return {k: statistics.median(v) for k, v in runs.items()}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.live_poll")
    parser.add_argument("--entries", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    logging.disable(logging.INFO)  # the tasks' and the login's lines
    event, match, _director, reader = build(args.entries, args.rounds)
    anonymous = Client()
    member = Client()
    member.force_login(reader)
    stale = '"an-earlier-state"'
    for _ in range(3):  # warm up: imports, URL resolver, templates
        Client().get("/accounts/login/", HTTP_HOST="localhost")
    floor = statistics.median(
        rate(Client(), "/accounts/login/", args.seconds, 200)
        for _ in range(args.repeat)
    )
    pages = [
        ("public page", anonymous, f"/tournaments/{event.pk}/"),
        ("standings fragment", anonymous, f"/tournaments/{event.pk}/standings/"),
        ("room screen", anonymous, f"/tournaments/{event.pk}/room/"),
        ("score sheet (member)", member, f"/matches/{match.pk}/"),
    ]
    print(
        f"{platform.processor() or platform.machine()}, Python "
        f"{platform.python_version()}, SQLite, {args.entries} entries, "
        f"{args.rounds} rounds played + 1 in play; {args.seconds} s × {args.repeat}; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print(f"floor: the login page {floor:.1f} req/s")
    print(
        "| page | bare read req/s | poll unchanged (304) req/s | poll changed req/s "
        "| unchanged ÷ bare | changed ÷ bare | unchanged ÷ floor |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, client, url in pages:
        r = measure(client, url, stale, args.seconds, args.repeat)
        print(
            f"| {name} | {r['bare']:.1f} | {r['unchanged']:.1f} | {r['changed']:.1f} "
            f"| {r['unchanged'] / r['bare']:.1f} | {r['changed'] / r['bare']:.2f} "
            f"| {r['unchanged'] / floor:.2f} |"
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
