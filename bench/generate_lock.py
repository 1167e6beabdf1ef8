"""Deal submits while a partner-rotation round is generated (issue 29).

Run: ``.venv/bin/python -m bench.generate_lock`` (``--players 48 96``,
``--baseline 5`` seconds, ``--held 48`` to also time the old way, ``--json out.json``).

On the embedded default — a SQLite file in a temporary folder, ``config.settings.local``
without ``REDIS_URL`` (tasks in-process), the API through Django's test client in
threads of one process, as ``manage.py runserver`` serves it — it builds a club, one
Tuppi match that never ends (the *other table*) and, for each ``--players`` size, a
Tuppi partner-rotation tournament of that many players. Then, for each size:

* **baseline**: one scorekeeper thread submits deals to the other table's match in a
  closed loop for ``--baseline`` seconds (after one second not counted, to warm
  up), nothing else running;
* **during generation**: the same loop while ``round_generate`` generates round 1 of
  the rotation in another thread, until the round is stored.

It reports the submits' p50/p95/max and count in both phases, any answer but 201,
and the generation's own time (the remembered whist search is forgotten first, so
each generation starts cold). With ``--held N`` it also generates a rotation of N
inside one ``transaction.atomic()`` — what ``round_generate`` did before issue 29:
on SQLite an atomic block takes the write lock when it begins (``IMMEDIATE``), so
the submits wait for the whole search, or answer 503 after the busy timeout.

The threads share one interpreter, as runserver's do: the search and the submits
take turns at the GIL, which the latency during generation includes.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _django(folder: str) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.local"
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ.pop("REDIS_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    import logging

    from django.core.management import call_command

    logging.getLogger("celery").setLevel(logging.WARNING)  # a line per task else

    call_command("migrate", verbosity=0)


def _world(sizes: list[int]) -> dict[str, Any]:
    """A director, a club, the other table's match and one rotation per size."""
    from django.contrib.auth import get_user_model

    from bench.load import _tuppi_match
    from scoring import services as scoring
    from tournaments import services

    director = get_user_model().objects.create_user("director", password=None)
    club = scoring.club_create(name="Bench club", by=director)
    seats = [
        scoring.player_create(club=club, display_name=f"Other {i}", by=director)
        for i in range(4)
    ]
    other = _tuppi_match(club, seats, by=director)
    stages = {}
    for index, size in enumerate(sizes):
        tournament = services.tournament_create(
            club=club,
            name=f"Rotation {size} ({index})",
            game="tuppi",
            format="partner_rotation",
            by=director,
        )
        names = "\n".join(f"Player {size}-{index}-{i}" for i in range(size))
        services.entries_add(tournament=tournament, names=names, by=director)
        stages[index] = tournament.stages.get()
    return {"director": director, "other": other, "stages": stages}


class Scorekeeper:
    """Submits the other table's next deal in a loop, through the API."""

    def __init__(self, director: Any, match_id: int) -> None:
        from rest_framework.test import APIClient

        self.client = APIClient()
        self.client.force_authenticate(director)
        self.url = f"/api/v1/matches/{match_id}/deals/"
        self.number = _stored_deals(self.url)

    def run(self, until: threading.Event, seconds: float | None = None) -> dict:
        from django.db import connection

        from bench.load_clients import deal

        latencies, statuses = [], []
        started = time.perf_counter()
        try:
            while not until.is_set():
                if seconds is not None and time.perf_counter() - started > seconds:
                    break
                self.number += 1
                sent = time.perf_counter()
                answer = self.client.post(
                    self.url,
                    {"number": self.number, "input": deal(self.number)},
                    format="json",
                )
                latencies.append(time.perf_counter() - sent)
                statuses.append(answer.status_code)
                if answer.status_code != 201:
                    self.number = _stored_deals(self.url)
        finally:
            connection.close()
        return _summary(latencies, statuses)


def _stored_deals(url: str) -> int:
    from scoring.models import Deal

    match_id = int(url.rstrip("/").split("/")[-2])
    return Deal.objects.filter(match_id=match_id).count()


def _summary(latencies: list[float], statuses: list[int]) -> dict[str, Any]:
    ms = sorted(1000 * x for x in latencies)
    if not ms:
        return {"submits": 0}
    return {
        "submits": len(ms),
        "p50_ms": round(statistics.median(ms), 1),
        "p95_ms": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 1),
        "max_ms": round(ms[-1], 1),
        "not_201": sum(1 for s in statuses if s != 201),
        "statuses": sorted(set(statuses)),
    }


def _generate(stage: Any, director: Any, held: bool) -> tuple[float, str]:
    from django.db import connection, transaction

    from tournaments import services
    from tournaments.formats import whist

    whist.cyclic_whist.cache_clear()  # each generation starts cold
    started = time.perf_counter()
    try:
        if held:
            with transaction.atomic():  # the write lock for the whole search
                round_ = services.round_generate(stage=stage, by=director)
        else:
            round_ = services.round_generate(stage=stage, by=director)
        outcome = f"round {round_.number}: {round_.tables.count()} tables"
    except Exception as error:
        outcome = f"{type(error).__name__}: {error}"
    finally:
        connection.close()
    return time.perf_counter() - started, outcome


def phase(world: dict, stage: Any, *, baseline: float, held: bool) -> dict[str, Any]:
    keeper = Scorekeeper(world["director"], world["other"].pk)
    keeper.run(threading.Event(), seconds=1)  # warm-up: the first requests are cold
    idle = keeper.run(threading.Event(), seconds=baseline)
    done = threading.Event()
    result: dict[str, Any] = {}

    def generate() -> None:
        result["seconds"], result["outcome"] = _generate(stage, world["director"], held)
        done.set()

    thread = threading.Thread(target=generate)
    thread.start()
    during = keeper.run(done)
    thread.join()
    return {
        "players": stage.tournament.entries.count(),
        "held_in_one_transaction": held,
        "generation_s": round(result["seconds"], 2),
        "generation": result["outcome"],
        "baseline": idle,
        "during_generation": during,
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.generate_lock")
    parser.add_argument("--players", type=int, nargs="+", default=[48, 96])
    parser.add_argument("--baseline", type=float, default=5.0)
    parser.add_argument("--held", type=int, nargs="*", default=[])
    parser.add_argument("--json")
    args = parser.parse_args()
    runs = [(size, False) for size in args.players] + [(s, True) for s in args.held]
    with tempfile.TemporaryDirectory(prefix="kirjuri-generate-lock-") as folder:
        _django(folder)
        world = _world([size for size, _ in runs])
        figures = {
            "machine": f"{platform.node()} {os.cpu_count()} cores "
            f"(load {os.getloadavg()[0]:.1f})",
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "runs": [],
        }
        for index, (_size, held) in enumerate(runs):
            figure = phase(
                world, world["stages"][index], baseline=args.baseline, held=held
            )
            figures["runs"].append(figure)
            print(json.dumps(figure), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
