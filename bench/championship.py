"""A championship's live pages under load (issue 32): phones and projectors polling
while results arrive, on the production stack started locally and on the
embedded default.

Run: ``.venv/bin/python -m bench.championship`` (``--entries 2000 --played 3``;
``--phones 60 --poll 3 --projectors 2 --results 1 --seconds 45``;
``--workers 2``; ``--stacks production embedded``; ``--json out.json``). It needs
PostgreSQL and Redis on 127.0.0.1 for the production stack and touches only its
own database ``kirjuri_cache_championship`` (dropped and made anew), Redis db 13
(emptied) and a SQLite file in a temporary folder. With nginx installed
(``/usr/sbin/nginx``) the production stack is measured through
``deploy/nginx/kirjuri.conf`` too (its gzip: the bytes a phone receives).

The event: a published Sleazy Swiss of ``--entries`` with ``--played`` rounds
finished and the next started (``tests/tournaments/championship_world.py``). Then,
for ``--seconds``, on a fixed schedule (latency counts from the scheduled time:
no coordinated omission):

* **phones**: each polls the public page every ``--poll`` seconds (staggered) as
  ``static/js/live.js`` does (``X-Live: 1``, ``If-None-Match`` of the copy it
  holds, gzip accepted), four in five in Finnish, one in five in English; every
  fifth polls the standings fragment instead;
* **projectors**: the room screen every second;
* **results**: a deal every ``--results`` seconds at the current round's tables
  (the director's API token), each table decided in four deals.

Each configuration runs twice, back to back: **shared** (the live pages rendered
once per change for every anonymous reader) and **baseline** — the same code with
``KIRJURI_LIVE_CACHE_SECONDS=0``, each reader rendering its own copy as before
issue 32. Reported per run: p50/p95/p99 of unchanged polls (304) and of changed
pages (200), the polls that failed or took longer than their interval, the
renders per change (production: the copies written to Redis ÷ the states the
readers saw), the bytes per viewer per minute, the load average.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
PG = f"postgres://postgres@{HOST}:5432"
DATABASE = "kirjuri_cache_championship"
REDIS = f"redis://{HOST}:6379/13"
NGINX = "/usr/sbin/nginx"
DEAL = {"mode": "totals", "points": [100, 25]}


# -- inside Django (the build runs in a child process with the stack's env) ----------


def cmd_build(entries: int, played: int) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from rest_framework.authtoken.models import Token

    from scoring.models import Match
    from tests.tournaments.championship_world import championship_build

    world = championship_build(entries=entries, played=played)
    matches = list(
        Match.objects.filter(tournament_table__round=world.round)
        .order_by("tournament_table__number")
        .values_list("pk", flat=True)
    )
    token = Token.objects.get_or_create(user=world.director)[0].key
    return {"tournament": world.event.pk, "matches": matches, "token": token}


# -- the stack ---------------------------------------------------------------------


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KIRJURI_")}
    for key in ("DATABASE_URL", "REDIS_URL", "TEST_DATABASE_URL", "DEBUG"):
        env.pop(key, None)
    return env | {"PYTHONPATH": str(ROOT), "LOG_LEVEL": "WARNING"} | extra


class Stack:
    """The processes of one configuration, stopped by their own pids."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env, self.log, self.procs = env, log, []
        self.port = _free_port()

    def run(self, *argv: str) -> str:
        done = subprocess.run(
            argv, cwd=ROOT, env=self.env, capture_output=True, text=True
        )
        if done.returncode:
            raise RuntimeError(f"{argv[:3]} failed:\n{done.stderr[-3000:]}")
        return done.stdout

    def start(self, *argv: str, env: dict[str, str] | None = None) -> None:
        out = open(self.log, "a")  # noqa: SIM115 (closed with the process)
        self.procs.append(
            subprocess.Popen(
                argv, cwd=ROOT, env=env or self.env, stdout=out, stderr=out
            )
        )

    def wait_ready(self, port: int, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                conn = http.client.HTTPConnection(HOST, port, timeout=3)
                conn.request("GET", "/healthz", headers={"X-Forwarded-Proto": "https"})
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


def _nginx(stack: Stack, workdir: Path) -> int | None:
    """nginx with the repository's configuration in front of ``stack``'s port."""
    if not Path(NGINX).exists():
        return None
    port = _free_port()
    root = workdir / "nginx"
    for sub in ("cache", "logs", "tmp"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    site = (ROOT / "deploy/nginx/kirjuri.conf").read_text()
    site = site.replace("server web:8000;", f"server {HOST}:{stack.port};")
    site = site.replace("listen 80;", f"listen {HOST}:{port};")
    site = site.replace("/var/cache/nginx/kirjuri", str(root / "cache"))
    (root / "site.conf").write_text(site)
    tmp = root / "tmp"
    (root / "nginx.conf").write_text(
        f"worker_processes 1; pid {root}/nginx.pid; error_log {root}/logs/error.log;\n"
        "events { worker_connections 1024; }\n"
        f"http {{ include /etc/nginx/mime.types; access_log off;\n"
        f"client_body_temp_path {tmp}/b; proxy_temp_path {tmp}/p;\n"
        f"fastcgi_temp_path {tmp}/f; uwsgi_temp_path {tmp}/u; scgi_temp_path {tmp}/s;\n"
        f"include {root}/site.conf; }}\n"
    )
    stack.start(
        NGINX, "-c", str(root / "nginx.conf"), "-p", str(root), "-g", "daemon off;"
    )
    return port


# -- the load ----------------------------------------------------------------------


def poller(
    port: int, path: str, every: float, offset: float, language: str, deadline: float
) -> list[tuple]:
    """One phone or projector: (status, latency from the scheduled time, bytes on
    the wire, ETag) per poll."""
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    etag, done = "", []
    due = time.perf_counter() + offset
    while due < deadline:
        now = time.perf_counter()
        if due > now:
            time.sleep(due - now)
        headers = {
            "X-Live": "1",
            "Accept-Language": language,
            "Accept-Encoding": "gzip",
            "X-Forwarded-Proto": "https",
        }
        if etag:
            headers["If-None-Match"] = etag
        try:
            conn.request("GET", path, headers=headers)
            answer = conn.getresponse()
            raw = answer.read()
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=60)
            done.append((0, time.perf_counter() - due, 0, ""))
            due += every
            continue
        latency = time.perf_counter() - due
        if answer.status == 200:
            etag = answer.getheader("ETag") or etag
            if answer.getheader("Content-Encoding") == "gzip":
                gzip.decompress(raw)  # a phone reads it
        done.append((answer.status, latency, len(raw), etag))
        due += every
    return done


def results(
    port: int, token: str, matches: list[int], every: float, deadline: float
) -> list[tuple]:
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    headers = {
        "Authorization": f"Token {token}",
        "Content-Type": "application/json",
        "X-Forwarded-Proto": "https",
    }
    done, due = [], time.perf_counter()
    work = ((m, n) for m in matches for n in range(1, 5))
    for match, number in work:
        if due >= deadline:
            break
        now = time.perf_counter()
        if due > now:
            time.sleep(due - now)
        body = json.dumps({"number": number, "input": DEAL})
        try:
            conn.request("POST", f"/api/v1/matches/{match}/deals/", body, headers)
            answer = conn.getresponse()
            answer.read()
            done.append((answer.status, time.perf_counter() - due))
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=60)
            done.append((0, time.perf_counter() - due))
        due += every
    return done


def _percentiles(values: list[float]) -> dict[str, float | None]:
    if len(values) < 2:
        return {"p50": None, "p95": None, "p99": None, "n": len(values)}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {
        "p50": round(cuts[49] * 1000, 1),
        "p95": round(cuts[94] * 1000, 1),
        "p99": round(cuts[98] * 1000, 1),
        "n": len(values),
    }


def _live_keys() -> int:
    import redis

    return sum(1 for _ in redis.Redis.from_url(REDIS).scan_iter("live:*"))


def load(port: int, fixtures: dict, args, *, count_renders: bool) -> dict[str, Any]:
    t = fixtures["tournament"]
    keys_before = _live_keys() if count_renders else 0
    deadline = time.perf_counter() + args.seconds
    clients: list[tuple[str, str, threading.Thread]] = []
    records: dict[int, list] = {}

    def spawn(kind: str, target, *a) -> None:
        index = len(clients)

        def body() -> None:
            records[index] = target(*a)

        thread = threading.Thread(target=body, daemon=True)
        clients.append((kind, a[1] if kind != "results" else "", thread))

    for i in range(args.phones):
        path = f"/tournaments/{t}/standings/" if i % 5 == 4 else f"/tournaments/{t}/"
        language = "en" if i % 5 == 2 else "fi"
        offset = args.poll * i / max(args.phones, 1)
        spawn("phone", poller, port, path, args.poll, offset, language, deadline)
    for i in range(args.projectors):
        path = f"/tournaments/{t}/room/"
        spawn("projector", poller, port, path, 1.0, i / 2, "fi", deadline)
    spawn(
        "results",
        results,
        port,
        fixtures["token"],
        fixtures["matches"],
        args.results,
        deadline,
    )
    load_before = os.getloadavg()
    started = time.perf_counter()
    for *_, thread in clients:
        thread.start()
    for *_, thread in clients:
        thread.join()
    took = time.perf_counter() - started
    out: dict[str, Any] = {"seconds": round(took, 1)}
    states: set[tuple[str, str, str]] = set()
    for kind in ("phone", "projector"):
        polls, pages, failed, late, sent = [], [], 0, 0, 0
        every = args.poll if kind == "phone" else 1.0
        for index, (k, path, _thread) in enumerate(clients):
            if k != kind:
                continue
            for status, latency, size, etag in records.get(index, []):
                sent += size
                late += latency > every
                if status == 304:
                    polls.append(latency)
                elif status == 200:
                    pages.append(latency)
                    states.add((path, etag, ""))
                else:
                    failed += 1
        viewers = sum(1 for k, *_ in clients if k == kind)
        out[kind + "s"] = {
            "viewers": viewers,
            "unchanged polls (304)": _percentiles(polls),
            "changed pages (200)": _percentiles(pages),
            "failed": failed,
            "later than the interval": late,
            "kB per viewer per minute": round(
                sent / 1024 / max(viewers, 1) / (took / 60), 1
            )
            if viewers
            else None,
        }
    posted = next(r for i, r in records.items() if clients[i][0] == "results")
    out["results"] = {
        "sent": len(posted),
        "stored": sum(1 for status, _ in posted if status == 201),
        "latency": _percentiles([latency for _, latency in posted]),
    }
    served = sum(
        1
        for index, (kind, *_rest) in enumerate(clients)
        if kind != "results"
        for status, *_ in records.get(index, [])
        if status == 200
    )
    out["states seen"] = len(states)
    out["pages sent (200)"] = served
    if count_renders:
        # Shared: one copy written per render. Baseline (nothing kept): every page
        # sent to an anonymous reader was rendered for them.
        renders = _live_keys() - keys_before if args.shared else served
        out["renders"] = renders
        out["renders per state seen"] = round(renders / max(len(states), 1), 2)
    out["load average"] = [round(x, 2) for x in load_before]
    out["load average after"] = [round(x, 2) for x in os.getloadavg()]
    return out


# -- the configurations --------------------------------------------------------------


def _build(stack: Stack, args) -> dict[str, Any]:
    out = stack.run(
        sys.executable,
        "-m",
        "bench.championship",
        "build",
        "--entries",
        str(args.entries),
        "--played",
        str(args.played),
    )
    return json.loads(out.strip().splitlines()[-1])


def production(workdir: Path, args) -> dict[str, Any]:
    import psycopg
    import redis

    figures: dict[str, Any] = {}
    for mode, seconds in (("shared", "3600"), ("baseline", "0")):
        with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {DATABASE}")
        redis.Redis.from_url(REDIS).flushdb()
        env = _env(
            DJANGO_SETTINGS_MODULE="config.settings.production",
            SECRET_KEY="bench-only-" + "x" * 40,
            ALLOWED_HOSTS=HOST,
            SECURE_SSL_REDIRECT="false",
            DATABASE_URL=f"{PG}/{DATABASE}",
            REDIS_URL=REDIS,
            KIRJURI_LIVE_CACHE_SECONDS=seconds,
            KIRJURI_TRUSTED_PROXIES="1",
        )
        stack = Stack(env, workdir / f"production-{mode}.log")
        try:
            stack.run(sys.executable, "manage.py", "migrate", "--noinput")
            stack.run(sys.executable, "manage.py", "load_catalogue")
            stack.run(sys.executable, "manage.py", "collectstatic", "--noinput")
            started = time.perf_counter()
            fixtures = _build(stack, args)
            built = round(time.perf_counter() - started, 1)
            stack.start(
                sys.executable, "-m", "gunicorn", "config.wsgi:application",
                "--bind", f"{HOST}:{stack.port}", "--workers", str(args.workers),
                "--log-level", "warning",
            )  # fmt: skip
            stack.start(
                sys.executable, "-m", "celery", "-A", "config", "worker",
                "--concurrency", "1", "--loglevel", "WARNING",
                "--without-gossip", "--without-mingle", "--without-heartbeat",
            )  # fmt: skip
            stack.wait_ready(stack.port)
            port = _nginx(stack, workdir) if args.nginx else None
            if port:
                stack.wait_ready(port)
            args.shared = mode == "shared"
            figures[mode] = load(
                port or stack.port, fixtures, args, count_renders=True
            ) | {"built in s": built, "through nginx": bool(port)}
            print(json.dumps({mode: figures[mode]}), file=sys.stderr)
        finally:
            stack.stop()
    return figures


def embedded(workdir: Path, args) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for mode, seconds in (("shared", "3600"), ("baseline", "0")):
        database = workdir / f"embedded-{mode}.sqlite3"
        env = _env(
            DJANGO_SETTINGS_MODULE="config.settings.local",
            DEBUG="0",
            SECRET_KEY="bench-only-" + "x" * 40,
            DATABASE_URL=f"sqlite:///{database}",
            KIRJURI_LIVE_CACHE_SECONDS=seconds,
        )
        stack = Stack(env, workdir / f"embedded-{mode}.log")
        try:
            stack.run(sys.executable, "manage.py", "migrate", "--noinput")
            stack.run(sys.executable, "manage.py", "load_catalogue")
            started = time.perf_counter()
            fixtures = _build(stack, args)
            built = round(time.perf_counter() - started, 1)
            stack.start(
                sys.executable, "manage.py", "runserver", "--noreload",
                f"{HOST}:{stack.port}",
            )  # fmt: skip
            stack.wait_ready(stack.port)
            figures[mode] = load(stack.port, fixtures, args, count_renders=False) | {
                "built in s": built
            }
            print(json.dumps({mode: figures[mode]}), file=sys.stderr)
        finally:
            stack.stop()
    return figures


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(
                line.split(":", 1)[1].strip()
                for line in info
                if line.startswith("model name")
            )
    except (OSError, StopIteration):
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.championship")
    sub = parser.add_subparsers(dest="command")
    build = sub.add_parser("build")
    for p in (parser, build):
        p.add_argument("--entries", type=int, default=2000)
        p.add_argument("--played", type=int, default=3)
    parser.add_argument("--phones", type=int, default=60)
    parser.add_argument("--poll", type=float, default=3.0)
    parser.add_argument("--projectors", type=int, default=2)
    parser.add_argument("--results", type=float, default=1.0)
    parser.add_argument("--seconds", type=float, default=45)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-nginx", dest="nginx", action="store_false")
    parser.add_argument(
        "--stacks", nargs="+", default=["production", "embedded"],
        choices=["production", "embedded"],
    )  # fmt: skip
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    if args.command == "build":
        print(json.dumps(cmd_build(args.entries, args.played)))
        return
    workdir = Path(tempfile.mkdtemp(prefix="kirjuri-championship-"))
    figures: dict[str, Any] = {"machine": machine(), "arguments": vars(args) | {}}
    figures["arguments"].pop("json", None)
    try:
        for name in args.stacks:
            figures[name] = (production if name == "production" else embedded)(
                workdir, args
            )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    text = json.dumps(figures, indent=2, default=str)
    print(text)
    if args.json:
        args.json.write_text(text)


if __name__ == "__main__":
    main()
