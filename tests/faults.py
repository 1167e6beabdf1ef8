"""A production-like stack of its own, for fault tests: break a piece, mend it.

:class:`Stack` runs, all as subprocesses of the test: a Redis server on a port of its
own (:class:`RedisServer`: stopping it touches no shared Redis), a PostgreSQL
database (a fresh one on the suite's server, or on a throwaway cluster,
:class:`PostgresCluster`, that the test may restart), gunicorn on
``config.settings.production`` and one Celery worker (tests/workers.py). Its data is
seeded by ``python -m tests.faults setup``: a Sleazy round-robin round (two tables,
standings) and two club matches played for 10 cents a point (settlements).

:class:`Scorekeepers` enter every table's four deals and finish the matches over
HTTP as a phone does: each write carries an ``Idempotency-Key`` and is resent with
the same key until it is acknowledged (2xx). ``python -m tests.faults check`` reports
what is stored and whether standings and settlements equal a from-scratch
computation; ``python -m tests.faults reconcile`` sends the periodic reconcile tasks
(what ``celery beat`` sends every minute) through the broker to the worker.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

from tests.embedded import free_port, run_python
from tests.workers import ROOT, WorkerProcess, wait_until

DEALS_PER_MATCH = 4  # a full game of Sleazy


def _pg_bin(name: str) -> str:
    found = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    return str(found[-1]) if found else name


def _as_postgres(args: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its tools as the postgres user."""
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


class RedisServer:
    """``redis-server`` on a free port, no persistence (a restart forgets the queue)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.folder = Path(tempfile.mkdtemp(prefix="kirjuri-redis-"))
        self.proc: subprocess.Popen | None = None

    def ping(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_connect_timeout=1).ping())
        except redis.RedisError:
            return False

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        if not wait_until(self.ping, timeout=30):
            raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(30)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


class PostgresCluster:
    """A throwaway PostgreSQL cluster (``initdb``) on a free port, trust auth."""

    def __init__(self) -> None:
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="kirjuri-pg-"))
        self.data = self.folder / "data"
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/kirjuri"
        if os.geteuid() == 0:
            self.folder.chmod(0o755)
            shutil.chown(self.folder, "postgres", "postgres")

    def _run(self, *args: str) -> None:
        subprocess.run(_as_postgres(list(args)), check=True, capture_output=True)

    def create(self) -> None:
        self._run(
            _pg_bin("initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust"
        )
        self.start()
        import psycopg

        admin = self.url.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("CREATE DATABASE kirjuri")

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 "
            f"-k {self.folder} -c fsync=off"
        )
        self._run(
            _pg_bin("pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.folder / "log"),
            "-w",
            "start",
        )

    def stop(self) -> None:
        self._run(_pg_bin("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):  # stopped already
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


class Stack:
    """gunicorn and a Celery worker on ``database`` and ``redis``, seeded."""

    def __init__(self, database: str, redis: RedisServer, worker_env=None):
        self.database = database
        self.redis = redis
        self.worker = WorkerProcess(database, redis.url)
        self.worker.env.update(worker_env or {})
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "SECRET_KEY": "kirjuri-fault-tests-" + "x" * 40,
            "DATABASE_URL": database,
            "REDIS_URL": redis.url,
            "SECURE_SSL_REDIRECT": "0",
            "DEBUG": "0",
            "PYTHONUNBUFFERED": "1",
            "CELERY_TASK_DEFAULT_QUEUE": self.worker.queue,
        }
        for name in ("TEST_DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"):
            self.env.pop(name, None)
        self.web: subprocess.Popen | None = None
        self.web_log = Path(tempfile.mkstemp(prefix="kirjuri-web-", suffix=".log")[1])
        self.seeded: dict = {}
        self.worker_restarts = 0

    def manage(self, *args: str) -> str:
        env = {**self.env, "DJANGO_SETTINGS_MODULE": "config.settings.local"}
        return run_python(args, env)

    def start(self) -> None:
        self.manage("manage.py", "migrate", "--noinput")
        self.seeded = json.loads(
            self.manage("-m", "tests.faults", "setup").splitlines()[-1]
        )
        self.worker.start()
        self.web = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi:application",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                "2",
                "--threads",
                "4",
                "--timeout",
                "60",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self.web_log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        if not wait_until(lambda: self.health()[0] == 200, timeout=60):
            raise RuntimeError("gunicorn did not start:\n" + self.log())

    def stop(self) -> None:
        if self.web is not None and self.web.poll() is None:
            self.web.terminate()
            self.web.wait(30)
        self.worker.stop()
        self.web_log.unlink(missing_ok=True)

    def log(self) -> str:
        return self.web_log.read_text()[-4000:] + "\n--- worker\n" + self.worker.log()

    def request(self, method: str, path: str, key: str = "", body=None):
        """``(status, JSON)``; ``(0, reason)`` when there is no answer at all."""
        import urllib.error
        import urllib.request

        headers = {
            "Authorization": f"Token {self.seeded.get('token', '')}",
            "Content-Type": "application/json",
        }
        if key:
            headers["Idempotency-Key"] = key
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.url + path, data=data, method=method, headers=headers
        )
        try:
            with urllib.request.urlopen(req, timeout=60) as resp:
                return resp.status, json.loads(resp.read() or b"null")
        except urllib.error.HTTPError as err:
            raw = err.read()
            try:
                return err.code, json.loads(raw)
            except ValueError:
                return err.code, raw[:300].decode(errors="replace")
        except OSError as err:
            return 0, repr(err)

    def health(self):
        return self.request("GET", "/healthz")

    def check(self) -> dict:
        return json.loads(self.manage("-m", "tests.faults", "check").splitlines()[-1])

    def reconcile(self) -> None:
        self.manage("-m", "tests.faults", "reconcile")

    def supervise(self) -> None:
        """Start the worker again if it has exited, as compose's restart policy does.

        (A worker that loses Redis mid-read can exit on an error in kombu's reconnect.)
        """
        proc = self.worker.proc
        if proc is not None and proc.poll() is not None:
            self.worker_restarts += 1
            self.worker.start()

    def converged(self) -> bool:
        self.supervise()
        report = self.check()
        return report["standings_converged"] and report["settlements_converged"]


class Scorekeepers:
    """One phone per table: enter the deals, finish the match, resend until 2xx."""

    def __init__(self, stack: Stack, pace: float = 0.0):
        self.stack = stack
        self.pace = pace  # seconds between one table's writes (spreads the load)
        self.acknowledged: list[tuple[int, int]] = []  # (match, deal number)
        self.finished: list[int] = []
        self.failures = 0  # answers that were not an acknowledgement (resent)
        self.refused: list[str] = []  # what those answers were, for the reader
        self.refused_statuses: list[int] = []  # 0: no answer at all
        self.errors: list[str] = []
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []

    def _send(self, path: str, body=None) -> bool:
        key = uuid.uuid4().hex
        for _attempt in range(600):
            status, answer = self.stack.request("POST", path, key, body)
            if 200 <= status < 300:
                return True
            with self._lock:
                self.failures += 1
                self.refused.append(f"{path}: {status} {str(answer)[:300]}")
                self.refused_statuses.append(status)
            if status not in (0, 500, 502, 503, 504):
                self.errors.append(f"{path}: {status} {answer}")
                return False
            time.sleep(0.1)
        self.errors.append(f"{path}: never acknowledged")
        return False

    def _table(self, match: int, numbers: range, finish: bool) -> None:
        for number in numbers:
            body = {
                "number": number,
                "input": {"mode": "totals", "points": [50 + 25 * number, 25]},
            }
            if self._send(f"/api/v1/matches/{match}/deals/", body):
                with self._lock:
                    self.acknowledged.append((match, number))
            time.sleep(self.pace)
        if finish and self._send(f"/api/v1/matches/{match}/finish"):
            with self._lock:
                self.finished.append(match)

    def start(self, numbers: range, finish: bool) -> None:
        self._threads = [
            threading.Thread(target=self._table, args=(m, numbers, finish))
            for m in self.stack.seeded["matches"]
        ]
        for thread in self._threads:
            thread.start()

    def join(self) -> None:
        for thread in self._threads:
            thread.join(600)

    def play(self, numbers: range, finish: bool = False) -> None:
        self.start(numbers, finish)
        self.join()


# -- the subprocess side ------------------------------------------------------------


def _setup() -> dict:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from scoring import services as scoring
    from tournaments import services as tournaments

    director = get_user_model().objects.create_user("td", password="pw")
    club = scoring.club_create(name="Sleazy club", by=director)
    event = tournaments.tournament_create(
        club=club, name="Sleazy night", game="sleazy", format="round_robin", by=director
    )
    tournaments.entries_add(tournament=event, names=["A", "B", "C", "D"], by=director)
    round_ = tournaments.round_generate(stage=event.stages.get(), by=director)
    round_ = tournaments.round_start(round=round_, by=director)
    tables = [t.match_id for t in round_.tables.order_by("number")]
    players = [
        scoring.player_create(club=club, display_name=name, by=director)
        for name in ("Eino", "Fanni", "Gustav", "Hilla")
    ]
    money = [
        scoring.match_start(
            club=club,
            game="sleazy",
            seats=[(players[i], 0), (players[i + 1], 1)],
            point_value="0.10",
            currency="EUR",
            by=director,
        ).pk
        for i in (0, 2)
    ]
    return {
        "token": Token.objects.create(user=director).key,
        "tournament": event.pk,
        "tables": tables,
        "money": money,
        "matches": tables + money,
    }


def _check() -> dict:
    from django.db import transaction

    from money import services as money_services
    from money.models import LedgerEntry, SettlementRecord, SourceKind
    from scoring.models import Deal, DealRevision, Match, MatchStatus, RevisionKind
    from tournaments import selectors
    from tournaments.models import Standings, Tournament

    tournament = Tournament.objects.get()
    snapshot = Standings.objects.filter(tournament=tournament).first()
    standings = (
        snapshot is not None
        and not selectors.standings_view(tournament)["pending"]
        and snapshot.stages == selectors.standings_data(tournament)
    )
    settlements = True
    for match in Match.objects.filter(point_value__isnull=False):
        record = SettlementRecord.objects.filter(
            source_kind=SourceKind.MATCH, source_id=match.pk
        ).first()
        if record is None or record.computed_at is None:
            settlements = False
            continue
        with transaction.atomic():  # settle from scratch: would anything change?
            before = LedgerEntry.objects.count()
            money_services.match_settle(match=match)
            settlements = settlements and LedgerEntry.objects.count() == before
            transaction.set_rollback(True)
    finished = Match.objects.filter(status=MatchStatus.FINISHED)
    return {
        "deals": {
            str(m.pk): list(
                Deal.objects.filter(match=m)
                .order_by("number")
                .values_list("number", flat=True)
            )
            for m in Match.objects.order_by("pk")
        },
        "entered": DealRevision.objects.filter(kind=RevisionKind.ENTERED).count(),
        "finished": sorted(finished.values_list("pk", flat=True)),
        "ledger_entries": LedgerEntry.objects.count(),
        "standings_converged": standings,
        "settlements_converged": settlements,
    }


def _reconcile() -> None:
    from money import tasks as money_tasks
    from tournaments import tasks

    tasks.reconcile_standings.delay()
    money_tasks.settlements_reconcile.delay()


def main(argv: list[str]) -> None:
    import django

    django.setup()
    commands = {"setup": _setup, "check": _check, "reconcile": _reconcile}
    print(json.dumps(commands[argv[0]]()))


if __name__ == "__main__":
    main(sys.argv[1:])
