"""Deal submits while a partner-rotation round is generated (issue 29).

Run: ``.venv/bin/python -m bench.generate_lock`` (``--players 48 96``, ``--modes
thread job``, ``--baseline 5`` seconds, ``--held 48`` to also time the old way,
``--overhead 20`` to time the search child for small rounds, ``--nice 0`` for the
child's priority, ``--search-seconds 900`` for its budget, ``--json out.json``).

On the embedded default — a SQLite file in a temporary folder, ``config.settings.local``
without ``REDIS_URL`` (tasks in-process), the API through Django's test client in
threads of one process, as ``manage.py runserver`` serves it — it builds a club, one
Tuppi match that never ends (the *other table*) and, for each ``--players`` size, a
Tuppi partner-rotation tournament of that many players. Then, for each size:

* **baseline**: one scorekeeper thread submits deals to the other table's match in a
  closed loop for ``--baseline`` seconds (after one second not counted, to warm
  up), nothing else running;
* **during generation**: the same loop while another thread generates round 1 of
  the rotation, until the round is stored, in one of two ``--modes``:

  - ``thread``: ``round_generate`` with the search in the generating thread
    (``KIRJURI_GENERATE_PROCESS_MIN_ENTRIES = -1``), as before the search moved
    to a process: the search and the submits take turns at one interpreter;
  - ``job``: what the director's page and the API now do — a round generation job
    (``round_generation_request``), run in-process as on the embedded default (no
    Redis), its search in a child process (``tournaments.services.offload``: a new
    interpreter running ``tournaments.formats.process``, started with
    ``subprocess``).

It reports the submits' p50/p95/max and count in both phases, any answer but 201,
and the generation's own time (the remembered whist search is forgotten first, so
each generation starts cold). With ``--held N`` it also generates a rotation of N
inside one ``transaction.atomic()`` — what ``round_generate`` did before issue 29:
on SQLite an atomic block takes the write lock when it begins (``IMMEDIATE``), so
the submits wait for the whole search, or answer 503 after the busy timeout.

The threads share one interpreter, as runserver's do: in ``thread`` mode the search
and the submits take turns at the GIL, which the latency during generation
includes; in ``job`` mode the generating thread only answers the child's questions.

``--overhead N`` times what the child costs where it is not needed: round 1 of a
Swiss of 8 entries and of partner rotations of 16 and 24 (24: the smallest field
searched in a child by default), computed N times in the thread and N times in a
child (nothing stored), medians compared — the difference is the child's start
(the interpreter, the formats' imports) and the pipe.
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
    return {"director": director, "club": club, "other": other, "stages": stages}


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


def _generate(stage: Any, director: Any, mode: str) -> tuple[float, str]:
    from django.conf import settings
    from django.db import connection, transaction

    from tournaments import services
    from tournaments.formats import whist

    whist.cyclic_whist.cache_clear()  # each generation starts cold
    # The thread modes search here; the job's search is in a child at this size.
    settings.KIRJURI_GENERATE_PROCESS_MIN_ENTRIES = None if mode == "job" else -1
    started = time.perf_counter()
    try:
        if mode == "held":
            with transaction.atomic():  # the write lock for the whole search
                round_ = services.round_generate(stage=stage, by=director)
        elif mode == "job":
            # No Redis: the job runs here as its request commits (eager task).
            job = services.round_generation_request(stage=stage, by=director)
            job.refresh_from_db()
            if job.round is None:
                raise RuntimeError(f"job {job.status}: {job.error_message}")
            round_ = job.round
        else:
            round_ = services.round_generate(stage=stage, by=director)
        outcome = f"round {round_.number}: {round_.tables.count()} tables"
    except Exception as error:
        outcome = f"{type(error).__name__}: {error}"
    finally:
        connection.close()
    return time.perf_counter() - started, outcome


def phase(world: dict, stage: Any, *, baseline: float, mode: str) -> dict[str, Any]:
    keeper = Scorekeeper(world["director"], world["other"].pk)
    keeper.run(threading.Event(), seconds=1)  # warm-up: the first requests are cold
    idle = keeper.run(threading.Event(), seconds=baseline)
    done = threading.Event()
    result: dict[str, Any] = {}

    def generate() -> None:
        result["seconds"], result["outcome"] = _generate(stage, world["director"], mode)
        done.set()

    # CPU seconds of this (the web) process and of its finished children during
    # the generation: the search is in one or the other.
    own, children = _cpu()
    thread = threading.Thread(target=generate)
    thread.start()
    during = keeper.run(done)
    thread.join()
    own_after, children_after = _cpu()
    return {
        "players": stage.tournament.entries.count(),
        "mode": mode,
        "generation_s": round(result["seconds"], 2),
        "generation": result["outcome"],
        "web_process_cpu_s": round(own_after - own, 1),
        "child_cpu_s": round(children_after - children, 1),
        "baseline": idle,
        "during_generation": during,
    }


def _cpu() -> tuple[float, float]:
    import resource

    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def overhead(world: dict, repeats: int) -> list[dict[str, Any]]:
    """Round 1 of small fields in the thread and in a child (not stored)."""
    from django.conf import settings

    from tournaments import services
    from tournaments.formats import whist
    from tournaments.services.generation import _generate as compute

    director, club = world["director"], world["club"]
    figures = []
    for fmt, size in (("swiss", 8), ("partner_rotation", 16), ("partner_rotation", 24)):
        tournament = services.tournament_create(
            club=club, name=f"Small {fmt}", game="tuppi", format=fmt, by=director
        )
        names = "\n".join(f"Small {fmt} {i}" for i in range(size))
        services.entries_add(tournament=tournament, names=names, by=director)
        stage = tournament.stages.get()
        stage.entry_ids = list(
            tournament.entries.order_by("seed").values_list("pk", flat=True)
        )
        times: dict[str, list[float]] = {"thread": [], "child": []}
        for _ in range(repeats):
            for where, least in (("thread", -1), ("child", 0)):
                settings.KIRJURI_GENERATE_PROCESS_MIN_ENTRIES = least
                whist.cyclic_whist.cache_clear()
                started = time.perf_counter()
                compute(stage, 1)
                times[where].append(1000 * (time.perf_counter() - started))
        thread, child = (statistics.median(times[k]) for k in ("thread", "child"))
        figure = {
            "overhead": f"{fmt} of {size}",
            "repeats": repeats,
            "thread_p50_ms": round(thread, 1),
            "child_p50_ms": round(child, 1),
            "child_cost_ms": round(child - thread, 1),
        }
        figures.append(figure)
        print(json.dumps(figure), flush=True)
    settings.KIRJURI_GENERATE_PROCESS_MIN_ENTRIES = None
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.generate_lock")
    parser.add_argument("--players", type=int, nargs="+", default=[48, 96])
    parser.add_argument(
        "--modes", nargs="+", choices=["thread", "job"], default=["thread", "job"]
    )
    parser.add_argument("--baseline", type=float, default=5.0)
    parser.add_argument("--held", type=int, nargs="*", default=[])
    parser.add_argument("--overhead", type=int, default=0)
    parser.add_argument(
        "--nice", type=int, help="the search child's nice (default: the setting's)"
    )
    parser.add_argument(
        "--search-seconds",
        type=float,
        help="the search child's budget before it is killed (default: the setting's)",
    )
    parser.add_argument("--json")
    args = parser.parse_args()
    runs = [(size, mode) for size in args.players for mode in args.modes]
    runs += [(size, "held") for size in args.held]
    with tempfile.TemporaryDirectory(prefix="kirjuri-generate-lock-") as folder:
        _django(folder)
        if args.nice is not None:
            from django.conf import settings

            settings.KIRJURI_GENERATE_PROCESS_NICE = args.nice
        if args.search_seconds is not None:
            from django.conf import settings

            settings.KIRJURI_GENERATE_SEARCH_SECONDS = args.search_seconds
        world = _world([size for size, _ in runs])
        figures = {
            "machine": f"{platform.node()} {os.cpu_count()} cores "
            f"(load {os.getloadavg()[0]:.1f})",
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "runs": [],
        }
        if args.overhead:
            figures["overhead"] = overhead(world, args.overhead)
        for index, (_size, mode) in enumerate(runs):
            figure = phase(
                world, world["stages"][index], baseline=args.baseline, mode=mode
            )
            figure["load"] = [round(x, 1) for x in os.getloadavg()]
            if mode == "job":
                from tournaments.services import offload

                figure["child_nice"] = offload._nice()
                figure["child_deadline_s"] = offload._deadline()
            figures["runs"].append(figure)
            print(json.dumps(figure), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
