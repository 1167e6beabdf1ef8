"""A real Celery worker process for integration tests (PostgreSQL + Redis).

Use the ``celery_worker_process`` fixture (tests/conftest.py): it starts
``celery -A config worker`` as a subprocess on the test database and a queue of its
own, switches the test process's Celery app from eager execution to the broker, and
stops the worker cleanly afterwards. ``kill()`` and ``start()`` let a test crash the
worker mid-task and bring it back (the standings and settlement tasks use that).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def database_url(settings_dict: dict) -> str:
    user = settings_dict.get("USER") or "postgres"
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{password}" if password else user
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}@{host}:{port}/{settings_dict['NAME']}"


class WorkerProcess:
    """One ``celery worker`` subprocess consuming its own queue."""

    def __init__(self, database: str, broker: str):
        self.queue = f"kirjuri-test-{uuid.uuid4().hex[:10]}"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DATABASE_URL": database,
            "REDIS_URL": broker,
            "DEBUG": "0",
            "SECRET_KEY": "kirjuri-worker-test",
            "PYTHONUNBUFFERED": "1",
            # Tasks the worker itself sends (a debounced standings recompute, a
            # prize settlement) go to its own queue, not the default one.
            "CELERY_TASK_DEFAULT_QUEUE": self.queue,
        }
        self.proc: subprocess.Popen[str] | None = None
        self.output: list[str] = []
        self._ready = threading.Event()
        self._reader: threading.Thread | None = None

    def start(self, timeout: float = 60) -> None:
        self._ready.clear()
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                # celery, with the tests' fault injection (tests/worker_main.py)
                "tests.worker_main",
                "-A",
                "config",
                "worker",
                "--queues",
                self.queue,
                "--hostname",
                f"{self.queue}@%h",
                "--concurrency",
                "1",
                "--loglevel",
                "INFO",
                "--without-gossip",
                "--without-mingle",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            # Its own process group, so kill() takes the pool children and never
            # the test runner.
            start_new_session=True,
        )
        self._reader = threading.Thread(
            target=self._read, args=(self.proc,), daemon=True
        )
        self._reader.start()
        if not self._ready.wait(timeout):
            self.kill()
            raise RuntimeError("worker did not start:\n" + self.log())

    def _read(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            self.output.append(line)
            if " ready." in line:
                self._ready.set()

    def stop(self, timeout: float = 30) -> int:
        """Warm shutdown (SIGTERM): finish the current task, then exit."""
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else 0
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout)
        self._reader.join(5)  # the last lines of the log are read before we return
        return code

    def kill(self) -> None:
        """Crash: SIGKILL the worker and its pool children."""
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            os.killpg(os.getpgid(self.proc.pid), signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            self.proc.kill()
        self.proc.kill()
        self.proc.wait(10)

    def log(self) -> str:
        return "".join(self.output[-200:])


def wait_until(
    condition: Callable[[], bool], timeout: float = 30, every: float = 0.2
) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return condition()
