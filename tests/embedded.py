"""Kirjuri as ``make run`` serves it, in a subprocess, for tests of a club night.

:class:`EmbeddedServer` migrates a database of its own (a SQLite file by default, the
embedded default; or any ``DATABASE_URL``), seats ``tables`` matches of the test game
(tests/scoring/racegame.py) for one scorer with an API token, and serves them with
``manage.py runserver`` — Django's threaded development server, the one ``make run``
starts — on ``config.settings.local`` with no ``REDIS_URL`` (tasks run in-process,
after commit, in the request's thread). The test process talks to it over HTTP only.

Run as a module it is the subprocess: ``python -m tests.embedded setup N`` prints the
seated matches as JSON; ``python -m tests.embedded serve HOST:PORT`` serves.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable
from pathlib import Path

from tests.workers import ROOT, wait_until


def postgres_database(base: str) -> str:
    """A new, empty database on the server of ``base`` (a postgres:// URL)."""
    import psycopg

    server = base.rsplit("/", 1)[0]
    name = f"kirjuri_scratch_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return f"{server}/{name}"


def postgres_drop(url: str) -> None:
    import psycopg

    server, name = url.rsplit("/", 1)
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def run_python(args: tuple[str, ...], env: dict[str, str]) -> str:
    """``python *args`` in the project folder; its output, or an error with it."""
    done = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{args} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class EmbeddedServer:
    """``runserver`` on ``database`` with ``tables`` seated matches."""

    def __init__(self, database: str, tables: int, log: Path):
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DATABASE_URL": database,
            "REDIS_URL": "",
            "DEBUG": "1",
            "PYTHONUNBUFFERED": "1",
        }
        self.env.pop("TEST_DATABASE_URL", None)
        self.tables = tables
        self.log_path = log
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = ""
        self.matches: list[int] = []
        self.proc: subprocess.Popen | None = None

    def _run(self, *args: str) -> str:
        return run_python(args, self.env)

    def start(self) -> None:
        self._run("manage.py", "migrate", "--noinput")
        seated = json.loads(
            self._run("-m", "tests.embedded", "setup", str(self.tables)).splitlines()[
                -1
            ]
        )
        self.token, self.matches = seated["token"], seated["matches"]
        log = self.log_path.open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.embedded", "serve", f"127.0.0.1:{self.port}"],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        if not wait_until(lambda: self._healthy(), timeout=60):
            self.stop()
            raise RuntimeError("the server did not start:\n" + self.log())

    def _healthy(self) -> bool:
        try:
            return self.request("GET", "/healthz")[0] == 200
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(30)

    def log(self) -> str:
        return self.log_path.read_text()[-5000:]

    def request(
        self, method: str, path: str, body: object = None
    ) -> tuple[int, dict | None]:
        """``(status, JSON body)`` of one request with the scorer's token."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={
                "Authorization": f"Token {self.token}",
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
        )
        try:
            with urllib.request.urlopen(req, timeout=120) as resp:
                status, raw = resp.status, resp.read()
        except urllib.error.HTTPError as err:
            status, raw = err.code, err.read()
        try:
            return status, json.loads(raw) if raw else None
        except ValueError:
            return status, {"raw": raw.decode(errors="replace")[:500]}

    def submit(self, match_id: int, number: int, points: list[int]):
        return self.request(
            "POST",
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": {"points": points}},
        )

    def deal_numbers(self, match_id: int) -> list[int]:
        status, body = self.request("GET", f"/api/v1/matches/{match_id}/deals/")
        assert status == 200, body
        return [d["number"] for d in body["results"]]


def at_once(calls: list[Callable[[], object]]) -> list[object]:
    """Run ``calls`` in threads released together by a barrier; their results."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = calls[i]()
        except Exception as exc:  # reported by the test's assertion
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    return results


def _setup(tables: int) -> dict:
    from rest_framework.authtoken.models import Token

    from scoring import services
    from scoring.models import Role
    from tests.scoring.factories import ClubFactory, member

    club = ClubFactory(name="Klubi-ilta", slug="klubi-ilta")
    scorer = member(club, Role.SCORER, "Sami")
    matches = [
        services.match_start(
            club=club,
            game="race-test",
            seats=[(scorer, 0), (member(club, Role.MEMBER, f"Vastus {i}"), 1)],
            by=scorer.user,
        ).pk
        for i in range(tables)
    ]
    token = Token.objects.create(user=scorer.user)
    return {"token": token.key, "matches": matches}


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django

    django.setup()
    import tests.scoring.racegame  # noqa: F401  (registers the "race-test" game)

    if argv[0] == "setup":
        print(json.dumps(_setup(int(argv[1]))))
    elif argv[0] == "serve":
        from django.core.management import call_command

        call_command("runserver", argv[1], use_reloader=False)


if __name__ == "__main__":
    main(sys.argv[1:])
