"""The write path under load, on the production stack started locally (issue 14).

Run: ``.venv/bin/python -m bench.load`` (``--seconds 12``, ``--levels 8 32 128``,
``--json figures.json``). It needs PostgreSQL and Redis on 127.0.0.1 and touches only
its own database ``kirjuri_bench`` (dropped and made anew), Redis db 6 and a SQLite
file in a temporary folder. Everything it starts listens on 127.0.0.1 and is stopped
at the end; every phase stops by itself after ``--seconds``.

What it measures, in one run so that a shared machine shows up in every figure alike:

* **queries** per deal submit at deal 5 and deal 200, through the API (the whole
  request: token, permission checks, the service, the answer) and in the service;
* **single client**, one scorekeeper entering deals 1…200 of a Tuppi match: the
  latency around deals 5, 50 and 200, on the embedded default (``manage.py
  runserver`` on SQLite, tasks in-process, as ``make run`` serves it) and on the
  production stack;
* **load**, after a 3 s warm-up, on the production stack (gunicorn 4 workers × 2
  threads, one Celery worker, PostgreSQL, Redis): for 8, 32 and 128 clients, a *bare
  authenticated read* (``GET /api/v1/matches/<id>/`` with a token, each client its
  own match), then the same number of *scorekeepers*, each entering deals into its
  own tournament table's Tuppi match; both phases beside 4 *readers of the
  standings* (``GET /api/v1/tournaments/<id>/standings/``), each phase after the
  worker's queue has drained. Deals/s and p50/p95/p99, the read rate, and the
  submit rate as a share of the bare read's; the scorekeepers' p50 by the match's
  length; errors (any answer but 200/201, or no answer);
* **paced**, at each level after the closed-loop phases (``--pace 2``, 0 to skip): the
  same clients, each sending one request every ``--pace`` seconds on a fixed schedule
  (starts staggered over the first interval) — first bare reads, then deal submits.
  A scorekeeper at a table thinks between deals; the closed loop above has none, and
  by Little's law its mean latency is the clients ÷ the rate the box sustains, so it
  measures saturation, not what a scorekeeper waits. Latency here runs from the
  *scheduled* send time, so a request that had to wait for the previous one is
  charged for the wait (no coordinated omission).

After the load it waits for the worker's queue to drain and checks that every
acknowledged deal is stored exactly once and that the standings snapshot equals a
computation from scratch.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.load_clients import (
    deal,
    loops_run,
    paced_loop,
    paced_submit,
    reader_loop,
    scorekeeper_loop,
    single_client,
    stored_up_to,
    summary,
)

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
DATABASE = "kirjuri_bench"
PG = f"postgres://postgres@{HOST}:5432"
REDIS = f"redis://{HOST}:6379/6"
READERS = 4
TARGET = 1_000_000  # no Tuppi match of the bench ends (the largest target allowed)


# -- inside Django (subcommands run in a child process with the stack's env) ----------


def _django() -> None:
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def _tuppi_match(club: Any, seats: list, *, by: Any) -> Any:
    """A Tuppi match of ``seats`` (sides 0 1 0 1) that never ends; the first seated
    player keeps the score."""
    from scoring import services

    return services.match_start(
        club=club,
        game="tuppi",
        seats=[(p, i % 2) for i, p in enumerate(seats)],
        options={"target": TARGET},
        scorers=[seats[0]],
        by=by,
    )


def cmd_setup(tables: int) -> dict[str, Any]:
    """A club, a Tuppi tournament whose first round seats ``tables`` tables (their
    players are the scorers), one more match for the single client, tokens."""
    _django()
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from scoring.models import Club, Membership, Player, Role
    from tournaments import services as events

    users = get_user_model()
    director = users.objects.create_user("director", password=None)
    club = Club.objects.create(name="Bench club", slug="bench")
    admin = Player.objects.create(display_name="Director", user=director)
    Membership.objects.create(club=club, player=admin, role=Role.ADMIN)
    names = [f"Bench player {i}" for i in range(4 * tables + 4)]
    made = users.objects.bulk_create(
        users(username=f"p{i}", password="!") for i in range(len(names))
    )
    players = Player.objects.bulk_create(
        Player(display_name=name, user=user)
        for name, user in zip(names, made, strict=True)
    )
    Membership.objects.bulk_create(
        Membership(club=club, player=p, role=Role.MEMBER) for p in players
    )
    tournament = events.tournament_create(
        club=club,
        name="Bench Tuppi",
        game="tuppi",
        options={"target": TARGET},
        format="swiss",
        visibility="published",
        by=director,
    )
    pairs = [f"{names[i]} & {names[i + 1]}" for i in range(0, 4 * tables, 2)]
    events.entries_add(tournament=tournament, names=pairs, by=director)
    round_ = events.round_start(
        round=events.round_generate(stage=tournament.stages.get(), by=director),
        by=director,
    )
    seated = []
    for table in round_.tables.select_related("match").order_by("number"):
        seat = table.match.seats.select_related("player__user").first()
        token = Token.objects.get_or_create(user=seat.player.user)[0].key
        seated.append({"match": table.match_id, "token": token})
    alone = players[-4:]
    single = _tuppi_match(club, alone, by=director)
    return {
        "tournament": tournament.pk,
        "tables": seated,
        "single": {
            "match": single.pk,
            "token": Token.objects.get_or_create(user=alone[0].user)[0].key,
        },
        "director": Token.objects.get_or_create(user=director)[0].key,
    }


def cmd_queries() -> dict[str, Any]:
    """Queries of one deal submit at deal 5 and deal 200 (API and service)."""
    _django()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from rest_framework.authtoken.models import Token

    from scoring import services
    from scoring.models import Club, Player

    club = Club.objects.get(slug="bench")
    seats = list(Player.objects.filter(memberships__club=club).order_by("-id")[4:8])
    user = seats[0].user
    token = Token.objects.get_or_create(user=user)[0].key
    client = Client(HTTP_AUTHORIZATION=f"Token {token}", HTTP_HOST=HOST)
    figures: dict[str, Any] = {}
    for upto in (5, 200):
        director = club.memberships.get(role="admin").player.user
        match = _tuppi_match(club, seats, by=director)
        for number in range(1, upto - 1):
            services.deal_submit(
                match=match, number=number, input=deal(number), by=user
            )
        with CaptureQueriesContext(connection) as service:
            services.deal_submit(
                match=match, number=upto - 1, input=deal(upto - 1), by=user
            )
        with CaptureQueriesContext(connection) as api:
            answer = client.post(
                f"/api/v1/matches/{match.pk}/deals/",
                {"number": upto, "input": deal(upto)},
                content_type="application/json",
                secure=True,
            )
        assert answer.status_code == 201, answer.content
        figures[f"deal {upto}"] = {
            "api": len(api.captured_queries),
            "service": len(service.captured_queries),
        }
    return figures


def cmd_verify(tournament_id: int, acknowledged: dict[str, int]) -> dict[str, Any]:
    """Every acknowledged deal stored once; standings equal a from-scratch count."""
    _django()
    from django.db.models import Count

    from scoring.models import Deal
    from tournaments import selectors
    from tournaments.models import Standings, Tournament

    stored = dict(
        Deal.objects.filter(match_id__in=[int(k) for k in acknowledged])
        .values_list("match_id")
        .annotate(n=Count("id"))
    )
    mismatched = {
        k: (n, stored.get(int(k), 0))
        for k, n in acknowledged.items()
        if stored.get(int(k), 0) != n
    }
    tournament = Tournament.objects.get(pk=tournament_id)
    snapshot = Standings.objects.filter(tournament=tournament).first()
    return {
        "deals_acknowledged": sum(acknowledged.values()),
        "deals_stored": sum(stored.values()),
        "matches_mismatched": mismatched,
        "standings_converged": snapshot is not None
        and snapshot.stages == selectors.standings_data_get(tournament),
    }


# -- the stack -------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Stack:
    """Processes started for one configuration, stopped (by their own pids) at exit."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env = env
        self.log = log
        self.procs: list[subprocess.Popen] = []
        self.port = _free_port()

    def manage(self, *args: str) -> str:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    def child(self, *args: str) -> Any:
        """Run a subcommand of this module in a child process; its JSON answer."""
        done = subprocess.run(
            [sys.executable, "-m", "bench.load", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise RuntimeError(f"bench.load {args[0]} failed:\n{done.stderr[-3000:]}")
        return json.loads(done.stdout.strip().splitlines()[-1])

    def start(self, *argv: str) -> None:
        out = open(self.log, "a")  # noqa: SIM115 (closed with the process)
        self.procs.append(
            subprocess.Popen(argv, cwd=ROOT, env=self.env, stdout=out, stderr=out)
        )

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=2)
                conn.request("GET", "/healthz")
                if conn.getresponse().status in (200, 503):
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise RuntimeError(f"the server did not start; see {self.log}")

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        self.procs.clear()


def _paced_phases(
    port: int, tables: list[dict], numbers: dict, pace: float, seconds: float
) -> dict[str, Any]:
    """Bare reads, then deal submits, each client once every ``pace`` seconds."""
    level = len(tables)
    offsets = [pace * i / level for i in range(level)]
    _drain()
    reads = [
        paced_loop(
            port, t["token"], pace, off,
            lambda t=t: ("GET", f"/api/v1/matches/{t['match']}/", None),
        )
        for t, off in zip(tables, offsets, strict=True)
    ]  # fmt: skip
    records, took = loops_run(reads, seconds)
    read = summary(records, took, 200)
    _drain()
    before = dict(numbers)
    submits = [
        paced_loop(port, t["token"], pace, off, paced_submit(t, numbers))
        for t, off in zip(tables, offsets, strict=True)
    ]
    records, took = loops_run(submits, seconds)
    for t, rs in zip(tables, records, strict=True):
        # A refused or lost submit leaves its number free: count only what was stored.
        stored = sum(1 for r in rs if r[0] == 201)
        numbers[t["match"]] = before[t["match"]] + stored
        if stored != len(rs):
            numbers[t["match"]] = stored_up_to(rs, before[t["match"]])
    submit = summary(records, took, 201)
    return {
        "pace s": pace,
        "offered per s": round(level / pace, 1),
        "bare read": read,
        "submit": submit,
        "submit p95 / bare read p95": round(submit["p95"] / read["p95"], 2)
        if read["p95"]
        else None,
    }


# -- the run ---------------------------------------------------------------------------


def _reset_database() -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DATABASE}")


def _queue_length() -> int:
    import redis

    return int(redis.Redis.from_url(REDIS).llen("celery"))


def _base_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KIRJURI_")}
    for key in ("DATABASE_URL", "REDIS_URL", "TEST_DATABASE_URL", "DEBUG"):
        env.pop(key, None)
    env["PYTHONPATH"] = str(ROOT)
    return env


def embedded(workdir: Path) -> dict[str, Any]:
    """Single-client latency on the embedded default (``make run``)."""
    env = _base_env() | {
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{workdir / 'embedded.sqlite3'}",
    }
    stack = Stack(env, workdir / "embedded.log")
    try:
        stack.manage("migrate", "--noinput")
        stack.manage("load_catalogue")
        fixtures = stack.child("setup", "--tables", "1")
        stack.start(
            sys.executable, "manage.py", "runserver", "--noreload",
            f"{HOST}:{stack.port}",
        )  # fmt: skip
        stack.wait_ready()
        return single_client(stack.port, fixtures["single"])
    finally:
        stack.stop()


def _level(
    port: int,
    tables: list[dict],
    numbers: dict,
    standings: Callable,
    seconds: float,
    pace: float,
) -> dict[str, Any]:
    """The bare read, then the scorekeepers; both beside the standings readers (the
    ``standings`` loop, :data:`READERS` times), each after the worker's queue has
    drained, so that one phase's follow-up work does not load the next."""
    level = len(tables)
    _drain()
    loops = [
        reader_loop(port, t["token"], f"/api/v1/matches/{t['match']}/") for t in tables
    ]
    bare, took = loops_run([*loops, *[standings] * READERS], seconds)
    read = summary(bare[:level], took, 200)
    read_standings = summary(bare[level:], took, 200)
    _drain()
    loops = [scorekeeper_loop(port, t, numbers) for t in tables]
    records, took = loops_run([*loops, *[standings] * READERS], seconds)
    submit = summary(records[:level], took, 201)
    by_length: dict[str, list[float]] = {}
    for status, elapsed, number in (r for rs in records[:level] for r in rs):
        if status == 201:
            bucket = "1-50" if number <= 50 else "51-200" if number <= 200 else "201+"
            by_length.setdefault(bucket, []).append(elapsed)
    paced = _paced_phases(port, tables, numbers, pace, seconds) if pace else None
    return {
        "scorekeepers": level,
        "paced": paced,
        "bare read": read,
        "submit": submit,
        "submit / bare read": round(submit["per_second"] / read["per_second"], 2)
        if read["per_second"]
        else None,
        "standings readers": {
            "beside the bare read": read_standings,
            "beside the scorekeepers": summary(records[level:], took, 200),
        },
        "submit p50 by deal number": {
            k: round(statistics.median(v) * 1000, 1)
            for k, v in sorted(by_length.items())
        },
    }


def _drain(timeout: float = 120) -> float:
    """Wait until the worker's queue is empty (and its last runs are done)."""
    start = time.monotonic()
    while _queue_length() and time.monotonic() - start < timeout:
        time.sleep(0.5)
    time.sleep(2)  # the runs taken off the queue (and a debounced recompute) finish
    return round(time.monotonic() - start, 1)


def production(
    workdir: Path, levels: list[int], seconds: float, pace: float
) -> dict[str, Any]:
    _reset_database()
    import redis

    redis.Redis.from_url(REDIS).flushdb()
    env = _base_env() | {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": "bench-only-" + "x" * 40,
        "ALLOWED_HOSTS": HOST,
        "SECURE_SSL_REDIRECT": "false",
        "DATABASE_URL": f"{PG}/{DATABASE}",
        "REDIS_URL": REDIS,
        "LOG_LEVEL": "WARNING",
    }
    stack = Stack(env, workdir / "production.log")
    figures: dict[str, Any] = {}
    try:
        stack.manage("migrate", "--noinput")
        stack.manage("load_catalogue")
        fixtures = stack.child("setup", "--tables", str(max(levels)))
        figures["queries"] = stack.child("queries")
        stack.start(
            sys.executable, "-m", "gunicorn", "config.wsgi:application",
            "--bind", f"{HOST}:{stack.port}", "--workers", "4", "--threads", "2",
            "--worker-class", "gthread", "--log-level", "warning",
        )  # fmt: skip
        stack.start(
            sys.executable, "-m", "celery", "-A", "config", "worker",
            "--concurrency", "1", "--loglevel", "WARNING",
            "--without-gossip", "--without-mingle", "--without-heartbeat",
        )  # fmt: skip
        stack.wait_ready()
        port, tables = stack.port, fixtures["tables"]
        figures["single client"] = single_client(port, fixtures["single"])
        numbers = {t["match"]: 0 for t in tables}
        path = f"/api/v1/tournaments/{fixtures['tournament']}/standings/"
        standings = reader_loop(port, fixtures["director"], path)
        # Warm every web process up (first requests, the tasks modules); not counted.
        warm = [scorekeeper_loop(port, t, numbers) for t in tables[: min(levels)]]
        loops_run([*warm, standings], 3)
        figures["load"] = []
        for level in levels:
            figures["load"].append(
                _level(port, tables[:level], numbers, standings, seconds, pace)
            )
            print(json.dumps(figures["load"][-1]), file=sys.stderr)
        figures["queue drained after s"] = _drain()
        acknowledged = {str(k): v for k, v in numbers.items()}
        figures["after the load"] = stack.child(
            "verify", str(fixtures["tournament"]), json.dumps(acknowledged)
        )
    finally:
        stack.stop()
    return figures


def machine() -> dict[str, Any]:
    cpu = ""
    with open("/proc/cpuinfo") as info:
        for line in info:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "load average": [round(x, 2) for x in os.getloadavg()],
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.load")
    sub = parser.add_subparsers(dest="command")
    setup = sub.add_parser("setup")
    setup.add_argument("--tables", type=int, default=8)
    sub.add_parser("queries")
    verify = sub.add_parser("verify")
    verify.add_argument("tournament", type=int)
    verify.add_argument("acknowledged")
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--levels", type=int, nargs="+", default=[8, 32, 128])
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--pace",
        type=float,
        default=2.0,
        help="seconds between one paced client's requests (0: no paced phases)",
    )
    args = parser.parse_args(argv)
    if args.command == "setup":
        print(json.dumps(cmd_setup(args.tables)))
        return
    if args.command == "queries":
        print(json.dumps(cmd_queries()))
        return
    if args.command == "verify":
        print(json.dumps(cmd_verify(args.tournament, json.loads(args.acknowledged))))
        return
    workdir = Path(tempfile.mkdtemp(prefix="kirjuri-bench-"))
    try:
        figures = {"machine": machine()}
        figures["embedded default, single client (ms)"] = embedded(workdir)
        figures["production stack"] = production(
            workdir, args.levels, args.seconds, args.pace
        )
        figures["machine"]["load average after"] = [
            round(x, 2) for x in os.getloadavg()
        ]
    finally:
        logs = {p.name: p.read_text()[-2000:] for p in workdir.glob("*.log")}
        shutil.rmtree(workdir, ignore_errors=True)
    text = json.dumps(figures, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    if any(v.strip() for v in logs.values()):
        print("\n-- server logs (tails) --", file=sys.stderr)
        for name, tail in logs.items():
            print(f"{name}:\n{tail}", file=sys.stderr)


if __name__ == "__main__":
    main()
